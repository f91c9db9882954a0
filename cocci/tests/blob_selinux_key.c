/* cocci: blob_accessor.cocci -D stype=key -D fld=security -D acc=selinux_key -D blob=key_security_struct */
/* report: 3 */
/* SELinux key blob: reads converted, alloc/free writes kept, another struct's
 * "security" field left alone, accessor added before the first user. */
struct key { void *security; };
struct cred;
struct key_security_struct { unsigned int sid; };
struct other { void *security; };
static int other(void) { return 0; }

#ifdef CONFIG_KEYS
static int selinux_key_alloc(struct key *k, const struct cred *cred, unsigned long flags)
{
	struct key_security_struct *ksec;

	ksec = kzalloc(sizeof(struct key_security_struct), GFP_KERNEL);
	if (!ksec)
		return -ENOMEM;
	k->security = ksec;
	return 0;
}

static void selinux_key_free(struct key *k)
{
	struct key_security_struct *ksec = k->security;

	k->security = NULL;
	kfree(ksec);
}

static int selinux_key_getsecurity(const struct key *key, struct other *o)
{
	struct key_security_struct *ksec = key->security;
	void *x = o->security;

	return ksec->sid + (x != 0);
}

static int selinux_key_permission(struct key *key)
{
	struct key_security_struct *ksec;

	ksec = key->security;
	return ksec->sid;
}
#endif

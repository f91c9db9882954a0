/* cocci: blob_infra.cocci -D obj=key path=security/selinux/hooks.c */
/* report: 4 */
/* Value blob: SELinux keys (6.1 security/selinux/hooks.c, trimmed). */
struct key {
	int serial;
	void *security;
};
struct cred;
struct key_like {
	void *security;
};
struct task_security_struct {
	unsigned int sid;
	unsigned int keycreate_sid;
};
struct key_security_struct {
	unsigned int sid;
};
struct lsm_blob_sizes {
	int lbs_cred;
	int lbs_key;
};
struct security_hook_list {
	int x;
};

struct lsm_blob_sizes selinux_blob_sizes = {
	.lbs_cred = sizeof(struct task_security_struct),
};

static int selinux_key_alloc(struct key *k, const struct cred *cred,
			     unsigned long flags)
{
	const struct task_security_struct *tsec;
	struct key_security_struct *ksec;

	ksec = kzalloc(sizeof(struct key_security_struct), GFP_KERNEL);
	if (!ksec)
		return -ENOMEM;

	tsec = selinux_cred(cred);
	if (tsec->keycreate_sid)
		ksec->sid = tsec->keycreate_sid;
	else
		ksec->sid = tsec->sid;

	k->security = ksec;
	return 0;
}

static void selinux_key_free(struct key *k)
{
	struct key_security_struct *ksec = k->security;

	k->security = NULL;
	kfree(ksec);
}

static int selinux_key_permission(struct key *key, const struct cred *cred,
				  unsigned int perm)
{
	struct key_security_struct *ksec;

	ksec = key->security;
	return avc_has_perm(cred_sid(cred), ksec->sid, perm);
}

static int selinux_key_getsecurity(struct key *key, char **_buffer)
{
	struct key_security_struct *ksec = key->security;

	return security_sid_to_context(ksec->sid, _buffer);
}

/* Not a key hook: its ->security is a cred's and stays. */
static unsigned int other_sid(const struct key_like *c)
{
	return ((struct task_security_struct *)c->security)->sid;
}

static struct security_hook_list selinux_hooks[] = {
	LSM_HOOK_INIT(key_alloc, selinux_key_alloc),
	LSM_HOOK_INIT(key_free, selinux_key_free),
	LSM_HOOK_INIT(key_permission, selinux_key_permission),
	LSM_HOOK_INIT(key_getsecurity, selinux_key_getsecurity),
};

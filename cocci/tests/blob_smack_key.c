/* cocci: blob_accessor.cocci -D stype=key -D fld=security -D acc=smack_key -D blob=smack_known */
/* report: 5 */
/* Smack key blob: the blob is a struct smack_known * used directly, in
 * NULL tests and as a call argument; the accessor already exists. */
struct key { void *security; int serial; };
struct smack_known;

static inline struct smack_known *smack_key(const struct key *key)
{
	return key->security;
}

static int smack_key_alloc(struct key *key, const struct cred *cred,
			   unsigned long flags)
{
	struct smack_known *skp = smk_of_task(smack_cred(cred));

	key->security = skp;
	return 0;
}

static void smack_key_free(struct key *key)
{
	key->security = NULL;
}

static int smack_key_permission(key_ref_t key_ref,
				const struct cred *cred, unsigned int perm)
{
	struct key *keyp;
	int rc;

	keyp = key_ref_to_ptr(key_ref);
	if (keyp == NULL)
		return -EINVAL;
	if (keyp->security == NULL)
		return 0;
	rc = smk_access(tkp, keyp->security, request, &ad);
	rc = smk_bu_note("key access", tkp, keyp->security, request, rc);
	return rc;
}

static int smack_key_getsecurity(struct key *key, char **_buffer)
{
	struct smack_known *skp = key->security;

	if (key->security == NULL) {
		*_buffer = NULL;
		return 0;
	}
	*_buffer = skp->smk_known;
	return 0;
}

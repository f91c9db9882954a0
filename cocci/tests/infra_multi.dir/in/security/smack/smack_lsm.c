/* cocci: blob_infra.cocci -D obj=key path=security/smack/smack_lsm.c */
/* report: 7 */
/* Pointer blob: Smack stores a struct smack_known * in key->security
 * (6.1 security/smack/smack_lsm.c, trimmed): the accessor returns
 * struct smack_known ** and every use dereferences it. */
struct key {
	int serial;
	void *security;
};
struct smack_known {
	char *smk_known;
};
struct lsm_blob_sizes {
	int lbs_file;
	int lbs_key;
};
struct security_hook_list {
	int x;
};

/**
 * smack_key_alloc - Set the key security blob
 * @key: object
 */
static int smack_key_alloc(struct key *key, const struct cred *cred,
			   unsigned long flags)
{
	struct smack_known *skp = smk_of_task(smack_cred(cred));

	key->security = skp;
	return 0;
}

/**
 * smack_key_free - Clear the key security blob
 * @key: the object
 *
 * Clear the blob pointer
 */
static void smack_key_free(struct key *key)
{
	key->security = NULL;
}

static int smack_key_permission(struct key *keyp, struct smack_known *tkp,
				int request)
{
	int rc;

	if (keyp->security == NULL)
		return 0;
	rc = smk_access(tkp, keyp->security, request);
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
	*_buffer = kstrdup(skp->smk_known, GFP_KERNEL);
	return 0;
}

struct lsm_blob_sizes smack_blob_sizes = {
	.lbs_file = sizeof(struct smack_known *),
};

static struct security_hook_list smack_hooks[] = {
	LSM_HOOK_INIT(key_alloc, smack_key_alloc),
	LSM_HOOK_INIT(key_free, smack_key_free),
	LSM_HOOK_INIT(key_permission, smack_key_permission),
	LSM_HOOK_INIT(key_getsecurity, smack_key_getsecurity),
};

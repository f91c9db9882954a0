/* cocci: blob_infra.cocci -D obj=key path=security/smack/smack_lsm.c */
/* log: ERROR: existing accessor smack_key */
/* D3: the file defines smack_key() returning struct smack_known *, but
 * Smack stores a pointer in the key blob, so the script would use
 * *smack_key(key) with a struct smack_known ** accessor.  ERROR, and
 * nothing in the file is converted (free hook and hook entry stay). */
struct key {
	void *security;
};
struct smack_known {
	char *smk_known;
};
struct lsm_blob_sizes {
	int lbs_key;
};
struct security_hook_list {
	int x;
};

struct lsm_blob_sizes smack_blob_sizes = {
	.lbs_key = sizeof(struct smack_known *),
};

static inline struct smack_known *smack_key(const struct key *key)
{
	return key->security + smack_blob_sizes.lbs_key;
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

static int smack_key_permission(struct key *keyp, struct smack_known *tkp)
{
	if (keyp->security == NULL)
		return 0;
	return smk_access(tkp, keyp->security);
}

static struct security_hook_list smack_hooks[] = {
	LSM_HOOK_INIT(key_alloc, smack_key_alloc),
	LSM_HOOK_INIT(key_free, smack_key_free),
	LSM_HOOK_INIT(key_permission, smack_key_permission),
};

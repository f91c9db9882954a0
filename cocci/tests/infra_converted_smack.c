/* cocci: blob_infra.cocci -D obj=key path=security/smack/smack_lsm.c */
/* report: 2 */
/* D4, pointer blob: the alloc hook stores through *smack_key(key)
 * already, and one read is converted (struct smack_known *skp =
 * *smack_key(key), which is a use, not a declaration of the accessor);
 * the raw reads left are reported and become *smack_key(E). */
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

static inline struct smack_known **smack_key(const struct key *key)
{
	return key->security + smack_blob_sizes.lbs_key;
}

static int smack_key_alloc(struct key *key, const struct cred *cred,
			   unsigned long flags)
{
	struct smack_known *skp = smk_of_task(smack_cred(cred));

	*smack_key(key) = skp;
	return 0;
}

static int smack_key_permission(struct key *keyp, struct smack_known *tkp)
{
	if (keyp->security == NULL)
		return 0;
	return smk_access(tkp, keyp->security);
}

static int smack_key_getsecurity(struct key *key, char **_buffer)
{
	struct smack_known *skp = *smack_key(key);

	*_buffer = skp ? kstrdup(skp->smk_known, GFP_KERNEL) : NULL;
	return 0;
}

static struct security_hook_list smack_hooks[] = {
	LSM_HOOK_INIT(key_alloc, smack_key_alloc),
	LSM_HOOK_INIT(key_permission, smack_key_permission),
	LSM_HOOK_INIT(key_getsecurity, smack_key_getsecurity),
};

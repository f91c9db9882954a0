/* cocci: blob_infra.cocci -D obj=key path=security/selinux/hooks.c */
/* report: 2 */
/* D4: the alloc hook is converted already (it fills the blob the
 * infrastructure allocated), the accessor and .lbs_key are there, but
 * raw reads are left: they are still reported and converted. */
struct key {
	void *security;
};
struct key_security_struct {
	unsigned int sid;
};
struct lsm_blob_sizes {
	int lbs_key;
};
struct security_hook_list {
	int x;
};

struct lsm_blob_sizes selinux_blob_sizes = {
	.lbs_key = sizeof(struct key_security_struct),
};

static inline struct key_security_struct *selinux_key(const struct key *key)
{
	return key->security + selinux_blob_sizes.lbs_key;
}

static int selinux_key_alloc(struct key *k, const struct cred *cred,
			     unsigned long flags)
{
	struct key_security_struct *ksec;

	ksec = selinux_key(k);
	ksec->sid = cred_sid(cred);
	return 0;
}

static int selinux_key_permission(struct key *key, unsigned int sid)
{
	struct key_security_struct *ksec;

	ksec = key->security;
	return avc_has_perm(sid, ksec->sid);
}

static int selinux_key_getsecurity(struct key *key, char **_buffer)
{
	struct key_security_struct *ksec = key->security;

	return security_sid_to_context(ksec->sid, _buffer);
}

static struct security_hook_list selinux_hooks[] = {
	LSM_HOOK_INIT(key_alloc, selinux_key_alloc),
	LSM_HOOK_INIT(key_permission, selinux_key_permission),
	LSM_HOOK_INIT(key_getsecurity, selinux_key_getsecurity),
};

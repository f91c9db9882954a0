/* security/selinux/include/objsec.h, reached through -I only. */
struct key {
	void *security;
};
struct key_security_struct {
	unsigned int sid;
};
struct lsm_blob_sizes {
	int lbs_key;
};
extern struct lsm_blob_sizes selinux_blob_sizes;

static inline struct key_security_struct *selinux_key(const struct key *key)
{
	return key->security + selinux_blob_sizes.lbs_key;
}

/* cocci: blob_infra.cocci -D obj=key path=security/selinux/hooks.c */
/* log: ERROR: untyped key_ref_to_ptr */
/* Without the header that declares key_ref_to_ptr() (no include paths)
 * the base of ->security has no type: the script cannot tell a key from
 * anything else and says so instead of skipping the site silently. */
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

static int selinux_key_permission(key_ref_t key_ref, unsigned int sid)
{
	struct key_security_struct *ksec = key_ref_to_ptr(key_ref)->security;

	return avc_has_perm(sid, ksec->sid);
}

static struct security_hook_list selinux_hooks[] = {
	LSM_HOOK_INIT(key_permission, selinux_key_permission),
};

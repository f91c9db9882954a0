/* cocci: blob_infra.cocci -D obj=key path=security/selinux/hooks.c extra=infra_header_inc.h:security/selinux/include/objsec.h extra=infra_kbuild_inc.mk:security/selinux/Makefile extra=infra_kbuild_inc.mk:scripts/Kbuild.include */
/* report: 3 */
/* D2 under make coccicheck: spatch gets only the global include paths,
 * but security/selinux/Makefile adds -I$(srctree)/security/selinux/include
 * for this file (ccflags-y), and that is where "objsec.h" is.  The
 * accessor there is used, not defined a second time.  (The Makefile also
 * stands in for scripts/Kbuild.include, which marks the tree root.) */
#include "objsec.h"

struct security_hook_list {
	int x;
};

struct lsm_blob_sizes selinux_blob_sizes = {
	.lbs_key = sizeof(struct key_security_struct),
};

static int selinux_key_alloc(struct key *k, const struct cred *cred,
			     unsigned long flags)
{
	struct key_security_struct *ksec;

	ksec = kzalloc(sizeof(*ksec), GFP_KERNEL);
	if (!ksec)
		return -ENOMEM;
	ksec->sid = cred_sid(cred);
	k->security = ksec;
	return 0;
}

static int selinux_key_permission(struct key *key, unsigned int sid)
{
	struct key_security_struct *ksec = key->security;

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

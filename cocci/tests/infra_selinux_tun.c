/* cocci: blob_infra.cocci -D obj=tun_dev path=security/selinux/hooks.c */
/* report: 2 */
/* Parameter blob: tun_dev reaches SELinux as void * hook parameters
 * (6.1 security/selinux/hooks.c, trimmed).  The alloc hook now gets the
 * infrastructure's blob (void *, no longer void **) and every void *
 * parameter of a tun_dev hook is the whole blob: the module's part is
 * selinux_tun_dev(security). */
struct tun_security_struct {
	unsigned int sid;
};
struct sock;
struct lsm_blob_sizes {
	int lbs_sock;
	int lbs_tun_dev;
};
struct security_hook_list {
	int x;
};

struct lsm_blob_sizes selinux_blob_sizes = {
	.lbs_sock = sizeof(int),
};

static int selinux_tun_dev_alloc_security(void **security)
{
	struct tun_security_struct *tunsec;

	tunsec = kzalloc(sizeof(*tunsec), GFP_KERNEL);
	if (!tunsec)
		return -ENOMEM;
	tunsec->sid = current_sid();

	*security = tunsec;
	return 0;
}

static void selinux_tun_dev_free_security(void *security)
{
	kfree(security);
}

static int selinux_tun_dev_create(void)
{
	return avc_has_perm(current_sid(), current_sid(), TUN_SOCKET__CREATE);
}

static int selinux_tun_dev_attach_queue(void *security)
{
	struct tun_security_struct *tunsec = security;

	return avc_has_perm(current_sid(), tunsec->sid, TUN_SOCKET__ATTACH_QUEUE);
}

static int selinux_tun_dev_attach(struct sock *sk, void *security)
{
	struct tun_security_struct *tunsec = security;

	return sk_set_sid(sk, tunsec->sid);
}

/* Not a tun_dev hook: its void * stays. */
static int selinux_other(void *security)
{
	return security != NULL;
}

static struct security_hook_list selinux_hooks[] = {
	LSM_HOOK_INIT(tun_dev_alloc_security, selinux_tun_dev_alloc_security),
	LSM_HOOK_INIT(tun_dev_free_security, selinux_tun_dev_free_security),
	LSM_HOOK_INIT(tun_dev_create, selinux_tun_dev_create),
	LSM_HOOK_INIT(tun_dev_attach_queue, selinux_tun_dev_attach_queue),
	LSM_HOOK_INIT(tun_dev_attach, selinux_tun_dev_attach),
	LSM_HOOK_INIT(inode_other, selinux_other),
};

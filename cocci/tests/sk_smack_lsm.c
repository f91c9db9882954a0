/* cocci: sk_security.cocci -D smack */
/* report: 8 */
/* Shapes of security/smack/smack_lsm.c before the sock blob moved to
 * the LSM infrastructure (seed 002). */
struct sock { void *sk_security; unsigned short sk_family; };
struct socket { struct sock *sk; };
struct socket_smack { struct smack_known *smk_out, *smk_in, *smk_packet; };

static int smack_sk_alloc_security(struct sock *sk, int family, gfp_t gfp_flags)
{
	struct smack_known *skp = smk_of_current();
	struct socket_smack *ssp;

	ssp = kzalloc(sizeof(struct socket_smack), gfp_flags);
	if (ssp == NULL)
		return -ENOMEM;

	/*
	 * Sockets created by kernel threads receive web label.
	 */
	if (unlikely(current->flags & PF_KTHREAD)) {
		ssp->smk_in = &smack_known_web;
		ssp->smk_out = &smack_known_web;
	} else {
		ssp->smk_in = skp;
		ssp->smk_out = skp;
	}
	ssp->smk_packet = NULL;

	sk->sk_security = ssp;

	return 0;
}

static void smack_sk_free_security(struct sock *sk)
{
#ifdef SMACK_IPV6_PORT_LABELING
	struct smk_port_label *spp;

	if (sk->sk_family == PF_INET6) {
		rcu_read_lock();
		rcu_read_unlock();
	}
#endif
	kfree(sk->sk_security);
}

static int smack_inode_getsecurity(struct inode *inode, struct socket *sock)
{
	struct socket_smack *ssp;

	if (sock == NULL || sock->sk == NULL)
		return -EOPNOTSUPP;

	ssp = sock->sk->sk_security;
	return ssp != NULL;
}

static int smack_unix_stream_connect(struct sock *sock,
				     struct sock *other, struct sock *newsk)
{
	struct socket_smack *ssp = sock->sk_security;
	struct socket_smack *osp = other->sk_security;
	struct socket_smack *nsp = newsk->sk_security;

	nsp->smk_packet = ssp->smk_out;
	return osp != NULL;
}

static int smack_socket_getpeersec_dgram(struct socket *sock,
					 struct sk_buff *skb, u32 *secid)
{
	struct socket_smack *ssp = NULL;

#ifdef SMACK_IPV6_SECMARK_LABELING
	ssp = sock->sk->sk_security;
#endif
	if (sock != NULL && sock->sk != NULL)
		ssp = sock->sk->sk_security;
	return ssp != NULL;
}

struct lsm_blob_sizes smack_blob_sizes __lsm_ro_after_init = {
	.lbs_cred = sizeof(struct task_smack),
	.lbs_file = sizeof(struct smack_known *),
	.lbs_inode = sizeof(struct inode_smack),
	.lbs_ipc = sizeof(struct smack_known *),
	.lbs_msg_msg = sizeof(struct smack_known *),
	.lbs_superblock = sizeof(struct superblock_smack),
};

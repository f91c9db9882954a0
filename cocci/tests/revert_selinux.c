/* cocci: sk_security_revert.cocci --smpl-spacing */
/* roundtrip: sk_security.cocci -D selinux */
/* Reverse rule on 6.1-shaped SELinux code; sk_security.cocci must give
 * this file back from the result. */
struct sock { void *sk_security; unsigned short sk_family; };
struct socket { struct sock *sk; };
struct sctp_ep_common { struct sock *sk; };
struct sctp_endpoint { struct sctp_ep_common base; };
struct sk_security_struct { unsigned int sid, peer_sid, sclass; };

static int sock_has_perm(struct sock *sk, u32 perms)
{
	struct sk_security_struct *sksec = selinux_sock(sk);

	return sksec->sid == perms;
}

static int selinux_socket_post_create(struct socket *sock, int family,
				      int type, int protocol, int kern)
{
	struct sk_security_struct *sksec;

	if (sock->sk) {
		sksec = selinux_sock(sock->sk);
		sksec->sclass = type;
	}
	return 0;
}

static int selinux_socket_socketpair(struct socket *socka,
				     struct socket *sockb)
{
	struct sk_security_struct *sksec_a = selinux_sock(socka->sk);
	struct sk_security_struct *sksec_b = selinux_sock(sockb->sk);

	sksec_a->peer_sid = sksec_b->sid;
	sksec_b->peer_sid = sksec_a->sid;
	return 0;
}

static int selinux_socket_unix_stream_connect(struct sock *sock,
					      struct sock *other,
					      struct sock *newsk)
{
	struct sk_security_struct *sksec_sock = selinux_sock(sock);
	struct sk_security_struct *sksec_other = selinux_sock(other);
	struct sk_security_struct *sksec_new = selinux_sock(newsk);

	sksec_new->peer_sid = sksec_sock->sid;
	return sksec_other->sid;
}

static int selinux_sk_alloc_security(struct sock *sk, int family, gfp_t priority)
{
	struct sk_security_struct *sksec = selinux_sock(sk);

	sksec->peer_sid = SECINITSID_UNLABELED;
	sksec->sid = SECINITSID_UNLABELED;
	sksec->sclass = SECCLASS_SOCKET;
	selinux_netlbl_sk_security_reset(sksec);

	return 0;
}

static void selinux_sk_free_security(struct sock *sk)
{
	struct sk_security_struct *sksec = selinux_sock(sk);

	selinux_netlbl_sk_security_free(sksec);
}

static void selinux_sk_clone_security(const struct sock *sk, struct sock *newsk)
{
	struct sk_security_struct *sksec = selinux_sock(sk);
	struct sk_security_struct *newsksec = selinux_sock(newsk);

	newsksec->sid = sksec->sid;
}

static void selinux_sk_getsecid(struct sock *sk, u32 *secid)
{
	if (!sk)
		*secid = SECINITSID_ANY_SOCKET;
	else {
		struct sk_security_struct *sksec = selinux_sock(sk);

		*secid = sksec->sid;
	}
}

static int selinux_sctp_assoc_request(struct sctp_endpoint *ep,
				      struct sk_buff *skb)
{
	struct sk_security_struct *sksec = selinux_sock(ep->base.sk);

	return sksec->sid;
}

static unsigned int selinux_ip_output(struct sk_buff *skb, struct sock *sk)
{
	struct sk_security_struct *sksec;
	u32 sid;

	if (sk) {
		/* standard practice, label using the parent socket */
		sksec = selinux_sock(sk);
		sid = sksec->sid;
	} else
		sid = SECINITSID_KERNEL;
	return sid;
}

static unsigned int selinux_ip_postroute(struct sk_buff *skb, struct sock *sk)
{
	u32 peer_sid;

	if (skb->secmark) {
		u32 skb_sid;
		struct sk_security_struct *sksec;

		sksec = selinux_sock(sk);
		peer_sid = sksec->sid;
	} else {
		/* Locally generated packet, fetch the security label from the
		 * associated socket. */
		struct sk_security_struct *sksec = selinux_sock(sk);
		peer_sid = sksec->sid;
	}
	return peer_sid;
}

struct lsm_blob_sizes selinux_blob_sizes __lsm_ro_after_init = {
	.lbs_cred = sizeof(struct task_security_struct),
	.lbs_file = sizeof(struct file_security_struct),
	.lbs_inode = sizeof(struct inode_security_struct),
	.lbs_ipc = sizeof(struct ipc_security_struct),
	.lbs_msg_msg = sizeof(struct msg_security_struct),
	.lbs_sock = sizeof(struct sk_security_struct),
	.lbs_superblock = sizeof(struct superblock_security_struct),
};

static struct security_hook_list selinux_hooks[] __lsm_ro_after_init = {
	LSM_HOOK_INIT(sk_free_security, selinux_sk_free_security),
	LSM_HOOK_INIT(sk_clone_security, selinux_sk_clone_security),
	LSM_HOOK_INIT(sk_alloc_security, selinux_sk_alloc_security),
};

/* cocci: sk_security.cocci path=security/selinux/netlabel.c */
/* report: 5 */
/* security/selinux/netlabel.c shapes: const socket, a socket reached
 * through a union member, a local from skb_to_full_sk(). */
struct sock { void *sk_security; };
struct sctp_ep_common { struct sock *sk; };
struct sctp_endpoint { struct sctp_ep_common base; };
struct sk_buff;
struct sock *skb_to_full_sk(struct sk_buff *skb);

static struct netlbl_lsm_secattr *selinux_netlbl_sock_getattr(
							const struct sock *sk,
							u32 sid)
{
	struct sk_security_struct *sksec = sk->sk_security;
	struct netlbl_lsm_secattr *secattr = sksec->nlbl_secattr;

	return secattr;
}

int selinux_netlbl_skbuff_setsid(struct sk_buff *skb, u16 family, u32 sid)
{
	struct sock *sk;

	sk = skb_to_full_sk(skb);
	if (sk != NULL) {
		struct sk_security_struct *sksec = sk->sk_security;

		if (sksec->nlbl_state != NLBL_REQSKB)
			return 0;
	}
	return 0;
}

int selinux_netlbl_sctp_assoc_request(struct sctp_endpoint *ep,
				     struct sk_buff *skb)
{
	struct sk_security_struct *sksec = ep->base.sk->sk_security;

	return sksec->nlbl_state;
}

void selinux_netlbl_sctp_sk_clone(struct sock *sk, struct sock *newsk)
{
	struct sk_security_struct *sksec = sk->sk_security;
	struct sk_security_struct *newsksec = newsk->sk_security;

	newsksec->nlbl_state = sksec->nlbl_state;
}

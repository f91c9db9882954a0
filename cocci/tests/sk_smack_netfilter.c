/* cocci: sk_security.cocci path=security/smack/smack_netfilter.c */
/* report: 4 */
/* security/smack/smack_netfilter.c: the "sk && sk->sk_security" test.
 * No -D: the accessor is chosen from the file path. */
struct sock { void *sk_security; };
struct sk_buff { struct sock *sk; unsigned int secmark; };

static unsigned int smack_ipv6_output(void *priv,
				      struct sk_buff *skb,
				      const struct nf_hook_state *state)
{
	struct sock *sk = skb_to_full_sk(skb);
	struct socket_smack *ssp;
	struct smack_known *skp;

	if (sk && sk->sk_security) {
		ssp = sk->sk_security;
		skp = ssp->smk_out;
		skb->secmark = skp->smk_secid;
	}

	return NF_ACCEPT;
}

static unsigned int smack_ipv4_output(void *priv,
				      struct sk_buff *skb,
				      const struct nf_hook_state *state)
{
	struct sock *sk = skb->sk;
	struct socket_smack *ssp;
	struct smack_known *skp;

	if (sk && sk->sk_security) {
		ssp = sk->sk_security;
		skp = ssp->smk_out;
		skb->secmark = skp->smk_secid;
	}

	return NF_ACCEPT;
}

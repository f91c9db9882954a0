/* cocci: sk_security.cocci path=security/security.c */
/* report: 0 */
/* Negative: the LSM infrastructure (security/security.c, net/core/sock.c)
 * owns the blob; outside the module directories nothing is touched. */
struct sock { void *sk_security; };

static int lsm_sock_alloc(struct sock *sock, gfp_t priority)
{
	if (blob_sizes.lbs_sock == 0) {
		sock->sk_security = NULL;
		return 0;
	}

	sock->sk_security = kzalloc(blob_sizes.lbs_sock, priority);
	if (sock->sk_security == NULL)
		return -ENOMEM;
	return 0;
}

void security_sk_free(struct sock *sk)
{
	call_void_hook(sk_free_security, sk);
	kfree(sk->sk_security);
	sk->sk_security = NULL;
}

static void sock_copy(struct sock *nsk, const struct sock *osk)
{
	void *sptr = nsk->sk_security;

	memcpy(nsk, osk, 16);
	nsk->sk_security = sptr;
}

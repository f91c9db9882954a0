/* cocci: sk_security.cocci -D selinux */
/* report: 0 */
/* Negative: the accessors' own definitions, a helper doing the same
 * offset arithmetic, &sk->sk_security and a write outside the hooks. */
struct sock { void *sk_security; };
struct lsm_blob_sizes { int lbs_sock; };
extern struct lsm_blob_sizes selinux_blob_sizes, smack_blob_sizes;

static inline struct sk_security_struct *selinux_sock(const struct sock *sock)
{
	return sock->sk_security + selinux_blob_sizes.lbs_sock;
}

static inline struct socket_smack *smack_sock(const struct sock *sock)
{
	return sock->sk_security + smack_blob_sizes.lbs_sock;
}

static inline void *blob_of(struct sock *sk, int off)
{
	return sk->sk_security + off;
}

static void **blob_slot(struct sock *sk)
{
	return &sk->sk_security;
}

static void detach(struct sock *sk)
{
	sk->sk_security = NULL;
}

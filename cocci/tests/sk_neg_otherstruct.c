/* cocci: sk_security.cocci -D selinux */
/* report: 1 */
/* Negative: a field called sk_security in a struct other than struct sock
 * is not the socket blob; only the struct sock read is converted. */
struct sock { void *sk_security; };
struct fake_sock { void *sk_security; struct sock *real; };

static int peek(struct fake_sock *fs, struct sock *sk)
{
	void *a = fs->sk_security;
	void *b = fs->real->sk_security;

	fs->sk_security = b;
	return a == b;
}

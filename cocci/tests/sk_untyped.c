/* cocci: sk_security.cocci path=security/smack/smack_lsm.c */
/* log: ERROR: untyped */
/* The base of ->sk_security has no type (sk_of() is declared in a header
 * spatch was not given): the site is not converted, and the script says
 * so instead of missing it silently. */
struct sock {
	void *sk_security;
};

static int smk_peer(int fd)
{
	struct socket_smack *ssp = sk_of(fd)->sk_security;

	return ssp != 0;
}

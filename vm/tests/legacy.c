// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "legacy": socket life cycles that walk, grow and shrink the
 * security_list chain of legacy-chain-port (sk->sk_security is a chain of
 * per-module blobs there).  Each case creates and frees many sockets through
 * one allocation path: plain sk_alloc() for several families, the unix
 * connect path that allocates the server's socket, and TCP accept over
 * loopback, where sk_clone_lock() allocates the child socket in softirq
 * context with GFP_ATOMIC.  The cases assert that every socket operation
 * succeeds and that the modules' per-socket state is still right on the
 * sockets created last; the harness then checks the console: a blob left on
 * a freed socket is a kmemleak "unreferenced object", a blob freed twice or
 * reached after free is a KASAN report, and a lock taken in softirq context
 * without the interrupt-safe variant is a lockdep report.
 *
 * The cases hold on any kernel, so the suite runs on base and modern too.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define ROUNDS 300

/* Create and close ROUNDS sockets of every family, several open at once. */
static enum result churn_families(void)
{
	int fds[8], done = 0;
	size_t f;

	for (f = 0; f < nsock_families; f++) {
		const struct family *fm = &sock_families[f];
		int r, i;

		for (r = 0; r < ROUNDS; r += 8) {
			for (i = 0; i < 8; i++) {
				fds[i] = socket(fm->domain, fm->type, fm->protocol);
				if (fds[i] >= 0)
					continue;
				if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT) {
					diag("%s: not in this kernel", fm->name);
					while (i--)
						close(fds[i]);
					goto next;
				}
				return fail("%s socket #%d: %s", fm->name, r + i,
					    strerror(errno));
			}
			/* Free in another order than allocated. */
			for (i = 7; i >= 0; i--)
				close(fds[i]);
		}
		done++;
next:
		;
	}
	if (done < 5)
		return fail("only %d of the socket families could be created", done);
	for (f = 0; f < ROUNDS; f++) {
		int sv[2];

		if (socketpair(AF_UNIX, f & 1 ? SOCK_DGRAM : SOCK_STREAM, 0, sv))
			return fail("socketpair #%zu: %s", f, strerror(errno));
		close(sv[1]);
		close(sv[0]);
	}
	return PASS;
}

/*
 * What SO_PEERSEC must give on a connected unix stream socket: the task's
 * own context with SELinux and Smack; ENOPROTOOPT (empty) with AppArmor,
 * which records no unix peer label in 6.1, and without a major module.
 */
static enum result check_peersec(int fd, const char *what)
{
	char peer[4096], self[4096];
	socklen_t len = sizeof(peer);
	const char *lsm = display_lsm();
	int rc, err;
	long n;

	memset(peer, 0, sizeof(peer));
	rc = getsockopt(fd, SOL_SOCKET, SO_PEERSEC, peer, &len);
	err = errno;
	if (!lsm || !strcmp(lsm, "apparmor")) {
		if (rc == 0 || err != ENOPROTOOPT)
			return fail("%s: expected ENOPROTOOPT, got rc %d (%s)", what,
				    rc, rc ? strerror(err) : peer);
		return PASS;
	}
	if (rc)
		return fail("%s: SO_PEERSEC: %s", what, strerror(err));
	n = read_file("/proc/self/attr/current", self, sizeof(self));
	if (n < 0)
		return fail("read attr/current: %s", strerror(-n));
	chomp(self, &n);
	if (strcmp(peer, self))
		return fail("%s: SO_PEERSEC '%s', expected '%s'", what, peer, self);
	return PASS;
}

/*
 * ROUNDS connect/accept cycles on a unix stream listener: each connect
 * allocates the server side's socket and labels all three sockets (client,
 * listener, new) from each other's blobs.  The last pair's peer labels must
 * be right from both ends.
 */
static enum result unix_accept_peersec(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	socklen_t alen;
	int lfd, c = -1, s = -1, r;
	enum result res = PASS;

	/* Abstract name: no file system needed. */
	snprintf(sun.sun_path + 1, sizeof(sun.sun_path) - 1, "lsmtest-legacy-%d",
		 (int)getpid());
	alen = offsetof(struct sockaddr_un, sun_path) + 1 +
	       strlen(sun.sun_path + 1);
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (lfd < 0)
		return fail("socket: %s", strerror(errno));
	if (bind(lfd, (struct sockaddr *)&sun, alen) || listen(lfd, 8)) {
		res = fail("bind/listen: %s", strerror(errno));
		goto out;
	}
	for (r = 0; r < ROUNDS; r++) {
		char b = 'x';

		c = socket(AF_UNIX, SOCK_STREAM, 0);
		if (c < 0) {
			res = fail("client socket #%d: %s", r, strerror(errno));
			goto out;
		}
		if (connect(c, (struct sockaddr *)&sun, alen)) {
			res = fail("connect #%d: %s", r, strerror(errno));
			goto out;
		}
		s = accept(lfd, NULL, NULL);
		if (s < 0) {
			res = fail("accept #%d: %s", r, strerror(errno));
			goto out;
		}
		if (write(c, &b, 1) != 1 || read(s, &b, 1) != 1) {
			res = fail("traffic #%d: %s", r, strerror(errno));
			goto out;
		}
		if (r == ROUNDS - 1) {
			res = check_peersec(c, "client");
			if (res == PASS)
				res = check_peersec(s, "accepted");
		}
		close(s);
		close(c);
		s = c = -1;
	}
out:
	if (s >= 0)
		close(s);
	if (c >= 0)
		close(c);
	close(lfd);
	return res;
}

/*
 * ROUNDS TCP connections over loopback for one address family: the
 * handshake runs in softirq context, where the listener's child socket is
 * cloned (sk_clone_lock(), GFP_ATOMIC) with its own chain of blobs.
 */
static enum result tcp_rounds(int domain, const char *what)
{
	struct sockaddr_storage ss;
	socklen_t alen = sizeof(ss);
	int lfd, c = -1, s = -1, r, one = 1;
	enum result res = PASS;

	memset(&ss, 0, sizeof(ss));
	if (domain == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)&ss;

		sin->sin_family = AF_INET;
		sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		alen = sizeof(*sin);
	} else {
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;

		sin6->sin6_family = AF_INET6;
		sin6->sin6_addr = in6addr_loopback;
		alen = sizeof(*sin6);
	}
	lfd = socket(domain, SOCK_STREAM, 0);
	if (lfd < 0) {
		if (errno == EAFNOSUPPORT)
			return SKIP;
		return fail("%s listener: %s", what, strerror(errno));
	}
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(lfd, (struct sockaddr *)&ss, alen) || listen(lfd, 16) ||
	    getsockname(lfd, (struct sockaddr *)&ss, &alen)) {
		res = fail("%s bind/listen: %s", what, strerror(errno));
		goto out;
	}
	for (r = 0; r < ROUNDS; r++) {
		char b = 'x';

		c = socket(domain, SOCK_STREAM, 0);
		if (c < 0) {
			res = fail("%s client #%d: %s", what, r, strerror(errno));
			goto out;
		}
		if (connect(c, (struct sockaddr *)&ss, alen)) {
			res = fail("%s connect #%d: %s", what, r, strerror(errno));
			goto out;
		}
		s = accept(lfd, NULL, NULL);
		if (s < 0) {
			res = fail("%s accept #%d: %s", what, r, strerror(errno));
			goto out;
		}
		if (write(c, &b, 1) != 1 || read(s, &b, 1) != 1 ||
		    write(s, &b, 1) != 1 || read(c, &b, 1) != 1) {
			res = fail("%s traffic #%d: %s", what, r, strerror(errno));
			goto out;
		}
		/* Alternate which end closes first. */
		if (r & 1) {
			close(s);
			close(c);
		} else {
			close(c);
			close(s);
		}
		s = c = -1;
	}
out:
	if (s >= 0)
		close(s);
	if (c >= 0)
		close(c);
	close(lfd);
	return res;
}

static enum result tcp_loopback_accept(void)
{
	enum result r4, r6;

	if (loopback_up())
		return fail("cannot bring lo up: %s", strerror(errno));
	r4 = tcp_rounds(AF_INET, "inet");
	if (r4 == FAIL)
		return FAIL;
	r6 = tcp_rounds(AF_INET6, "inet6");
	if (r6 == FAIL)
		return FAIL;
	if (r4 == SKIP)
		return skip("no IPv4");
	if (r6 == SKIP)
		diag("no IPv6: IPv4 only");
	return PASS;
}

static const struct tcase legacy_cases[] = {
	{ "churn_families", churn_families },
	{ "unix_accept_peersec", unix_accept_peersec },
	{ "tcp_loopback_accept", tcp_loopback_accept },
};
SUITE(legacy, legacy_cases);

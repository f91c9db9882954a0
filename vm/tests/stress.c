// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "stress": several processes at once, for a bounded time and from a
 * printed seed, create and close sockets of every family this kernel has,
 * connect and accept over unix sockets and loopback TCP, pass descriptors
 * (SCM_RIGHTS) and security contexts (SO_PASSSEC, SCM_SECURITY), read
 * /proc/self/attr/context, SO_PEERSEC and SO_PEERCONTEXT, and switch their
 * display between the active modules, also from several threads of one
 * process at once (the display is per thread).  Every operation's result is checked
 * against what an unconfined task with the initial contexts must see.
 * Afterwards the socket slab caches (and the kmalloc caches holding the
 * socket blobs) must come back to their starting object counts: no socket,
 * inode, file or LSM blob outlives the run.  The harness checks the console
 * for KASAN, lockdep, WARN and hung-task reports and kmemleak for leaks.
 *
 * Kernel command line: lsmtest_seed=N (default fixed, printed),
 * lsmtest_stress_secs=N (default 15), lsmtest_stress_workers=N (default 4).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/netlink.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#ifndef SO_PASSSEC
#define SO_PASSSEC 34
#endif
#ifndef SCM_SECURITY
#define SCM_SECURITY 0x03
#endif

enum op {
	OP_SOCKET, OP_RIGHTS, OP_UNIX, OP_TCP, OP_UDP, OP_PASSSEC, OP_ATTR,
	OP_DISPLAY, OP_FORK, OP_THREADS, NOPS
};
static const char *const op_names[NOPS] = {
	"socket", "rights", "unix_accept", "tcp_accept", "udp", "passsec",
	"attr", "display", "fork", "threads",
};
/* How often each operation is picked, out of the sum. */
static const unsigned int op_weight[NOPS] = { 22, 14, 14, 10, 6, 10, 10, 10, 4, 4 };

#define MAX_WORKERS 8
#define MSG_MAX 3

struct wstat {
	long ops[NOPS];
	long ms[NOPS];		/* time spent in each operation */
	long bad;		/* failed checks */
	long peercontext;	/* SO_PEERCONTEXT calls */
	long scm_security;	/* SCM_SECURITY messages received */
	int done;
};

/* Shared between the cases of the suite. */
static struct {
	int avail[16];		/* indexes in sock_families[] this kernel has */
	int navail;
	int have_inet6;
	struct slab_snap base;
	int ran;
	long ops, bad, peercontext, scm;
	long long t0;
	unsigned long long seed;
	int secs, workers;
} st;

static const struct family *fam(int i)
{
	return &sock_families[st.avail[i]];
}

/* Which families can this kernel create?  Diagnostics name each one. */
static enum result families(void)
{
	char line[512] = "";
	size_t i;
	int fd, unix_ok = 0, inet_ok = 0;

	st.navail = 0;
	for (i = 0; i < nsock_families; i++) {
		const struct family *f = &sock_families[i];
		const char *what;

		fd = socket(f->domain, f->type, f->protocol);
		if (fd >= 0) {
			close(fd);
			if (st.navail < 16)
				st.avail[st.navail++] = i;
			what = "yes";
			if (f->domain == AF_UNIX)
				unix_ok++;
			if (f->domain == AF_INET)
				inet_ok++;
			if (f->domain == AF_INET6)
				st.have_inet6 = 1;
		} else if (errno == EAFNOSUPPORT || errno == EPROTONOSUPPORT ||
			   errno == ESOCKTNOSUPPORT) {
			what = "absent";
		} else {
			what = strerror(errno);
		}
		snprintf(line + strlen(line), sizeof(line) - strlen(line), "%s%s=%s",
			 i ? " " : "", f->name, what);
	}
	diag("families: %s", line);
	if (unix_ok != 3 || !inet_ok)
		return fail("unix (3 types) and inet are required, got %d unix, %d inet",
			    unix_ok, inet_ok);
	return PASS;
}

/* ---- worker ---- */

struct worker {
	int id;
	uint64_t rng;
	struct wstat *ws;
	const char *majors[3];
	int nmajors;
	const char *display;	/* what this task displays now */
	int ulfd;		/* unix listener */
	struct sockaddr_un uaddr;
	socklen_t ualen;
	int tlfd[2];		/* tcp listeners: inet, inet6 */
	struct sockaddr_storage taddr[2];
	socklen_t talen[2];
	char compound[512];	/* expected SO_PEERCONTEXT */
	size_t compound_len;
	char context[512];	/* expected attr/context */
	size_t context_len;
	int msgs;
};

__attribute__((format(printf, 2, 3)))
static void bad(struct worker *w, const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	__atomic_fetch_add(&w->ws->bad, 1, __ATOMIC_RELAXED);
	if (__atomic_fetch_add(&w->msgs, 1, __ATOMIC_RELAXED) >= MSG_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	diag("worker %d: %s", w->id, buf);
}

static int wait_fd(int fd, short events, int ms)
{
	struct pollfd p = { .fd = fd, .events = events };

	return poll(&p, 1, ms) == 1;
}

/* SO_PEERSEC under the task's display, and SO_PEERCONTEXT, on a unix peer. */
static void check_unix_peer(struct worker *w, int fd, const char *what)
{
	char buf[512];
	socklen_t len = sizeof(buf);
	const char *want = strcmp(w->display, "apparmor") ?
			   initial_context(w->display) : NULL;
	int rc;

	memset(buf, 0, sizeof(buf));
	rc = getsockopt(fd, SOL_SOCKET, SO_PEERSEC, buf, &len);
	if (!want) {
		/* AppArmor keeps no peer label on unix sockets in 6.1 */
		if (rc == 0 || errno != ENOPROTOOPT)
			bad(w, "%s: SO_PEERSEC with display %s: rc %d errno %d", what,
			    w->display, rc, rc ? errno : 0);
	} else if (rc || strcmp(buf, want) || len != strlen(want) + 1) {
		bad(w, "%s: SO_PEERSEC with display %s: rc %d '%s' len %u, expected '%s'",
		    what, w->display, rc, rc ? strerror(errno) : buf, len, want);
	}
	len = sizeof(buf);
	rc = getsockopt(fd, SOL_SOCKET, SO_PEERCONTEXT, buf, &len);
	w->ws->peercontext++;
	if (!w->compound_len) {
		if (rc == 0 || errno != ENOPROTOOPT)
			bad(w, "%s: SO_PEERCONTEXT: expected ENOPROTOOPT, rc %d", what, rc);
	} else if (rc || len != w->compound_len || memcmp(buf, w->compound, len)) {
		bad(w, "%s: SO_PEERCONTEXT rc %d len %u, expected %zu bytes", what,
		    rc, rc ? 0 : len, w->compound_len);
	}
}

static void op_socket(struct worker *w)
{
	const struct family *f = fam(rng_below(&w->rng, st.navail));
	int fd = socket(f->domain, f->type, f->protocol);

	if (fd < 0) {
		bad(w, "socket %s: %s", f->name, strerror(errno));
		return;
	}
	if (f->domain == AF_NETLINK) {
		struct sockaddr_nl nl = { .nl_family = AF_NETLINK };

		if (bind(fd, (struct sockaddr *)&nl, sizeof(nl)))
			bad(w, "netlink bind: %s", strerror(errno));
	}
	close(fd);
}

/* Pass a fresh socket (or the pair's own end) over a unix socketpair. */
static void op_rights(struct worker *w)
{
	static const int types[] = { SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET };
	int type = types[rng_below(&w->rng, 3)];
	const struct family *f = fam(rng_below(&w->rng, st.navail));
	int sv[2], pass, got = -1, drop = rng_below(&w->rng, 4) == 0;
	char cbuf[CMSG_SPACE(sizeof(int))], b = 'r';
	struct iovec iov = { &b, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	struct stat sb;

	if (socketpair(AF_UNIX, type, 0, sv)) {
		bad(w, "socketpair: %s", strerror(errno));
		return;
	}
	pass = rng_below(&w->rng, 3) ? socket(f->domain, f->type, f->protocol) :
				       dup(sv[0]);
	if (pass < 0) {
		bad(w, "socket %s to pass: %s", f->name, strerror(errno));
		goto out;
	}
	memset(cbuf, 0, sizeof(cbuf));
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &pass, sizeof(int));
	if (sendmsg(sv[0], &m, 0) != 1) {
		bad(w, "sendmsg SCM_RIGHTS: %s", strerror(errno));
		goto out;
	}
	close(pass);
	pass = -1;
	/* Sometimes leave it in flight: the pair's close must free it. */
	if (drop)
		goto out;
	m.msg_controllen = sizeof(cbuf);
	if (recvmsg(sv[1], &m, 0) != 1) {
		bad(w, "recvmsg SCM_RIGHTS: %s", strerror(errno));
		goto out;
	}
	c = CMSG_FIRSTHDR(&m);
	if (!c || c->cmsg_type != SCM_RIGHTS) {
		bad(w, "no SCM_RIGHTS received");
		goto out;
	}
	memcpy(&got, CMSG_DATA(c), sizeof(int));
	if (fstat(got, &sb) || !S_ISSOCK(sb.st_mode))
		bad(w, "received descriptor %d is not a socket", got);
out:
	if (got >= 0)
		close(got);
	if (pass >= 0)
		close(pass);
	close(sv[0]);
	close(sv[1]);
}

static void op_unix(struct worker *w)
{
	int c = socket(AF_UNIX, SOCK_STREAM, 0), s = -1;
	char b = 'u';

	if (c < 0) {
		bad(w, "unix socket: %s", strerror(errno));
		return;
	}
	if (connect(c, (struct sockaddr *)&w->uaddr, w->ualen)) {
		bad(w, "unix connect: %s", strerror(errno));
		goto out;
	}
	s = accept(w->ulfd, NULL, NULL);
	if (s < 0) {
		bad(w, "unix accept: %s", strerror(errno));
		goto out;
	}
	if (write(c, &b, 1) != 1 || read(s, &b, 1) != 1) {
		bad(w, "unix traffic: %s", strerror(errno));
		goto out;
	}
	check_unix_peer(w, rng_below(&w->rng, 2) ? c : s,
			"unix connect/accept");
out:
	if (s >= 0)
		close(s);
	close(c);
}

static void op_tcp(struct worker *w)
{
	int v = st.have_inet6 ? rng_below(&w->rng, 2) : 0;
	int c, s = -1, rc;
	char b = 't', buf[512];
	socklen_t len = sizeof(buf);

	c = socket(v ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
	if (c < 0) {
		bad(w, "tcp socket: %s", strerror(errno));
		return;
	}
	if (connect(c, (struct sockaddr *)&w->taddr[v], w->talen[v])) {
		bad(w, "tcp%s connect: %s", v ? "6" : "", strerror(errno));
		goto out;
	}
	if (!wait_fd(w->tlfd[v], POLLIN, 5000)) {
		bad(w, "tcp%s: nothing to accept after 5 s", v ? "6" : "");
		goto out;
	}
	s = accept(w->tlfd[v], NULL, NULL);
	if (s < 0) {
		bad(w, "tcp accept: %s", strerror(errno));
		goto out;
	}
	if (write(c, &b, 1) != 1 || !wait_fd(s, POLLIN, 5000) || read(s, &b, 1) != 1 ||
	    write(s, &b, 1) != 1 || !wait_fd(c, POLLIN, 5000) || read(c, &b, 1) != 1) {
		bad(w, "tcp traffic: %s", strerror(errno));
		goto out;
	}
	/* No labelled networking here: a context, or none at all. */
	rc = getsockopt(rng_below(&w->rng, 2) ? c : s, SOL_SOCKET, SO_PEERCONTEXT,
			buf, &len);
	w->ws->peercontext++;
	if (rc ? errno != ENOPROTOOPT : (len == 0 || buf[len - 1] != '\0'))
		bad(w, "tcp SO_PEERCONTEXT: rc %d errno %d len %u", rc, rc ? errno : 0,
		    len);
	/* Reset instead of FIN now and then: no TIME_WAIT, other teardown path. */
	if (rng_below(&w->rng, 3) == 0) {
		struct linger l = { 1, 0 };

		setsockopt(c, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	}
out:
	if (s >= 0)
		close(s);
	close(c);
}

static void op_udp(struct worker *w)
{
	int v = st.have_inet6 ? rng_below(&w->rng, 2) : 0;
	struct sockaddr_storage ss;
	socklen_t alen;
	int fd, one = 1;
	char b = 'd';

	memset(&ss, 0, sizeof(ss));
	if (v) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;

		a->sin6_family = AF_INET6;
		a->sin6_addr = in6addr_loopback;
		alen = sizeof(*a);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)&ss;

		a->sin_family = AF_INET;
		a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		alen = sizeof(*a);
	}
	fd = socket(ss.ss_family, SOCK_DGRAM, 0);
	if (fd < 0) {
		bad(w, "udp socket: %s", strerror(errno));
		return;
	}
	/* SO_PASSSEC on inet: the datagram path asks the modules too. */
	setsockopt(fd, SOL_SOCKET, SO_PASSSEC, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, alen) ||
	    getsockname(fd, (struct sockaddr *)&ss, &alen) ||
	    sendto(fd, &b, 1, 0, (struct sockaddr *)&ss, alen) != 1 ||
	    !wait_fd(fd, POLLIN, 5000) || recv(fd, &b, 1, 0) != 1)
		bad(w, "udp%s loopback: %s", v ? "6" : "", strerror(errno));
	close(fd);
}

/* SO_PASSSEC on a unix datagram pair: SCM_SECURITY under the display. */
static void op_passsec(struct worker *w)
{
	char cbuf[CMSG_SPACE(512)], b = 'p';
	struct iovec iov = { &b, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int sv[2], one = 1, found = 0, stream = rng_below(&w->rng, 2);

	if (socketpair(AF_UNIX, stream ? SOCK_STREAM : SOCK_DGRAM, 0, sv)) {
		bad(w, "socketpair: %s", strerror(errno));
		return;
	}
	/*
	 * A unix stream reader copies the sender's secids only with
	 * SO_PASSCRED too (unix_stream_read_generic(), as upstream 6.1):
	 * with SO_PASSSEC alone it converts secid 0.  Set both, as users do.
	 */
	if (stream && setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one))) {
		bad(w, "SO_PASSCRED: %s", strerror(errno));
		goto out;
	}
	if (setsockopt(sv[1], SOL_SOCKET, SO_PASSSEC, &one, sizeof(one)) ||
	    write(sv[0], &b, 1) != 1 || recvmsg(sv[1], &m, 0) != 1) {
		bad(w, "SO_PASSSEC exchange: %s", strerror(errno));
		goto out;
	}
	for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
		const char *ctx = (const char *)CMSG_DATA(c);
		size_t l = c->cmsg_len - CMSG_LEN(0);
		const char *want = initial_context(w->display);

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_SECURITY)
			continue;
		found = 1;
		w->ws->scm_security++;
		if (strnlen(ctx, l) != strlen(want) || strncmp(ctx, want, l))
			bad(w, "SCM_SECURITY on unix %s with display %s: '%.*s', expected '%s'",
			    stream ? "stream" : "dgram", w->display, (int)l, ctx, want);
	}
	/* AppArmor gives unix datagrams no secid in 6.1: no SCM_SECURITY. */
	if (!found && strcmp(w->display, "apparmor"))
		bad(w, "no SCM_SECURITY on unix %s with display %s",
		    stream ? "stream" : "dgram", w->display);
out:
	close(sv[0]);
	close(sv[1]);
}

static void op_attr(struct worker *w)
{
	char buf[512];
	long n = read_file("/proc/self/attr/context", buf, sizeof(buf));

	if (n < 0 || (size_t)n != w->context_len || memcmp(buf, w->context, n))
		bad(w, "attr/context: %ld bytes, expected %zu", n, w->context_len);
	n = read_file("/proc/self/attr/current", buf, sizeof(buf));
	if (n < 0) {
		bad(w, "attr/current: %s", strerror(-n));
		return;
	}
	chomp(buf, &n);
	if (strcmp(buf, initial_context(w->display)))
		bad(w, "attr/current with display %s is '%s'", w->display, buf);
}

static void op_display(struct worker *w)
{
	const char *to = w->majors[rng_below(&w->rng, w->nmajors)];
	char buf[64];
	long n;
	int rc = set_display(to);

	if (rc) {
		bad(w, "display %s: %s", to, strerror(-rc));
		return;
	}
	w->display = to;
	n = read_file(DISPLAY, buf, sizeof(buf));
	if (n < 0 || strcmp(buf, to))
		bad(w, "display reads '%s' after writing %s", n < 0 ? "?" : buf, to);
}

/* A child inherits the display, changes its own, and checks a peer. */
static void op_fork(struct worker *w)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		bad(w, "fork: %s", strerror(errno));
		return;
	}
	if (pid == 0) {
		char buf[64];
		long n = read_file(DISPLAY, buf, sizeof(buf));
		int sv[2];

		if (n < 0 || strcmp(buf, w->display))
			_exit(2);
		w->msgs = MSG_MAX;	/* the parent reports */
		op_display(w);
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
			_exit(3);
		check_unix_peer(w, sv[0], "child socketpair");
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		bad(w, "child: status %#x", status);
}

/*
 * Threads of one process, each with its own display (per task: switched
 * through /proc/thread-self), read the peer contexts of one shared unix
 * socket at the same time; the process's main thread keeps its display.
 */
struct thr {
	struct worker *w;
	pthread_t t;
	uint64_t rng;
	int fd;
};

static void *thread_main(void *arg)
{
	struct thr *t = arg;
	struct worker *w = t->w;
	char path[64], buf[512];
	socklen_t len;
	int i, rc;

	snprintf(path, sizeof(path), "/proc/thread-self/attr/display");
	for (i = 0; i < 8; i++) {
		const char *to = w->majors[rng_below(&t->rng, w->nmajors)];
		const char *want = strcmp(to, "apparmor") ? initial_context(to) : NULL;
		char nl[32];
		long n;

		snprintf(nl, sizeof(nl), "%s\n", to);
		rc = write_attr(path, nl, strlen(nl));
		n = read_file(path, buf, sizeof(buf));
		if (rc || n < 0 || strcmp(buf, to)) {
			bad(w, "thread display %s: %s, reads '%s'", to, strerror(-rc),
			    n < 0 ? "?" : buf);
			continue;
		}
		memset(buf, 0, sizeof(buf));
		len = sizeof(buf);
		rc = getsockopt(t->fd, SOL_SOCKET, SO_PEERSEC, buf, &len);
		if (want ? rc || strcmp(buf, want) : rc == 0 || errno != ENOPROTOOPT)
			bad(w, "thread with display %s: SO_PEERSEC rc %d '%s'", to, rc,
			    rc ? strerror(errno) : buf);
		len = sizeof(buf);
		rc = getsockopt(t->fd, SOL_SOCKET, SO_PEERCONTEXT, buf, &len);
		if (w->compound_len ? rc || len != w->compound_len ||
				      memcmp(buf, w->compound, len) :
				      rc == 0 || errno != ENOPROTOOPT)
			bad(w, "thread: SO_PEERCONTEXT rc %d len %u", rc, len);
	}
	return NULL;
}

static void op_threads(struct worker *w)
{
	struct thr t[3];
	int sv[2], i, n = 0;
	char buf[64];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		bad(w, "socketpair: %s", strerror(errno));
		return;
	}
	for (i = 0; i < 3; i++) {
		t[i].w = w;
		t[i].fd = sv[i & 1];
		t[i].rng = rng_next(&w->rng);
		if (pthread_create(&t[i].t, NULL, thread_main, &t[i]))
			bad(w, "pthread_create");
		else
			n++;
	}
	/* Meanwhile the main thread reads the same sockets. */
	check_unix_peer(w, sv[0], "main thread");
	for (i = 0; i < n; i++)
		pthread_join(t[i].t, NULL);
	if (read_file(DISPLAY, buf, sizeof(buf)) < 0 || strcmp(buf, w->display))
		bad(w, "the main thread's display changed with its threads'");
	close(sv[0]);
	close(sv[1]);
}

static int listen_tcp(struct worker *w, int v)
{
	struct sockaddr_storage *ss = &w->taddr[v];
	int one = 1, fd;

	memset(ss, 0, sizeof(*ss));
	if (v) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)ss;

		a->sin6_family = AF_INET6;
		a->sin6_addr = in6addr_loopback;
		w->talen[v] = sizeof(*a);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)ss;

		a->sin_family = AF_INET;
		a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		w->talen[v] = sizeof(*a);
	}
	fd = socket(ss->ss_family, SOCK_STREAM, 0);
	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)ss, w->talen[v]) || listen(fd, 64) ||
	    getsockname(fd, (struct sockaddr *)ss, &w->talen[v])) {
		close(fd);
		return -1;
	}
	return fd;
}

static void worker_main(struct worker *w, long long deadline)
{
	unsigned int total = 0, r, i;
	long long t0;

	w->display = display_lsm();
	w->nmajors = active_majors(w->majors);
	w->compound_len = expected_compound(w->compound, sizeof(w->compound), 0);
	w->context_len = expected_compound(w->context, sizeof(w->context), 1);
	w->uaddr.sun_family = AF_UNIX;
	snprintf(w->uaddr.sun_path + 1, sizeof(w->uaddr.sun_path) - 1,
		 "lsmtest-stress-%d", (int)getpid());
	w->ualen = offsetof(struct sockaddr_un, sun_path) + 1 +
		   strlen(w->uaddr.sun_path + 1);
	w->ulfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (w->ulfd < 0 || bind(w->ulfd, (struct sockaddr *)&w->uaddr, w->ualen) ||
	    listen(w->ulfd, 64)) {
		bad(w, "unix listener: %s", strerror(errno));
		_exit(1);
	}
	w->tlfd[0] = listen_tcp(w, 0);
	w->tlfd[1] = st.have_inet6 ? listen_tcp(w, 1) : -1;
	if (w->tlfd[0] < 0 || (st.have_inet6 && w->tlfd[1] < 0)) {
		bad(w, "tcp listener: %s", strerror(errno));
		_exit(1);
	}
	for (i = 0; i < NOPS; i++)
		total += op_weight[i];
	while (now_ms() < deadline) {
		r = rng_below(&w->rng, total);
		for (i = 0; r >= op_weight[i]; i++)
			r -= op_weight[i];
		if (!w->nmajors && (i == OP_DISPLAY || i == OP_ATTR ||
				    i == OP_PASSSEC || i == OP_FORK ||
				    i == OP_THREADS))
			i = OP_SOCKET;
		t0 = now_ms();
		switch (i) {
		case OP_SOCKET: op_socket(w); break;
		case OP_RIGHTS: op_rights(w); break;
		case OP_UNIX: op_unix(w); break;
		case OP_TCP: op_tcp(w); break;
		case OP_UDP: op_udp(w); break;
		case OP_PASSSEC: op_passsec(w); break;
		case OP_ATTR: op_attr(w); break;
		case OP_DISPLAY: op_display(w); break;
		case OP_FORK: op_fork(w); break;
		case OP_THREADS: op_threads(w); break;
		}
		w->ws->ops[i]++;
		w->ws->ms[i] += now_ms() - t0;
	}
	close(w->ulfd);
	close(w->tlfd[0]);
	if (w->tlfd[1] >= 0)
		close(w->tlfd[1]);
	w->ws->done = 1;
	_exit(0);
}

static void snap_all(struct slab_snap *s)
{
	const char *blob[8];
	int ratio[8], n, i;

	memset(s, 0, sizeof(*s));
	slab_snap_sockets(s);
	n = slab_socket_blob_caches(blob, ratio, 8);
	for (i = 0; i < n; i++) {
		diag("socket blob cache %s: %d.%02d objects per socket", blob[i],
		     ratio[i] / 100, ratio[i] % 100);
		/* Shared with the rest of the kernel: one slab's worth of noise. */
		slab_snap_add(s, blob[i], 2 * slab_objs_per_slab(blob[i]));
	}
	slab_snap_take(s);
}

static enum result workers(void)
{
	struct wstat *ws;
	pid_t pid[MAX_WORKERS];
	long long deadline;
	int i, j, failed = 0, alive;
	const char *p;

	if (!st.navail)
		return skip("no socket family could be created");
	if (loopback_up())
		return fail("cannot bring lo up: %s", strerror(errno));
	st.seed = test_seed();
	p = param("stress_secs");
	st.secs = *p ? atoi(p) : 15;
	p = param("stress_workers");
	st.workers = *p ? atoi(p) : 4;
	if (st.workers < 1 || st.workers > MAX_WORKERS)
		st.workers = 4;
	diag("seed %llu (lsmtest_seed=), %d workers for %d s", st.seed, st.workers,
	     st.secs);
	st.t0 = now_ms();
	snap_all(&st.base);
	ws = mmap(NULL, sizeof(*ws) * MAX_WORKERS, PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ws == MAP_FAILED)
		return fail("mmap: %s", strerror(errno));
	memset(ws, 0, sizeof(*ws) * MAX_WORKERS);
	deadline = now_ms() + st.secs * 1000LL;
	fflush(stdout);
	for (i = 0; i < st.workers; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			struct worker w;

			memset(&w, 0, sizeof(w));
			w.id = i;
			w.ws = &ws[i];
			w.rng = st.seed ^ (0x9e3779b97f4a7c15ULL * (i + 1));
			worker_main(&w, deadline);
		}
		if (pid[i] < 0)
			return fail("fork: %s", strerror(errno));
	}
	/* Wait; a worker still there 30 s after the deadline is stuck. */
	do {
		alive = 0;
		for (i = 0; i < st.workers; i++) {
			int status;

			if (!pid[i])
				continue;
			if (waitpid(pid[i], &status, WNOHANG) == pid[i]) {
				if (!WIFEXITED(status) || WEXITSTATUS(status) ||
				    !ws[i].done) {
					diag("worker %d ended with status %#x", i, status);
					failed++;
				}
				pid[i] = 0;
			} else {
				alive++;
			}
		}
		if (alive)
			usleep(100000);
	} while (alive && now_ms() < deadline + 30000);
	for (i = 0; i < st.workers; i++)
		if (pid[i]) {
			diag("worker %d stuck 30 s after the deadline: killed", i);
			kill_reap(pid[i]);
			failed++;
		}
	st.ran = 1;
	for (i = 0; i < st.workers; i++) {
		for (j = 0; j < NOPS; j++)
			st.ops += ws[i].ops[j];
		st.bad += ws[i].bad;
		st.peercontext += ws[i].peercontext;
		st.scm += ws[i].scm_security;
	}
	{
		char line[512] = "";

		for (j = 0; j < NOPS; j++) {
			long n = 0;

			long ms = 0;

			for (i = 0; i < st.workers; i++) {
				n += ws[i].ops[j];
				ms += ws[i].ms[j];
			}
			snprintf(line + strlen(line), sizeof(line) - strlen(line),
				 " %s=%ld(%ldms)", op_names[j], n, n ? ms / n : 0);
		}
		diag("operations (mean time each):%s", line);
	}
	munmap(ws, sizeof(*ws) * MAX_WORKERS);
	/* The parent's display is untouched by its children. */
	{
		char buf[64];
		const char *want = display_lsm();

		if (want && (read_file(DISPLAY, buf, sizeof(buf)) < 0 || strcmp(buf, want))) {
			diag("the parent's display changed");
			failed++;
		}
	}
	if (st.bad)
		return fail("%ld checks failed in %ld operations", st.bad, st.ops);
	if (failed)
		return fail("%d workers failed", failed);
	if (st.ops < st.workers * 10)
		return fail("only %ld operations in %d s", st.ops, st.secs);
	return PASS;
}

/* Every socket, inode, file and blob of the run is gone again. */
static enum result slabs_return(void)
{
	int waited = 0, bad, i;
	char line[512] = "";

	if (!st.ran)
		return skip("the workers did not run");
	if (!st.base.n)
		return skip("no /sys/kernel/slab");
	bad = slab_snap_settle(&st.base, 15000, &waited);
	for (i = 0; i < st.base.n; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " %s=%ld",
			 st.base.name[i], st.base.count[i]);
	diag("start counts:%s", line);
	diag("figures: suite=stress ops=%ld seed=%llu secs=%d workers=%d peercontext=%ld scm_security=%ld failed_checks=%ld slab_caches=%d slab_wait_ms=%d slab_left=%d ms=%lld",
	     st.ops, st.seed, st.secs, st.workers, st.peercontext, st.scm, st.bad,
	     st.base.n, waited, bad, now_ms() - st.t0);
	if (bad)
		return fail("%d caches did not return to their start counts within 15 s",
			    bad);
	return PASS;
}

static const struct tcase stress_cases[] = {
	{ "families", families },
	{ "workers", workers },
	{ "slabs_return", slabs_return },
};
SUITE(stress, stress_cases);

// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "badinput": hostile input to the interfaces of the modern series,
 * each case with the errno the kernel gives and a check that a refused
 * write changed nothing (display, attr/context and attr/current re-read).
 *
 * Expected results, from the code (modern tree):
 * - /proc/self/attr/display, lsm_set_display(): the name of an active
 *   module with a slot plus one '\n' or '\0' as the last byte; anything
 *   else is EINVAL.  proc_pid_attr_write() cuts a write to PAGE_SIZE and
 *   refuses a write at a non-zero offset (EINVAL); it never advances the
 *   offset, so repeated writes on one descriptor are each taken whole.
 * - /proc/self/attr/context is read-only in meaning: a write is refused
 *   by the infrastructure (its own attribute, module ""): EINVAL.
 * - SO_PEERSEC / SO_PEERCONTEXT (sk_getsockopt(), the displayed module's
 *   socket_getpeersec_stream hook, security_socket_getpeercontext_stream()):
 *   optlen unreadable: EFAULT; optlen < 0: EINVAL, optlen untouched; no
 *   context: ENOPROTOOPT, optlen untouched; context longer than optlen:
 *   ERANGE and optlen set to the length needed; optval not writable for
 *   the whole context: EFAULT and optlen set (SELinux, Smack and
 *   SO_PEERCONTEXT; AppArmor's hook leaves optlen alone then, as in 6.1,
 *   but never has a peer here); otherwise 0.
 *   What each module answers: SELinux has a peer on unix stream/seqpacket
 *   and TCP sockets only (unconnected: the "unlabeled" initial SID),
 *   Smack on every socket (an empty label, length 1, when it has no peer,
 *   which SO_PEERCONTEXT leaves out), AppArmor never in 6.1.
 * - The display belongs to a thread: another thread of the process gets
 *   EINVAL reading /proc/self/attr/display (the leader's) and EACCES
 *   writing it, and uses /proc/thread-self/attr/display for its own.
 * Then a fuzzer over the same interfaces with a printed seed
 * (lsmtest_seed=) and a bounded number of iterations
 * (lsmtest_fuzz_iters=, default 2000), each result compared with the same
 * model.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define PAGE 4096

static long tried, fuzzed;
static long long t_start;

/* ---- state that a refused write must leave alone ---- */

struct state {
	char display[64], context[512], current[512];
	long dlen, clen, ulen;
};

static void state_read(struct state *s)
{
	s->dlen = read_file(DISPLAY, s->display, sizeof(s->display));
	s->clen = read_file("/proc/self/attr/context", s->context, sizeof(s->context));
	s->ulen = read_file("/proc/self/attr/current", s->current, sizeof(s->current));
}

static int state_same(const struct state *a, const struct state *b)
{
	return a->dlen == b->dlen && a->clen == b->clen && a->ulen == b->ulen &&
	       (a->dlen < 0 || !memcmp(a->display, b->display, a->dlen)) &&
	       (a->clen < 0 || !memcmp(a->context, b->context, a->clen)) &&
	       (a->ulen < 0 || !memcmp(a->current, b->current, a->ulen));
}

static const char *errname(int rc)
{
	static char b[64];

	if (!rc)
		return "success";
	snprintf(b, sizeof(b), "%s", strerror(rc < 0 ? -rc : rc));
	return b;
}

/* One write of buf to path, expected to fail with want; nothing changes. */
static int refused(const char *what, const char *path, const void *buf, size_t len,
		   int want)
{
	struct state before, after;
	int rc, bad = 0;

	state_read(&before);
	rc = write_attr(path, buf, len);
	tried++;
	if (rc != -want) {
		diag("%s: expected %s, got %s", what, errname(want), errname(rc));
		bad++;
	}
	state_read(&after);
	if (!state_same(&before, &after)) {
		diag("%s: display/context/current changed by a refused write", what);
		bad++;
	}
	return bad;
}

static int display_is(const char *name)
{
	char buf[64];

	return read_file(DISPLAY, buf, sizeof(buf)) >= 0 && !strcmp(buf, name);
}

/* What this task displays now (one of the active majors), or NULL. */
static const char *cur_display(void)
{
	static char buf[64];

	if (read_file(DISPLAY, buf, sizeof(buf)) <= 0)
		return NULL;
	return buf;
}

static enum result need_display(void)
{
	if (!display_lsm())
		return skip("no module with a display slot");
	return PASS;
}

/* ---- display ---- */

static enum result display_unknown(void)
{
	const char *m[3];
	int n = active_majors(m), bad = 0;

	t_start = now_ms();
	static const char *const names[] = {
		"bogus\n", "tomoyo\n", "capability\n", "yama\n", "landlock\n",
		"SMACK\n", "SELinux\n", "AppArmor\n", "selinux \n", " smack\n",
		"apparmor\t\n", "smack\r\n", "a\n",
	};
	size_t i;

	if (need_display() == SKIP)
		return SKIP;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		bad += refused(names[i], DISPLAY, names[i], strlen(names[i]), EINVAL);
	/* A major module that is built in but not active. */
	for (i = 0; i < 3; i++) {
		static const char *const all[] = { "selinux\n", "smack\n", "apparmor\n" };
		char nm[16];
		int j, active = 0;

		snprintf(nm, sizeof(nm), "%.*s", (int)strlen(all[i]) - 1, all[i]);
		for (j = 0; j < n; j++)
			active |= !strcmp(m[j], nm);
		if (!active)
			bad += refused(all[i], DISPLAY, all[i], strlen(all[i]), EINVAL);
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

static enum result display_empty(void)
{
	int bad = 0;

	if (need_display() == SKIP)
		return SKIP;
	bad += refused("zero-length write", DISPLAY, "", 0, EINVAL);
	bad += refused("only a newline", DISPLAY, "\n", 1, EINVAL);
	bad += refused("only a nul", DISPLAY, "\0", 1, EINVAL);
	bad += refused("two newlines", DISPLAY, "\n\n", 2, EINVAL);
	return bad ? fail("%d checks failed", bad) : PASS;
}

static enum result display_too_long(void)
{
	char buf[PAGE + 16];
	const char *cur = display_lsm();
	size_t l;
	int bad = 0;

	if (need_display() == SKIP)
		return SKIP;
	/* LSM_NAME_MAX is 32: 33 characters and a newline. */
	memset(buf, 'a', 33);
	buf[33] = '\n';
	bad += refused("33 characters", DISPLAY, buf, 34, EINVAL);
	memset(buf, 'a', 32);
	buf[32] = '\n';
	bad += refused("32 characters, unknown", DISPLAY, buf, 33, EINVAL);
	/* The active name padded to 32 and beyond. */
	l = strlen(cur);
	memcpy(buf, cur, l);
	memset(buf + l, ' ', 40 - l);
	buf[40] = '\n';
	bad += refused("name padded with spaces", DISPLAY, buf, 41, EINVAL);
	memset(buf, 'b', PAGE - 1);
	buf[PAGE - 1] = '\n';
	bad += refused("a page", DISPLAY, buf, PAGE, EINVAL);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * A bare name, as "echo -n" and write(fd, name, strlen(name)) give it, is
 * accepted (issue 12: EINVAL was wrong); a prefix of a name is not a name.
 */
static enum result display_unterminated(void)
{
	const char *m[3];
	int n = active_majors(m), i, bad = 0, rc;
	const char *first = display_lsm();
	char what[64];

	if (need_display() == SKIP)
		return SKIP;
	for (i = n - 1; i >= 0; i--) {
		rc = write_attr(DISPLAY, m[i], strlen(m[i]));
		tried++;
		if (rc || !display_is(m[i])) {
			diag("'%s' without terminator: %s, display '%s'", m[i],
			     errname(rc), cur_display() ? cur_display() : "?");
			bad++;
		}
		snprintf(what, sizeof(what), "'%s' minus its last letter", m[i]);
		bad += refused(what, DISPLAY, m[i], strlen(m[i]) - 1, EINVAL);
	}
	if (write_attr(DISPLAY, first, strlen(first)) || !display_is(first)) {
		diag("cannot return to %s", first);
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

static enum result display_embedded_nul(void)
{
	const char *m[3];
	int n = active_majors(m), i, bad = 0;
	char buf[64], what[80];
	size_t l;

	if (need_display() == SKIP)
		return SKIP;
	for (i = 0; i < n; i++) {
		l = strlen(m[i]);
		/* "se\0linux\n" */
		memcpy(buf, m[i], 2);
		buf[2] = '\0';
		memcpy(buf + 3, m[i] + 2, l - 2);
		buf[l + 1] = '\n';
		snprintf(what, sizeof(what), "nul inside '%s'", m[i]);
		bad += refused(what, DISPLAY, buf, l + 2, EINVAL);
		/* "selinux\0\n": the nul is not the last byte */
		memcpy(buf, m[i], l);
		buf[l] = '\0';
		buf[l + 1] = '\n';
		snprintf(what, sizeof(what), "'%s' nul newline", m[i]);
		bad += refused(what, DISPLAY, buf, l + 2, EINVAL);
		/* "\0selinux\n" */
		buf[0] = '\0';
		memcpy(buf + 1, m[i], l);
		buf[l + 1] = '\n';
		snprintf(what, sizeof(what), "nul before '%s'", m[i]);
		bad += refused(what, DISPLAY, buf, l + 2, EINVAL);
		/* "selinux\nselinux\n" */
		snprintf(buf, sizeof(buf), "%s\n%s\n", m[i], m[i]);
		snprintf(what, sizeof(what), "'%s' twice in one write", m[i]);
		bad += refused(what, DISPLAY, buf, strlen(buf), EINVAL);
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* proc_pid_attr_write() takes at most a page: still EINVAL, no change. */
static enum result display_1mib(void)
{
	const size_t big = 1 << 20;
	char *buf;
	const char *cur = display_lsm();
	int bad = 0;

	if (need_display() == SKIP)
		return SKIP;
	buf = malloc(big);
	if (!buf)
		return fail("malloc: %s", strerror(errno));
	memset(buf, 'a', big);
	bad += refused("1 MiB of 'a'", DISPLAY, buf, big, EINVAL);
	memset(buf, 0, big);
	bad += refused("1 MiB of nuls", DISPLAY, buf, big, EINVAL);
	memset(buf, '\n', big);
	bad += refused("1 MiB of newlines", DISPLAY, buf, big, EINVAL);
	/* A valid name first: the page cut leaves 4096 bytes ending in a nul. */
	memset(buf, 0, big);
	snprintf(buf, 64, "%s\n", cur);
	bad += refused("valid name then 1 MiB of nuls", DISPLAY, buf, big, EINVAL);
	/* The name's terminator exactly at the cut. */
	memset(buf, 'x', big);
	memcpy(buf + PAGE - 1 - strlen(cur), cur, strlen(cur));
	buf[PAGE - 1] = '\n';
	bad += refused("name ending at the page cut of 1 MiB", DISPLAY, buf, big, EINVAL);
	bad += refused("1 MiB context write", "/proc/self/attr/context", buf, big,
		       EINVAL);
	free(buf);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* Pieces of a name in several writes, and writes at an offset. */
static enum result display_partial(void)
{
	const char *cur = display_lsm(), *other = second_major();
	const char *target = other ? other : cur;
	struct state before, after;
	char buf[64];
	struct iovec iov[2];
	int fd, bad = 0;
	ssize_t r1, r2;
	size_t l = strlen(target);

	if (need_display() == SKIP)
		return SKIP;
	state_read(&before);
	/* "sma" then "ck\n" on one descriptor: each write stands alone */
	fd = open(DISPLAY, O_WRONLY);
	if (fd < 0)
		return fail("open: %s", strerror(errno));
	r1 = write(fd, target, 3);
	tried++;
	if (r1 != -1 || errno != EINVAL) {
		diag("first piece '%.3s': expected EINVAL, got %zd", target, r1);
		bad++;
	}
	memcpy(buf, target + 3, l - 3);
	buf[l - 3] = '\n';
	r2 = write(fd, buf, l - 2);
	tried++;
	if (r2 != -1 || errno != EINVAL) {
		diag("second piece '%.*s\\n': expected EINVAL, got %zd", (int)(l - 3),
		     target + 3, r2);
		bad++;
	}
	/* A whole name at offset 1 (pwrite) and after lseek: EINVAL */
	snprintf(buf, sizeof(buf), "%s\n", target);
	r1 = pwrite(fd, buf, l + 1, 1);
	tried++;
	if (r1 != -1 || errno != EINVAL) {
		diag("pwrite at offset 1: expected EINVAL, got %zd", r1);
		bad++;
	}
	if (lseek(fd, 5, SEEK_SET) == 5) {
		r1 = write(fd, buf, l + 1);
		tried++;
		if (r1 != -1 || errno != EINVAL) {
			diag("write after lseek to 5: expected EINVAL, got %zd", r1);
			bad++;
		}
	} else {
		diag("lseek on attr/display: %s", strerror(errno));
	}
	/* writev of two pieces: each iovec is its own write */
	lseek(fd, 0, SEEK_SET);
	iov[0].iov_base = buf;
	iov[0].iov_len = 2;
	iov[1].iov_base = buf + 2;
	iov[1].iov_len = l - 1;
	r1 = writev(fd, iov, 2);
	tried++;
	if (r1 != -1 || errno != EINVAL) {
		diag("writev of '%.2s' + '%s': expected EINVAL, got %zd", buf, buf + 2, r1);
		bad++;
	}
	close(fd);
	state_read(&after);
	if (!state_same(&before, &after)) {
		diag("partial writes changed the display or a context");
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* Whole writes repeated on one descriptor: each is taken (offset stays 0). */
static enum result display_repeated(void)
{
	const char *cur = display_lsm(), *other = second_major();
	const char *target = other ? other : cur;
	char buf[64];
	int fd, i, bad = 0;
	ssize_t r;

	if (need_display() == SKIP)
		return SKIP;
	snprintf(buf, sizeof(buf), "%s\n", target);
	fd = open(DISPLAY, O_WRONLY);
	if (fd < 0)
		return fail("open: %s", strerror(errno));
	for (i = 0; i < 3; i++) {
		r = write(fd, buf, strlen(buf));
		if (r != (ssize_t)strlen(buf)) {
			diag("write %d of '%s' on one descriptor: %s", i + 1, target,
			     r < 0 ? strerror(errno) : "short");
			bad++;
		}
		if (lseek(fd, 0, SEEK_CUR) != 0) {
			diag("the offset moved after a display write");
			bad++;
		}
	}
	if (!display_is(target)) {
		diag("display is not %s after repeated writes", target);
		bad++;
	}
	/* then a bad write on the same descriptor: refused, target stays */
	r = write(fd, "bogus\n", 6);
	tried++;
	if (r != -1 || errno != EINVAL) {
		diag("bogus after good on one descriptor: expected EINVAL, got %zd", r);
		bad++;
	}
	if (!display_is(target)) {
		diag("a refused write changed the display away from %s", target);
		bad++;
	}
	/* 100 refused writes in a row */
	for (i = 0; i < 100; i++) {
		r = write(fd, "bogus", 5);
		tried++;
		if (r != -1 || errno != EINVAL) {
			diag("refused write %d: got %zd", i, r);
			bad++;
			break;
		}
	}
	close(fd);
	if (!display_is(target)) {
		diag("display changed by refused writes");
		bad++;
	}
	if (set_display(cur) || !display_is(cur)) {
		diag("cannot go back to %s", cur);
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * The display belongs to a thread.  /proc/self is the thread group leader:
 * another thread reading /proc/self/attr/display gets EINVAL
 * (security_getprocattr(): not the caller's own), writing it EACCES
 * (proc_pid_attr_write(): only one's own attributes); through
 * /proc/thread-self it reads and switches its own, and the leader's stays.
 */
struct thread_case {
	const char *target;
	int bad;
};

static void *display_thread(void *arg)
{
	struct thread_case *tc = arg;
	char buf[64], w[64];
	long n;
	int rc;

	n = read_file(DISPLAY, buf, sizeof(buf));
	tried++;
	if (n != -EINVAL) {
		diag("second thread reading /proc/self/attr/display: expected EINVAL, got %ld",
		     n);
		tc->bad++;
	}
	snprintf(w, sizeof(w), "%s\n", tc->target);
	rc = write_attr(DISPLAY, w, strlen(w));
	tried++;
	if (rc != -EACCES) {
		diag("second thread writing /proc/self/attr/display: expected EACCES, got %s",
		     errname(rc));
		tc->bad++;
	}
	n = read_file("/proc/thread-self/attr/display", buf, sizeof(buf));
	if (n < 0 || strcmp(buf, display_lsm())) {
		diag("second thread's own display reads '%s', expected the inherited %s",
		     n < 0 ? "?" : buf, display_lsm());
		tc->bad++;
	}
	rc = write_attr("/proc/thread-self/attr/display", w, strlen(w));
	n = read_file("/proc/thread-self/attr/display", buf, sizeof(buf));
	if (rc || n < 0 || strcmp(buf, tc->target)) {
		diag("second thread switching its own display to %s: %s, reads '%s'",
		     tc->target, errname(rc), n < 0 ? "?" : buf);
		tc->bad++;
	}
	rc = write_attr("/proc/thread-self/attr/display", "bogus\n", 6);
	tried++;
	if (rc != -EINVAL || !(read_file("/proc/thread-self/attr/display", buf,
					  sizeof(buf)) > 0 && !strcmp(buf, tc->target))) {
		diag("second thread: bogus write gave %s or changed its display",
		     errname(rc));
		tc->bad++;
	}
	return NULL;
}

static enum result display_threads(void)
{
	const char *other = second_major();
	struct thread_case tc = { other ? other : display_lsm(), 0 };
	pthread_t t;

	if (need_display() == SKIP)
		return SKIP;
	if (pthread_create(&t, NULL, display_thread, &tc))
		return fail("pthread_create");
	pthread_join(t, NULL);
	if (!display_is(display_lsm())) {
		diag("the leader's display changed with its thread's");
		tc.bad++;
	}
	return tc.bad ? fail("%d checks failed", tc.bad) : PASS;
}

/* attr/context takes no write: every module refuses "context". */
static enum result context_write(void)
{
	const char *m[3];
	int n = active_majors(m), i, bad = 0;
	char want[512], buf[600], what[80];
	size_t wl = expected_compound(want, sizeof(want), 1);
	const char *orig = display_lsm();

	if (need_display() == SKIP)
		return SKIP;
	for (i = 0; i < n; i++) {
		if (set_display(m[i])) {
			diag("cannot display %s", m[i]);
			bad++;
			continue;
		}
#define CW(desc, b, l) do { \
		snprintf(what, sizeof(what), "display %s: context write, %s", m[i], desc); \
		bad += refused(what, "/proc/self/attr/context", b, l, EINVAL); \
	} while (0)
		CW("its own value", want, wl);
		CW("empty", "", 0);
		CW("a newline", "\n", 1);
		CW("the module's context", initial_context(m[i]),
		   strlen(initial_context(m[i])));
		CW("'changeprofile unconfined'", "changeprofile unconfined", 24);
		memset(buf, 'c', sizeof(buf));
		CW("600 bytes", buf, sizeof(buf));
#undef CW
	}
	if (set_display(orig))
		bad++;
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* ---- SO_PEERSEC and SO_PEERCONTEXT ---- */

enum kind {
	K_UNIX_STREAM_PAIR, K_UNIX_SEQPACKET_PAIR, K_UNIX_DGRAM_PAIR,
	K_UNIX_STREAM, K_UNIX_SEQPACKET, K_UNIX_DGRAM,
	K_TCP, K_UDP, K_RAW, K_TCP6, K_UDP6, K_NETLINK, NKINDS
};
static const char *const kind_names[NKINDS] = {
	"unix stream pair", "unix seqpacket pair", "unix dgram pair",
	"unconnected unix stream", "unconnected unix seqpacket", "unix dgram",
	"unconnected tcp", "udp", "raw", "unconnected tcp6", "udp6", "netlink",
};

static int kind_socket(enum kind k)
{
	int sv[2], fd = -1;

	switch (k) {
	case K_UNIX_STREAM_PAIR:
	case K_UNIX_SEQPACKET_PAIR:
	case K_UNIX_DGRAM_PAIR:
		if (socketpair(AF_UNIX, k == K_UNIX_STREAM_PAIR ? SOCK_STREAM :
			       k == K_UNIX_DGRAM_PAIR ? SOCK_DGRAM : SOCK_SEQPACKET,
			       0, sv))
			return -1;
		/* Keep the peer alive as long as fd: dup it beyond reach. */
		if (dup2(sv[1], 900 + k) < 0)
			return -1;
		close(sv[1]);
		return sv[0];
	case K_UNIX_STREAM: fd = socket(AF_UNIX, SOCK_STREAM, 0); break;
	case K_UNIX_SEQPACKET: fd = socket(AF_UNIX, SOCK_SEQPACKET, 0); break;
	case K_UNIX_DGRAM: fd = socket(AF_UNIX, SOCK_DGRAM, 0); break;
	case K_TCP: fd = socket(AF_INET, SOCK_STREAM, 0); break;
	case K_UDP: fd = socket(AF_INET, SOCK_DGRAM, 0); break;
	case K_RAW: fd = socket(AF_INET, SOCK_RAW, IPPROTO_ICMP); break;
	case K_TCP6: fd = socket(AF_INET6, SOCK_STREAM, 0); break;
	case K_UDP6: fd = socket(AF_INET6, SOCK_DGRAM, 0); break;
	case K_NETLINK: fd = socket(AF_NETLINK, SOCK_RAW, 0); break;
	default: break;
	}
	return fd;
}

static void kind_close(enum kind k, int fd)
{
	close(fd);
	if (k <= K_UNIX_DGRAM_PAIR)
		close(900 + k);
}

/* What module m answers for a socket of kind k: a value ("" = none yet), or NULL. */
static const char *peer_value(const char *m, enum kind k)
{
	if (!strcmp(m, "selinux")) {
		switch (k) {
		case K_UNIX_STREAM_PAIR:
		case K_UNIX_SEQPACKET_PAIR:
			return "kernel";
		case K_UNIX_STREAM:
		case K_UNIX_SEQPACKET:
		case K_TCP:
		case K_TCP6:
			return "unlabeled";
		default:
			return NULL;
		}
	}
	if (!strcmp(m, "smack"))
		return k <= K_UNIX_DGRAM_PAIR ? "_" : "";
	return NULL;	/* apparmor */
}

/*
 * The model: expected errno (0 for success) of getsockopt(opt) on a socket
 * of kind k for a task displaying d, and the bytes it returns.
 */
static int model(int opt, enum kind k, const char *d, char *val, size_t *vlen)
{
	if (opt == SO_PEERSEC) {
		const char *v = d ? peer_value(d, k) : NULL;

		if (!v)
			return ENOPROTOOPT;
		*vlen = strlen(v) + 1;
		memcpy(val, v, *vlen);
		return 0;
	} else {
		const char *m[3];
		int n = active_majors(m), i;
		size_t off = 0;

		for (i = 0; i < n; i++) {
			const char *v = peer_value(m[i], k);

			if (!v || !*v)
				continue;
			memcpy(val + off, m[i], strlen(m[i]) + 1);
			off += strlen(m[i]) + 1;
			memcpy(val + off, v, strlen(v) + 1);
			off += strlen(v) + 1;
		}
		*vlen = off;
		return off ? 0 : ENOPROTOOPT;
	}
}

/* A page that is mapped, followed by one that is not. */
static char *edge_page;

static int setup_edge(void)
{
	char *p;

	if (edge_page)
		return 0;
	p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (p == MAP_FAILED)
		return -1;
	munmap(p + PAGE, PAGE);
	edge_page = p;
	return 0;
}

enum ptr { P_BUF, P_NULL, P_UNMAPPED, P_EDGE1, P_EDGE8, P_READONLY, NPTRS };

/*
 * getsockopt(fd, opt) with optval of kind pv and optlen in (or an invalid
 * optlen pointer when lenptr != 0: 1 NULL, 2 unmapped), compared with the
 * model.  Returns 0 or 1 (mismatch, with a diagnostic).
 */
static int peer_case(const char *what, int fd, enum kind k, int opt, int len,
		     enum ptr pv, int lenptr)
{
	static char ro[PAGE] __attribute__((aligned(PAGE)));
	char buf[PAGE], want[512];
	size_t vlen = 0;
	const char *d = cur_display();
	int exp = model(opt, k, d, want, &vlen), rc, err, room;
	socklen_t *lp, l = (socklen_t)len;
	void *ov;
	int exp_len_after = len;

	switch (pv) {
	case P_BUF: ov = buf; room = sizeof(buf); break;
	case P_NULL: ov = NULL; room = 0; break;
	case P_UNMAPPED: ov = edge_page + PAGE; room = 0; break;
	case P_EDGE1: ov = edge_page + PAGE - 1; room = 1; break;
	case P_EDGE8: ov = edge_page + PAGE - 8; room = 8; break;
	default:
		mprotect(ro, PAGE, PROT_READ);
		ov = ro; room = 0; break;
	}
	lp = lenptr == 1 ? NULL : lenptr == 2 ? (socklen_t *)(edge_page + PAGE) : &l;
	memset(buf, 0x5a, sizeof(buf));
	tried++;
	rc = getsockopt(fd, SOL_SOCKET, opt, ov, lp);
	err = rc ? errno : 0;
	if (pv == P_READONLY)
		mprotect(ro, PAGE, PROT_READ | PROT_WRITE);
	/* the model's verdict, in the kernel's order of checks */
	if (lenptr) {
		exp = EFAULT;
	} else if (len < 0) {
		exp = EINVAL;
	} else if (exp == ENOPROTOOPT) {
		;
	} else if (vlen > (unsigned int)len) {
		exp = ERANGE;
		exp_len_after = vlen;
	} else if ((int)vlen > room) {
		exp = EFAULT;
		exp_len_after = vlen;
	} else {
		exp = 0;
		exp_len_after = vlen;
	}
	if (err != exp) {
		diag("%s: %s on %s, optlen %d, optval %d, lenptr %d: expected %s, got %s",
		     what, opt == SO_PEERSEC ? "SO_PEERSEC" : "SO_PEERCONTEXT",
		     kind_names[k], len, pv, lenptr, errname(exp), errname(err));
		return 1;
	}
	if (!lenptr && (int)l != exp_len_after) {
		diag("%s: %s on %s, optlen %d: optlen is %d after, expected %d", what,
		     opt == SO_PEERSEC ? "SO_PEERSEC" : "SO_PEERCONTEXT",
		     kind_names[k], len, (int)l, exp_len_after);
		return 1;
	}
	if (!exp && pv == P_BUF && memcmp(buf, want, vlen)) {
		show_bytes("got", buf, vlen);
		show_bytes("expected", want, vlen);
		return 1;
	}
	return 0;
}

/* Every optlen and optval case on a connected unix stream pair, per display. */
static enum result peer_lengths(void)
{
	static const int lens[] = { 0, 1, 2, 6, 7, 8, 9, 10, 15, 16, 17, 100, 4096,
				    INT_MAX, -1, -4096, INT_MIN };
	const char *m[3];
	int n = active_majors(m), i, bad = 0, fd, o;
	size_t j, p;
	const char *orig = display_lsm();

	if (setup_edge())
		return fail("mmap: %s", strerror(errno));
	fd = kind_socket(K_UNIX_STREAM_PAIR);
	if (fd < 0)
		return fail("socketpair: %s", strerror(errno));
	for (i = 0; i < (n ? n : 1); i++) {
		char what[64];

		if (n && set_display(m[i])) {
			diag("cannot display %s", m[i]);
			bad++;
			continue;
		}
		snprintf(what, sizeof(what), "display %s", n ? m[i] : "none");
		for (o = 0; o < 2; o++) {
			int opt = o ? SO_PEERCONTEXT : SO_PEERSEC;

			for (j = 0; j < sizeof(lens) / sizeof(lens[0]); j++)
				bad += peer_case(what, fd, K_UNIX_STREAM_PAIR, opt, lens[j],
						 P_BUF, 0);
			for (p = P_NULL; p < NPTRS; p++) {
				bad += peer_case(what, fd, K_UNIX_STREAM_PAIR, opt, 4096, p, 0);
				bad += peer_case(what, fd, K_UNIX_STREAM_PAIR, opt, 0, p, 0);
				bad += peer_case(what, fd, K_UNIX_STREAM_PAIR, opt, 8, p, 0);
			}
			bad += peer_case(what, fd, K_UNIX_STREAM_PAIR, opt, 4096, P_BUF, 1);
			bad += peer_case(what, fd, K_UNIX_STREAM_PAIR, opt, 4096, P_BUF, 2);
		}
	}
	kind_close(K_UNIX_STREAM_PAIR, fd);
	if (orig)
		set_display(orig);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Every socket kind (unconnected, datagram, other families) under every
 * display; and SO_PEERSEC under each display agrees with SO_PEERCONTEXT,
 * except where the model says a module answers with an empty label.
 */
static enum result peer_kinds(void)
{
	const char *m[3];
	int n = active_majors(m), i, bad = 0, fd, k, empty_peersec = 0;
	const char *orig = display_lsm();

	if (setup_edge())
		return fail("mmap: %s", strerror(errno));
	if (loopback_up())
		diag("lo not up: %s", strerror(errno));
	for (k = 0; k < NKINDS; k++) {
		fd = kind_socket(k);
		if (fd < 0) {
			diag("%s: not in this kernel (%s)", kind_names[k], strerror(errno));
			continue;
		}
		for (i = 0; i < (n ? n : 1); i++) {
			char what[64];

			if (n && set_display(m[i])) {
				bad++;
				continue;
			}
			snprintf(what, sizeof(what), "display %s", n ? m[i] : "none");
			bad += peer_case(what, fd, k, SO_PEERSEC, 4096, P_BUF, 0);
			bad += peer_case(what, fd, k, SO_PEERSEC, 0, P_NULL, 0);
			bad += peer_case(what, fd, k, SO_PEERSEC, -1, P_BUF, 0);
			bad += peer_case(what, fd, k, SO_PEERSEC, 4096, P_UNMAPPED, 0);
			bad += peer_case(what, fd, k, SO_PEERCONTEXT, 4096, P_BUF, 0);
			bad += peer_case(what, fd, k, SO_PEERCONTEXT, 0, P_NULL, 0);
			bad += peer_case(what, fd, k, SO_PEERCONTEXT, 4096, P_UNMAPPED, 0);
			if (n && peer_value(m[i], k) && !*peer_value(m[i], k))
				empty_peersec++;
		}
		kind_close(k, fd);
	}
	if (orig)
		set_display(orig);
	if (empty_peersec)
		diag("finding: in %d socket kind x display combinations SO_PEERSEC succeeds with an empty label (length 1) where SO_PEERCONTEXT leaves the module out (Smack without a peer)",
		     empty_peersec);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* ---- fuzzer ---- */

static int valid_display_write(const char *b, size_t len, const char *m[], int n)
{
	size_t l;
	int i;

	if (len > PAGE)
		len = PAGE;
	/* one trailing newline or nul is allowed, not required */
	l = len;
	if (l && (b[l - 1] == '\n' || b[l - 1] == '\0'))
		l--;
	if (!l || l > 32 || memchr(b, '\0', l) || memchr(b, '\n', l))
		return -1;
	for (i = 0; i < n; i++)
		if (strlen(m[i]) == l && !memcmp(m[i], b, l))
			return i;
	return -1;
}

static size_t fuzz_display_buf(uint64_t *rng, char *b, size_t max, const char *m[], int n)
{
	static const char *const names[] = {
		"selinux", "smack", "apparmor", "capability", "yama", "bogus", "",
	};
	static const char terms[] = { '\n', '\0', '\r', ' ', 'x' };
	size_t len, i;
	uint32_t r = rng_below(rng, 10);

	if (r < 6) {
		const char *nm = r < 3 && n ? m[rng_below(rng, n)] :
			names[rng_below(rng, sizeof(names) / sizeof(names[0]))];

		len = strlen(nm);
		memcpy(b, nm, len);
		if (rng_below(rng, 4))
			b[len++] = terms[rng_below(rng, sizeof(terms))];
		if (rng_below(rng, 3) == 0 && len)	/* mutate one byte */
			b[rng_below(rng, len)] = (char)rng_below(rng, 256);
		if (rng_below(rng, 4) == 0)		/* cut */
			len = rng_below(rng, len + 1);
		if (rng_below(rng, 6) == 0)		/* a second terminator */
			b[len++] = terms[rng_below(rng, 2)];
	} else if (r < 9) {
		len = rng_below(rng, 48);
		for (i = 0; i < len; i++)
			b[i] = (char)rng_below(rng, 256);
	} else {
		len = rng_below(rng, 2) ? rng_below(rng, 2 * PAGE) :
					  PAGE - 2 + rng_below(rng, 4);
		if (len > max)
			len = max;
		for (i = 0; i < len; i++)
			b[i] = (char)rng_below(rng, 256);
	}
	return len;
}

static enum result fuzz(void)
{
	const char *m[3];
	int n = active_majors(m), bad = 0, iters, i;
	uint64_t seed = test_seed(), rng = seed;
	char *b, ctx0[512], cbuf[512];
	long c0 = read_file("/proc/self/attr/context", ctx0, sizeof(ctx0)), cl;
	const char *p = param("fuzz_iters");
	int fds[NKINDS];
	const char *want_display = display_lsm();
	long counts[4] = { 0 };

	iters = *p ? atoi(p) : 2000;
	diag("fuzz seed %llu (lsmtest_seed=), %d iterations", (unsigned long long)seed,
	     iters);
	if (setup_edge())
		return fail("mmap: %s", strerror(errno));
	b = malloc(2 * PAGE + 16);
	if (!b)
		return fail("malloc");
	for (i = 0; i < NKINDS; i++)
		fds[i] = kind_socket(i);
	for (i = 0; i < iters && bad < 10; i++) {
		uint32_t what = rng_below(&rng, 10);

		fuzzed++;
		if (what < 4 && n) {
			/* display write: success if and only if the model says valid */
			size_t len = fuzz_display_buf(&rng, b, 2 * PAGE, m, n);
			int v = valid_display_write(b, len, m, n);
			int rc = write_attr(DISPLAY, b, len);
			const char *now = cur_display();

			counts[0]++;
			tried += v < 0;
			if (v >= 0 ? rc != 0 : rc != -EINVAL) {
				show_bytes("display write", b, len < 64 ? len : 64);
				diag("iteration %d: display write of %zu bytes: expected %s, got %s",
				     i, len, v >= 0 ? "success" : "EINVAL", errname(rc));
				bad++;
			}
			if (v >= 0)
				want_display = m[v];
			if (!now || strcmp(now, want_display)) {
				diag("iteration %d: display '%s', expected '%s'", i,
				     now ? now : "?", want_display);
				bad++;
				want_display = now ? now : want_display;
			}
		} else if (what < 5 && n) {
			/* context write: always refused */
			size_t len = rng_below(&rng, 3) ? rng_below(&rng, 300) :
							  rng_below(&rng, 2 * PAGE);
			int rc, j;

			for (j = 0; j < (int)len; j++)
				b[j] = (char)rng_below(&rng, 256);
			rc = write_attr("/proc/self/attr/context", b, len);
			counts[1]++;
			tried++;
			if (rc != -EINVAL) {
				diag("iteration %d: context write of %zu bytes: %s", i, len,
				     errname(rc));
				bad++;
			}
			cl = read_file("/proc/self/attr/context", cbuf, sizeof(cbuf));
			if (cl != c0 || memcmp(cbuf, ctx0, c0 > 0 ? c0 : 0)) {
				diag("iteration %d: attr/context changed", i);
				bad++;
			}
		} else if (what < 6 && n) {
			/* display read with a short buffer: a prefix of the name */
			int fd = open(DISPLAY, O_RDONLY);
			size_t want = rng_below(&rng, 12);
			ssize_t r;

			counts[2]++;
			if (fd < 0) {
				bad++;
				continue;
			}
			r = read(fd, cbuf, want);
			close(fd);
			if (r < 0 || (size_t)r > want ||
			    (size_t)r > strlen(want_display) ||
			    memcmp(cbuf, want_display, r)) {
				diag("iteration %d: read(%zu) of display gave %zd", i, want, r);
				bad++;
			}
		} else {
			/* getsockopt with random kind, option, length and pointer */
			int k = rng_below(&rng, NKINDS);
			int opt = rng_below(&rng, 2) ? SO_PEERCONTEXT : SO_PEERSEC;
			uint32_t lr = rng_below(&rng, 8);
			int len = lr == 0 ? -(int)rng_below(&rng, 1u << 31) - 1 :
				  lr == 1 ? INT_MAX - (int)rng_below(&rng, 4) :
				  lr < 5 ? (int)rng_below(&rng, 40) :
					   (int)rng_below(&rng, 5000);
			enum ptr pv = rng_below(&rng, 3) ? P_BUF : rng_below(&rng, NPTRS);
			int lenptr = rng_below(&rng, 16) == 0 ? 1 + rng_below(&rng, 2) : 0;
			char w[48];

			counts[3]++;
			if (fds[k] < 0)
				continue;
			snprintf(w, sizeof(w), "iteration %d", i);
			bad += peer_case(w, fds[k], k, opt, len, pv, lenptr);
		}
	}
	for (i = 0; i < NKINDS; i++)
		if (fds[i] >= 0)
			kind_close(i, fds[i]);
	free(b);
	diag("fuzz: %ld display writes, %ld context writes, %ld display reads, %ld getsockopt",
	     counts[0], counts[1], counts[2], counts[3]);
	/* The display is still an active module, and the one expected. */
	if (n) {
		const char *now = cur_display();
		int j, ok = 0;

		for (j = 0; j < n; j++)
			ok |= now && !strcmp(now, m[j]);
		if (!ok) {
			diag("after fuzzing the display is '%s', not an active module",
			     now ? now : "?");
			bad++;
		}
		set_display(display_lsm());
	}
	diag("figures: suite=badinput tried=%ld fuzz=%ld seed=%llu ms=%lld", tried, fuzzed,
	     (unsigned long long)seed, t_start ? now_ms() - t_start : 0);
	return bad ? fail("%d checks failed (seed %llu)", bad,
			  (unsigned long long)seed) : PASS;
}

TIMED(display_unknown)
TIMED(display_empty)
TIMED(display_too_long)
TIMED(display_unterminated)
TIMED(display_embedded_nul)
TIMED(display_1mib)
TIMED(display_partial)
TIMED(display_repeated)
TIMED(display_threads)
TIMED(context_write)
TIMED(peer_lengths)
TIMED(peer_kinds)
TIMED(fuzz)

static const struct tcase badinput_cases[] = {
	{ "display_unknown", display_unknown_timed },
	{ "display_empty", display_empty_timed },
	{ "display_too_long", display_too_long_timed },
	{ "display_unterminated", display_unterminated_timed },
	{ "display_embedded_nul", display_embedded_nul_timed },
	{ "display_1mib", display_1mib_timed },
	{ "display_partial", display_partial_timed },
	{ "display_repeated", display_repeated_timed },
	{ "display_threads", display_threads_timed },
	{ "context_write", context_write_timed },
	{ "peer_lengths", peer_lengths_timed },
	{ "peer_kinds", peer_kinds_timed },
	{ "fuzz", fuzz_timed },
};
SUITE(badinput, badinput_cases);

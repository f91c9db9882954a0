// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "faults": slab allocation failures injected into socket creation,
 * System V IPC, file opens and creations, credential changes, mounts and
 * vfork() (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS), driven from
 * the guest.
 *
 * /proc/thread-self/fail-nth makes the Nth slab allocation of the next
 * system call fail.  For N = 1, 2, ... until the call no longer reaches an
 * Nth allocation, each of socket() (every family), socketpair(), the unix
 * connect() that allocates the server's socket, and accept() (unix, TCP)
 * is made to fail at that allocation: the call must fail with ENOMEM (or
 * succeed, when the failed allocation was optional), the process carries on
 * and the same call succeeds right after, and afterwards the socket slab
 * caches and the kmalloc caches holding the LSM socket blobs are back to
 * their starting object counts: nothing is left half-built.
 *
 * Each module's own allocation: the kmalloc caches that hold socket blobs
 * are found by counting (one blob per socket on modern, one per module and
 * socket on legacy, where each module allocates and chains its blob in its
 * sk_alloc_security hook).  With failslab's cache filter on, fail-nth
 * counts only the allocations of caches marked for failslab, so N = 1, 2,
 * ... fails the first, second, ... module's blob in hook order; on legacy
 * a failure in a later module must unlink and free the blobs the earlier
 * modules chained.  The same is done in softirq context, where a TCP
 * listener clones the child socket (GFP_ATOMIC) on the handshake's last
 * ACK: failslab's probability, times and space fail the child socket, then
 * its first, second, ... blob.  A cache's failslab mark is read-only in
 * sysfs since 5.9, so these two cases need the caches marked at boot:
 *   slub_debug=A,kmalloc-32,kmalloc-64,kmalloc-96,kmalloc-128,kmalloc-192,TCP,TCPv6
 * (the mark does nothing while the cache filter is off); without it they
 * are skipped.
 *
 * failslab's default verbosity prints a stack trace per failure, which the
 * run judge would take for a kernel report: the suite sets verbose=0, and
 * ignore-gfp-wait=N so that GFP_KERNEL allocations can fail too.
 *
 * An errno other than ENOMEM is printed as "# finding: ..." and fails the
 * case, except two that the kernel gives upstream by design and that are
 * counted apart: ENFILE when the socket inode cannot be allocated
 * (sock_alloc() in __sock_create(), socketpair(), accept()) and ENOBUFS
 * when inet6_create()'s sk_alloc() fails.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define FAILSLAB "/sys/kernel/debug/failslab"
#define MAXN 400	/* no call here makes this many allocations */

/* Print a summary line for every sweep, also the repeated ones. */
static int verbose_sweeps;

static struct {
	int checked, ok;	/* failslab probed, usable */
	int nth;		/* /proc/thread-self/fail-nth */
	long calls, injected, tolerated, enomem, enfile, enobufs, alt, other, recovered;
	long softirq;
	const char *blob[8];
	int ratio[8], nblob, blob_probed;
	char findings[4][160];
	int nfind;
} ft;

static int fs_set(const char *attr, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), FAILSLAB "/%s", attr);
	return write_attr(path, val, strlen(val));
}

static long fs_get(const char *attr)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), FAILSLAB "/%s", attr);
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

static void fs_quiet(void)
{
	fs_set("probability", "0");
	fs_set("cache-filter", "N");
	fs_set("times", "1");
	fs_set("space", "0");
	fs_set("interval", "1");
	fs_set("task-filter", "N");
}

/* Is failslab there?  Configure it once: quiet, GFP_KERNEL included. */
static long long t_start;

static int failslab_ready(void)
{
	if (ft.checked)
		return ft.ok;
	ft.checked = 1;
	t_start = now_ms();
	if (access(FAILSLAB "/verbose", W_OK))
		return 0;
	ft.nth = open("/proc/thread-self/fail-nth", O_RDWR);
	if (ft.nth < 0)
		return 0;
	if (fs_set("verbose", "0") || fs_set("ignore-gfp-wait", "N"))
		return 0;
	fs_quiet();
	ft.ok = 1;
	return 1;
}

static inline int nth_arm(int n)
{
	return fail_nth_arm(ft.nth, n);
}

static inline long nth_disarm(void)
{
	return fail_nth_disarm(ft.nth);
}

static void finding(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void finding(const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	int i;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (i = 0; i < ft.nfind; i++)
		if (!strcmp(ft.findings[i], buf))
			return;
	diag("finding: %s", buf);
	if (ft.nfind < 4)
		strcpy(ft.findings[ft.nfind++], buf);
}

/*
 * One operation under test.  run() does the preparation, arms fail-nth
 * around the one system call under test (ARM/DISARM), cleans up, and
 * returns 0 or -errno of that call; *left gets nth_disarm()'s value.
 * With n = 0 it runs without injection.
 */
struct op {
	const char *name;
	int (*run)(const struct op *op, int n, long *left);
	int domain, type, protocol;
	int lfd;			/* listener, for connect/accept; queue, for msgsnd */
	int alt_errno;			/* another errno the kernel gives by design */
	struct sockaddr_storage addr;
	socklen_t alen;
};

#define ARM(n) do { if (n) nth_arm(n); } while (0)
#define DISARM(n, left) do { *(left) = (n) ? nth_disarm() : 1; } while (0)

static int run_socket(const struct op *op, int n, long *left)
{
	int fd, err;

	ARM(n);
	fd = socket(op->domain, op->type, op->protocol);
	err = errno;
	DISARM(n, left);
	if (fd < 0)
		return -err;
	close(fd);
	return 0;
}

static int run_socketpair(const struct op *op, int n, long *left)
{
	int sv[2], rc, err;

	ARM(n);
	rc = socketpair(AF_UNIX, op->type, 0, sv);
	err = errno;
	DISARM(n, left);
	if (rc)
		return -err;
	close(sv[0]);
	close(sv[1]);
	return 0;
}

/* connect() on unix stream allocates the listener side's new socket. */
static int run_unix_connect(const struct op *op, int n, long *left)
{
	int c = socket(AF_UNIX, op->type, 0), s, rc, err;

	if (c < 0)
		return -EBADF;	/* not the call under test: reported as other */
	ARM(n);
	rc = connect(c, (const struct sockaddr *)&op->addr, op->alen);
	err = errno;
	DISARM(n, left);
	if (rc == 0) {
		s = accept(op->lfd, NULL, NULL);
		if (s < 0)
			rc = -1, err = EPROTO;	/* connected but nothing to accept */
		else
			close(s);
	}
	close(c);
	return rc ? -err : 0;
}

static int wait_in(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1;
}

/* accept(): a failed accept must leave the connection for the next one. */
static int run_accept(const struct op *op, int n, long *left)
{
	int c = socket(op->domain, op->type, 0), s, err;
	struct linger l = { 1, 0 };

	if (c < 0)
		return -EBADF;
	if (connect(c, (const struct sockaddr *)&op->addr, op->alen) ||
	    !wait_in(op->lfd, 5000)) {
		close(c);
		return -EBADF;
	}
	ARM(n);
	s = accept(op->lfd, NULL, NULL);
	err = errno;
	DISARM(n, left);
	if (s < 0) {
		/* The connection is still queued: take it now. */
		int s2 = wait_in(op->lfd, 5000) ? accept(op->lfd, NULL, NULL) : -1;

		if (s2 < 0) {
			diag("%s: the connection was lost with the failed accept", op->name);
			err = EPROTO;
		} else {
			close(s2);
		}
	} else {
		close(s);
	}
	if (op->domain != AF_UNIX)
		setsockopt(c, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	close(c);
	return s < 0 ? -err : 0;
}

/* Allocation numbers per outcome, for one summary line per call. */
struct outcomes {
	char enomem[160], enfile[64], enobufs[64], alt[64], absorbed[200], other[160];
};

static void note(char *list, size_t size, int n, const char *extra)
{
	size_t l = strlen(list);

	if (l + 16 < size)
		snprintf(list + l, size - l, "%s%d%s", l ? "," : "", n, extra);
}

/*
 * N = 1, 2, ... until the call makes fewer than N allocations.  Each
 * injected failure must give ENOMEM or be absorbed (an allocation the call
 * can do without, such as kmemleak's own metadata), and the call must work
 * again at once.  Two other errnos are the kernel's own choice upstream
 * and are reported, not failed: ENFILE when the socket inode cannot be
 * allocated (sock_alloc() in __sock_create(), socketpair() and accept()),
 * ENOBUFS when inet6_create()'s sk_alloc() fails.  With enomem_only they
 * fail too.  Returns the number of failed checks.
 */
static int sweep(const struct op *op, int enomem_only, long *injected)
{
	struct outcomes o;
	int n, bad = 0, rc;
	long left, inj = 0;

	memset(&o, 0, sizeof(o));
	for (n = 1; n <= MAXN; n++) {
		rc = op->run(op, n, &left);
		ft.calls++;
		if (left < 0) {
			diag("%s: fail-nth could not be read back", op->name);
			return bad + 1;
		}
		if (left > 0) {
			/* Fewer than n allocations: nothing was injected. */
			if (rc) {
				diag("%s: failed (%s) without an injected failure",
				     op->name, strerror(-rc));
				bad++;
			}
			break;
		}
		ft.injected++;
		inj++;
		if (rc == 0) {
			ft.tolerated++;
			note(o.absorbed, sizeof(o.absorbed), n, "");
		} else if (rc == -ENOMEM) {
			ft.enomem++;
			note(o.enomem, sizeof(o.enomem), n, "");
		} else if (rc == -ENFILE && !enomem_only) {
			ft.enfile++;
			note(o.enfile, sizeof(o.enfile), n, "");
		} else if (rc == -ENOBUFS && op->domain == AF_INET6 && !enomem_only) {
			ft.enobufs++;
			note(o.enobufs, sizeof(o.enobufs), n, "");
		} else if (op->alt_errno && rc == -op->alt_errno && !enomem_only) {
			ft.alt++;
			note(o.alt, sizeof(o.alt), n, "");
		} else {
			ft.other++;
			note(o.other, sizeof(o.other), n, "");
			finding("%s: allocation %d failed with %s, not ENOMEM", op->name,
				n, strerror(-rc));
			bad++;
		}
		rc = op->run(op, 0, &left);
		if (rc) {
			diag("%s: after the failure at allocation %d the call fails: %s",
			     op->name, n, strerror(-rc));
			bad++;
		} else {
			ft.recovered++;
		}
	}
	if (n > MAXN) {
		diag("%s: still allocating after %d allocations", op->name, MAXN);
		bad++;
	}
	if (injected)
		*injected += inj;
	if (!injected || verbose_sweeps)
		diag("%s: %ld allocations failed in turn: ENOMEM at %s; absorbed at %s%s%s%s%s%s%s%s%s%s%s",
		     op->name, inj, *o.enomem ? o.enomem : "-",
		     *o.absorbed ? o.absorbed : "-",
		     *o.enfile ? "; ENFILE at " : "", o.enfile,
		     *o.enobufs ? "; ENOBUFS at " : "", o.enobufs,
		     *o.alt ? "; " : "", *o.alt ? strerror(op->alt_errno) : "",
		     *o.alt ? " at " : "", o.alt,
		     *o.other ? "; other errno at " : "", o.other);
	return bad;
}

static void snap_sockets(struct slab_snap *s, int with_blobs)
{
	int i;

	memset(s, 0, sizeof(*s));
	slab_snap_sockets(s);
	if (with_blobs) {
		if (!ft.blob_probed) {
			ft.nblob = slab_socket_blob_caches(ft.blob, ft.ratio, 8);
			ft.blob_probed = 1;
		}
		for (i = 0; i < ft.nblob; i++)
			slab_snap_add(s, ft.blob[i], slab_objs_per_slab(ft.blob[i]));
	}
	slab_snap_take(s);
}

static int settle(const struct slab_snap *base, const char *what)
{
	int waited, bad = slab_snap_settle(base, 10000, &waited);

	if (bad)
		diag("%s: %d caches not back to their start counts", what, bad);
	return bad;
}

static enum result need_failslab(void)
{
	if (!failslab_ready())
		return skip("no failslab (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)");
	return PASS;
}

static enum result sockets(void)
{
	struct slab_snap base;
	struct op op = { .run = run_socket };
	int bad = 0, fd, tried = 0;
	char name[48];
	size_t i;

	if (need_failslab() == SKIP)
		return SKIP;
	snap_sockets(&base, 1);
	for (i = 0; i < nsock_families; i++) {
		const struct family *f = &sock_families[i];

		fd = socket(f->domain, f->type, f->protocol);
		if (fd < 0)
			continue;
		close(fd);
		snprintf(name, sizeof(name), "socket(%s)", f->name);
		op.name = name;
		op.domain = f->domain;
		op.type = f->type;
		op.protocol = f->protocol;
		bad += sweep(&op, 0, NULL);
		tried++;
	}
	bad += settle(&base, "socket()");
	if (tried < 3)
		return fail("only %d families", tried);
	return bad ? fail("%d checks failed", bad) : PASS;
}

static enum result socketpairs(void)
{
	static const struct { const char *name; int type; } t[] = {
		{ "socketpair(unix/stream)", SOCK_STREAM },
		{ "socketpair(unix/dgram)", SOCK_DGRAM },
		{ "socketpair(unix/seqpacket)", SOCK_SEQPACKET },
	};
	struct slab_snap base;
	struct op op = { .run = run_socketpair };
	int bad = 0;
	size_t i;

	if (need_failslab() == SKIP)
		return SKIP;
	snap_sockets(&base, 1);
	for (i = 0; i < 3; i++) {
		op.name = t[i].name;
		op.type = t[i].type;
		bad += sweep(&op, 0, NULL);
	}
	bad += settle(&base, "socketpair()");
	return bad ? fail("%d checks failed", bad) : PASS;
}

static int unix_listener(struct op *op, int type)
{
	struct sockaddr_un *sun = (struct sockaddr_un *)&op->addr;

	memset(&op->addr, 0, sizeof(op->addr));
	sun->sun_family = AF_UNIX;
	snprintf(sun->sun_path + 1, sizeof(sun->sun_path) - 1, "lsmtest-faults-%d-%d",
		 (int)getpid(), type);
	op->alen = offsetof(struct sockaddr_un, sun_path) + 1 +
		   strlen(sun->sun_path + 1);
	op->lfd = socket(AF_UNIX, type, 0);
	if (op->lfd < 0)
		return -1;
	if (bind(op->lfd, (struct sockaddr *)&op->addr, op->alen) ||
	    listen(op->lfd, 16)) {
		close(op->lfd);
		return -1;
	}
	return 0;
}

static int tcp_listener(struct op *op, int domain)
{
	int one = 1;

	memset(&op->addr, 0, sizeof(op->addr));
	if (domain == AF_INET6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&op->addr;

		a->sin6_family = AF_INET6;
		a->sin6_addr = in6addr_loopback;
		op->alen = sizeof(*a);
	} else {
		struct sockaddr_in *a = (struct sockaddr_in *)&op->addr;

		a->sin_family = AF_INET;
		a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		op->alen = sizeof(*a);
	}
	op->lfd = socket(domain, SOCK_STREAM, 0);
	if (op->lfd < 0)
		return -1;
	setsockopt(op->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(op->lfd, (struct sockaddr *)&op->addr, op->alen) ||
	    listen(op->lfd, 16) ||
	    getsockname(op->lfd, (struct sockaddr *)&op->addr, &op->alen)) {
		close(op->lfd);
		return -1;
	}
	return 0;
}

static enum result connect_accept(void)
{
	struct slab_snap base;
	struct op op;
	int bad = 0, v;

	if (need_failslab() == SKIP)
		return SKIP;
	if (loopback_up())
		return fail("cannot bring lo up: %s", strerror(errno));
	snap_sockets(&base, 1);
	memset(&op, 0, sizeof(op));
	op.domain = AF_UNIX;
	op.type = SOCK_STREAM;
	if (unix_listener(&op, SOCK_STREAM))
		return fail("unix listener: %s", strerror(errno));
	op.name = "connect(unix/stream)";
	op.run = run_unix_connect;
	bad += sweep(&op, 0, NULL);
	op.name = "accept(unix/stream)";
	op.run = run_accept;
	bad += sweep(&op, 0, NULL);
	close(op.lfd);
	op.type = SOCK_SEQPACKET;
	if (unix_listener(&op, SOCK_SEQPACKET))
		return fail("unix seqpacket listener: %s", strerror(errno));
	op.name = "connect(unix/seqpacket)";
	op.run = run_unix_connect;
	bad += sweep(&op, 0, NULL);
	close(op.lfd);
	for (v = 0; v < 2; v++) {
		memset(&op, 0, sizeof(op));
		op.domain = v ? AF_INET6 : AF_INET;
		op.type = SOCK_STREAM;
		if (tcp_listener(&op, op.domain)) {
			if (v)
				continue;
			return fail("tcp listener: %s", strerror(errno));
		}
		op.name = v ? "accept(inet6/tcp)" : "accept(inet/tcp)";
		op.run = run_accept;
		bad += sweep(&op, 0, NULL);
		close(op.lfd);
	}
	bad += settle(&base, "connect/accept");
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Since 5.9 a cache's failslab mark is read-only in sysfs: it is set at
 * boot with slub_debug=A,<cache>,...  (see the suite's comment).
 */
static int cache_marked(const char *cache)
{
	char path[128], buf[16];

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/failslab", cache);
	return read_file(path, buf, sizeof(buf)) > 0 && buf[0] == '1';
}

#define SLUB_DEBUG_HINT "slub_debug=A,kmalloc-32,kmalloc-64,kmalloc-96,kmalloc-128,kmalloc-192,TCP,TCPv6"

/*
 * Each module's blob: fail-nth restricted to the caches marked for
 * failslab, so N counts their allocations only: on legacy N = 1, 2, ...
 * fails each module's blob in hook order.  Repeated so that a blob left
 * behind per failure would stand out from the shared cache's noise.  Once
 * inodes carry chains (legacy-chain-port patch 17) the socket inode's
 * module nodes come first, from the same kmalloc caches: a failure there
 * fails sock_alloc(), which gives ENFILE by design (counted apart, as in
 * the plain sweeps).
 */
static enum result module_blobs(void)
{
	struct slab_snap base;
	struct op ops[3];
	int bad = 0, c, r, rounds = 16, marked = 0;
	long inj;
	size_t k;

	if (need_failslab() == SKIP)
		return SKIP;
	snap_sockets(&base, 1);
	if (!ft.nblob)
		return fail("no kmalloc cache gains an object per socket: where are the blobs?");
	for (c = 0; c < ft.nblob; c++) {
		int m = cache_marked(ft.blob[c]);

		diag("socket blob cache %s: %d.%02d objects per socket, %s", ft.blob[c],
		     ft.ratio[c] / 100, ft.ratio[c] % 100,
		     m ? "marked for failslab" : "not marked for failslab");
		marked += m;
		/* one more round than the count check tolerates */
		if (slab_objs_per_slab(ft.blob[c]) + 8 > rounds)
			rounds = slab_objs_per_slab(ft.blob[c]) + 8;
	}
	if (!marked)
		return skip("no socket blob cache is marked for failslab: boot with " SLUB_DEBUG_HINT);
	memset(ops, 0, sizeof(ops));
	ops[0].name = "socket(unix/dgram), marked caches";
	ops[0].run = run_socket;
	ops[0].domain = AF_UNIX;
	ops[0].type = SOCK_DGRAM;
	ops[1].name = "socket(inet/tcp), marked caches";
	ops[1].run = run_socket;
	ops[1].domain = AF_INET;
	ops[1].type = SOCK_STREAM;
	ops[2].name = "connect(unix/stream), marked caches";
	ops[2].run = run_unix_connect;
	ops[2].domain = AF_UNIX;
	ops[2].type = SOCK_STREAM;
	if (unix_listener(&ops[2], SOCK_STREAM))
		return fail("unix listener: %s", strerror(errno));
	fs_set("cache-filter", "Y");
	for (k = 0; k < 3; k++) {
		inj = 0;
		for (r = 0; r < rounds; r++) {
			verbose_sweeps = r == 0;
			bad += sweep(&ops[k], 0, &inj);
		}
		verbose_sweeps = 0;
		diag("%s: %ld failures in %d rounds", ops[k].name, inj, rounds);
		if (!inj) {
			diag("%s: no allocation of a marked cache to fail", ops[k].name);
			bad++;
		}
	}
	fs_set("cache-filter", "N");
	close(ops[2].lfd);
	bad += settle(&base, "module blobs");
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Softirq: a TCP listener clones the child socket when the handshake's
 * last ACK arrives, GFP_ATOMIC, outside any task (fail-nth cannot reach
 * it).  With the cache filter on, failslab's probability 100 and times 1
 * fail the next allocation of a marked cache anywhere; its space budget
 * (bytes) lets that many bytes of marked allocations pass first: 0 fails
 * the child socket itself (when the TCP cache is marked), the child's
 * size fails its first blob, and so on.  The peer retries the handshake,
 * so the connection must still be accepted, and nothing be left over.
 */
static int softirq_connect(struct op *op, long space, const char *what)
{
	int c, s, rc = 0;
	char b = 's', sp[32];
	struct linger l = { 1, 0 };
	long times;

	c = socket(op->domain, SOCK_STREAM, 0);
	if (c < 0)
		return 1;
	fs_set("cache-filter", "Y");
	snprintf(sp, sizeof(sp), "%ld", space);
	fs_set("space", sp);
	fs_set("times", "1");
	fs_set("probability", "100");
	if (connect(c, (struct sockaddr *)&op->addr, op->alen) ||
	    write(c, &b, 1) != 1 || !wait_in(op->lfd, 10000)) {
		diag("softirq %s: connect/accept did not complete: %s", what,
		     strerror(errno));
		rc = 1;
	}
	times = fs_get("times");
	fs_quiet();
	if (!rc) {
		s = accept(op->lfd, NULL, NULL);
		if (s < 0 || !wait_in(s, 5000) || read(s, &b, 1) != 1) {
			diag("softirq %s: accepted connection broken", what);
			rc = 1;
		}
		if (s >= 0)
			close(s);
	}
	setsockopt(c, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	close(c);
	if (times == 0)
		ft.softirq++, ft.injected++;
	diag("softirq %s: failure %s", what, times == 0 ? "injected" : "not reached");
	return rc;
}

static long object_size(const char *cache)
{
	char path[128], buf[32];

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/object_size", cache);
	return read_file(path, buf, sizeof(buf)) > 0 ? strtol(buf, NULL, 10) : 0;
}

static enum result softirq_clone(void)
{
	struct slab_snap base;
	struct op op;
	int bad = 0, v, k, kmax = 0, c;
	long sksize, bsize = 0;
	char what[80];

	if (need_failslab() == SKIP)
		return SKIP;
	if (loopback_up())
		return fail("cannot bring lo up: %s", strerror(errno));
	snap_sockets(&base, 1);
	for (c = 0; c < ft.nblob; c++)
		if (cache_marked(ft.blob[c])) {
			kmax += (ft.ratio[c] + 50) / 100;
			bsize = object_size(ft.blob[c]);
		}
	if (!cache_marked("TCP") || !kmax)
		return skip("the TCP cache and the socket blob caches are not marked for failslab: boot with " SLUB_DEBUG_HINT);
	if (kmax > 1)
		diag("%d blobs per socket: the space budget assumes they are in caches of %ld-byte objects",
		     kmax, bsize);
	for (v = 0; v < 2; v++) {
		memset(&op, 0, sizeof(op));
		op.domain = v ? AF_INET6 : AF_INET;
		if (tcp_listener(&op, op.domain))
			continue;
		sksize = object_size(v ? "TCPv6" : "TCP");
		snprintf(what, sizeof(what), "%s child socket", v ? "TCPv6" : "TCP");
		bad += softirq_connect(&op, 0, what);
		for (k = 0; k < kmax; k++) {
			snprintf(what, sizeof(what), "%s child's blob %d", v ? "TCPv6" : "TCP",
				 k + 1);
			bad += softirq_connect(&op, sksize + k * bsize + 1, what);
		}
		close(op.lfd);
	}
	bad += settle(&base, "softirq clone");
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * System V IPC: creating a message queue, a semaphore set or a shared
 * memory segment allocates the object and, through security_*_alloc(), the
 * modules' blobs on its kern_ipc_perm (on legacy one node per module,
 * chained in turn); msgsnd() allocates the message and its msg_msg blobs.
 * A failure at any of them must give ENOMEM and free what the modules
 * before it chained: KASAN sees a double free, kmemleak (scanned at the
 * end of the run) a node left behind.  shmget() gives ENOSPC when shmem
 * cannot allocate the segment's inode (shmem_get_inode()), by design.
 */
static int run_ipcget(const struct op *op, int n, long *left)
{
	int id, err;

	ARM(n);
	switch (op->type) {
	case 'm':
		id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
		break;
	case 's':
		id = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
		break;
	default:
		id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		break;
	}
	err = errno;
	DISARM(n, left);
	if (id < 0)
		return -err;
	if (op->type == 'm')
		msgctl(id, IPC_RMID, NULL);
	else if (op->type == 's')
		semctl(id, 0, IPC_RMID);
	else
		shmctl(id, IPC_RMID, NULL);
	return 0;
}

static int run_msgsnd(const struct op *op, int n, long *left)
{
	struct { long mtype; char mtext[64]; } m = { 1, "lsmtest" };
	int rc, err;

	ARM(n);
	rc = msgsnd(op->lfd, &m, sizeof(m.mtext), IPC_NOWAIT);
	err = errno;
	DISARM(n, left);
	if (rc)
		return -err;
	if (msgrcv(op->lfd, &m, sizeof(m.mtext), 0, IPC_NOWAIT) < 0)
		return -errno;
	return 0;
}

static enum result ipc(void)
{
	static const struct { const char *name; int type, alt; } t[] = {
		{ "msgget()", 'm', 0 },
		{ "semget()", 's', 0 },
		{ "shmget()", 'h', ENOSPC },
	};
	struct op op = { .run = run_ipcget };
	int bad = 0;
	size_t i;

	if (need_failslab() == SKIP)
		return SKIP;
	for (i = 0; i < 3; i++) {
		op.name = t[i].name;
		op.type = t[i].type;
		op.alt_errno = t[i].alt;
		bad += sweep(&op, 0, NULL);
	}
	memset(&op, 0, sizeof(op));
	op.name = "msgsnd()";
	op.run = run_msgsnd;
	op.lfd = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (op.lfd < 0)
		return fail("msgget: %s", strerror(errno));
	bad += sweep(&op, 0, NULL);
	msgctl(op.lfd, IPC_RMID, NULL);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Files (legacy-chain-port patch 12: a file's blobs are a chain, one node
 * per module): open() of a tmpfs file and pipe() allocate struct file and
 * every module's file blob.  A failure at any allocation must give ENOMEM
 * (pipe(): ENFILE when the pipe inode cannot be allocated, by design) and
 * free the blobs the modules before the failing one chained: KASAN sees a
 * double free, kmemleak a node left behind, and the filp cache returns to
 * its start count once the RCU-deferred frees ran.
 */
#define FILES_PATH "/tmp/lsmtest-faults-file"

static int run_open(const struct op *op, int n, long *left)
{
	int fd, err;

	(void)op;

	ARM(n);
	fd = open(FILES_PATH, O_RDONLY | O_CLOEXEC);
	err = errno;
	DISARM(n, left);
	if (fd < 0)
		return -err;
	close(fd);
	return 0;
}

static int run_pipe(const struct op *op, int n, long *left)
{
	int p[2], rc, err;

	(void)op;

	ARM(n);
	rc = pipe(p);
	err = errno;
	DISARM(n, left);
	if (rc)
		return -err;
	close(p[0]);
	close(p[1]);
	return 0;
}

/*
 * Sweep each of nops operations, then wait for the objects of one slab
 * cache (the object the calls create) to come back to their start count.
 * Returns the number of failed checks.
 */
static int sweep_settle(const struct op *ops, size_t nops, int enomem_only,
			const char *cache, const char *what)
{
	struct slab_snap base;
	int bad = 0;
	size_t i;

	slab_snap_one(&base, cache);
	for (i = 0; i < nops; i++)
		bad += sweep(&ops[i], enomem_only, NULL);
	return bad + settle(&base, what);
}

static enum result files(void)
{
	static const struct op ops[] = {
		{ .name = "open()", .run = run_open },
		{ .name = "pipe()", .run = run_pipe },
	};
	int fd, bad;

	if (need_failslab() == SKIP)
		return SKIP;
	fd = open(FILES_PATH, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || close(fd))
		return fail("creating %s: %s", FILES_PATH, strerror(errno));
	bad = sweep_settle(ops, sizeof(ops) / sizeof(ops[0]), 0, "filp", "files");
	unlink(FILES_PATH);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Credentials (legacy-chain-port patch 14: each module chains its own cred
 * blob; the composite blob of the modules that do not, Landlock's, is a
 * node of the same chain).  prctl(PR_SET_KEEPCAPS) prepares and commits a
 * new cred every time: the cred itself, the composite blob and every
 * module's node are allocated in turn (Smack also copies its rule lists),
 * so each can be failed.  The call must give ENOMEM and a failure in a
 * later module must free what the earlier ones chained; cred_jar returns
 * to its start count once the RCU-deferred frees of the old creds ran.
 */
static int run_keepcaps(const struct op *op, int n, long *left)
{
	int rc, err;

	(void)op;

	ARM(n);
	rc = prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0);
	err = errno;
	DISARM(n, left);
	return rc ? -err : 0;
}

static enum result creds(void)
{
	static const struct op keepcaps = {
		.name = "prctl(PR_SET_KEEPCAPS)", .run = run_keepcaps,
	};
	int bad;

	if (need_failslab() == SKIP)
		return SKIP;
	bad = sweep_settle(&keepcaps, 1, 1, "cred_jar", "creds");
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Superblocks (patch 15): mounting a tmpfs allocates the superblock, the
 * composite blob (Landlock's slice) and the modules' own nodes.  Every
 * failure must give ENOMEM, free what the earlier modules chained (KASAN,
 * kmemleak) and leave the mount point empty.
 */
#define SB_MNT "/tmp/lsmtest-faults-sb"

static int run_mount(const struct op *op, int n, long *left)
{
	int rc, err;

	(void)op;

	ARM(n);
	rc = mount("tmpfs", SB_MNT, "tmpfs", 0, NULL);
	err = errno;
	DISARM(n, left);
	if (rc)
		return -err;
	return umount(SB_MNT) ? -errno : 0;
}

static enum result superblocks(void)
{
	static const struct op mnt = { .name = "mount(tmpfs)", .run = run_mount };
	int bad;

	if (need_failslab() == SKIP)
		return SKIP;
	if (mkdir(SB_MNT, 0755) && errno != EEXIST)
		return fail("mkdir %s: %s", SB_MNT, strerror(errno));
	bad = sweep(&mnt, 1, NULL);
	if (umount(SB_MNT) == 0) {
		diag("a failed mount left a tmpfs mounted");
		bad++;
	}
	rmdir(SB_MNT);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Inodes (patch 17: SELinux and Smack chain their own inode blob; the
 * composite blob, Landlock's and the BPF LSM's slices, is a node of the
 * same chain).  Creating a file on a fresh tmpfs allocates the inode, the
 * composite blob, every module's node and the modules' xattrs, each of
 * which can be failed.  tmpfs reports a failed inode allocation as ENOSPC
 * (shmem_get_inode() returns no inode), by design; anything else must give
 * ENOMEM.  A failure in a later module must free what the earlier ones
 * chained (KASAN, kmemleak), and shmem_inode_cache returns to its start
 * count once the RCU-deferred frees of the inodes and their nodes ran.
 */
#define INODE_MNT "/tmp/lsmtest-faults-inode"
#define INODE_PATH INODE_MNT "/f"

static int run_creat(const struct op *op, int n, long *left)
{
	int fd, err;

	(void)op;

	ARM(n);
	fd = open(INODE_PATH, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
	err = errno;
	DISARM(n, left);
	if (fd < 0)
		return -err;
	close(fd);
	return unlink(INODE_PATH) ? -errno : 0;
}

static enum result inodes(void)
{
	static const struct op creat = {
		.name = "open(O_CREAT) on tmpfs", .run = run_creat,
		.alt_errno = ENOSPC,
	};
	int bad, rc;

	if (need_failslab() == SKIP)
		return SKIP;
	rc = mount_tmpfs(INODE_MNT, NULL);
	if (rc)
		return fail("mount tmpfs on %s: %s", INODE_MNT, strerror(-rc));
	bad = sweep_settle(&creat, 1, 0, "shmem_inode_cache", "inodes");
	if (umount(INODE_MNT)) {
		diag("umount %s: %s", INODE_MNT, strerror(errno));
		bad++;
	}
	rmdir(INODE_MNT);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Tasks (legacy-chain-port patch 16: AppArmor chains its own task blob;
 * the composite blob, the display and TOMOYO's slice, is a node of the
 * same chain).  vfork() copies no address space, so a sweep stays short:
 * the task, its cred (with every module's cred node), the task chain and
 * the rest of copy_process() are allocated in the parent, each can be
 * failed, and the call must give ENOMEM.  A failure in a later module must
 * free what the earlier ones chained (KASAN, kmemleak, the warning of
 * security_task_free() on a chain left non-empty); task_struct returns to
 * its start count once the RCU-deferred frees of the reaped children ran.
 */
static int run_vfork(const struct op *op, int n, long *left)
{
	int err, status;
	pid_t pid;

	(void)op;

	ARM(n);
	pid = vfork();
	if (pid == 0)
		_exit(0);
	err = errno;
	DISARM(n, left);
	if (pid < 0)
		return -err;
	if (waitpid(pid, &status, 0) != pid)
		return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -ECHILD;
}

static enum result tasks(void)
{
	static const struct op vf = { .name = "vfork()", .run = run_vfork };
	int bad;

	if (need_failslab() == SKIP)
		return SKIP;
	bad = sweep_settle(&vf, 1, 1, "task_struct", "tasks");
	return bad ? fail("%d checks failed", bad) : PASS;
}

static enum result figures(void)
{
	char blobs[200] = "";
	int i;

	if (!failslab_ready()) {
		diag("figures: suite=faults injected=0 failslab=absent");
		return skip("no failslab");
	}
	for (i = 0; i < ft.nblob; i++)
		snprintf(blobs + strlen(blobs), sizeof(blobs) - strlen(blobs), "%s%s:%d.%02d",
			 i ? "," : "", ft.blob[i], ft.ratio[i] / 100, ft.ratio[i] % 100);
	if (ft.enfile)
		diag("finding: %ld injected failures gave ENFILE, not ENOMEM: the socket inode allocation (sock_alloc() in __sock_create(), socketpair(), accept())",
		     ft.enfile);
	if (ft.enobufs)
		diag("finding: %ld injected failures gave ENOBUFS, not ENOMEM: inet6_create() returns ENOBUFS when sk_alloc() (socket or LSM blob) fails",
		     ft.enobufs);
	diag("figures: suite=faults injected=%ld calls=%ld absorbed=%ld enomem=%ld enfile=%ld enobufs=%ld other_by_design=%ld other_errno=%ld recovered=%ld softirq=%ld blob_caches=%s ms=%lld",
	     ft.injected, ft.calls, ft.tolerated, ft.enomem, ft.enfile, ft.enobufs,
	     ft.alt, ft.other, ft.recovered, ft.softirq, *blobs ? blobs : "none",
	     now_ms() - t_start);
	fs_quiet();
	return PASS;
}

TIMED(sockets)
TIMED(socketpairs)
TIMED(connect_accept)
TIMED(module_blobs)
TIMED(softirq_clone)
TIMED(ipc)
TIMED(files)
TIMED(creds)
TIMED(superblocks)
TIMED(inodes)
TIMED(tasks)
TIMED(figures)

static const struct tcase faults_cases[] = {
	{ "sockets", sockets_timed },
	{ "socketpairs", socketpairs_timed },
	{ "connect_accept", connect_accept_timed },
	{ "module_blobs", module_blobs_timed },
	{ "softirq_clone", softirq_clone_timed },
	{ "ipc", ipc_timed },
	{ "files", files_timed },
	{ "creds", creds_timed },
	{ "superblocks", superblocks_timed },
	{ "inodes", inodes_timed },
	{ "tasks", tasks_timed },
	{ "figures", figures_timed },
};
SUITE(faults, faults_cases);

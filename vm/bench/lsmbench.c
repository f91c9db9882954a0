// SPDX-License-Identifier: GPL-2.0
/*
 * lsmbench: in-guest microbenchmarks of the LSM hooks on the socket and
 * procfs paths.  Usage:
 *
 *   lsmbench [-n ITERS] [-t THREADS] [-s SOCKETS] NAME...
 *
 * NAME is one benchmark (see the table below), "micro" (every single-thread
 * microbenchmark), "slab" (the memory measurements) or "churn" (threads
 * creating and destroying sockets at once).  Each benchmark prints one line
 *
 *   BENCH name=NAME iters=N total_ns=T ns_per_op=X result=ok|ERRNO
 *
 * timed with clock_gettime(CLOCK_MONOTONIC) around N iterations after N/10
 * warm-up iterations.  Under qemu -icount shift=0 the guest clock counts
 * instructions, so ns_per_op is instructions per operation and repeats
 * exactly.  A call that fails (e.g. SO_PEERCONTEXT on a kernel without it:
 * ENOPROTOOPT) is still timed; result= names the errno of the first call.
 *
 * The slab measurements open SOCKETS sockets (default 10000) of one kind and
 * print, from /proc/slabinfo before and after (sum of active_objs * objsize
 * over every cache, after writing 1 to every /sys/kernel/slab/CACHE/shrink,
 * once two snapshots 20 ms apart agree: RCU-freed objects gone) and
 * /proc/meminfo's Slab:
 *
 *   SLAB name=KIND sockets=N bytes_per_socket=X objs_per_socket=Y
 *        meminfo_bytes_per_socket=Z
 *   SLABCACHE name=KIND cache=C objs_per_socket=Y bytes_per_socket=X
 *
 * (one SLABCACHE line per cache that grew by at least one object per 100
 * sockets).
 *
 * "locks" (kernels with CONFIG_LOCK_STAT: the test kernels) counts lock
 * acquisitions per operation for the microbenchmarks of locks_benches[]:
 * after the warm-up, /proc/lock_stat is cleared ("0"), ITERS operations run
 * and /proc/lock_stat is read; the same done once with no operation at all
 * (clearing and reading lock_stat itself) is subtracted.
 * Acquisitions are counted per lock class as lockdep names it, read and
 * write sides of a rwlock apart ("-R", "-W"), when the lock is released.
 * One line per figure:
 *
 *   LOCKS name=NAME iters=N class=CLASS acquisitions=A per_op=X
 *
 * CLASS "all" is the sum over every class (timer interrupts included, a
 * few hundredths per operation), "security_list" the sum over the classes
 * whose name starts with security_list (the legacy chains' global lock:
 * printed, as 0, on kernels without it); then each security_list* class
 * and each class taken at least once per two operations.  Spaces in class
 * names become '_'.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#ifndef SO_PEERCONTEXT
#define SO_PEERCONTEXT 76
#endif

static long iters = 2000;
static int nthreads = 2;
static long nsockets = 10000;

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void die(const char *what)
{
	printf("BENCHERROR %s: %s\n", what, strerror(errno));
	fflush(stdout);
	exit(1);
}

/* Benchmark state: set up once, then op() runs once per iteration. */
struct bench {
	const char *name;
	int (*setup)(void);	/* 0 or -errno */
	int (*op)(void);	/* 0 or -errno */
	void (*teardown)(void);
};

static int sv[2] = { -1, -1 };
static int attr_fd = -1;
static int listen_fd = -1;
static struct sockaddr_in listen_addr;

static int sock_close(int family, int type)
{
	int fd = socket(family, type, 0);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int op_unix_stream(void) { return sock_close(AF_UNIX, SOCK_STREAM); }
static int op_unix_dgram(void) { return sock_close(AF_UNIX, SOCK_DGRAM); }
static int op_inet_tcp(void) { return sock_close(AF_INET, SOCK_STREAM); }
static int op_inet_udp(void) { return sock_close(AF_INET, SOCK_DGRAM); }
static int op_inet6_tcp(void) { return sock_close(AF_INET6, SOCK_STREAM); }
static int op_inet6_udp(void) { return sock_close(AF_INET6, SOCK_DGRAM); }

static int pair_close(int type)
{
	int p[2];

	if (socketpair(AF_UNIX, type, 0, p))
		return -errno;
	close(p[0]);
	close(p[1]);
	return 0;
}

static int op_socketpair_stream(void) { return pair_close(SOCK_STREAM); }
static int op_socketpair_dgram(void) { return pair_close(SOCK_DGRAM); }

static int setup_pair(void)
{
	return socketpair(AF_UNIX, SOCK_STREAM, 0, sv) ? -errno : 0;
}

static void teardown_pair(void)
{
	close(sv[0]);
	close(sv[1]);
}

static int getopt_op(int opt)
{
	char buf[4096];
	socklen_t len = sizeof(buf);

	return getsockopt(sv[0], SOL_SOCKET, opt, buf, &len) ? -errno : 0;
}

static int op_peersec(void) { return getopt_op(SO_PEERSEC); }
static int op_peercontext(void) { return getopt_op(SO_PEERCONTEXT); }

static int setup_attr(const char *path)
{
	attr_fd = open(path, O_RDONLY);
	return attr_fd < 0 ? -errno : 0;
}

static int setup_attr_current(void) { return setup_attr("/proc/self/attr/current"); }
static int setup_attr_context(void) { return setup_attr("/proc/self/attr/context"); }

static void teardown_attr(void)
{
	if (attr_fd >= 0)
		close(attr_fd);
	attr_fd = -1;
}

/* One read of the attribute from offset 0: one call of the getprocattr hook. */
static int op_attr_read(void)
{
	char buf[4096];

	return pread(attr_fd, buf, sizeof(buf), 0) < 0 ? -errno : 0;
}

static int setup_listen(void)
{
	socklen_t len = sizeof(listen_addr);
	int one = 1;

	listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	if (listen_fd < 0)
		return -errno;
	setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&listen_addr, 0, sizeof(listen_addr));
	listen_addr.sin_family = AF_INET;
	listen_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listen_fd, (struct sockaddr *)&listen_addr, sizeof(listen_addr)) ||
	    listen(listen_fd, 128) ||
	    getsockname(listen_fd, (struct sockaddr *)&listen_addr, &len))
		return -errno;
	return 0;
}

static void teardown_listen(void)
{
	close(listen_fd);
	listen_fd = -1;
}

/*
 * socket, connect to the listener, accept, close both.  The client closes
 * with SO_LINGER 0 (RST), so no TIME_WAIT piles up and ports never run out.
 */
static int op_connect_accept(void)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };
	int c, a, err = 0;

	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0)
		return -errno;
	if (connect(c, (struct sockaddr *)&listen_addr, sizeof(listen_addr))) {
		err = -errno;
		close(c);
		return err;
	}
	a = accept(listen_fd, NULL, NULL);
	if (a < 0)
		err = -errno;
	setsockopt(c, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	close(c);
	if (a >= 0)
		close(a);
	return err;
}

static const struct bench benches[] = {
	{ "socket_unix_stream", NULL, op_unix_stream, NULL },
	{ "socket_unix_dgram", NULL, op_unix_dgram, NULL },
	{ "socket_inet_tcp", NULL, op_inet_tcp, NULL },
	{ "socket_inet_udp", NULL, op_inet_udp, NULL },
	{ "socket_inet6_tcp", NULL, op_inet6_tcp, NULL },
	{ "socket_inet6_udp", NULL, op_inet6_udp, NULL },
	{ "socketpair_unix_stream", NULL, op_socketpair_stream, NULL },
	{ "socketpair_unix_dgram", NULL, op_socketpair_dgram, NULL },
	{ "tcp_connect_accept", setup_listen, op_connect_accept, teardown_listen },
	{ "getsockopt_peersec", setup_pair, op_peersec, teardown_pair },
	{ "getsockopt_peercontext", setup_pair, op_peercontext, teardown_pair },
	{ "attr_current_read", setup_attr_current, op_attr_read, teardown_attr },
	{ "attr_context_read", setup_attr_context, op_attr_read, teardown_attr },
};
#define NBENCH (sizeof(benches) / sizeof(benches[0]))

static const char *errname(int err)
{
	static char buf[32];

	switch (err) {
	case 0: return "ok";
	case ENOPROTOOPT: return "ENOPROTOOPT";
	case EINVAL: return "EINVAL";
	case ENOENT: return "ENOENT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ERANGE: return "ERANGE";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EAFNOSUPPORT: return "EAFNOSUPPORT";
	case ENETUNREACH: return "ENETUNREACH";
	case ECONNREFUSED: return "ECONNREFUSED";
	}
	snprintf(buf, sizeof(buf), "errno%d", err);
	return buf;
}

static void run_bench(const struct bench *b)
{
	unsigned long long t0, t1;
	long i, warm = iters / 10;
	int first;

	if (b->setup) {
		int err = b->setup();

		if (err) {
			/* Nothing to time (e.g. attr/context absent). */
			printf("BENCH name=%s iters=0 total_ns=0 ns_per_op=0 result=%s\n",
			       b->name, errname(-err));
			fflush(stdout);
			return;
		}
	}
	first = b->op();
	for (i = 0; i < warm; i++)
		b->op();
	t0 = now_ns();
	for (i = 0; i < iters; i++)
		b->op();
	t1 = now_ns();
	if (b->teardown)
		b->teardown();
	printf("BENCH name=%s iters=%ld total_ns=%llu ns_per_op=%.1f result=%s\n",
	       b->name, iters, t1 - t0, (double)(t1 - t0) / iters, errname(-first));
	fflush(stdout);
}

/* ---- socket churn: several threads creating and destroying sockets ---- */

static pthread_barrier_t churn_barrier;
static int churn_family, churn_type;

static void *churn_thread(void *arg)
{
	long i;

	(void)arg;
	pthread_barrier_wait(&churn_barrier);
	for (i = 0; i < iters; i++)
		sock_close(churn_family, churn_type);
	pthread_barrier_wait(&churn_barrier);
	return NULL;
}

static void run_churn(const char *name, int family, int type)
{
	pthread_t th[64];
	unsigned long long t0, t1;
	int i, n = nthreads > 64 ? 64 : nthreads;

	churn_family = family;
	churn_type = type;
	pthread_barrier_init(&churn_barrier, NULL, n + 1);
	for (i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, churn_thread, NULL))
			die("pthread_create");
	pthread_barrier_wait(&churn_barrier);
	t0 = now_ns();
	pthread_barrier_wait(&churn_barrier);
	t1 = now_ns();
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&churn_barrier);
	/* ns per socket+close, all threads together (throughput view). */
	printf("BENCH name=%s threads=%d iters=%ld total_ns=%llu ns_per_op=%.1f result=ok\n",
	       name, n, iters * n, t1 - t0, (double)(t1 - t0) / (iters * n));
	fflush(stdout);
}

/* ---- slab bytes per open socket ---- */

#define MAXCACHE 512
struct slabsnap {
	int n;
	char name[MAXCACHE][64];
	long long objs[MAXCACHE];
	long long size[MAXCACHE];
	long long meminfo_slab;	/* bytes */
};

/*
 * SLUB counts every object of a CPU's active and partial slabs as in use:
 * shrink every cache first (flushes the per-CPU slabs, frees empty slabs),
 * so that active_objs counts objects actually allocated.
 */
static void shrink_all(void)
{
	char line[512], path[600];
	FILE *f = fopen("/proc/slabinfo", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char name[64];
		int fd;

		if (line[0] == '#' || sscanf(line, "%63s", name) != 1)
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink", name);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			/* Best effort: a cache that cannot shrink is counted as is. */
			ssize_t r = write(fd, "1", 1);

			(void)r;
			close(fd);
		}
	}
	fclose(f);
}

static void snap(struct slabsnap *s)
{
	char line[512];
	FILE *f;

	shrink_all();
	f = fopen("/proc/slabinfo", "r");

	s->n = 0;
	if (!f)
		die("/proc/slabinfo (the bench kernel needs CONFIG_SLUB_DEBUG)");
	while (fgets(line, sizeof(line), f)) {
		char name[64];
		long long active, num, objsize;

		if (line[0] == '#' || !strncmp(line, "slabinfo", 8))
			continue;
		if (sscanf(line, "%63s %lld %lld %lld", name, &active, &num, &objsize) != 4)
			continue;
		if (s->n == MAXCACHE)
			break;
		strcpy(s->name[s->n], name);
		s->objs[s->n] = active;
		s->size[s->n] = objsize;
		s->n++;
	}
	fclose(f);
	s->meminfo_slab = 0;
	f = fopen("/proc/meminfo", "r");
	if (f) {
		while (fgets(line, sizeof(line), f)) {
			long long kb;

			if (sscanf(line, "Slab: %lld kB", &kb) == 1)
				s->meminfo_slab = kb * 1024;
		}
		fclose(f);
	}
}

static long long total_objs(const struct slabsnap *s)
{
	long long t = 0;
	int i;

	for (i = 0; i < s->n; i++)
		t += s->objs[i];
	return t;
}

/*
 * Objects freed through RCU (socket inodes, maple nodes of the file table)
 * stay allocated until a grace period has passed: snapshot until two
 * snapshots 20 ms apart agree (at most 2 s), so the objects of sockets
 * closed just before are not counted.
 */
static void stable_snap(struct slabsnap *s)
{
	static struct slabsnap prev;
	struct timespec d = { 0, 20000000 };
	int i;

	snap(&prev);
	for (i = 0; i < 100; i++) {
		nanosleep(&d, NULL);
		snap(s);
		if (total_objs(s) == total_objs(&prev))
			return;
		prev = *s;
	}
}

static long long find_objs(const struct slabsnap *s, const char *name)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return s->objs[i];
	return 0;
}

static struct slabsnap before, after;

static void run_slab(const char *name, int family, int type, int pair)
{
	int *fds = calloc(nsockets, sizeof(int));
	long i, n = 0;
	long long bytes = 0, objs = 0;
	int k;

	if (!fds)
		die("calloc");
	stable_snap(&before);
	for (i = 0; i < nsockets; i += pair ? 2 : 1) {
		if (pair) {
			if (socketpair(family, type, 0, fds + i))
				die("socketpair");
			n += 2;
		} else {
			fds[i] = socket(family, type, 0);
			if (fds[i] < 0)
				die("socket");
			n++;
		}
	}
	stable_snap(&after);
	for (k = 0; k < after.n; k++) {
		long long d = after.objs[k] - find_objs(&before, after.name[k]);

		objs += d;
		bytes += d * after.size[k];
	}
	printf("SLAB name=%s sockets=%ld bytes_per_socket=%.1f objs_per_socket=%.3f meminfo_bytes_per_socket=%.1f\n",
	       name, n, (double)bytes / n, (double)objs / n,
	       (double)(after.meminfo_slab - before.meminfo_slab) / n);
	for (k = 0; k < after.n; k++) {
		long long d = after.objs[k] - find_objs(&before, after.name[k]);

		if (d * 100 >= n)
			printf("SLABCACHE name=%s cache=%s objsize=%lld objs_per_socket=%.3f bytes_per_socket=%.1f\n",
			       name, after.name[k], after.size[k], (double)d / n,
			       (double)d * after.size[k] / n);
	}
	fflush(stdout);
	for (i = 0; i < n; i++)
		close(fds[i]);
	free(fds);
}

/* ---- lock acquisitions per operation (/proc/lock_stat) ---- */

#define LOCK_STAT "/proc/lock_stat"
#define LOCK_PREFIX "security_list"

struct lockclass {
	char name[64];
	unsigned long long acq;
};

struct lockstat {
	int n, max;
	struct lockclass *c;
};

static int cmp_class(const void *a, const void *b)
{
	return strcmp(((const struct lockclass *)a)->name,
		      ((const struct lockclass *)b)->name);
}

static void clear_lock_stat(void)
{
	int fd = open(LOCK_STAT, O_WRONLY);

	if (fd < 0 || write(fd, "0", 1) != 1)
		die("clearing " LOCK_STAT);
	close(fd);
}

/*
 * A class's line: its name (right-aligned, may hold spaces), ':', then
 * twelve numbers: con-bounces, contentions, waittime min/max/total/avg,
 * acq-bounces, acquisitions, holdtime min/max/total/avg.  Other lines
 * (header, rules, contention points) do not end in twelve numbers after a
 * ':' and are skipped.
 */
static int parse_class(char *line, struct lockclass *c)
{
	char *tok[64], *p, *end;
	int nt = 0, i, k;

	for (p = strtok(line, " \t\n"); p && nt < 64; p = strtok(NULL, " \t\n"))
		tok[nt++] = p;
	if (nt < 13)
		return 0;
	for (i = nt - 12; i < nt; i++) {
		strtod(tok[i], &end);
		if (*end)
			return 0;
	}
	k = nt - 13;	/* last token of the name, ends in ':' */
	if (tok[k][strlen(tok[k]) - 1] != ':')
		return 0;
	tok[k][strlen(tok[k]) - 1] = 0;
	c->name[0] = 0;
	for (i = 0; i <= k; i++) {
		if (i)
			strncat(c->name, "_", sizeof(c->name) - strlen(c->name) - 1);
		strncat(c->name, tok[i], sizeof(c->name) - strlen(c->name) - 1);
	}
	c->acq = strtoull(tok[nt - 5], NULL, 10);
	return 1;
}

static void read_lock_stat(struct lockstat *s)
{
	char line[1024];
	FILE *f = fopen(LOCK_STAT, "r");

	if (!f)
		die(LOCK_STAT);
	s->n = 0;
	while (fgets(line, sizeof(line), f)) {
		if (s->n == s->max) {
			s->max = s->max ? 2 * s->max : 4096;
			s->c = realloc(s->c, s->max * sizeof(*s->c));
			if (!s->c)
				die("realloc");
		}
		if (parse_class(line, &s->c[s->n]))
			s->n++;
	}
	fclose(f);
	qsort(s->c, s->n, sizeof(*s->c), cmp_class);
}

static unsigned long long class_acq(const struct lockstat *s, const char *name)
{
	struct lockclass key, *c;

	snprintf(key.name, sizeof(key.name), "%s", name);
	c = bsearch(&key, s->c, s->n, sizeof(*s->c), cmp_class);
	return c ? c->acq : 0;
}

static void print_locks(const char *name, const char *cls, long long acq)
{
	printf("LOCKS name=%s iters=%ld class=%s acquisitions=%lld per_op=%.3f\n",
	       name, iters, cls, acq, (double)acq / iters);
}

/* Reading /proc/lock_stat is slow on a debug kernel: the operations that matter. */
static const char *const locks_benches[] = {
	"socket_unix_stream", "socket_inet_tcp", "socketpair_unix_stream",
	"tcp_connect_accept", "getsockopt_peersec", "getsockopt_peercontext",
	"attr_current_read", "attr_context_read",
};

static void run_locks(const struct bench *b)
{
	static struct lockstat base, meas;
	static int have_base;
	long long all = 0, mine = 0, d;
	long i;
	int k, err;

	if (!have_base) {
		/* The baseline: clearing and reading lock_stat, no operation. */
		clear_lock_stat();
		read_lock_stat(&base);
		have_base = 1;
	}
	err = b->setup ? b->setup() : 0;

	if (err) {
		/* Nothing to count (e.g. attr/context absent). */
		printf("LOCKS name=%s iters=0 class=all acquisitions=0 per_op=0 result=%s\n",
		       b->name, errname(-err));
		return;
	}
	for (i = 0; i < iters / 10 + 1; i++)
		b->op();
	clear_lock_stat();
	for (i = 0; i < iters; i++)
		b->op();
	read_lock_stat(&meas);
	if (b->teardown)
		b->teardown();
	for (k = 0; k < meas.n; k++) {
		d = meas.c[k].acq - class_acq(&base, meas.c[k].name);
		all += d;
		if (!strncmp(meas.c[k].name, LOCK_PREFIX, strlen(LOCK_PREFIX)))
			mine += d;
	}
	print_locks(b->name, "all", all);
	print_locks(b->name, LOCK_PREFIX, mine);
	for (k = 0; k < meas.n; k++) {
		d = meas.c[k].acq - class_acq(&base, meas.c[k].name);
		if (!strncmp(meas.c[k].name, LOCK_PREFIX, strlen(LOCK_PREFIX)) ?
		    strcmp(meas.c[k].name, LOCK_PREFIX) != 0 : d * 2 >= iters)
			print_locks(b->name, meas.c[k].name, d);
	}
	fflush(stdout);
}

static void raise_nofile(void)
{
	struct rlimit rl = { nsockets + 64, nsockets + 64 };

	if (setrlimit(RLIMIT_NOFILE, &rl))
		die("setrlimit(RLIMIT_NOFILE)");
}

static void run_name(const char *name)
{
	size_t i;

	if (!strcmp(name, "micro")) {
		for (i = 0; i < NBENCH; i++)
			run_bench(&benches[i]);
		return;
	}
	if (!strcmp(name, "slab")) {
		raise_nofile();
		run_slab("unix_stream", AF_UNIX, SOCK_STREAM, 0);
		run_slab("unix_stream_pair", AF_UNIX, SOCK_STREAM, 1);
		run_slab("inet_tcp", AF_INET, SOCK_STREAM, 0);
		run_slab("inet_udp", AF_INET, SOCK_DGRAM, 0);
		return;
	}
	if (!strcmp(name, "locks")) {
		if (access(LOCK_STAT, R_OK)) {
			printf("BENCHERROR locks: " LOCK_STAT ": %s (needs CONFIG_LOCK_STAT: a test kernel)\n",
			       strerror(errno));
			return;
		}
		for (i = 0; i < NBENCH; i++) {
			size_t j;

			for (j = 0; j < sizeof(locks_benches) / sizeof(locks_benches[0]); j++)
				if (!strcmp(benches[i].name, locks_benches[j]))
					run_locks(&benches[i]);
		}
		return;
	}
	if (!strcmp(name, "churn")) {
		run_churn("churn_unix_stream", AF_UNIX, SOCK_STREAM);
		run_churn("churn_inet_tcp", AF_INET, SOCK_STREAM);
		return;
	}
	for (i = 0; i < NBENCH; i++)
		if (!strcmp(benches[i].name, name)) {
			run_bench(&benches[i]);
			return;
		}
	fprintf(stderr, "lsmbench: unknown benchmark '%s'\n", name);
	exit(2);
}

int main(int argc, char **argv)
{
	int c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((c = getopt(argc, argv, "n:t:s:")) != -1) {
		switch (c) {
		case 'n': iters = atol(optarg); break;
		case 't': nthreads = atoi(optarg); break;
		case 's': nsockets = atol(optarg); break;
		default:
			fprintf(stderr, "usage: lsmbench [-n ITERS] [-t THREADS] [-s SOCKETS] NAME...\n");
			return 2;
		}
	}
	if (iters < 1 || nthreads < 1 || nsockets < 2)
		return 2;
	for (; optind < argc; optind++)
		run_name(argv[optind]);
	return 0;
}

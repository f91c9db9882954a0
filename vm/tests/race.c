// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "race": several threads on several CPUs at once on the same
 * objects, for a bounded time each (issue 36).  Each case is a table of
 * roles; every thread of a role is pinned to CPU (thread index % CPUs)
 * and loops until the case's time is up, counting its operations and
 * checking each result.  What a case races:
 *   dir_churn        directories made and removed by two threads while two
 *                    others look a name up in each: RCU path walks check
 *                    search permission on directory inodes, and read their
 *                    blobs, while another CPU frees them (15 s,
 *                    lsmtest_race_churn_secs=)
 *   inode_churn      directories, files and symlinks created and removed
 *                    by two threads while two others walk the same paths
 *                    (stat, lstat, open through the symlink, getxattr of
 *                    the display module's attribute): RCU path walks that
 *                    reach inodes, and their blobs, while the last
 *                    reference goes and the inode is freed
 *   relabel_walkers  (Smack) one file relabelled back and forth while
 *                    walkers read its label and open it: the label read
 *                    is always one of the two
 *   peer_vs_display  SO_PEERSEC and SO_PEERCONTEXT on one socketpair from
 *                    two threads while a third switches its own display
 *                    and a fourth reads that thread's attr/current (in
 *                    the reader's display) and attr/display (refused: a
 *                    task reads only its own) (two majors)
 *   close_vs_accept  connects and closes on one loopback TCP listener from
 *                    two threads while two accept, read SO_PEERSEC and close
 *   exec_vs_context  fork()+execve() of a short program in one thread while
 *                    two read /proc/PID/attr/context and attr/current of the
 *                    latest child, which is execing, exiting or gone
 * The harness checks the console for KASAN, lockdep, RCU and hung-task
 * reports; on the SMP test kernels (vm/matrix.txt, "qemu:smp=4") the
 * threads really run at once, with preemption.
 *
 * Kernel command line: lsmtest_race_secs=N (default 5) per case.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define RACE_DIR "/tmp/race"
#define NNAMES 4
#define MAX_THREADS 8
#define MAX_DIAG 5

/* One role of a case: COUNT threads running FN(thread index in the role). */
struct role {
	const char *name;
	void (*fn)(int i);
	int count;
};

static volatile int stop;
static __thread unsigned long iter;	/* this thread's operations so far */
static pthread_mutex_t diag_lock = PTHREAD_MUTEX_INITIALIZER;
static long ops[MAX_THREADS], bad;
static int ncpu;
static long total_ops, total_bad, cases_run;	/* for the figures line */

/* A failed check: counted, and the first few printed. */
static void race_bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void race_bad(const char *fmt, ...)
{
	va_list ap;
	char buf[256];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&diag_lock);
	if (bad++ < MAX_DIAG)
		diag("%s", buf);
	pthread_mutex_unlock(&diag_lock);
}

struct thread_arg {
	const struct role *role;
	int i, slot;
};

static void *thread_main(void *p)
{
	struct thread_arg *a = p;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(a->slot % ncpu, &set);
	sched_setaffinity(0, sizeof(set), &set);	/* best effort */
	while (!stop) {
		a->role->fn(a->i);
		ops[a->slot] = ++iter;
	}
	return NULL;
}

/* lsmtest_NAME=N from the kernel command line, else DEF (seconds). */
static int param_secs(const char *name, int def)
{
	const char *p = param(name);

	return *p && atoi(p) > 0 ? atoi(p) : def;
}

/* A case's time, unless it has its own. */
static int race_secs(void)
{
	return param_secs("race_secs", 5);
}

/* The directory the file cases work in, on /tmp's tmpfs. */
static enum result race_dir(void)
{
	if (mkdir(RACE_DIR, 0755) && errno != EEXIST)
		return fail("mkdir " RACE_DIR ": %s", strerror(errno));
	return PASS;
}

#define NROLES(roles) ((int)(sizeof(roles) / sizeof((roles)[0])))

/* Run every role of ROLES at once for SECS seconds; PASS when no check failed. */
static enum result run_roles(const struct role *roles, int nroles, int secs)
{
	pthread_t t[MAX_THREADS];
	struct thread_arg a[MAX_THREADS];
	char line[256];
	int r, i, n = 0, len = 0, err;

	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpu < 1)
		ncpu = 1;
	stop = 0;
	bad = 0;
	memset(ops, 0, sizeof(ops));
	for (r = 0; r < nroles; r++)
		for (i = 0; i < roles[r].count && n < MAX_THREADS; i++, n++) {
			a[n] = (struct thread_arg){ &roles[r], i, n };
			err = pthread_create(&t[n], NULL, thread_main, &a[n]);
			if (err) {
				stop = 1;
				while (n--)
					pthread_join(t[n], NULL);
				return fail("pthread_create: %s", strerror(err));
			}
		}
	sleep(secs);
	stop = 1;
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < n; i++)
		len += snprintf(line + len, sizeof(line) - len, "%s%s %ld",
				i ? ", " : "", a[i].role->name, ops[i]);
	diag("%d CPUs, %d threads, %d s: %s", ncpu, n, secs, line);
	for (i = 0; i < n; i++)
		total_ops += ops[i];
	total_bad += bad;
	cases_run++;
	for (i = 0; i < n; i++)
		if (!ops[i])
			return fail("thread %d (%s) never completed an operation", i,
				    a[i].role->name);
	return bad ? fail("%ld failed checks", bad) : PASS;
}

static int is_gone(int err)
{
	return err == ENOENT || err == ENOTDIR;
}

/* ---- dir_churn ---- */

#define NDIRS 8
static char cdir[NDIRS][64], cpath[NDIRS][64];

/* Make and remove this thread's directories: each rmdir frees an inode. */
static void dir_make_remove(int i)
{
	int k;

	for (k = i; k < NDIRS; k += 2) {
		if (mkdir(cdir[k], 0755) && errno != EEXIST)
			race_bad("mkdir %s: %s", cdir[k], strerror(errno));
		if (rmdir(cdir[k]) && errno != ENOENT)
			race_bad("rmdir %s: %s", cdir[k], strerror(errno));
	}
}

/*
 * Look a name up in every directory: the path walk checks search
 * permission on each directory under RCU (MAY_NOT_BLOCK), reading the
 * directory inode's blobs while another CPU may be freeing that inode.
 */
static void dir_lookup(int i)
{
	struct stat st;
	int k;

	(void)i;
	for (k = 0; k < NDIRS; k++) {
		if (!stat(cpath[k], &st))
			race_bad("stat %s: it exists", cpath[k]);
		else if (!is_gone(errno))
			race_bad("stat %s: %s", cpath[k], strerror(errno));
	}
}

static enum result dir_churn(void)
{
	static const struct role roles[] = {
		{ "mkdir_rmdir", dir_make_remove, 2 },
		{ "lookup", dir_lookup, 2 },
	};
	int k;

	if (race_dir() != PASS)
		return FAIL;
	for (k = 0; k < NDIRS; k++) {
		snprintf(cdir[k], sizeof(cdir[k]), RACE_DIR "/c%d", k);
		snprintf(cpath[k], sizeof(cpath[k]), RACE_DIR "/c%d/x", k);
	}
	return run_roles(roles, NROLES(roles), param_secs("race_churn_secs", 15));
}

/* ---- inode_churn ---- */

static char dpath[NNAMES][64], fpath[NNAMES][64], lpath[NNAMES][64];
static const char *label_xattr;	/* the display module's file attribute */

/* Create and remove directory, file and symlink NAME (one per thread). */
static void churn(int i)
{
	int k, fd;

	for (k = i; k < NNAMES; k += 2) {
		if (mkdir(dpath[k], 0755) && errno != EEXIST)
			race_bad("mkdir %s: %s", dpath[k], strerror(errno));
		fd = open(fpath[k], O_WRONLY | O_CREAT, 0644);
		if (fd >= 0)
			close(fd);
		else
			race_bad("create %s: %s", fpath[k], strerror(errno));
		if (symlink(fpath[k], lpath[k]) && errno != EEXIST)
			race_bad("symlink %s: %s", lpath[k], strerror(errno));
		unlink(lpath[k]);
		unlink(fpath[k]);
		rmdir(dpath[k]);
	}
}

/* Walk the paths the churners create: each call succeeds or finds nothing. */
static void walk(int i)
{
	char val[256];
	struct stat st;
	int k = (i + iter) % NNAMES, fd;
	ssize_t n;

	if (stat(fpath[k], &st) && !is_gone(errno))
		race_bad("stat %s: %s", fpath[k], strerror(errno));
	if (lstat(lpath[k], &st) && !is_gone(errno))
		race_bad("lstat %s: %s", lpath[k], strerror(errno));
	fd = open(lpath[k], O_RDONLY);
	if (fd >= 0)
		close(fd);
	else if (!is_gone(errno))
		race_bad("open %s: %s", lpath[k], strerror(errno));
	if (label_xattr) {
		n = getxattr(dpath[k], label_xattr, val, sizeof(val));
		if (n < 0 && !is_gone(errno) && errno != ENODATA && errno != EOPNOTSUPP)
			race_bad("getxattr %s %s: %s", dpath[k], label_xattr, strerror(errno));
	}
}

static const char *xattr_of(const char *lsm)
{
	if (!lsm)
		return NULL;
	if (!strcmp(lsm, "selinux"))
		return "security.selinux";
	if (!strcmp(lsm, "smack"))
		return "security.SMACK64";
	return NULL;	/* AppArmor keeps no file label */
}

static enum result inode_churn(void)
{
	static const struct role roles[] = {
		{ "churn", churn, 2 },
		{ "walk", walk, 2 },
	};
	int k;

	if (race_dir() != PASS)
		return FAIL;
	for (k = 0; k < NNAMES; k++) {
		snprintf(dpath[k], sizeof(dpath[k]), RACE_DIR "/d%d", k);
		snprintf(fpath[k], sizeof(fpath[k]), RACE_DIR "/d%d/f", k);
		snprintf(lpath[k], sizeof(lpath[k]), RACE_DIR "/l%d", k);
	}
	label_xattr = xattr_of(display_lsm());
	return run_roles(roles, NROLES(roles), race_secs());
}

/* ---- relabel_walkers (Smack) ---- */

#define RELABEL_FILE RACE_DIR "/relabel"
static const char *const smack_labels[2] = { "raceA", "raceB" };

static void relabel(int i)
{
	const char *l = smack_labels[(iter + i) & 1];

	if (setxattr(RELABEL_FILE, "security.SMACK64", l, strlen(l), 0))
		race_bad("setxattr SMACK64 %s: %s", l, strerror(errno));
}

static void read_label(int i)
{
	char val[64];
	ssize_t n = getxattr(RELABEL_FILE, "security.SMACK64", val, sizeof(val) - 1);
	int fd;

	(void)i;
	if (n < 0) {
		race_bad("getxattr SMACK64: %s", strerror(errno));
		return;
	}
	val[n] = 0;
	if (strcmp(val, smack_labels[0]) && strcmp(val, smack_labels[1]))
		race_bad("label '%s' is neither %s nor %s", val, smack_labels[0],
			 smack_labels[1]);
	fd = open(RELABEL_FILE, O_RDONLY);
	if (fd < 0)
		race_bad("open relabelled file: %s", strerror(errno));
	else
		close(fd);
}

static enum result relabel_walkers(void)
{
	static const struct role roles[] = {
		{ "relabel", relabel, 2 },
		{ "read", read_label, 2 },
	};
	int fd;

	if (!lsm_active("smack"))
		return skip("Smack is not active (its labels can be set by root)");
	if (race_dir() != PASS)
		return FAIL;
	fd = open(RELABEL_FILE, O_WRONLY | O_CREAT, 0644);
	if (fd < 0)
		return fail("create " RELABEL_FILE ": %s", strerror(errno));
	close(fd);
	if (setxattr(RELABEL_FILE, "security.SMACK64", smack_labels[0],
		     strlen(smack_labels[0]), 0))
		return fail("setxattr SMACK64: %s", strerror(errno));
	return run_roles(roles, NROLES(roles), race_secs());
}

/* ---- peer_vs_display ---- */

static int sv[2] = { -1, -1 };
static const char *majors[3];
static char want_compound[512];
static size_t want_compound_len;
static volatile pid_t switcher_tid;

static void peer_read(int i)
{
	const char *want = initial_context(majors[0]);
	char buf[512];
	socklen_t len = sizeof(buf);

	if (getsockopt(sv[i & 1], SOL_SOCKET, SO_PEERSEC, buf, &len)) {
		/* AppArmor (6.1) labels no socketpair peer. */
		if (!(errno == ENOPROTOOPT && !strcmp(majors[0], "apparmor")))
			race_bad("SO_PEERSEC: %s", strerror(errno));
	} else if (strlen(want) != strnlen(buf, len) || strncmp(buf, want, len)) {
		race_bad("SO_PEERSEC '%.*s', expected '%s'", (int)len, buf, want);
	}
	len = sizeof(buf);
	if (getsockopt(sv[i & 1], SOL_SOCKET, SO_PEERCONTEXT, buf, &len))
		race_bad("SO_PEERCONTEXT: %s", strerror(errno));
	else if (len != want_compound_len || memcmp(buf, want_compound, len))
		race_bad("SO_PEERCONTEXT differs (%u bytes, expected %zu)", len,
			 want_compound_len);
}

/* Switch this thread's display between the first two majors, and check it. */
static void display_switch(int i)
{
	const char *to = majors[(iter + i) & 1];
	char nl[32], got[64];
	long n;
	int rc;

	switcher_tid = syscall(SYS_gettid);
	snprintf(nl, sizeof(nl), "%s\n", to);
	rc = write_attr("/proc/thread-self/attr/display", nl, strlen(nl));
	if (rc) {
		race_bad("display %s: %s", to, strerror(-rc));
		return;
	}
	n = read_file("/proc/thread-self/attr/display", got, sizeof(got));
	if (n < 0)
		race_bad("read own display: %s", strerror(-n));
	else if (chomp(got, &n), strcmp(got, to))
		race_bad("own display '%s' after writing '%s'", got, to);
}

/*
 * Read the switching thread's attributes from another CPU: attr/current
 * answers in the reader's display (the first major's initial context,
 * whatever the switcher displays), and another task's attr/display is
 * refused with EINVAL (a task reads only its own).
 */
static void display_watch(int i)
{
	const char *want = initial_context(majors[0]);
	char path[64], got[512];
	long n;

	(void)i;
	if (!switcher_tid)
		return;
	snprintf(path, sizeof(path), "/proc/%d/attr/current", switcher_tid);
	n = read_file(path, got, sizeof(got));
	if (n == -ENOENT || n == -ESRCH)
		return;	/* the case is over: the switcher is gone */
	if (n < 0) {
		race_bad("read %s: %s", path, strerror(-n));
		return;
	}
	chomp(got, &n);
	if (strcmp(got, want))
		race_bad("%s is '%s', expected '%s' (the reader's display)", path, got, want);
	snprintf(path, sizeof(path), "/proc/%d/attr/display", switcher_tid);
	n = read_file(path, got, sizeof(got));
	if (n != -EINVAL && n != -ENOENT && n != -ESRCH)
		race_bad("read %s: %ld, expected EINVAL (another task's display)", path, n);
}

static enum result peer_vs_display(void)
{
	static const struct role roles[] = {
		{ "peer", peer_read, 2 },
		{ "switch", display_switch, 1 },
		{ "watch", display_watch, 1 },
	};
	enum result r;

	if (active_majors(majors) < 2)
		return skip("fewer than two major modules: one display");
	want_compound_len = expected_compound(want_compound, sizeof(want_compound), 0);
	if (!want_compound_len)
		return skip("no module labels a socketpair peer");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	switcher_tid = 0;
	r = run_roles(roles, NROLES(roles), race_secs());
	close(sv[0]);
	close(sv[1]);
	return r;
}

/* ---- close_vs_accept ---- */

static int lfd = -1;
static struct sockaddr_in laddr;

static void tcp_connect_close(int i)
{
	struct linger lg = { 1, 0 };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	struct pollfd p;

	if (fd < 0) {
		race_bad("socket: %s", strerror(errno));
		return;
	}
	/* Non-blocking: a full accept queue cannot hold the thread past the case. */
	if (connect(fd, (struct sockaddr *)&laddr, sizeof(laddr)) == 0 || errno == EINPROGRESS) {
		p = (struct pollfd){ fd, POLLOUT, 0 };
		poll(&p, 1, 100);
	} else if (errno != ECONNREFUSED && errno != EAGAIN && errno != ECONNRESET) {
		race_bad("connect: %s", strerror(errno));
	}
	/* Half of them reset the connection at once. */
	if ((iter + i) & 1)
		setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	close(fd);
}

static void tcp_accept_close(int i)
{
	struct pollfd p = { lfd, POLLIN, 0 };
	char buf[256];
	socklen_t len = sizeof(buf);
	int fd;

	(void)i;
	if (poll(&p, 1, 50) <= 0)
		return;
	fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK);
	if (fd < 0) {
		if (errno != EAGAIN && errno != ECONNABORTED)
			race_bad("accept: %s", strerror(errno));
		return;
	}
	/* The accepted socket's peer label, whatever it is: no crash, no hang. */
	if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, buf, &len) &&
	    errno != ENOPROTOOPT && errno != ENOTCONN)
		race_bad("SO_PEERSEC on an accepted socket: %s", strerror(errno));
	close(fd);
}

static enum result close_vs_accept(void)
{
	static const struct role roles[] = {
		{ "connect", tcp_connect_close, 2 },
		{ "accept", tcp_accept_close, 2 },
	};
	socklen_t len = sizeof(laddr);
	enum result r;
	int one = 1;

	if (loopback_up())
		return fail("cannot bring lo up: %s", strerror(errno));
	lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (lfd < 0)
		return fail("socket: %s", strerror(errno));
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&laddr, 0, sizeof(laddr));
	laddr.sin_family = AF_INET;
	laddr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(lfd, (struct sockaddr *)&laddr, sizeof(laddr)) || listen(lfd, 64) ||
	    getsockname(lfd, (struct sockaddr *)&laddr, &len)) {
		r = fail("listen: %s", strerror(errno));
		close(lfd);
		return r;
	}
	r = run_roles(roles, NROLES(roles), race_secs());
	close(lfd);
	return r;
}

/* ---- exec_vs_context ---- */

static volatile pid_t latest_child;

static void spawn_exec(int i)
{
	char *argv[] = { "true", NULL };
	char *envp[] = { NULL };
	pid_t pid = fork();
	int status;

	(void)i;
	if (pid < 0) {
		race_bad("fork: %s", strerror(errno));
		return;
	}
	if (pid == 0) {
		execve("/bin/true", argv, envp);
		_exit(127);
	}
	latest_child = pid;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		race_bad("child %d: status %#x", pid, status);
}

/* Read one attribute of the latest child: a context, or the child is gone. */
static void read_child_attr(const char *attr, int optional)
{
	char path[64], buf[512];
	pid_t pid = latest_child;
	long n;

	if (!pid)
		return;
	snprintf(path, sizeof(path), "/proc/%d/attr/%s", pid, attr);
	n = read_file(path, buf, sizeof(buf));
	/* Gone (ENOENT, ESRCH), or no module owns the attribute (EINVAL). */
	if (n < 0 && n != -ENOENT && n != -ESRCH && n != -EINVAL &&
	    !(optional && n == -ENOENT))
		race_bad("read %s: %s", path, strerror(-n));
}

static void context_read(int i)
{
	read_child_attr(i & 1 ? "current" : "context", 0);
}

static enum result exec_vs_context(void)
{
	static const struct role roles[] = {
		{ "exec", spawn_exec, 1 },
		{ "read", context_read, 2 },
	};

	if (access("/bin/true", X_OK))
		return skip("no /bin/true in the initramfs");
	latest_child = 0;
	return run_roles(roles, NROLES(roles), race_secs());
}

/* The figures line analysis/reliability-table.sh reads. */
static enum result race_figures(void)
{
	diag("figures: suite=race cpus=%ld cases=%ld ops=%ld failed_checks=%ld secs=%d",
	     sysconf(_SC_NPROCESSORS_ONLN), cases_run, total_ops, total_bad, race_secs());
	return PASS;
}

static const struct tcase race_cases[] = {
	{ "dir_churn", dir_churn },
	{ "inode_churn", inode_churn },
	{ "relabel_walkers", relabel_walkers },
	{ "peer_vs_display", peer_vs_display },
	{ "close_vs_accept", close_vs_accept },
	{ "exec_vs_context", exec_vs_context },
	{ "figures", race_figures },
};
SUITE(race, race_cases);

// SPDX-License-Identifier: GPL-2.0
/*
 * lsmbench: in-guest microbenchmarks of the LSM hooks on the socket, procfs,
 * file, process and IPC paths.  Usage:
 *
 *   lsmbench [-n ITERS] [-t THREADS] [-s SOCKETS] NAME...
 *
 * NAME is one benchmark (see the table below), a group, or one slab
 * measurement (slab_inode, slab_file, slab_cred).  Groups:
 *   micro  every single-thread microbenchmark of the table: the socket and
 *          attr ones, then those of "paths" (last, so that the figures of
 *          the others do not depend on them)
 *   paths  the paths where a chained blob design costs most (issue 13):
 *            file_open_close  open(O_RDONLY)+close() of a 4 KiB file on tmpfs
 *            file_stat        stat() of that file (absolute path, 3 components)
 *            file_read_4k     pread() of 4 KiB at offset 0 from an open fd of it
 *            fork_exit        fork(), the child _exit(0)s, waitpid()
 *            fork_exec        fork(), the child execve()s lsmbench itself with
 *                             the single argument --exit-at-once (an empty
 *                             environment; it exits in main() before doing
 *                             anything), waitpid()
 *            pipe_roundtrip   one byte to a child (forked in setup, killed in
 *                             teardown) over a pipe and back over another
 *            msg_sndrcv       msgsnd()+msgrcv() of an 8-byte message on a
 *                             private SysV queue (IPC_NOWAIT: never blocks)
 *            shm_attach       shmat()+shmdt() of a private 4 KiB SysV segment
 *            tcp_pingpong     one byte each way over a connected loopback TCP
 *                             pair (TCP_NODELAY) with send()/recv(): no
 *                             address (Smack refuses sendto() with one here)
 *          fork_exit and fork_exec run ITERS/10 iterations (iters= says so):
 *          about 160,000 and 560,000 guest instructions each.  The file is
 *          DIR/lsmbench.d/file, DIR the first of /tmp and / that is a tmpfs
 *          (statfs), else a tmpfs this program mounts at /lsmbench-tmpfs.
 *   slab   the memory measurements: sockets of four kinds, then inodes,
 *          open files and processes
 *   churn  threads creating and destroying sockets at once
 *   locks  see below
 * Each benchmark prints one line
 *
 *   BENCH name=NAME iters=N total_ns=T ns_per_op=X result=ok|ERRNO
 *         result_changes=C samples=N pair_ns=P path_ns=M path_share=F
 *         min_ns=A p10_ns=B p50_ns=C p90_ns=D
 *
 * After N/10 warm-up iterations the benchmark runs twice:
 *   - amortised: N iterations timed as one batch with
 *     clock_gettime(CLOCK_MONOTONIC); ns_per_op = total_ns / N, which
 *     includes whatever deferred work (RCU callbacks, slab flushes, timer
 *     ticks) the operations cause or meet;
 *   - per operation: N iterations each timed alone, a clock read before and
 *     after it, minus pair_ns (the most frequent cost of an empty pair of
 *     clock reads, measured once at start).  path_ns is the mode of these
 *     samples (the smallest value among equally frequent ones), path_share
 *     the fraction of samples exactly at it, then the minimum and the 10th,
 *     50th and 90th percentiles.
 * Under qemu -icount shift=0 the guest clock counts instructions, so these
 * are instruction counts: a path whose code did not change gives the same
 * path_ns to the instruction, while deferred work lands in a minority of
 * the samples instead of in the mean.
 * A call that fails (e.g. SO_PEERCONTEXT on a kernel without it:
 * ENOPROTOOPT) is still timed; result= names the errno of the first call
 * and result_changes counts the timed calls whose result differed from it
 * (the host checks both against the plan, analysis/bench-expect.txt).
 * A setup that fails (e.g. attr/context absent) prints iters=0 and its errno.
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
 * sockets).  The same, per object of another kind (KIND inode, file, cred),
 * with "objects" for "sockets" and "object" for "socket" in the names:
 *   inode  SOCKETS empty files created on that tmpfs (inode, dentry, the
 *          modules' inode blobs and security xattrs), removed afterwards
 *   file   SOCKETS open()s of one file: struct file and its blobs (the
 *          descriptor table is grown beforehand, so it is not counted)
 *   cred   SOCKETS/20 (500) forked children blocked on a pipe: everything a
 *          process costs in slab (task_struct, cred, mm, VMAs, signal,
 *          files, pid, the task and cred blobs...), not only its cred
 * A measurement that cannot run prints "BENCHERROR slab_KIND: WHAT: ERROR"
 * and no figure.
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
#include <linux/magic.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * SO_PEERCONTEXT comes from the series' own uapi header (vm/mkinitramfs.sh
 * puts the modern tree's asm-generic/socket.h first on the include path),
 * never from a constant here: a benchmark that calls an unknown option
 * times an error path.
 */
#ifndef SO_PEERCONTEXT
#error "SO_PEERCONTEXT undefined: build with the modern tree's uapi headers (UAPI=)"
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
	int div;		/* runs ITERS/div iterations */
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

/* ---- the paths where a chained blob design costs most (group "paths") ---- */

#define EXIT_AT_ONCE "--exit-at-once"	/* argv[1] of fork_exec's child */

static char work_dir[128];	/* a directory on tmpfs, see bench_dir() */
static char mounted_dir[128];	/* the tmpfs we mounted ourselves, if any */
static char file_path[160];
static int file_fd = -1;
static char self_exe[256];
static int pipe_req[2] = { -1, -1 }, pipe_rsp[2] = { -1, -1 };
static pid_t pipe_child = -1;
static int msq_id = -1, shm_id = -1;
static int tcp_c = -1, tcp_a = -1;

static int is_tmpfs(const char *dir)
{
	struct statfs sf;

	return !statfs(dir, &sf) && sf.f_type == TMPFS_MAGIC;
}

/*
 * work_dir: DIR/lsmbench.d on tmpfs, DIR the first of /tmp and / that is a
 * tmpfs (statfs); when neither is (a rootfs on ramfs and no /tmp mount), a
 * tmpfs mounted at /lsmbench-tmpfs (unmounted at exit).  Fixed names, no
 * random ones: the path walk is the same on every boot.
 */
static int bench_dir(void)
{
	const char *base = NULL;

	if (work_dir[0])
		return 0;
	if (is_tmpfs("/tmp"))
		base = "/tmp";
	else if (is_tmpfs("/"))
		base = "";
	else {
		base = "/lsmbench-tmpfs";
		if ((mkdir(base, 0700) && errno != EEXIST) ||
		    mount("lsmbench", base, "tmpfs", 0, "mode=0700"))
			return -errno;
		snprintf(mounted_dir, sizeof(mounted_dir), "%s", base);
	}
	snprintf(work_dir, sizeof(work_dir), "%s/lsmbench.d", base);
	if (mkdir(work_dir, 0700) && errno != EEXIST) {
		int err = -errno;

		work_dir[0] = 0;
		return err;
	}
	return 0;
}

static void unmount_dir(void)
{
	if (work_dir[0])
		rmdir(work_dir);
	if (mounted_dir[0] && !umount2(mounted_dir, MNT_DETACH))
		rmdir(mounted_dir);
}

/* The file of the file_* benchmarks: 4 KiB on tmpfs. */
static int setup_file(void)
{
	char buf[4096];
	int fd, err = bench_dir();

	if (err)
		return err;
	snprintf(file_path, sizeof(file_path), "%s/file", work_dir);
	fd = open(file_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -errno;
	memset(buf, 'x', sizeof(buf));
	if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
		err = errno ? -errno : -EIO;
		close(fd);
		unlink(file_path);
		return err;
	}
	close(fd);
	return 0;
}

static void teardown_file(void)
{
	if (file_fd >= 0)
		close(file_fd);
	file_fd = -1;
	unlink(file_path);
}

static int op_open_close(void)
{
	int fd = open(file_path, O_RDONLY);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int op_stat(void)
{
	struct stat st;

	return stat(file_path, &st) ? -errno : 0;
}

static int setup_file_open(void)
{
	int err = setup_file();

	if (err)
		return err;
	file_fd = open(file_path, O_RDONLY);
	if (file_fd < 0) {
		err = -errno;
		unlink(file_path);
		return err;
	}
	return 0;
}

static int op_read_4k(void)
{
	char buf[4096];
	ssize_t r = pread(file_fd, buf, sizeof(buf), 0);

	if (r < 0)
		return -errno;
	return r == (ssize_t)sizeof(buf) ? 0 : -EIO;
}

/* A child's exit status: 0, or the errno it exited with (fork_exec). */
static int reap(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	if (WIFEXITED(status))
		return -WEXITSTATUS(status);
	return -ECHILD;	/* killed by a signal */
}

static int op_fork_exit(void)
{
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0)
		_exit(0);
	return reap(pid);
}

static int setup_self_exe(void)
{
	ssize_t n = readlink("/proc/self/exe", self_exe, sizeof(self_exe) - 1);

	if (n < 0)
		return -errno;
	self_exe[n] = 0;
	return 0;
}

/* The child execs lsmbench itself, which exits at once (main()). */
static int op_fork_exec(void)
{
	char *argv[] = { "lsmbench", EXIT_AT_ONCE, NULL };
	char *envp[] = { NULL };
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execve(self_exe, argv, envp);
		_exit(errno > 0 && errno < 256 ? errno : 255);
	}
	return reap(pid);
}

static void close_pair(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
	p[0] = p[1] = -1;
}

static void teardown_pipes(void)
{
	if (pipe_child > 0) {
		kill(pipe_child, SIGKILL);
		waitpid(pipe_child, NULL, 0);
	}
	pipe_child = -1;
	close_pair(pipe_req);
	close_pair(pipe_rsp);
}

/* A child echoing each byte of pipe_req back on pipe_rsp until EOF. */
static int setup_pipes(void)
{
	int err;

	if (pipe(pipe_req) || pipe(pipe_rsp)) {
		err = -errno;
		teardown_pipes();
		return err;
	}
	pipe_child = fork();
	if (pipe_child < 0) {
		err = -errno;
		teardown_pipes();
		return err;
	}
	if (pipe_child == 0) {
		char c;

		close(pipe_req[1]);
		close(pipe_rsp[0]);
		while (read(pipe_req[0], &c, 1) == 1)
			if (write(pipe_rsp[1], &c, 1) != 1)
				break;
		_exit(0);
	}
	close(pipe_req[0]);
	close(pipe_rsp[1]);
	pipe_req[0] = pipe_rsp[1] = -1;
	return 0;
}

static int op_pipe_roundtrip(void)
{
	char c = 'x';
	ssize_t r;

	if (write(pipe_req[1], &c, 1) != 1)
		return -errno;	/* EPIPE: the child is gone (SIGPIPE ignored) */
	r = read(pipe_rsp[0], &c, 1);
	if (r < 0)
		return -errno;
	return r == 1 ? 0 : -EPIPE;
}

static int setup_msq(void)
{
	msq_id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	return msq_id < 0 ? -errno : 0;
}

static void teardown_msq(void)
{
	if (msq_id >= 0)
		msgctl(msq_id, IPC_RMID, NULL);
	msq_id = -1;
}

/*
 * One 8-byte message sent and received back.  IPC_NOWAIT: the queue is
 * never full and the message is there, so the path is the blocking one's,
 * but a failure cannot hang the guest.
 */
static int op_msg_sndrcv(void)
{
	struct { long mtype; char mtext[8]; } m = { 1, "lsmbench" };

	if (msgsnd(msq_id, &m, sizeof(m.mtext), IPC_NOWAIT))
		return -errno;
	if (msgrcv(msq_id, &m, sizeof(m.mtext), 0, IPC_NOWAIT) < 0)
		return -errno;
	return 0;
}

static int setup_shm(void)
{
	shm_id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	return shm_id < 0 ? -errno : 0;
}

static void teardown_shm(void)
{
	if (shm_id >= 0)
		shmctl(shm_id, IPC_RMID, NULL);
	shm_id = -1;
}

static int op_shm_attach(void)
{
	void *p = shmat(shm_id, NULL, 0);

	if (p == (void *)-1)
		return -errno;
	return shmdt(p) ? -errno : 0;
}

static void teardown_tcp(void)
{
	if (tcp_c >= 0)
		close(tcp_c);
	if (tcp_a >= 0)
		close(tcp_a);
	tcp_c = tcp_a = -1;
	teardown_listen();
}

/*
 * A connected loopback TCP pair (TCP_NODELAY both ends; receives time out
 * after 5 s, so a lost byte gives EAGAIN instead of a hung guest).
 */
static int setup_tcp(void)
{
	struct timeval tv = { 5, 0 };
	int one = 1, err = setup_listen();

	if (err)
		goto fail;
	tcp_c = socket(AF_INET, SOCK_STREAM, 0);
	if (tcp_c < 0 ||
	    connect(tcp_c, (struct sockaddr *)&listen_addr, sizeof(listen_addr)))
		goto fail_errno;
	tcp_a = accept(listen_fd, NULL, NULL);
	if (tcp_a < 0 ||
	    setsockopt(tcp_c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) ||
	    setsockopt(tcp_a, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) ||
	    setsockopt(tcp_c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    setsockopt(tcp_a, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		goto fail_errno;
	return 0;
fail_errno:
	err = -errno;
fail:
	teardown_tcp();
	return err;
}

/* send() without an address: no sendto() (Smack refuses an address here). */
static int tcp_one(int from, int to)
{
	char c = 'x';
	ssize_t r;

	if (send(from, &c, 1, 0) != 1)
		return -errno;
	r = recv(to, &c, 1, 0);
	if (r < 0)
		return -errno;
	return r == 1 ? 0 : -ECONNRESET;
}

static int op_tcp_pingpong(void)
{
	int err = tcp_one(tcp_c, tcp_a);

	return err ? err : tcp_one(tcp_a, tcp_c);
}

static const struct bench benches[] = {
	{ "socket_unix_stream", NULL, op_unix_stream, NULL, 1 },
	{ "socket_unix_dgram", NULL, op_unix_dgram, NULL, 1 },
	{ "socket_inet_tcp", NULL, op_inet_tcp, NULL, 1 },
	{ "socket_inet_udp", NULL, op_inet_udp, NULL, 1 },
	{ "socket_inet6_tcp", NULL, op_inet6_tcp, NULL, 1 },
	{ "socket_inet6_udp", NULL, op_inet6_udp, NULL, 1 },
	{ "socketpair_unix_stream", NULL, op_socketpair_stream, NULL, 1 },
	{ "socketpair_unix_dgram", NULL, op_socketpair_dgram, NULL, 1 },
	{ "tcp_connect_accept", setup_listen, op_connect_accept, teardown_listen, 1 },
	{ "getsockopt_peersec", setup_pair, op_peersec, teardown_pair, 1 },
	{ "getsockopt_peercontext", setup_pair, op_peercontext, teardown_pair, 1 },
	{ "attr_current_read", setup_attr_current, op_attr_read, teardown_attr, 1 },
	{ "attr_context_read", setup_attr_context, op_attr_read, teardown_attr, 1 },
	/* The "paths" group: from here to the end of the table. */
	{ "file_open_close", setup_file, op_open_close, teardown_file, 1 },
	{ "file_stat", setup_file, op_stat, teardown_file, 1 },
	{ "file_read_4k", setup_file_open, op_read_4k, teardown_file, 1 },
	{ "fork_exit", NULL, op_fork_exit, NULL, 10 },
	{ "fork_exec", setup_self_exe, op_fork_exec, NULL, 10 },
	{ "pipe_roundtrip", setup_pipes, op_pipe_roundtrip, teardown_pipes, 1 },
	{ "msg_sndrcv", setup_msq, op_msg_sndrcv, teardown_msq, 1 },
	{ "shm_attach", setup_shm, op_shm_attach, teardown_shm, 1 },
	{ "tcp_pingpong", setup_tcp, op_tcp_pingpong, teardown_tcp, 1 },
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
	case EPIPE: return "EPIPE";
	case EAGAIN: return "EAGAIN";
	case ENOMSG: return "ENOMSG";
	case ENOSYS: return "ENOSYS";
	case ENOMEM: return "ENOMEM";
	case EMFILE: return "EMFILE";
	case ECHILD: return "ECHILD";
	case ECONNRESET: return "ECONNRESET";
	}
	snprintf(buf, sizeof(buf), "errno%d", err);
	return buf;
}

/* ---- per-operation samples ---- */

#define PAIR_SAMPLES 1000

/* The distribution of per-operation samples (see the comment at the top). */
struct dist {
	long long mode, min, p10, p50, p90;
	long at_mode;
};

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The value at the P-th percentile of N sorted samples (nearest rank). */
static long long percentile(const long long *s, long n, int p)
{
	return s[(n - 1) * p / 100];
}

/* Sort the N samples S and summarise them in D. */
static void summarise(long long *s, long n, struct dist *d)
{
	long i, run = 0;

	qsort(s, n, sizeof(*s), cmp_ll);
	d->min = s[0];
	d->p10 = percentile(s, n, 10);
	d->p50 = percentile(s, n, 50);
	d->p90 = percentile(s, n, 90);
	d->mode = s[0];
	d->at_mode = 0;
	for (i = 0; i < n; i++) {
		run = (i > 0 && s[i] == s[i - 1]) ? run + 1 : 1;
		/* Strictly more: the smallest of equally frequent values wins. */
		if (run > d->at_mode) {
			d->at_mode = run;
			d->mode = s[i];
		}
	}
}

/* The cost of an empty pair of clock reads: the mode of PAIR_SAMPLES pairs. */
static long long clock_pair_ns(void)
{
	static long long pair = -1;
	long long s[PAIR_SAMPLES];
	struct dist d;
	long i;

	if (pair >= 0)
		return pair;
	for (i = 0; i < PAIR_SAMPLES; i++) {
		unsigned long long t0 = now_ns();

		s[i] = now_ns() - t0;
	}
	summarise(s, PAIR_SAMPLES, &d);
	pair = d.mode;
	printf("BENCHCLOCK pair_ns=%lld pair_share=%.3f min_ns=%lld p90_ns=%lld\n",
	       d.mode, (double)d.at_mode / PAIR_SAMPLES, d.min, d.p90);
	return pair;
}

/*
 * N operations, each timed alone (minus the empty pair's cost) into S;
 * returns how many of them gave another result than FIRST.
 */
static long sample_ops(const struct bench *b, long n, int first, long long *s)
{
	long long pair = clock_pair_ns();
	long i, changes = 0;

	for (i = 0; i < n; i++) {
		unsigned long long t0, t1;
		int r;

		t0 = now_ns();
		r = b->op();
		t1 = now_ns();
		s[i] = (long long)(t1 - t0) - pair;
		changes += r != first;
	}
	return changes;
}

static void run_bench(const struct bench *b)
{
	unsigned long long t0, t1;
	long i, n = iters / b->div, warm, changes = 0;
	long long *s;
	struct dist d;
	int first;

	if (n < 1)
		n = 1;
	warm = n / 10;
	s = calloc(n, sizeof(*s));
	if (!s)
		die("calloc(samples)");
	clock_pair_ns();	/* printed before the first benchmark */

	if (b->setup) {
		int err = b->setup();

		if (err) {
			/* Nothing to time (e.g. attr/context absent). */
			printf("BENCH name=%s iters=0 total_ns=0 ns_per_op=0 result=%s\n",
			       b->name, errname(-err));
			fflush(stdout);
			free(s);
			return;
		}
	}
	first = b->op();
	for (i = 0; i < warm; i++)
		b->op();
	t0 = now_ns();
	for (i = 0; i < n; i++)
		changes += b->op() != first;
	t1 = now_ns();
	changes += sample_ops(b, n, first, s);
	if (b->teardown)
		b->teardown();
	summarise(s, n, &d);
	printf("BENCH name=%s iters=%ld total_ns=%llu ns_per_op=%.1f result=%s result_changes=%ld"
	       " samples=%ld pair_ns=%lld path_ns=%lld path_share=%.3f"
	       " min_ns=%lld p10_ns=%lld p50_ns=%lld p90_ns=%lld\n",
	       b->name, n, t1 - t0, (double)(t1 - t0) / n, errname(-first), changes,
	       n, clock_pair_ns(), d.mode, (double)d.at_mode / n,
	       d.min, d.p10, d.p50, d.p90);
	fflush(stdout);
	free(s);
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

/*
 * The SLAB and SLABCACHE lines for N things (COUNT: "sockets" or
 * "objects"; UNIT: "socket" or "object") from the snapshots before and
 * after.
 */
static void print_slab(const char *name, const char *count, const char *unit, long n)
{
	long long bytes = 0, objs = 0;
	int k;

	for (k = 0; k < after.n; k++) {
		long long d = after.objs[k] - find_objs(&before, after.name[k]);

		objs += d;
		bytes += d * after.size[k];
	}
	printf("SLAB name=%s %s=%ld bytes_per_%s=%.1f objs_per_%s=%.3f meminfo_bytes_per_%s=%.1f\n",
	       name, count, n, unit, (double)bytes / n, unit, (double)objs / n,
	       unit, (double)(after.meminfo_slab - before.meminfo_slab) / n);
	for (k = 0; k < after.n; k++) {
		long long d = after.objs[k] - find_objs(&before, after.name[k]);

		if (d * 100 >= n)
			printf("SLABCACHE name=%s cache=%s objsize=%lld objs_per_%s=%.3f bytes_per_%s=%.1f\n",
			       name, after.name[k], after.size[k], unit, (double)d / n,
			       unit, (double)d * after.size[k] / n);
	}
	fflush(stdout);
}

static void run_slab(const char *name, int family, int type, int pair)
{
	int *fds = calloc(nsockets, sizeof(int));
	long i, n = 0;

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
	print_slab(name, "sockets", "socket", n);
	for (i = 0; i < n; i++)
		close(fds[i]);
	free(fds);
}

/* ---- slab bytes per inode, open file and process ---- */

/* A measurement that cannot run: its reason, and no figure. */
static void slab_error(const char *name, const char *what, int err)
{
	printf("BENCHERROR slab_%s: %s: %s\n", name, what, strerror(err));
	fflush(stdout);
}

/*
 * inode: NSOCKETS empty files created (open O_CREAT, close) in a directory
 * on tmpfs, so each costs its inode, dentry and whatever the modules attach
 * to them (blobs, security xattrs); all removed afterwards.
 */
static void run_slab_inode(void)
{
	char path[200];
	long i, n;
	int err = bench_dir(), fd;

	if (err) {
		slab_error("inode", "tmpfs directory", -err);
		return;
	}
	stable_snap(&before);
	for (n = 0; n < nsockets; n++) {
		snprintf(path, sizeof(path), "%s/f%06ld", work_dir, n);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0) {
			slab_error("inode", "creating a file", errno);
			break;
		}
		close(fd);
	}
	if (n == nsockets) {
		stable_snap(&after);
		print_slab("inode", "objects", "object", n);
	}
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/f%06ld", work_dir, i);
		unlink(path);
	}
}

/*
 * file: NSOCKETS descriptors of one file on tmpfs, each from its own open()
 * (a struct file and its blobs each).  The file descriptor table is grown to
 * its final size before the first snapshot, so it is not counted.
 */
static void run_slab_file(void)
{
	int *fds = calloc(nsockets, sizeof(int));
	long i, n;
	int err;

	if (!fds)
		die("calloc");
	err = setup_file();
	if (err) {
		slab_error("file", "creating the file", -err);
		free(fds);
		return;
	}
	/* The highest descriptor the opens below can get. */
	if (dup2(0, nsockets + 16) < 0) {
		slab_error("file", "growing the descriptor table", errno);
		teardown_file();
		free(fds);
		return;
	}
	close(nsockets + 16);
	stable_snap(&before);
	for (n = 0; n < nsockets; n++) {
		fds[n] = open(file_path, O_RDONLY);
		if (fds[n] < 0) {
			slab_error("file", "open", errno);
			break;
		}
	}
	if (n == nsockets) {
		stable_snap(&after);
		print_slab("file", "objects", "object", n);
	}
	for (i = 0; i < n; i++)
		close(fds[i]);
	teardown_file();
	free(fds);
}

/*
 * cred: NSOCKETS/20 child processes (500 by default), each blocked reading
 * a pipe once it has said so on another.  Per process, this counts all a
 * process costs in slab: its task_struct, cred, signal and sighand structs,
 * mm_struct, copied VMAs and anon_vma chains, files_struct, fs_struct, pid,
 * and the modules' task and cred blobs; page tables and the kernel stack
 * are pages, not slab.  The children exit when the pipe closes.
 */
static void run_slab_cred(void)
{
	long n = nsockets / 20, i, got = 0;
	pid_t *pids = calloc(n < 1 ? 1 : n, sizeof(pid_t));
	int hold[2], ready[2];
	char c;

	if (n < 1)
		n = 1;
	if (!pids)
		die("calloc");
	if (pipe(hold)) {
		slab_error("cred", "pipe", errno);
		free(pids);
		return;
	}
	if (pipe(ready)) {
		slab_error("cred", "pipe", errno);
		close_pair(hold);
		free(pids);
		return;
	}
	stable_snap(&before);
	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			slab_error("cred", "fork", errno);
			break;
		}
		if (pids[i] == 0) {
			close(hold[1]);
			close(ready[0]);
			if (write(ready[1], "r", 1) != 1)
				_exit(1);
			close(ready[1]);
			while (read(hold[0], &c, 1) < 0 && errno == EINTR)
				;
			_exit(0);
		}
	}
	/* Every child is forked and about to block: it said so. */
	close(ready[1]);
	while (got < i && read(ready[0], &c, 1) == 1)
		got++;
	close(ready[0]);
	if (i == n && got == n) {
		stable_snap(&after);
		print_slab("cred", "objects", "object", n);
	} else if (i == n) {
		slab_error("cred", "a child did not start", ECHILD);
	}
	close_pair(hold);
	while (i-- > 0)
		waitpid(pids[i], NULL, 0);
	free(pids);
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

/* The index in benches[] of the first benchmark of the "paths" group. */
static size_t first_paths(void)
{
	size_t i;

	for (i = 0; i < NBENCH; i++)
		if (!strcmp(benches[i].name, "file_open_close"))
			break;
	return i;
}

static void run_name(const char *name)
{
	size_t i;

	if (!strcmp(name, "micro")) {
		for (i = 0; i < NBENCH; i++)
			run_bench(&benches[i]);
		return;
	}
	if (!strcmp(name, "paths")) {
		for (i = first_paths(); i < NBENCH; i++)
			run_bench(&benches[i]);
		return;
	}
	if (!strcmp(name, "slab")) {
		raise_nofile();
		run_slab("unix_stream", AF_UNIX, SOCK_STREAM, 0);
		run_slab("unix_stream_pair", AF_UNIX, SOCK_STREAM, 1);
		run_slab("inet_tcp", AF_INET, SOCK_STREAM, 0);
		run_slab("inet_udp", AF_INET, SOCK_DGRAM, 0);
		run_slab_inode();
		run_slab_file();
		run_slab_cred();
		return;
	}
	if (!strcmp(name, "slab_inode")) {
		run_slab_inode();
		return;
	}
	if (!strcmp(name, "slab_file")) {
		raise_nofile();
		run_slab_file();
		return;
	}
	if (!strcmp(name, "slab_cred")) {
		run_slab_cred();
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

	/* fork_exec's child: exit before doing anything at all. */
	if (argc == 2 && !strcmp(argv[1], EXIT_AT_ONCE))
		_exit(0);
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* A write to a pipe whose reader is gone fails with EPIPE instead. */
	signal(SIGPIPE, SIG_IGN);
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
	unmount_dir();
	return 0;
}

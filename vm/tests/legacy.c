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
 * ipc_smack_labels does the same for a System V message queue's chain.
 * landlock_cred checks a cred chain that carries both the infrastructure's
 * composite blob (Landlock's slice) and the major modules' own nodes;
 * landlock_cred_transfer the same after KEYCTL_SESSION_TO_PARENT has
 * replaced the cred through security_transfer_creds().
 * inode_walk_churn walks paths to inodes that are being freed.
 *
 * The cases hold on any kernel, so the suite runs on base and modern too.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/keyctl.h>
#include <linux/landlock.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
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

/*
 * System V IPC (legacy-chain-port patches 9, 10: kern_ipc_perm and msg_msg
 * carry a chain of per-module blobs): Smack must find its own label on a
 * message queue.  A queue created by a task labelled IPC_OWNER is refused
 * to a task labelled IPC_OTHER (EACCES; both run as uid 1000, without
 * CAP_MAC_OVERRIDE) until a load2 rule lets IPC_OTHER
 * write and read IPC_OWNER; then a message goes through.  A module that
 * found another module's blob, or none, would grant, refuse or oops here.
 */
#define IPC_KEY 0x4c534d31
#define IPC_OWNER "lsmipcowner"
#define IPC_OTHER "lsmipcother"

/* Run step() in a child labelled label, as uid 1000: its result, or -errno. */
static int as_smack(const char *label, int (*step)(void))
{
	int st;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (!pid) {
		/* Label first (CAP_MAC_ADMIN), then no capability left:
		 * root's CAP_MAC_OVERRIDE would pass every Smack check.
		 */
		if (write_str("/proc/self/attr/smack/current", label) ||
		    setgid(1000) || setuid(1000))
			_exit(100);
		_exit(step() & 0xff);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -ECHILD;
	return WEXITSTATUS(st) == 100 ? -EPERM : -WEXITSTATUS(st);
}

static int ipc_create(void)
{
	return msgget(IPC_KEY, IPC_CREAT | IPC_EXCL | 0666) < 0 ? errno : 0;
}

static int ipc_use(void)
{
	struct { long mtype; char mtext[8]; } m = { 1, "smack" };
	int id = msgget(IPC_KEY, 0);

	if (id < 0)
		return errno;
	if (msgsnd(id, &m, sizeof(m.mtext), IPC_NOWAIT))
		return errno;
	memset(m.mtext, 0, sizeof(m.mtext));
	if (msgrcv(id, &m, sizeof(m.mtext), 0, IPC_NOWAIT) < 0)
		return errno;
	return strcmp(m.mtext, "smack") ? EBADMSG : 0;
}

static enum result ipc_smack_labels(void)
{
	int id, rc, bad = 0;

	if (!lsm_active("smack"))
		return skip("Smack is not active");
	if (smackfs_ready())
		return skip("no smackfs");
	id = msgget(IPC_KEY, 0);
	if (id >= 0)
		msgctl(id, IPC_RMID, NULL);
	rc = as_smack(IPC_OWNER, ipc_create);
	if (rc)
		return fail("creating the queue as %s: %s", IPC_OWNER, strerror(-rc));
	rc = as_smack(IPC_OTHER, ipc_use);
	if (rc != -EACCES) {
		diag("%s used %s's queue without a rule: %s", IPC_OTHER, IPC_OWNER,
		     rc ? strerror(-rc) : "allowed");
		bad++;
	}
	if (write_str("/sys/fs/smackfs/load2", IPC_OTHER " " IPC_OWNER " rw")) {
		diag("writing the rule to load2: %s", strerror(errno));
		bad++;
	} else {
		rc = as_smack(IPC_OTHER, ipc_use);
		if (rc) {
			diag("%s with a rw rule on %s's queue: %s", IPC_OTHER, IPC_OWNER,
			     strerror(-rc));
			bad++;
		}
		write_str("/sys/fs/smackfs/load2", IPC_OTHER " " IPC_OWNER " -");
	}
	id = msgget(IPC_KEY, 0);
	if (id < 0 || msgctl(id, IPC_RMID, NULL)) {
		diag("removing the queue: %s", strerror(errno));
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * CONFIG_SECURITY_STACKER=n (legacy-chain-port patch 4): a module refused
 * the single blob slot is disabled by the framework before its blob sizes
 * are counted, so it costs no space on any object.  On the row that boots
 * lsm=capability,smack,apparmor with lsm.debug on the stacker-off kernel,
 * the log names AppArmor refused, and the blobs the infrastructure
 * allocates hold nothing of AppArmor's: the task blob holds only the
 * framework's display slot (an int, padded to 8 bytes; Smack keeps no task
 * data) and the file blob, where there still is one, Smack's alone (one
 * struct smack_known pointer).  Counting AppArmor's sizes as well would
 * add its struct aa_file_ctx and struct aa_task_ctx.  Since patches 12 and
 * 16 chain AppArmor's file and task blobs it declares no size at all, so
 * the sizes check only that the infrastructure keeps its own (the display
 * slot, no file blob); the refused module must still be inactive.
 */
static int blob_size_in(const char *rec, const char *what)
{
	const char *p = strstr(rec, what);

	return p && (p = strchr(p, '=')) ? atoi(p + 1) : -1;
}

static enum result refused_module_blob_sizes(void)
{
	char rec[512], refused[32] = "";
	const char *majors[3];
	int fd, n, file = -1, task = -1;
	char *p;

	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return skip("no /dev/kmsg");
	while (kmsg_next(fd, rec, sizeof(rec))) {
		p = strstr(rec, "security_list: ");
		if (p && strstr(p, " refused: "))
			sscanf(p + strlen("security_list: "), "%31s", refused);
		n = blob_size_in(rec, "LSM: file blob size");
		if (n >= 0)
			file = n;
		n = blob_size_in(rec, "LSM: task blob size");
		if (n >= 0)
			task = n;
	}
	close(fd);
	if (!refused[0])
		return skip("no module was refused the single blob slot");
	if (lsm_active(refused))
		return fail("%s was refused the slot but is active", refused);
	if (task < 0)
		return skip("no blob sizes in the log (boot with lsm.debug)");
	if (active_majors(majors) != 1 || strcmp(majors[0], "smack"))
		return skip("the module that holds the slot is not Smack");
	/* No file blob size once files carry chains (patch 12). */
	if (task != 8 || (file >= 0 && file != 8))
		return fail("with %s refused: task blob %d bytes (the display slot: 8), file blob %d (Smack's pointer: 8)",
			    refused, task, file);
	return PASS;
}

/*
 * Landlock keeps its domain in the infrastructure's composite cred blob;
 * SELinux, Smack and AppArmor chain their own cred nodes beside it on
 * legacy-chain-port (patch 14).  A child restricts itself to a ruleset
 * that handles reading files and allows none: its open() for reading
 * must fail with EACCES, in its own child too (cred_prepare copies the
 * composite blob), while the compound context of the major modules
 * (/proc/self/attr/context, each read through the module's own node of
 * the same chain) stays the parent's.  The parent, with no domain, still
 * reads the file.  The exit code of the child is the step that failed.
 */
#define LANDLOCK_PATH "/tmp/lsmtest-landlock"
#define CONTEXT "/proc/self/attr/context"

static const char *const landlock_steps[] = {
	"ok", "ruleset", "no_new_privs", "restrict_self",
	"open() allowed under the domain", "open() failed but not with EACCES",
	"the compound context changed", "the grandchild could read", "fork",
	"the grandchild's KEYCTL_SESSION_TO_PARENT failed",
	"the session keyring did not change: no cred was transferred",
	"reading the session keyring's id",
};

/*
 * KEYCTL_SESSION_TO_PARENT from a child: the kernel gives the parent a
 * new cred from cred_alloc_blank(), security_transfer_creds() copies each
 * module's part of the parent's current one into it, and commit_creds()
 * installs it on the parent's way back to user space.  On legacy-chain-port
 * that is a chain of new nodes (the majors' own, Landlock's slice of the
 * composite blob) filled from the old chain.  Return 0 when the parent's
 * session keyring changed, else the step that failed.
 */
static int session_to_parent(void)
{
	long before, after;
	int st;
	pid_t pid;

	before = syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 1);
	if (before < 0)
		return 11;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 8;
	if (!pid)
		_exit(syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) < 0 ||
		      syscall(SYS_keyctl, KEYCTL_SESSION_TO_PARENT) ? 9 : 0);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 9;
	/* The new cred was committed on the way out of waitpid(). */
	after = syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 0);
	if (after < 0)
		return 11;
	return after == before ? 10 : 0;
}

static int open_denied(void)
{
	int fd = open(LANDLOCK_PATH, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return 4;
	}
	return errno == EACCES ? 0 : 5;
}

static int landlock_child(const char *ctx, long len, int transfer)
{
	struct landlock_ruleset_attr attr;
	char now[512];
	int fd, cfd, st;
	long n;
	pid_t pid;

	/* Opened before the domain, which denies reading any file. */
	cfd = open(CONTEXT, O_RDONLY | O_CLOEXEC);
	if (cfd < 0)
		return 6;
	memset(&attr, 0, sizeof(attr));
	attr.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE;
	fd = syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (fd < 0)
		return 1;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return 2;
	if (syscall(SYS_landlock_restrict_self, fd, 0))
		return 3;
	close(fd);
	st = transfer ? session_to_parent() : 0;
	if (!st)
		st = open_denied();
	if (st)
		return st;
	n = pread(cfd, now, sizeof(now), 0);
	close(cfd);
	if (n != len || memcmp(now, ctx, len)) {
		show_bytes("parent's context", ctx, len);
		show_bytes("restricted child's", now, n < 0 ? 0 : n);
		fflush(stdout);
		return 6;
	}
	pid = fork();
	if (pid < 0)
		return 8;
	if (!pid)
		_exit(open_denied());
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 7;
	return 0;
}

static enum result landlock_run(int transfer)
{
	char ctx[512];
	int fd, st;
	long len;
	pid_t pid;

	if (!lsm_active("landlock"))
		return skip("Landlock is not active");
	if (transfer && syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID,
				KEY_SPEC_SESSION_KEYRING, 1) < 0 && errno == ENOSYS)
		return skip("no keys in this kernel (CONFIG_KEYS=n)");
	len = read_file(CONTEXT, ctx, sizeof(ctx));
	if (len < 0)
		return fail("reading %s: %s", CONTEXT, strerror(-len));
	fd = open(LANDLOCK_PATH, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || close(fd))
		return fail("creating %s: %s", LANDLOCK_PATH, strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return fail("fork: %s", strerror(errno));
	if (!pid)
		_exit(landlock_child(ctx, len, transfer));
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return fail("the restricted child did not exit");
	st = WEXITSTATUS(st);
	if (st)
		return fail("restricted child: %s",
			    st < (int)(sizeof(landlock_steps) / sizeof(landlock_steps[0])) ?
			    landlock_steps[st] : "unknown step");
	fd = open(LANDLOCK_PATH, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail("the unrestricted parent cannot read %s: %s", LANDLOCK_PATH,
			    strerror(errno));
	close(fd);
	unlink(LANDLOCK_PATH);
	diag("Landlock denied reading in the child%s and the grandchild; compound context of %ld bytes unchanged",
	     transfer ? " (after its cred was transferred)" : "", len);
	return PASS;
}

static enum result landlock_cred(void)
{
	return landlock_run(0);
}

/*
 * The same with a cred transfer first: the restricted child's child hands
 * it a new session keyring.  Its new cred must still carry the Landlock
 * domain and the majors' contexts (needs CONFIG_KEYS).
 */
static enum result landlock_cred_transfer(void)
{
	return landlock_run(1);
}

/*
 * Smack's superblock blob (legacy-chain-port patch 15: a node of the
 * superblock's chain beside Landlock's composite blob): a tmpfs mounted
 * with smackfsroot= must give its root that label, and the label must
 * not leak to the next mount without the option, which gets a fresh
 * blob.  SELinux's superblock node is found on every inode of every
 * mount, so every suite uses it.
 */
#define SB_MNT "/tmp/lsmtest-sb"
#define SB_LABEL "lsmsbroot"

static int root_label(char *buf, size_t size)
{
	ssize_t n = getxattr(SB_MNT, "security.SMACK64", buf, size - 1);

	if (n < 0)
		return -errno;
	buf[n] = 0;
	return 0;
}

static enum result smack_superblock_label(void)
{
	char label[64];
	int rc, bad = 0;

	if (!lsm_active("smack"))
		return skip("Smack is not active");
	rc = mount_tmpfs(SB_MNT, "smackfsroot=" SB_LABEL);
	if (rc)
		return fail("mounting tmpfs with smackfsroot=: %s", strerror(-rc));
	rc = root_label(label, sizeof(label));
	if (rc || strcmp(label, SB_LABEL)) {
		diag("root of the smackfsroot= mount: %s", rc ? strerror(-rc) : label);
		bad++;
	}
	umount(SB_MNT);
	rc = mount_tmpfs(SB_MNT, NULL);
	if (rc)
		return fail("mounting tmpfs: %s", strerror(-rc));
	rc = root_label(label, sizeof(label));
	if (rc || !strcmp(label, SB_LABEL)) {
		diag("root of a plain mount: %s", rc ? strerror(-rc) : label);
		bad++;
	}
	umount(SB_MNT);
	rmdir(SB_MNT);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Inodes (legacy-chain-port patch 17): a child creates and unlinks files
 * on a fresh tmpfs while the parent walks paths to them (stat(), access(),
 * open()): each step of a path walk looks the modules' blobs up on the
 * inodes it crosses (inode_permission()), also under RCU on an inode whose
 * last reference has just gone and whose free hooks ran.  Every walk must
 * give success or ENOENT, every file found must be the regular 0600 file
 * the child made, and each module's label on the files (the security.*
 * xattr the module reads from its own node) must be the same on every
 * file: the one of the first file.  Use after free of a node is a KASAN
 * report on the console; shmem_inode_cache must return to its start count
 * once the RCU-deferred frees ran.
 */
#define IW_MNT "/tmp/lsmtest-inode-walk"
#define IW_DIR IW_MNT "/a/b/c"
#define IW_FILES 4

static const char *const iw_xattrs[] = { "security.selinux", "security.SMACK64" };

/* The child: create and unlink a file, ROUNDS * 4 times. */
static int iw_creator(void)
{
	char path[64];
	int i, fd;

	for (i = 0; i < ROUNDS * 4; i++) {
		snprintf(path, sizeof(path), IW_DIR "/f%d", i % IW_FILES);
		fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
		if (fd < 0)
			return 1;
		close(fd);
		if (unlink(path))
			return 2;
	}
	return 0;
}

/*
 * Each xattr of iw_xattrs on path: the first one seen is kept in first[],
 * later ones must match.  Returns the number of mismatches.
 */
static int iw_labels(const char *path, char first[][64])
{
	char v[64];
	int bad = 0;
	size_t x;
	ssize_t n;

	for (x = 0; x < sizeof(iw_xattrs) / sizeof(iw_xattrs[0]); x++) {
		n = getxattr(path, iw_xattrs[x], v, sizeof(v) - 1);
		if (n < 0)
			continue;	/* module not active, or the file went */
		v[n] = '\0';
		if (!first[x][0]) {
			snprintf(first[x], 64, "%s", v);
		} else if (strcmp(first[x], v)) {
			diag("%s is '%s' on %s, '%s' on the first file",
			     iw_xattrs[x], v, path, first[x]);
			bad++;
		}
	}
	return bad;
}

static enum result inode_walk_churn(void)
{
	char path[64], first[2][64] = { "", "" };
	int i, st, rc, bad = 0, found = 0, fd;
	struct slab_snap base;
	struct stat sb;
	pid_t pid;

	rc = mount_tmpfs(IW_MNT, NULL);
	if (rc)
		return fail("mounting tmpfs: %s", strerror(-rc));
	if (mkdir(IW_MNT "/a", 0755) || mkdir(IW_MNT "/a/b", 0755) ||
	    mkdir(IW_DIR, 0755)) {
		umount(IW_MNT);
		return fail("mkdir: %s", strerror(errno));
	}
	slab_snap_one(&base, "shmem_inode_cache");
	pid = fork();
	if (pid < 0) {
		diag("fork: %s", strerror(errno));
		bad++;
		goto out;	/* the mount and directories still go */
	}
	if (!pid)
		_exit(iw_creator());
	for (i = 0; i < ROUNDS * 8; i++) {
		snprintf(path, sizeof(path), IW_DIR "/f%d", i % IW_FILES);
		if (stat(path, &sb) == 0) {
			if (!S_ISREG(sb.st_mode) || (sb.st_mode & 07777) != 0600) {
				diag("%s: mode %o", path, sb.st_mode);
				bad++;
			}
			found++;
			bad += iw_labels(path, first);
		} else if (errno != ENOENT) {
			diag("stat %s: %s", path, strerror(errno));
			bad++;
		}
		if (access(path, R_OK) && errno != ENOENT) {
			diag("access %s: %s", path, strerror(errno));
			bad++;
		}
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd >= 0)
			close(fd);
		else if (errno != ENOENT) {
			diag("open %s: %s", path, strerror(errno));
			bad++;
		}
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		diag("the creating child failed (status %#x)", st);
		bad++;
	}
	diag("%d of %d walks found a file", found, ROUNDS * 8);
out:
	for (i = 0; i < IW_FILES; i++) {
		snprintf(path, sizeof(path), IW_DIR "/f%d", i);
		unlink(path);
	}
	rmdir(IW_DIR);
	rmdir(IW_MNT "/a/b");
	rmdir(IW_MNT "/a");
	if (umount(IW_MNT)) {
		diag("umount: %s", strerror(errno));
		bad++;
	}
	rmdir(IW_MNT);
	if (slab_snap_settle(&base, 10000, &st)) {
		diag("shmem_inode_cache not back to its start count");
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

static const struct tcase legacy_cases[] = {
	{ "churn_families", churn_families },
	{ "unix_accept_peersec", unix_accept_peersec },
	{ "tcp_loopback_accept", tcp_loopback_accept },
	{ "ipc_smack_labels", ipc_smack_labels },
	{ "refused_module_blob_sizes", refused_module_blob_sizes },
	{ "landlock_cred", landlock_cred },
	{ "landlock_cred_transfer", landlock_cred_transfer },
	{ "smack_superblock_label", smack_superblock_label },
	{ "inode_walk_churn", inode_walk_churn },
};
SUITE(legacy, legacy_cases);

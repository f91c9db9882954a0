// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "binder": the modern series refuses a binder transaction when the
 * sending thread and the receiving process display different security
 * modules (security_binder_transaction_display(): the receiver would get
 * the sender's context made by a module it does not display).
 *
 * A small binder client written from the UAPI (<linux/android/binder.h>,
 * <linux/android/binderfs.h> from linux-libc-dev).  Each case mounts
 * binderfs if needed and makes a fresh device with BINDER_CTL_ADD, so every
 * case has its own context manager.  A forked server process becomes the
 * context manager (asking for the sender's security context with
 * FLAT_BINDER_FLAG_TXN_SECURITY_CTX unless a case says otherwise) and
 * replies to every transaction; a forked client sends one BC_TRANSACTION to
 * handle 0 and reads BR_TRANSACTION_COMPLETE and BR_REPLY, or
 * BR_FAILED_REPLY.  Both report through shared memory.
 *
 * Cases:
 *   transaction        a plain transaction (no context asked): BR_REPLY
 *                      (every kernel and stack)
 *   secctx             the context manager asks for contexts, default
 *                      display: the receiver gets the sender's attr/current;
 *                      under AppArmor (no cred_getsecid hook, so no secid to
 *                      make a context from) BR_FAILED_REPLY, "failed to get
 *                      security context", as on AppArmor alone in base
 *   same_display       two modules, both ends default display: BR_REPLY
 *                      and the sender's context (when the module makes one)
 *   display_mismatch   the sender displays the other module (no context
 *                      asked): BR_FAILED_REPLY, extended error -EINVAL, the
 *                      receiver sees nothing, the kernel log says
 *                      "transaction display mismatch"
 *   receiver_mismatch  the receiver displays the other module and asks
 *                      for contexts (when the sender's module makes them):
 *                      the same refusal
 *   display_restored   the sender switches away and back: BR_REPLY again
 *   both_switched      both ends display the other module: BR_REPLY, with
 *                      that module's context when it makes one
 * The display cases need two modules with contexts in /proc/self/attr/context
 * (a kernel with the series and two major modules); otherwise they skip.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/android/binder.h>
#include <linux/android/binderfs.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define BINDERFS "/dev/binderfs"
#define MAP_SIZE (128 * 1024)
#define CODE_PING 0x4c534d31		/* "LSM1" */
#define TIMEOUT_MS 20000	/* a loaded TCG host can be slow */

static const char ping[8] = "ping!!!";	/* 8 bytes with the nul */
static const char pong[8] = "pong!!!";

/* What the two processes saw, in memory shared with the parent. */
struct shared {
	/* server */
	int srv_ready;			/* 1 ready, -errno setup failed */
	int srv_txns;			/* transactions received */
	int srv_sec_cmd;		/* last one came as BR_TRANSACTION_SEC_CTX */
	char srv_secctx[256];		/* its security context, as received */
	char srv_data[16];
	char srv_err[128];
	/* client */
	int cli_done;
	uint32_t cli_result;		/* BR_REPLY, BR_FAILED_REPLY, ... or 0 */
	int cli_complete;		/* BR_TRANSACTION_COMPLETE seen */
	char cli_reply[16];
	struct binder_extended_error cli_ee;
	int cli_ee_rc;			/* 0 or -errno of BINDER_GET_EXTENDED_ERROR */
	char cli_current[256];		/* attr/current under its display */
	char cli_context[512];		/* attr/context, or empty */
	long cli_context_len;
	char cli_err[128];
};

static struct shared *sh;

static int binderfs_ready(void)
{
	struct stat st;

	if (!stat(BINDERFS "/binder-control", &st))
		return 0;
	if (mkdir(BINDERFS, 0755) && errno != EEXIST)
		return -errno;
	if (mount("binder", BINDERFS, "binder", 0, NULL))
		return -errno;
	return 0;
}

/* Make /dev/binderfs/NAME (or reuse it); 0 or -errno. */
static int binder_device(const char *name, char *path, size_t size)
{
	struct binderfs_device dev;
	int fd, rc = 0;

	rc = binderfs_ready();
	if (rc)
		return rc;
	snprintf(path, size, BINDERFS "/%s", name);
	if (!access(path, F_OK))
		return 0;
	fd = open(BINDERFS "/binder-control", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	memset(&dev, 0, sizeof(dev));
	snprintf(dev.name, sizeof(dev.name), "%s", name);
	if (ioctl(fd, BINDER_CTL_ADD, &dev) && errno != EEXIST)
		rc = -errno;
	close(fd);
	return rc;
}

struct conn {
	int fd;
	void *map;
};

static int conn_open(const char *path, struct conn *c, char *err, size_t esz)
{
	struct binder_version v = { 0 };

	c->fd = open(path, O_RDWR | O_CLOEXEC);
	if (c->fd < 0) {
		snprintf(err, esz, "open %s: %s", path, strerror(errno));
		return -1;
	}
	if (ioctl(c->fd, BINDER_VERSION, &v) ||
	    v.protocol_version != BINDER_CURRENT_PROTOCOL_VERSION) {
		snprintf(err, esz, "BINDER_VERSION: %s, version %d",
			 strerror(errno), v.protocol_version);
		return -1;
	}
	c->map = mmap(NULL, MAP_SIZE, PROT_READ, MAP_PRIVATE, c->fd, 0);
	if (c->map == MAP_FAILED) {
		snprintf(err, esz, "mmap: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* One BINDER_WRITE_READ; returns the bytes read or -errno. */
static long write_read(int fd, const void *wbuf, size_t wlen, void *rbuf,
		       size_t rlen)
{
	struct binder_write_read bwr;

	memset(&bwr, 0, sizeof(bwr));
	bwr.write_buffer = (uintptr_t)wbuf;
	bwr.write_size = wlen;
	bwr.read_buffer = (uintptr_t)rbuf;
	bwr.read_size = rlen;
	while (ioctl(fd, BINDER_WRITE_READ, &bwr)) {
		if (errno != EINTR)
			return -errno;
	}
	if (bwr.write_consumed != wlen)
		return -EIO;
	return (long)bwr.read_consumed;
}

/* A command word followed by its payload, into buf at *off. */
static void put_cmd(char *buf, size_t *off, uint32_t cmd, const void *arg,
		    size_t len)
{
	memcpy(buf + *off, &cmd, sizeof(cmd));
	*off += sizeof(cmd);
	memcpy(buf + *off, arg, len);
	*off += len;
}

/*
 * The context manager: display "display" (NULL: keep), ask for security
 * contexts if want_secctx, then reply pong to every transaction.
 */
static void server(const char *path, const char *display, int want_secctx)
{
	struct flat_binder_object obj;
	struct conn c;
	uint32_t rbuf[256];
	char wbuf[256];
	size_t woff;
	long n;
	int rc;

	if (display && (rc = set_display(display))) {
		snprintf(sh->srv_err, sizeof(sh->srv_err), "display %s: %s",
			 display, strerror(-rc));
		sh->srv_ready = rc;
		_exit(1);
	}
	if (conn_open(path, &c, sh->srv_err, sizeof(sh->srv_err))) {
		sh->srv_ready = -EIO;
		_exit(1);
	}
	memset(&obj, 0, sizeof(obj));
	obj.hdr.type = BINDER_TYPE_BINDER;
	obj.flags = want_secctx ? FLAT_BINDER_FLAG_TXN_SECURITY_CTX : 0;
	if (ioctl(c.fd, BINDER_SET_CONTEXT_MGR_EXT, &obj)) {
		snprintf(sh->srv_err, sizeof(sh->srv_err),
			 "BINDER_SET_CONTEXT_MGR_EXT: %s", strerror(errno));
		sh->srv_ready = -errno;
		_exit(1);
	}
	woff = 0;
	put_cmd(wbuf, &woff, BC_ENTER_LOOPER, NULL, 0);
	if (write_read(c.fd, wbuf, woff, NULL, 0) < 0) {
		snprintf(sh->srv_err, sizeof(sh->srv_err), "BC_ENTER_LOOPER failed");
		sh->srv_ready = -EIO;
		_exit(1);
	}
	__atomic_store_n(&sh->srv_ready, 1, __ATOMIC_SEQ_CST);

	for (;;) {
		char *p, *end;

		n = write_read(c.fd, NULL, 0, rbuf, sizeof(rbuf));
		if (n < 0) {
			snprintf(sh->srv_err, sizeof(sh->srv_err),
				 "BINDER_WRITE_READ: %s", strerror(-n));
			_exit(1);
		}
		p = (char *)rbuf;
		end = p + n;
		while (p + sizeof(uint32_t) <= end) {
			uint32_t cmd;
			struct binder_transaction_data_secctx tds;
			struct binder_transaction_data *td = &tds.transaction_data;
			struct binder_transaction_data reply;
			binder_uintptr_t buffer;

			memcpy(&cmd, p, sizeof(cmd));
			p += sizeof(cmd);
			if (cmd != BR_TRANSACTION && cmd != BR_TRANSACTION_SEC_CTX) {
				p += _IOC_SIZE(cmd);
				continue;
			}
			memset(&tds, 0, sizeof(tds));
			memcpy(&tds, p, _IOC_SIZE(cmd));
			p += _IOC_SIZE(cmd);
			sh->srv_sec_cmd = cmd == BR_TRANSACTION_SEC_CTX;
			if (cmd == BR_TRANSACTION_SEC_CTX && tds.secctx)
				snprintf(sh->srv_secctx, sizeof(sh->srv_secctx),
					 "%s", (const char *)(uintptr_t)tds.secctx);
			else
				sh->srv_secctx[0] = '\0';
			if (td->code == CODE_PING && td->data_size == sizeof(ping))
				memcpy(sh->srv_data,
				       (const void *)(uintptr_t)td->data.ptr.buffer,
				       sizeof(ping));
			__atomic_add_fetch(&sh->srv_txns, 1, __ATOMIC_SEQ_CST);

			buffer = td->data.ptr.buffer;
			memset(&reply, 0, sizeof(reply));
			reply.code = td->code;
			reply.data_size = sizeof(pong);
			reply.data.ptr.buffer = (uintptr_t)pong;
			woff = 0;
			put_cmd(wbuf, &woff, BC_FREE_BUFFER, &buffer, sizeof(buffer));
			put_cmd(wbuf, &woff, BC_REPLY, &reply, sizeof(reply));
			if (write_read(c.fd, wbuf, woff, NULL, 0) < 0) {
				snprintf(sh->srv_err, sizeof(sh->srv_err),
					 "BC_REPLY: %s", strerror(errno));
				_exit(1);
			}
		}
	}
}

/*
 * The client: set its display to each name of "displays" in turn (NULL:
 * keep), record attr/current, send one ping to handle 0, read the outcome.
 */
static void client(const char *path, const char *const *displays)
{
	struct binder_transaction_data td;
	struct conn c;
	uint32_t rbuf[256];
	char wbuf[256];
	size_t woff = 0;
	long n;
	int rc, first = 1;

	for (; displays && *displays; displays++) {
		rc = set_display(*displays);
		if (rc) {
			snprintf(sh->cli_err, sizeof(sh->cli_err), "display %s: %s",
				 *displays, strerror(-rc));
			_exit(1);
		}
	}
	n = read_file("/proc/self/attr/current", sh->cli_current,
		      sizeof(sh->cli_current));
	if (n >= 0)
		chomp(sh->cli_current, &n);
	n = read_file("/proc/self/attr/context", sh->cli_context,
		      sizeof(sh->cli_context));
	sh->cli_context_len = n < 0 ? 0 : n;
	if (conn_open(path, &c, sh->cli_err, sizeof(sh->cli_err)))
		_exit(1);

	memset(&td, 0, sizeof(td));
	td.target.handle = 0;
	td.code = CODE_PING;
	td.data_size = sizeof(ping);
	td.data.ptr.buffer = (uintptr_t)ping;
	put_cmd(wbuf, &woff, BC_TRANSACTION, &td, sizeof(td));

	while (!sh->cli_result) {
		char *p, *end;

		n = write_read(c.fd, first ? wbuf : NULL, first ? woff : 0, rbuf,
			       sizeof(rbuf));
		first = 0;
		if (n < 0) {
			snprintf(sh->cli_err, sizeof(sh->cli_err),
				 "BINDER_WRITE_READ: %s", strerror(-n));
			_exit(1);
		}
		p = (char *)rbuf;
		end = p + n;
		while (p + sizeof(uint32_t) <= end) {
			uint32_t cmd;

			memcpy(&cmd, p, sizeof(cmd));
			p += sizeof(cmd);
			if (cmd == BR_TRANSACTION_COMPLETE)
				sh->cli_complete = 1;
			if (cmd == BR_REPLY) {
				struct binder_transaction_data r;
				binder_uintptr_t buffer;

				memcpy(&r, p, sizeof(r));
				if (r.data_size == sizeof(pong))
					memcpy(sh->cli_reply,
					       (const void *)(uintptr_t)r.data.ptr.buffer,
					       sizeof(pong));
				buffer = r.data.ptr.buffer;
				woff = 0;
				put_cmd(wbuf, &woff, BC_FREE_BUFFER, &buffer,
					sizeof(buffer));
				write_read(c.fd, wbuf, woff, NULL, 0);
			}
			if (cmd == BR_REPLY || cmd == BR_FAILED_REPLY ||
			    cmd == BR_DEAD_REPLY || cmd == BR_ERROR) {
				sh->cli_result = cmd;
				break;
			}
			p += _IOC_SIZE(cmd);
		}
	}
	if (ioctl(c.fd, BINDER_GET_EXTENDED_ERROR, &sh->cli_ee))
		sh->cli_ee_rc = -errno;
	sh->cli_done = 1;
	_exit(0);
}

static const char *br_name(uint32_t cmd)
{
	switch (cmd) {
	case 0: return "nothing";
	case BR_REPLY: return "BR_REPLY";
	case BR_FAILED_REPLY: return "BR_FAILED_REPLY";
	case BR_DEAD_REPLY: return "BR_DEAD_REPLY";
	case BR_ERROR: return "BR_ERROR";
	}
	return "another command";
}

/* Kernel messages from fd (opened at the end of the log) contain what? */
static int kmsg_has(int fd, const char *what)
{
	char rec[1024];
	int found = 0;

	while (kmsg_next(fd, rec, sizeof(rec)))
		if (strstr(rec, what))
			found = 1;
	return found;
}

struct run {
	const char *device;		/* binderfs device of the case */
	const char *srv_display;	/* server's display, NULL: default */
	int secctx;			/* server asks for the secctx */
	const char *cli_displays[3];	/* client's display writes */
};

/* Run one server/client exchange; 0, or -1 after a diagnostic. */
static int exchange(const struct run *r)
{
	char path[128], name[64];
	pid_t srv, cli;
	int rc;

	if (!sh) {
		sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (sh == MAP_FAILED) {
			sh = NULL;
			diag("mmap: %s", strerror(errno));
			return -1;
		}
	}
	memset(sh, 0, sizeof(*sh));
	/* per lsmtest process: a rerun gets fresh context managers too */
	snprintf(name, sizeof(name), "%s-%d", r->device, (int)getpid());
	rc = binder_device(name, path, sizeof(path));
	if (rc) {
		diag("binderfs device %s: %s", name, strerror(-rc));
		return -1;
	}
	fflush(stdout);
	srv = fork();
	if (srv < 0) {
		diag("fork: %s", strerror(errno));
		return -1;
	}
	if (srv == 0)
		server(path, r->srv_display, r->secctx);
	if (!wait_ready(&sh->srv_ready, TIMEOUT_MS)) {
		diag("context manager not ready: %s", sh->srv_err[0] ?
		     sh->srv_err : "timeout");
		kill_reap(srv);
		return -1;
	}
	cli = fork();
	if (cli < 0) {
		diag("fork: %s", strerror(errno));
		kill_reap(srv);
		return -1;
	}
	if (cli == 0)
		client(path, r->cli_displays);
	rc = reap_until(cli, now_ms() + TIMEOUT_MS);
	kill_reap(srv);
	if (sh->srv_err[0])
		diag("server: %s", sh->srv_err);
	if (!rc) {
		diag("client: no outcome after %d ms (killed)", TIMEOUT_MS);
		return -1;
	}
	if (!sh->cli_done) {
		diag("client: %s", sh->cli_err[0] ? sh->cli_err : "died");
		return -1;
	}
	return 0;
}

/* The transaction went through: reply seen both ends. */
static int check_reply(void)
{
	int bad = 0;

	if (sh->cli_result != BR_REPLY) {
		diag("client got %s (%#x), expected BR_REPLY; extended error "
		     "command %#x param %d", br_name(sh->cli_result),
		     sh->cli_result, sh->cli_ee.command, sh->cli_ee.param);
		return 1;
	}
	if (!sh->cli_complete) {
		diag("client saw no BR_TRANSACTION_COMPLETE");
		bad++;
	}
	if (memcmp(sh->cli_reply, pong, sizeof(pong))) {
		diag("client's reply data is wrong");
		bad++;
	}
	if (sh->srv_txns != 1 || memcmp(sh->srv_data, ping, sizeof(ping))) {
		diag("server got %d transactions, data %s", sh->srv_txns,
		     memcmp(sh->srv_data, ping, sizeof(ping)) ? "wrong" : "right");
		bad++;
	}
	return bad;
}

/* Names of the modules in /proc/self/attr/context; returns how many. */
static int context_modules(const char *out[3])
{
	static char buf[1024];
	long n = read_file("/proc/self/attr/context", buf, sizeof(buf));
	long off = 0;
	int k = 0;

	if (n <= 0)
		return 0;
	while (off < n && k < 3) {
		out[k++] = buf + off;
		off += strlen(buf + off) + 1;	/* name */
		off += strlen(buf + off) + 1;	/* value */
	}
	return k;
}

/* The display cases: the two modules, or a skip reason. */
static const char *two_displays(const char **first, const char **second)
{
	const char *m[3];

	if (access(DISPLAY, F_OK))
		return "no /proc/self/attr/display (kernel without the series)";
	if (context_modules(m) < 2)
		return "fewer than two modules with contexts are active";
	*first = display_lsm();
	*second = second_major();
	if (!*first || !*second)
		return "no second major module to display";
	return NULL;
}

/*
 * Can binder make the sender's context under this display?  AppArmor has
 * no cred_getsecid hook, so a credential carries no AppArmor secid and
 * security_secid_to_secctx() fails for it: a context manager that asks
 * for contexts gets no transaction at all (as on AppArmor alone in base).
 */
static int makes_secctx(const char *lsm)
{
	return lsm && strcmp(lsm, "apparmor");
}

/*
 * The sender's attr/current is lsm's context: the value attr/context gives
 * for lsm (kernels with the series; a single module needs no check).
 */
static int check_sender_current(const char *lsm)
{
	const char *v;

	if (!sh->cli_context_len)
		return 0;
	v = compound_value(sh->cli_context, sh->cli_context_len, lsm);
	if (!v || strcmp(v, sh->cli_current)) {
		show_bytes("sender's attr/context", sh->cli_context,
			   sh->cli_context_len);
		diag("sender's attr/current '%s' is not its %s context",
		     sh->cli_current, lsm);
		return 1;
	}
	return 0;
}

/* A reply, and the receiver got lsm's context of the sender if asked. */
static int check_reply_secctx(const struct run *r, const char *lsm)
{
	int bad = check_reply();

	if (bad)
		return bad;
	if (!r->secctx) {
		if (sh->srv_sec_cmd) {
			diag("secctx delivered without being asked for");
			bad++;
		}
		return bad;
	}
	if (!sh->srv_sec_cmd) {
		diag("receiver got BR_TRANSACTION, not BR_TRANSACTION_SEC_CTX");
		return 1;
	}
	bad += check_sender_current(lsm);
	if (strcmp(sh->srv_secctx, sh->cli_current)) {
		diag("receiver's secctx '%s', sender's attr/current '%s'",
		     sh->srv_secctx, sh->cli_current);
		bad++;
	}
	return bad;
}

/* BR_FAILED_REPLY with -EINVAL, nothing received, msg in the kernel log. */
static int check_failed(int kfd, const char *msg)
{
	int seen = kmsg_has(kfd, msg), bad = 0;

	if (sh->cli_result != BR_FAILED_REPLY) {
		diag("got %s (%#x), expected BR_FAILED_REPLY",
		     br_name(sh->cli_result), sh->cli_result);
		bad++;
	}
	if (sh->cli_ee_rc) {
		diag("BINDER_GET_EXTENDED_ERROR: %s", strerror(-sh->cli_ee_rc));
		bad++;
	} else if (sh->cli_ee.command != BR_FAILED_REPLY ||
		   sh->cli_ee.param != -EINVAL) {
		diag("extended error: command %#x param %d, expected "
		     "BR_FAILED_REPLY/-EINVAL", sh->cli_ee.command, sh->cli_ee.param);
		bad++;
	}
	if (sh->srv_txns) {
		diag("the receiver got %d transactions", sh->srv_txns);
		bad++;
	}
	if (kfd < 0) {
		diag("no /dev/kmsg: not looking for '%s'", msg);
	} else if (!seen) {
		diag("no '%s' in the kernel log", msg);
		bad++;
	}
	return bad;
}

/* exchange() with the kernel log read from its start; fd or -1 in *kfd. */
static int exchange_kmsg(const struct run *r, int *kfd)
{
	*kfd = kmsg_open_end();
	if (exchange(r)) {
		if (*kfd >= 0)
			close(*kfd);
		return -1;
	}
	return 0;
}

static enum result finish_kmsg(int kfd, int bad)
{
	if (kfd >= 0)
		close(kfd);
	return bad ? FAIL : PASS;
}

/* A plain transaction, no context asked for: the client works. */
static enum result transaction(void)
{
	struct run r = { "lsmtest-txn", NULL, 0, { NULL } };

	if (exchange(&r))
		return FAIL;
	return check_reply_secctx(&r, NULL) ? FAIL : PASS;
}

/* The context manager asks for the sender's context (default display). */
static enum result secctx(void)
{
	const char *lsm = display_lsm();
	struct run r = { "lsmtest-secctx", NULL, 1, { NULL } };
	int kfd;

	if (!lsm)
		return skip("no major module");
	if (exchange_kmsg(&r, &kfd))
		return FAIL;
	if (makes_secctx(lsm))
		return finish_kmsg(kfd, check_reply_secctx(&r, lsm));
	return finish_kmsg(kfd, check_failed(kfd, "failed to get security context"));
}

static enum result same_display(void)
{
	const char *first, *second, *why = two_displays(&first, &second);
	struct run r = { "lsmtest-same", NULL, 0, { NULL } };

	if (why)
		return skip("%s", why);
	r.secctx = makes_secctx(first);
	if (exchange(&r))
		return FAIL;
	return check_reply_secctx(&r, first) ? FAIL : PASS;
}

/* The sender displays the other module. */
static enum result display_mismatch(void)
{
	const char *first, *second, *why = two_displays(&first, &second);
	struct run r = { "lsmtest-mismatch", NULL, 0, { NULL } };
	int kfd, bad = 0;

	if (why)
		return skip("%s", why);
	/*
	 * No context asked for: with one, a sender displaying AppArmor would
	 * also be refused because AppArmor makes no context (see secctx), and
	 * this case is about the display check alone.
	 */
	r.cli_displays[0] = second;
	if (exchange_kmsg(&r, &kfd))
		return FAIL;
	bad += check_sender_current(second);
	bad += check_failed(kfd, "transaction display mismatch");
	return finish_kmsg(kfd, bad);
}

/* The receiver displays the other module. */
static enum result receiver_mismatch(void)
{
	const char *first, *second, *why = two_displays(&first, &second);
	struct run r = { "lsmtest-rmismatch", NULL, 0, { NULL } };
	int kfd;

	if (why)
		return skip("%s", why);
	r.secctx = makes_secctx(first);
	r.srv_display = second;
	if (exchange_kmsg(&r, &kfd))
		return FAIL;
	return finish_kmsg(kfd, check_failed(kfd, "transaction display mismatch"));
}

/* The sender switches away and back. */
static enum result display_restored(void)
{
	const char *first, *second, *why = two_displays(&first, &second);
	struct run r = { "lsmtest-restored", NULL, 0, { NULL } };

	if (why)
		return skip("%s", why);
	r.secctx = makes_secctx(first);
	r.cli_displays[0] = second;
	r.cli_displays[1] = first;
	if (exchange(&r))
		return FAIL;
	return check_reply_secctx(&r, first) ? FAIL : PASS;
}

/* Both ends display the other module. */
static enum result both_switched(void)
{
	const char *first, *second, *why = two_displays(&first, &second);
	struct run r = { "lsmtest-both", NULL, 0, { NULL } };

	if (why)
		return skip("%s", why);
	r.secctx = makes_secctx(second);
	r.srv_display = second;
	r.cli_displays[0] = second;
	if (exchange(&r))
		return FAIL;
	return check_reply_secctx(&r, second) ? FAIL : PASS;
}

static const struct tcase binder_cases[] = {
	{ "transaction", transaction },
	{ "secctx", secctx },
	{ "same_display", same_display },
	{ "display_mismatch", display_mismatch },
	{ "receiver_mismatch", receiver_mismatch },
	{ "display_restored", display_restored },
	{ "both_switched", both_switched },
};
SUITE(binder, binder_cases);

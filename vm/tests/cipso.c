// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "cipso": Smack labelled networking (CIPSO over IPv4) between two
 * labels over TCP loopback, alone and stacked with AppArmor.
 *
 * Smack's defaults: DOI 3 mapped as netlabel's default domain, so every
 * label but the ambient one ("_", sent unlabelled) goes out with a CIPSO
 * option that carries the label; 127.0.0.1 is no single-label host unless
 * smackfs/netlabel says so.  A server process labelled SRV listens on
 * 127.0.0.1, a client labelled CLI connects (non-blocking, bounded) and the
 * two exchange a few bytes.  Delivery needs the sender's label to have
 * write access to the receiving socket's label ("CLI SRV w" for the SYN and
 * data to the server, "SRV CLI w" for the SYN-ACK and replies).
 *
 * Cases:
 *   smackfs          smackfs is there, ambient "_", DOI 3, 127.0.0.1 not a
 *                    single-label host (the defaults the others rely on)
 *   allowed          both rules: connect, data both ways
 *   peersec          the server's SO_PEERSEC shows CLI (display smack);
 *                    with AppArmor stacked, the second major module's
 *                    display gives CLI if it is Smack, else ENOPROTOOPT
 *                    (AppArmor, and SELinux without labelled networking,
 *                    have no peer label over TCP)
 *   peercontext      the server's SO_PEERCONTEXT is exactly "smack\0CLI\0"
 *                    (modern kernels; AppArmor has no TCP peer and is left
 *                    out)
 *   denied           "CLI SRV -": the listener drops the SYN and, as it
 *                    carries a CIPSO option, netlabel answers with ICMP
 *                    host unreachable "administratively prohibited"
 *                    (cipso_v4_error()): connect fails at once with
 *                    EHOSTUNREACH and the server accepts nothing
 *   reply_denied     "CLI SRV w", "SRV CLI -": the client's socket drops
 *                    the SYN-ACK (the ICMP goes to the server's request
 *                    socket), the client only retransmits its SYN: connect
 *                    does not complete in NO_ANSWER_MS, nothing accepted
 *   restored         both rules back: works again
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define SMACKFS "/sys/fs/smackfs"
#define SRV "cipsoA"
#define CLI "cipsoB"
/*
 * How long a connection may take to come up when it should (a loaded TCG
 * host can be slow), and how long one that should not stays unanswered
 * (the SYN is retransmitted after 1 s: two tries).
 */
#define CONNECT_MS 10000
#define NO_ANSWER_MS 2500
#define IO_MS 5000

struct shared {
	int connect_ms;			/* the client's connect timeout */
	int srv_ready;			/* 1, or -errno */
	int srv_port;
	int srv_accepted;
	int srv_done;
	char srv_got[8];
	char srv_peersec[128];
	int srv_peersec_err;		/* errno of SO_PEERSEC, 0 ok */
	char srv_peersec2[128];		/* under the second display */
	int srv_peersec2_err;
	char srv_peerctx[256];
	unsigned int srv_peerctx_len;
	int srv_peerctx_err;
	char srv_err[128];

	int cli_connect_err;		/* 0, errno, or ETIMEDOUT: no answer in time */
	int cli_done;
	char cli_got[8];
	char cli_err[128];
};

static struct shared *sh;

/* Take label for this process. */
static int set_label(const char *label)
{
	if (!access("/proc/self/attr/smack/current", F_OK))
		return write_str("/proc/self/attr/smack/current", label);
	return write_str("/proc/self/attr/current", label);
}

static int set_rule(const char *subj, const char *obj, const char *acc)
{
	char rule[128];

	snprintf(rule, sizeof(rule), "%s %s %s", subj, obj, acc);
	return write_str(SMACKFS "/load2", rule);
}

static int wait_fd(int fd, short ev, int ms)
{
	struct pollfd p = { fd, ev, 0 };

	return poll(&p, 1, ms) == 1;
}

static void server(int second_display)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	long long deadline;
	int l, s, rc, one = 1;
	char buf[8];

	rc = set_label(SRV);
	if (rc) {
		snprintf(sh->srv_err, sizeof(sh->srv_err), "label %s: %s", SRV,
			 strerror(-rc));
		sh->srv_ready = rc;
		_exit(1);
	}
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (l < 0 || setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 4) ||
	    getsockname(l, (struct sockaddr *)&a, &len)) {
		snprintf(sh->srv_err, sizeof(sh->srv_err), "listen: %s",
			 strerror(errno));
		sh->srv_ready = -errno;
		_exit(1);
	}
	sh->srv_port = ntohs(a.sin_port);
	__atomic_store_n(&sh->srv_ready, 1, __ATOMIC_SEQ_CST);

	/* Accept until the parent says the client is done. */
	deadline = now_ms() + CONNECT_MS + 2 * IO_MS;
	s = -1;
	while (now_ms() < deadline && !__atomic_load_n(&sh->cli_done, __ATOMIC_SEQ_CST)) {
		if (!wait_fd(l, POLLIN, 50))
			continue;
		s = accept(l, NULL, NULL);
		if (s >= 0)
			break;
	}
	if (s < 0)
		_exit(0);
	sh->srv_accepted = 1;
	if (wait_fd(s, POLLIN, IO_MS) && read(s, buf, 6) == 6)
		memcpy(sh->srv_got, buf, 6);
	if (write(s, "world", 6) != 6)
		snprintf(sh->srv_err, sizeof(sh->srv_err), "write: %s",
			 strerror(errno));

	len = sizeof(sh->srv_peersec) - 1;
	if (getsockopt(s, SOL_SOCKET, SO_PEERSEC, sh->srv_peersec, &len))
		sh->srv_peersec_err = errno;
	len = sizeof(sh->srv_peerctx);
	if (getsockopt(s, SOL_SOCKET, SO_PEERCONTEXT, sh->srv_peerctx, &len))
		sh->srv_peerctx_err = errno;
	else
		sh->srv_peerctx_len = len;
	if (second_display) {
		const char *second = second_major();

		rc = second ? set_display(second) : -ENOENT;
		if (rc) {
			sh->srv_peersec2_err = -rc;
			snprintf(sh->srv_peersec2, sizeof(sh->srv_peersec2),
				 "<display %s: %s>", second ? second : "?",
				 strerror(-rc));
		} else {
			len = sizeof(sh->srv_peersec2) - 1;
			if (getsockopt(s, SOL_SOCKET, SO_PEERSEC, sh->srv_peersec2,
				       &len))
				sh->srv_peersec2_err = errno;
		}
	}
	/* let the client read the reply before the close */
	deadline = now_ms() + IO_MS;
	while (now_ms() < deadline && !__atomic_load_n(&sh->cli_done, __ATOMIC_SEQ_CST))
		usleep(10000);
	close(s);
	sh->srv_done = 1;
	_exit(0);
}

static void client(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int c, rc, err = 0;
	socklen_t len = sizeof(err);
	char buf[8];

	rc = set_label(CLI);
	if (rc) {
		snprintf(sh->cli_err, sizeof(sh->cli_err), "label %s: %s", CLI,
			 strerror(-rc));
		_exit(1);
	}
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = htons(sh->srv_port);
	c = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (c < 0) {
		snprintf(sh->cli_err, sizeof(sh->cli_err), "socket: %s",
			 strerror(errno));
		_exit(1);
	}
	if (connect(c, (struct sockaddr *)&a, sizeof(a))) {
		if (errno != EINPROGRESS) {
			sh->cli_connect_err = errno;
			_exit(0);
		}
		if (!wait_fd(c, POLLOUT, sh->connect_ms)) {
			sh->cli_connect_err = ETIMEDOUT;
			_exit(0);
		}
		if (getsockopt(c, SOL_SOCKET, SO_ERROR, &err, &len))
			err = errno;
		if (err) {
			sh->cli_connect_err = err;
			_exit(0);
		}
	}
	if (write(c, "hello", 6) != 6) {
		snprintf(sh->cli_err, sizeof(sh->cli_err), "write: %s",
			 strerror(errno));
		_exit(0);
	}
	if (wait_fd(c, POLLIN, IO_MS) && read(c, buf, 6) == 6)
		memcpy(sh->cli_got, buf, 6);
	else
		snprintf(sh->cli_err, sizeof(sh->cli_err), "no reply in %d ms",
			 IO_MS);
	_exit(0);
}

static int stacked_with_apparmor(void)
{
	return in_list(param("expect"), "apparmor") && !access(DISPLAY, F_OK);
}

static const char *smack_missing(void)
{
	if (!in_list(param("expect"), "smack"))
		return "Smack is not active";
	if (!netlabel_user("smack"))
		return "Smack does not use NetLabel on this boot (an earlier module or lsm.netlabel= has it)";
	if (smackfs_ready())
		return "smackfs cannot be mounted";
	return NULL;
}

/* Rules, then one server/client exchange; 0, or -1 after a diagnostic. */
static int exchange(const char *cli_srv, const char *srv_cli, int connect_ms)
{
	pid_t srv, cli;
	int rc;

	if (loopback_up()) {
		diag("loopback up: %s", strerror(errno));
		return -1;
	}
	if ((rc = set_rule(CLI, SRV, cli_srv)) || (rc = set_rule(SRV, CLI, srv_cli))) {
		diag("load2: %s", strerror(-rc));
		return -1;
	}
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
	sh->connect_ms = connect_ms;
	fflush(stdout);
	srv = fork();
	if (srv < 0) {
		diag("fork: %s", strerror(errno));
		return -1;
	}
	if (srv == 0)
		server(stacked_with_apparmor());
	if (!wait_ready(&sh->srv_ready, CONNECT_MS)) {
		diag("server not ready: %s", sh->srv_err[0] ? sh->srv_err : "timeout");
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
		client();
	rc = reap_until(cli, now_ms() + CONNECT_MS + 2 * IO_MS);
	__atomic_store_n(&sh->cli_done, 1, __ATOMIC_SEQ_CST);
	if (!reap_until(srv, now_ms() + IO_MS))
		diag("server killed after %d ms", IO_MS);
	if (sh->srv_err[0])
		diag("server: %s", sh->srv_err);
	if (sh->cli_err[0])
		diag("client: %s", sh->cli_err);
	if (!rc) {
		diag("client killed: no outcome");
		return -1;
	}
	return 0;
}

/* The exchange went through both ways. */
static int check_allowed(void)
{
	int bad = 0;

	if (sh->cli_connect_err) {
		diag("connect: %s", strerror(sh->cli_connect_err));
		return 1;
	}
	if (!sh->srv_accepted) {
		diag("the server accepted nothing");
		bad++;
	}
	if (strcmp(sh->srv_got, "hello")) {
		diag("server received '%s', expected 'hello'", sh->srv_got);
		bad++;
	}
	if (strcmp(sh->cli_got, "world")) {
		diag("client received '%s', expected 'world'", sh->cli_got);
		bad++;
	}
	return bad;
}

/* The connection never came up: connect gave err (ETIMEDOUT: no answer). */
static int check_refused(const char *why, int err)
{
	int bad = 0;

	if (sh->cli_connect_err != err) {
		diag("%s: connect gave %s, expected %s", why,
		     sh->cli_connect_err ? strerror(sh->cli_connect_err) :
		     "success", err == ETIMEDOUT ? "no answer" : strerror(err));
		bad++;
	}
	if (sh->srv_accepted) {
		diag("%s: the server accepted a connection (received '%s')", why,
		     sh->srv_got);
		bad++;
	}
	return bad;
}

static enum result smackfs(void)
{
	const char *why = smack_missing();
	char buf[4096];
	long n;
	int bad = 0;

	if (why)
		return skip("%s", why);
	n = read_file(SMACKFS "/ambient", buf, sizeof(buf));
	chomp(buf, &n);
	if (n < 0 || strcmp(buf, "_")) {
		diag("ambient is '%s' (%ld), expected '_'", n < 0 ? "?" : buf, n);
		bad++;
	}
	n = read_file(SMACKFS "/doi", buf, sizeof(buf));
	chomp(buf, &n);
	if (n < 0 || strcmp(buf, "3")) {
		diag("doi is '%s' (%ld), expected 3", n < 0 ? "?" : buf, n);
		bad++;
	}
	n = read_file(SMACKFS "/netlabel", buf, sizeof(buf));
	if (n < 0) {
		diag("read netlabel: %s", strerror(-n));
		bad++;
	} else if (strstr(buf, "127.0.0.1")) {
		diag("127.0.0.1 is a single-label host: %s", buf);
		bad++;
	}
	return bad ? FAIL : PASS;
}

static enum result allowed(void)
{
	const char *why = smack_missing();

	if (why)
		return skip("%s", why);
	if (exchange("w", "w", CONNECT_MS))
		return FAIL;
	return check_allowed() ? FAIL : PASS;
}

static enum result peersec(void)
{
	const char *why = smack_missing();
	int bad = 0;

	if (why)
		return skip("%s", why);
	if (exchange("w", "w", CONNECT_MS) || check_allowed())
		return FAIL;
	if (!strcmp(display_lsm(), "smack")) {
		if (sh->srv_peersec_err || strcmp(sh->srv_peersec, CLI)) {
			diag("display smack: SO_PEERSEC '%s' (%s), expected '%s'",
			     sh->srv_peersec, strerror(sh->srv_peersec_err), CLI);
			bad++;
		}
	} else {
		diag("display %s: not checking SO_PEERSEC", display_lsm());
	}
	if (stacked_with_apparmor()) {
		/*
		 * The server also read SO_PEERSEC displaying the second major
		 * module: Smack gives the client's label, AppArmor and SELinux
		 * (no labelled networking here) have no TCP peer.
		 */
		const char *second = second_major();
		int smack2 = second && !strcmp(second, "smack");

		if (smack2 ? sh->srv_peersec2_err || strcmp(sh->srv_peersec2, CLI) :
			     sh->srv_peersec2_err != ENOPROTOOPT) {
			diag("display %s: SO_PEERSEC '%s' (%s), expected %s",
			     second ? second : "?", sh->srv_peersec2,
			     strerror(sh->srv_peersec2_err),
			     smack2 ? "'" CLI "'" : "ENOPROTOOPT");
			bad++;
		}
	}
	return bad ? FAIL : PASS;
}

static enum result peercontext(void)
{
	const char *why = smack_missing();
	static const char want[] = "smack\0" CLI;

	if (why)
		return skip("%s", why);
	if (access(DISPLAY, F_OK))
		return skip("no SO_PEERCONTEXT (kernel without the series)");
	if (exchange("w", "w", CONNECT_MS) || check_allowed())
		return FAIL;
	if (sh->srv_peerctx_err)
		return fail("SO_PEERCONTEXT: %s", strerror(sh->srv_peerctx_err));
	if (sh->srv_peerctx_len != sizeof(want) ||
	    memcmp(sh->srv_peerctx, want, sizeof(want))) {
		show_bytes("got", sh->srv_peerctx, sh->srv_peerctx_len);
		show_bytes("expected", want, sizeof(want));
		return fail("SO_PEERCONTEXT differs");
	}
	return PASS;
}

/*
 * Smack's audit record of the denial, shown as a diagnostic (kauditd
 * prints it through printk_ratelimit(), so its absence proves nothing).
 */
static void show_denial(int kfd, const char *subj, const char *obj)
{
	char rec[1024], want[96];
	int found = 0;

	if (kfd < 0)
		return;
	snprintf(want, sizeof(want), "subject=\"%s\" object=\"%s\"", subj, obj);
	while (kmsg_next(kfd, rec, sizeof(rec))) {
		if (!found && strstr(rec, "lsm=SMACK") && strstr(rec, want)) {
			char *p = strstr(rec, "fn=");

			rec[strcspn(rec, "\n")] = '\0';
			diag("kernel: %s", p ? p : rec);
			found = 1;
		}
	}
	if (!found)
		diag("no Smack audit record %s in the kernel log", want);
	close(kfd);
}

/*
 * Traffic one way refused by a Smack rule: exchange with rules cli_srv and
 * srv_cli, show Smack's record of subj denied obj, and expect the refusal
 * check_refused() names by rule and err.
 */
static enum result refused_one_way(const char *cli_srv, const char *srv_cli, int connect_ms,
				   const char *subj, const char *obj, const char *rule, int err)
{
	const char *why = smack_missing();
	int kfd, rc;

	if (why)
		return skip("%s", why);
	kfd = kmsg_open_end();
	rc = exchange(cli_srv, srv_cli, connect_ms);
	show_denial(kfd, subj, obj);
	if (rc)
		return FAIL;
	return check_refused(rule, err) ? FAIL : PASS;
}

static enum result denied(void)
{
	return refused_one_way("-", "w", CONNECT_MS, CLI, SRV, CLI " " SRV " -", EHOSTUNREACH);
}

static enum result reply_denied(void)
{
	return refused_one_way("w", "-", NO_ANSWER_MS, SRV, CLI, SRV " " CLI " -", ETIMEDOUT);
}

static enum result restored(void)
{
	const char *why = smack_missing();

	if (why)
		return skip("%s", why);
	if (exchange("w", "w", CONNECT_MS))
		return FAIL;
	return check_allowed() ? FAIL : PASS;
}

static const struct tcase cipso_cases[] = {
	{ "smackfs", smackfs },
	{ "allowed", allowed },
	{ "peersec", peersec },
	{ "peercontext", peercontext },
	{ "denied", denied },
	{ "reply_denied", reply_denied },
	{ "restored", restored },
};
SUITE(cipso, cipso_cases);

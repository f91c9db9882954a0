// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "modern": the interfaces the modern series adds, as far as they
 * can be observed with the stack the guest booted with.
 *   /proc/self/attr/display, /sys/kernel/security/lsm_display_default
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

static enum result display_default(void)
{
	char buf[128];
	const char *want = display_lsm();
	long n = read_file("/sys/kernel/security/lsm_display_default", buf,
			   sizeof(buf));

	if (n < 0)
		return fail("read lsm_display_default: %s", strerror(-n));
	if (strcmp(buf, want ? want : ""))
		return fail("lsm_display_default is '%s', expected '%s'", buf,
			    want ? want : "");
	return PASS;
}

static enum result display_read(void)
{
	char buf[128];
	const char *want = display_lsm();
	long n = read_file(DISPLAY, buf, sizeof(buf));

	if (!want) {
		if (n != -EINVAL)
			return fail("no major module: expected EINVAL, got %ld", n);
		return PASS;
	}
	if (n < 0)
		return fail("read %s: %s", DISPLAY, strerror(-n));
	if (strcmp(buf, want))
		return fail("display is '%s', expected '%s'", buf, want);
	return PASS;
}

/*
 * Write "name" plus terminator (none when @term is -1, as "echo -n" writes
 * it); expect success and the display to read back.
 */
static enum result write_and_check(const char *name, int term)
{
	char w[128], r[128];
	size_t len = strlen(name);
	long n;
	int rc;

	memcpy(w, name, len);
	if (term >= 0)
		w[len++] = (char)term;
	rc = write_attr(DISPLAY, w, len);
	if (rc)
		return fail("writing '%s' + %#x: %s", name, term, strerror(-rc));
	n = read_file(DISPLAY, r, sizeof(r));
	if (n < 0 || strcmp(r, name))
		return fail("display reads '%s' after writing '%s'", n < 0 ? "?" : r,
			    name);
	return PASS;
}

static enum result display_write_newline(void)
{
	if (!display_lsm())
		return skip("no major module");
	return write_and_check(display_lsm(), '\n');
}

static enum result display_write_nul(void)
{
	if (!display_lsm())
		return skip("no major module");
	return write_and_check(display_lsm(), '\0');
}

static enum result display_write_bare(void)
{
	if (!display_lsm())
		return skip("no major module");
	return write_and_check(display_lsm(), -1);
}

struct bad {
	const char *what;
	const char *buf;
	size_t len;
};

/* Each refused with EINVAL, and the display is unchanged afterwards. */
static enum result display_bad_input(void)
{
	static char longname[200];
	const char *cur = display_lsm();
	char before[128], after[128];
	struct bad cases[] = {
		{ "unknown name", "bogus\n", 6 },
		{ "empty", "", 0 },
		{ "only a newline", "\n", 1 },
		{ "only a nul", "\0", 1 },
		{ "a prefix of the name", NULL, 0 },
		{ "embedded nul", NULL, 0 },
		{ "two names", NULL, 0 },
		{ "too long", longname, 0 },
		{ "module without context (capability)", "capability\n", 11 },
		{ "module not active (tomoyo)", "tomoyo\n", 7 },
	};
	char unterm[64], embedded[64], two[128];
	size_t i, l;
	long n;
	int rc, bad = 0;

	if (!cur)
		return skip("no major module");
	l = strlen(cur);
	memcpy(unterm, cur, l - 1);
	cases[4].buf = unterm; cases[4].len = l - 1;
	memcpy(embedded, cur, 2); embedded[2] = '\0';
	memcpy(embedded + 3, cur + 2, l - 2); embedded[l + 1] = '\n';
	cases[5].buf = embedded; cases[5].len = l + 2;
	snprintf(two, sizeof(two), "%s\n%s\n", cur, cur);
	cases[6].buf = two; cases[6].len = strlen(two);
	memset(longname, 'a', sizeof(longname) - 2);
	longname[sizeof(longname) - 2] = '\n';
	cases[7].len = sizeof(longname) - 1;

	n = read_file(DISPLAY, before, sizeof(before));
	if (n < 0)
		return fail("read display: %s", strerror(-n));
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		rc = write_attr(DISPLAY, cases[i].buf, cases[i].len);
		/* a zero-length write reaches no module: 0 bytes written */
		if (cases[i].len == 0 && rc == 0)
			rc = -EINVAL;
		if (rc != -EINVAL) {
			diag("%s: expected EINVAL, got %s", cases[i].what,
			     rc ? strerror(-rc) : "success");
			bad++;
		}
		n = read_file(DISPLAY, after, sizeof(after));
		if (n < 0 || strcmp(before, after)) {
			diag("%s: display changed from '%s' to '%s'", cases[i].what,
			     before, n < 0 ? "?" : after);
			bad++;
		}
	}
	return bad ? fail("%d bad-input checks failed", bad) : PASS;
}

/* Another process's display can be neither read nor written. */
static enum result display_other_process(void)
{
	char path[64], buf[128];
	const char *cur = display_lsm();
	int pfd[2], rc, fd, bad = 0;
	pid_t child;
	long n;
	char c;

	if (!cur)
		return skip("no major module");
	if (pipe(pfd))
		return fail("pipe: %s", strerror(errno));
	child = fork();
	if (child < 0)
		return fail("fork: %s", strerror(errno));
	if (child == 0) {
		close(pfd[1]);
		/* wait until the parent is done */
		if (read(pfd[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(pfd[0]);
	snprintf(path, sizeof(path), "/proc/%d/attr/display", (int)child);
	n = read_file(path, buf, sizeof(buf));
	if (n != -EINVAL) {
		diag("reading %s: expected EINVAL, got %ld", path, n);
		bad++;
	}
	fd = open(path, O_WRONLY);
	if (fd >= 0) {
		char w[64];

		snprintf(w, sizeof(w), "%s\n", cur);
		rc = write(fd, w, strlen(w));
		if (rc >= 0) {
			diag("writing %s succeeded", path);
			bad++;
		}
		close(fd);
	}
	if (write(pfd[1], "x", 1) < 0)
		bad++;
	close(pfd[1]);
	waitpid(child, NULL, 0);
	return bad ? fail("another process's display was reachable") : PASS;
}


/* Switching the display changes what attr/current shows. */
static enum result display_switch_current(void)
{
	const char *first = display_lsm(), *second = second_major();
	char buf[256];
	long n;
	int rc;

	if (!second)
		return skip("only one major module is active");
	rc = set_display(second);
	if (rc)
		return fail("switching the display to %s: %s", second, strerror(-rc));
	n = read_file("/proc/self/attr/current", buf, sizeof(buf));
	chomp(buf, &n);
	rc = set_display(first);
	if (n < 0)
		return fail("read attr/current: %s", strerror(-n));
	if (strcmp(buf, initial_context(second)))
		return fail("with display %s attr/current is '%s', expected '%s'",
			    second, buf, initial_context(second));
	if (rc)
		return fail("switching back to %s: %s", first, strerror(-rc));
	n = read_file("/proc/self/attr/current", buf, sizeof(buf));
	chomp(buf, &n);
	if (n < 0 || strcmp(buf, initial_context(first)))
		return fail("back on %s, attr/current is '%s'", first, buf);
	return PASS;
}

/* A child inherits the display over fork, and keeps it over exec. */
static enum result display_inherited(void)
{
	const char *first = display_lsm(), *second = second_major();
	int pfd[2], status, rc;
	char buf[64];
	pid_t pid;
	ssize_t n;

	if (!second)
		return skip("only one major module is active");
	rc = set_display(second);
	if (rc)
		return fail("switching the display to %s: %s", second, strerror(-rc));
	if (pipe(pfd))
		return fail("pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0) {
		long l = read_file(DISPLAY, buf, sizeof(buf));

		/* after fork: must already be the parent's choice */
		if (l < 0 || strcmp(buf, second))
			_exit(3);
		dup2(pfd[1], 1);
		close(pfd[0]);
		execl("/bin/cat", "cat", DISPLAY, (char *)NULL);
		_exit(4);
	}
	close(pfd[1]);
	n = read(pfd[0], buf, sizeof(buf) - 1);
	close(pfd[0]);
	waitpid(pid, &status, 0);
	set_display(first);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return fail("child after fork did not see display %s (status %#x)",
			    second, status);
	buf[n > 0 ? n : 0] = '\0';
	if (strcmp(buf, second))
		return fail("after exec the display is '%s', expected '%s'", buf,
			    second);
	return PASS;
}

/* SO_PEERSEC shows the displayed module's context. */
static enum result peersec_follows_display(void)
{
	const char *first = display_lsm(), *second = second_major();
	char peer[256];
	socklen_t len = sizeof(peer);
	int sv[2], rc, err;

	if (!second)
		return skip("only one major module is active");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	rc = set_display(second);
	if (rc) {
		close(sv[0]);
		close(sv[1]);
		return fail("switching the display to %s: %s", second, strerror(-rc));
	}
	memset(peer, 0, sizeof(peer));
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, peer, &len);
	err = errno;
	set_display(first);
	close(sv[0]);
	close(sv[1]);
	if (!strcmp(second, "apparmor")) {
		/* 6.1 AppArmor records no peer label on unix socketpairs */
		if (rc == 0 || err != ENOPROTOOPT)
			return fail("display apparmor: expected ENOPROTOOPT, got %d/%s",
				    rc, rc ? strerror(err) : peer);
		return PASS;
	}
	if (rc)
		return fail("SO_PEERSEC with display %s: %s", second, strerror(err));
	if (strcmp(peer, initial_context(second)))
		return fail("SO_PEERSEC with display %s is '%s', expected '%s'",
			    second, peer, initial_context(second));
	return PASS;
}

/* /proc/self/attr/context: every module's context, exact length. */
static enum result attr_context(void)
{
	char want[512], got[512];
	size_t wlen = expected_compound(want, sizeof(want), 1);
	long n = read_file("/proc/self/attr/context", got, sizeof(got));

	if (!wlen) {
		if (n != -EINVAL)
			return fail("no module with a context: expected EINVAL, got %ld", n);
		return PASS;
	}
	if (n < 0)
		return fail("read attr/context: %s", strerror(-n));
	if ((size_t)n != wlen || memcmp(got, want, wlen)) {
		show_bytes("got", got, n);
		show_bytes("expected", want, wlen);
		return fail("attr/context differs");
	}
	return PASS;
}

/* SO_PEERCONTEXT on a unix socketpair, and a short buffer. */
static enum result peercontext_socketpair(void)
{
	char want[512], got[512];
	size_t wlen = expected_compound(want, sizeof(want), 0);
	socklen_t len = sizeof(got);
	int sv[2], rc, err;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERCONTEXT, got, &len);
	err = errno;
	if (!wlen) {
		close(sv[0]);
		close(sv[1]);
		if (rc == 0 || err != ENOPROTOOPT)
			return fail("no peer context: expected ENOPROTOOPT, got %d/%d",
				    rc, err);
		return PASS;
	}
	if (rc) {
		close(sv[0]);
		close(sv[1]);
		return fail("SO_PEERCONTEXT: %s", strerror(err));
	}
	if (len != wlen || memcmp(got, want, wlen)) {
		close(sv[0]);
		close(sv[1]);
		show_bytes("got", got, len);
		show_bytes("expected", want, wlen);
		return fail("SO_PEERCONTEXT differs");
	}
	len = wlen - 1;
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERCONTEXT, got, &len);
	err = errno;
	close(sv[0]);
	close(sv[1]);
	if (rc == 0 || err != ERANGE)
		return fail("buffer one byte short: expected ERANGE, got %d/%d", rc, err);
	if (len != wlen)
		return fail("short buffer: needed length reported as %u, expected %zu",
			    len, wlen);
	return PASS;
}

/* Each value in SO_PEERCONTEXT is what SO_PEERSEC shows under that display. */
static enum result peercontext_matches_peersec(void)
{
	const char *first = display_lsm();
	char all[512], one[256];
	socklen_t len = sizeof(all), l1;
	int sv[2], rc, bad = 0;
	size_t off = 0;

	if (!first)
		return skip("no major module");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERCONTEXT, all, &len);
	if (rc) {
		close(sv[0]);
		close(sv[1]);
		if (errno == ENOPROTOOPT)
			return skip("no module has a peer context here");
		return fail("SO_PEERCONTEXT: %s", strerror(errno));
	}
	while (off < len) {
		const char *lsm = all + off;
		const char *val = lsm + strlen(lsm) + 1;

		off += strlen(lsm) + strlen(val) + 2;
		if (set_display(lsm)) {
			diag("cannot display %s", lsm);
			bad++;
			continue;
		}
		memset(one, 0, sizeof(one));
		l1 = sizeof(one);
		if (getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, one, &l1) ||
		    strcmp(one, val)) {
			diag("display %s: SO_PEERSEC '%s', SO_PEERCONTEXT '%s'", lsm,
			     one, val);
			bad++;
		}
	}
	set_display(first);
	close(sv[0]);
	close(sv[1]);
	return bad ? fail("%d values differ", bad) : PASS;
}

/*
 * A Smack label longer than the buffer the infrastructure first gives
 * each module for SO_PEERCONTEXT (128 bytes): the module reports -ERANGE
 * with the length it needs and is asked again.  In a child, which takes
 * the label and cannot write to the console afterwards (Smack): the exit
 * code says which step failed.
 */
#define LONG_LABEL_LEN 200

static int long_label_child(void)
{
	char label[LONG_LABEL_LEN + 1], all[1024], one[512];
	socklen_t len = sizeof(all), l1 = sizeof(one);
	const char *v;
	int sv[2];

	memset(label, 'L', LONG_LABEL_LEN);
	memcpy(label, "lsmtest-", 8);
	label[LONG_LABEL_LEN] = '\0';
	if (write_str("/proc/self/attr/smack/current", label))
		return 1;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 2;
	if (getsockopt(sv[0], SOL_SOCKET, SO_PEERCONTEXT, all, &len))
		return 3;
	v = compound_value(all, len, "smack");
	if (!v || strcmp(v, label))
		return 4;
	if (set_display("smack") ||
	    getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, one, &l1))
		return 5;
	if (l1 != LONG_LABEL_LEN + 1 || strcmp(one, label))
		return 6;
	return 0;
}

static enum result peercontext_long_label(void)
{
	static const char *const step[] = {
		"", "setting the long label", "socketpair",
		"SO_PEERCONTEXT failed", "SO_PEERCONTEXT's smack value is not the label",
		"SO_PEERSEC under display smack failed",
		"SO_PEERSEC's value or length is not the label's",
	};
	int st = 0;
	pid_t pid;

	if (!lsm_active("smack"))
		return skip("smack is not active");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return fail("fork: %s", strerror(errno));
	if (pid == 0)
		_exit(long_label_child());
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return fail("child did not exit (status %#x)", st);
	if (WEXITSTATUS(st))
		return fail("%s", WEXITSTATUS(st) < 7 ? step[WEXITSTATUS(st)] : "?");
	return PASS;
}

#ifndef IP_PASSSEC
#define IP_PASSSEC 18
#endif
#ifndef SCM_SECURITY
#define SCM_SECURITY 0x03
#endif

/*
 * IP_PASSSEC on UDP with AppArmor displayed: AppArmor keeps no peer secid
 * for a datagram, so no SCM_SECURITY may come (issue 12: the lsmblob
 * ip_cmsg_recv_security() passed was never cleared, and AppArmor's slot
 * held whatever the stack held).  Smack, stacked, fills its own slot.
 */
static enum result passsec_udp_apparmor(void)
{
	const char *first = display_lsm();
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof(a);
	char data[8], cbuf[512];
	struct iovec iov = { data, sizeof(data) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
			     .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int rx, tx, one = 1, i, bad = 0, rc;

	if (!in_list(param("expect"), "apparmor"))
		return skip("AppArmor not active");
	if (loopback_up())
		return fail("loopback: %s", strerror(errno));
	rc = set_display("apparmor");
	if (rc)
		return fail("display apparmor: %s", strerror(-rc));
	rx = socket(AF_INET, SOCK_DGRAM, 0);
	tx = socket(AF_INET, SOCK_DGRAM, 0);
	if (rx < 0 || tx < 0 || bind(rx, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(rx, (struct sockaddr *)&a, &al) ||
	    setsockopt(rx, SOL_IP, IP_PASSSEC, &one, sizeof(one))) {
		set_display(first);
		return fail("UDP setup: %s", strerror(errno));
	}
	for (i = 0; i < 8; i++) {
		if (sendto(tx, "ping", 4, 0, (struct sockaddr *)&a, sizeof(a)) != 4 ||
		    recvmsg(rx, &mh, 0) != 4) {
			diag("datagram %d: %s", i, strerror(errno));
			bad++;
			break;
		}
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c))
			if (c->cmsg_level == SOL_IP && c->cmsg_type == SCM_SECURITY) {
				show_bytes("SCM_SECURITY", (char *)CMSG_DATA(c),
					   c->cmsg_len - CMSG_LEN(0));
				bad++;
			}
		mh.msg_controllen = sizeof(cbuf);
	}
	close(rx);
	close(tx);
	set_display(first);
	return bad ? fail("SCM_SECURITY with AppArmor displayed (%d)", bad) : PASS;
}

static const struct tcase modern_cases[] = {
	{ "display_default", display_default },
	{ "display_read", display_read },
	{ "display_write_newline", display_write_newline },
	{ "display_write_nul", display_write_nul },
	{ "display_write_bare", display_write_bare },
	{ "display_bad_input", display_bad_input },
	{ "display_other_process", display_other_process },
	{ "display_switch_current", display_switch_current },
	{ "display_inherited", display_inherited },
	{ "peersec_follows_display", peersec_follows_display },
	{ "attr_context", attr_context },
	{ "peercontext_socketpair", peercontext_socketpair },
	{ "peercontext_matches_peersec", peercontext_matches_peersec },
	{ "peercontext_long_label", peercontext_long_label },
	{ "passsec_udp_apparmor", passsec_udp_apparmor },
};
SUITE(modern, modern_cases);

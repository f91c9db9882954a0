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
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"

#define DISPLAY "/proc/self/attr/display"

/* write(2) of exactly len bytes in one call; returns 0 or -errno */
static int write_attr(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;
	int err;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	err = errno;
	close(fd);
	if (n < 0)
		return -err;
	if ((size_t)n != len)
		return -EIO;
	return 0;
}

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

/* Write "name" plus terminator; expect success and the display to read back. */
static enum result write_and_check(const char *name, char term)
{
	char w[128], r[128];
	size_t len = strlen(name);
	long n;
	int rc;

	memcpy(w, name, len);
	w[len] = term;
	rc = write_attr(DISPLAY, w, len + 1);
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
		{ "unterminated", NULL, 0 },
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
	memcpy(unterm, cur, l);
	cases[4].buf = unterm; cases[4].len = l;
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

static const struct tcase modern_cases[] = {
	{ "display_default", display_default },
	{ "display_read", display_read },
	{ "display_write_newline", display_write_newline },
	{ "display_write_nul", display_write_nul },
	{ "display_bad_input", display_bad_input },
	{ "display_other_process", display_other_process },
};
SUITE(modern, modern_cases);

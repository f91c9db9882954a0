// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "base": behaviour of a single major LSM (plus capability and yama)
 * that every variant must keep.  Expectations come from the kernel command
 * line: lsmtest_expect is the exact content /sys/kernel/security/lsm must
 * have.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

static const char *const majors[] = { "selinux", "smack", "apparmor" };

/* The major module whose context the single-module interfaces show. */
const char *display_lsm(void)
{
	const char *list = param("expect");
	const char *first = NULL;
	size_t best = (size_t)-1, i;

	for (i = 0; i < 3; i++) {
		const char *p = strstr(list, majors[i]);

		if (p && in_list(p, majors[i]) && (size_t)(p - list) < best) {
			best = p - list;
			first = majors[i];
		}
	}
	return first;
}

static enum result lsm_list(void)
{
	char buf[512];
	long n = read_file("/sys/kernel/security/lsm", buf, sizeof(buf));

	if (n < 0)
		return fail("read /sys/kernel/security/lsm: %s", strerror(-n));
	if (!*param("expect"))
		return fail("lsmtest_expect not given on the kernel command line");
	if (strcmp(buf, param("expect")))
		return fail("lsm list is '%s', expected '%s'", buf, param("expect"));
	return PASS;
}

static enum result attr_current_readable(void)
{
	char buf[4096];
	long n = read_file("/proc/self/attr/current", buf, sizeof(buf));

	if (!display_lsm()) {
		if (n != -EINVAL)
			return fail("no major LSM: expected EINVAL, got %ld", n);
		return PASS;
	}
	if (n < 0)
		return fail("read /proc/self/attr/current: %s", strerror(-n));
	if (n == 0)
		return fail("/proc/self/attr/current is empty");
	return PASS;
}

/* The context an unconfined init task has under each module, no policy. */
const char *initial_context(const char *lsm)
{
	if (!lsm)
		return NULL;
	if (!strcmp(lsm, "selinux"))
		return "kernel";
	if (!strcmp(lsm, "smack"))
		return "_";
	return "unconfined";
}

static enum result attr_current_owner(void)
{
	char buf[4096];
	const char *lsm = display_lsm();
	long n;

	if (!lsm)
		return skip("no major LSM in this stack");
	n = read_file("/proc/self/attr/current", buf, sizeof(buf));
	if (n < 0)
		return fail("read /proc/self/attr/current: %s", strerror(-n));
	chomp(buf, &n);
	if (strcmp(buf, initial_context(lsm)))
		return fail("attr/current is '%s', %s would show '%s'", buf, lsm,
			    initial_context(lsm));
	return PASS;
}

/* /proc/self/attr/<lsm>/current answers if and only if <lsm> is active. */
static enum result module_attr_dir(const char *lsm)
{
	char path[64], buf[4096];
	int active = in_list(param("expect"), lsm);
	long n;

	snprintf(path, sizeof(path), "/proc/self/attr/%s/current", lsm);
	n = read_file(path, buf, sizeof(buf));
	if (active && n < 0)
		return fail("%s is active but %s: %s", lsm, path, strerror(-n));
	if (!active && n != -EINVAL)
		return fail("%s is not active but %s gave %ld, not EINVAL", lsm,
			    path, n);
	if (active) {
		chomp(buf, &n);
		if (strcmp(buf, initial_context(lsm)))
			return fail("%s is '%s', expected '%s'", path, buf,
				    initial_context(lsm));
	}
	return PASS;
}

static enum result attr_smack_dir(void)
{
	return module_attr_dir("smack");
}

static enum result attr_apparmor_dir(void)
{
	return module_attr_dir("apparmor");
}

static enum result peersec_socketpair(void)
{
	char peer[4096], self[4096];
	socklen_t len = sizeof(peer);
	const char *lsm = display_lsm();
	int sv[2], rc, err;
	long n;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	memset(peer, 0, sizeof(peer));
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, peer, &len);
	err = errno;
	close(sv[0]);
	close(sv[1]);
	/* 6.1 AppArmor records no peer label on unix socketpairs. */
	if (!lsm || !strcmp(lsm, "apparmor")) {
		if (rc == 0 || err != ENOPROTOOPT)
			return fail("expected ENOPROTOOPT, got rc %d (%s)", rc,
				    rc ? strerror(err) : peer);
		return PASS;
	}
	if (rc)
		return fail("SO_PEERSEC: %s", strerror(err));
	n = read_file("/proc/self/attr/current", self, sizeof(self));
	if (n < 0)
		return fail("read attr/current: %s", strerror(-n));
	chomp(self, &n);
	if (len != strlen(peer) + 1 && len != strlen(peer))
		return fail("SO_PEERSEC length %u for '%s'", len, peer);
	if (strcmp(peer, self))
		return fail("SO_PEERSEC '%s' is not the peer's context '%s'", peer,
			    self);
	return PASS;
}

/*
 * SO_PEERSEC with Smack displayed makes no slab allocation: Smack copies
 * its label straight to the caller.  Issue 16: the modern series had the
 * hook return a kstrdup()ed copy for the infrastructure to copy out and
 * free.  fail-nth = 1 must still be unused after the call.
 */
static enum result peersec_no_alloc(void)
{
	const char *lsm = display_lsm();
	char peer[256];
	socklen_t len = sizeof(peer);
	int sv[2], fd, rc, err;
	long left = -1;

	if (!lsm || strcmp(lsm, "smack"))
		return skip("Smack is not displayed");
	/* fail-nth would count the user copies too */
	if (!access("/sys/kernel/debug/fail_usercopy", F_OK))
		return skip("usercopy fault injection is configured");
	fd = fail_nth_open();
	if (fd < 0)
		return skip("no fail-nth and failslab to configure: %s", strerror(-fd));
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		err = errno;
		close(fd);
		return fail("socketpair: %s", strerror(err));
	}
	/* once unarmed: the buffers are faulted in, nothing else is first */
	if (getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, peer, &len)) {
		err = errno;
		close(fd);
		close(sv[0]);
		close(sv[1]);
		return fail("SO_PEERSEC: %s", strerror(err));
	}
	len = sizeof(peer);
	err = fail_nth_arm(fd, 1);
	if (!err) {
		rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, peer, &len);
		err = rc ? errno : 0;
		left = fail_nth_disarm(fd);
	}
	close(fd);
	close(sv[0]);
	close(sv[1]);
	if (err < 0)
		return fail("arming fail-nth: %s", strerror(-err));
	if (err)
		return fail("SO_PEERSEC with the first allocation failing: %s",
			    strerror(err));
	if (left != 1)
		return fail("SO_PEERSEC made a slab allocation (fail-nth left: %ld)",
			    left);
	return PASS;
}

static enum result peersec_short_buffer(void)
{
	char peer[1];
	socklen_t len = 1;
	const char *lsm = display_lsm();
	int sv[2], rc, err;

	if (!lsm || !strcmp(lsm, "apparmor"))
		return skip("no peer context on unix socketpairs");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, peer, &len);
	err = errno;
	close(sv[0]);
	close(sv[1]);
	if (rc == 0 || err != ERANGE)
		return fail("1-byte buffer: expected ERANGE, got rc %d errno %d", rc, err);
	if (len != strlen(initial_context(lsm)) + 1)
		return fail("needed length reported as %u, expected %zu", len,
			    strlen(initial_context(lsm)) + 1);
	return PASS;
}

static const struct tcase base_cases[] = {
	{ "lsm_list", lsm_list },
	{ "attr_current_readable", attr_current_readable },
	{ "attr_current_owner", attr_current_owner },
	{ "attr_smack_dir", attr_smack_dir },
	{ "attr_apparmor_dir", attr_apparmor_dir },
	{ "peersec_socketpair", peersec_socketpair },
	{ "peersec_short_buffer", peersec_short_buffer },
	{ "peersec_no_alloc", peersec_no_alloc },
};
SUITE(base, base_cases);

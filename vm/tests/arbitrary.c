// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "arbitrary": what SELinux and Smack active together need beyond
 * the interfaces the base and modern suites test (modern-series/arbitrary/,
 * issue 15).  The cases hold on any stack: a module that is not active, or
 * does not label files, is simply not expected.
 *
 *  - xattrs: a file created on a new tmpfs carries the attribute of every
 *    active module that labels files (security.selinux once a policy is
 *    loaded: mdp's is, and enforced; security.SMACK64), and listxattr()
 *    names each of them.  With one attribute per creation (before the
 *    series) the second module's is missing.
 *  - mount_options: one tmpfs mount with SELinux's context= and Smack's
 *    smackfsroot= and smackfsdef=: the root of the mount shows each module
 *    its own option, and a file whose Smack label is removed takes the
 *    smackfsdef= label.
 *    With one set of options per mount (before the series) the second
 *    module's options overwrite or free the first's.
 *  - mount_option_unknown: an option neither a module nor tmpfs knows
 *    (lsmtest_nosuchopt=1, smackfsnosuch=1) is refused with EINVAL and
 *    nothing is mounted.
 *  - xattr_privilege: a task without CAP_SYS_ADMIN changes Smack's and
 *    SELinux's attributes (each module's own privilege decides) and is
 *    refused, EPERM, an attribute no module owns (the capability, checked
 *    once).
 *  - netlabel: the modules lsm.netlabel= gives NetLabel to (the first that
 *    can when it is not given).  With SELinux and Smack both named, a task
 *    whose Smack label goes out unlabelled (the ambient "_") gets its
 *    socket, one whose label Smack would put in a CIPSO option different
 *    from SELinux's (policy loaded: s0, no categories) is refused with
 *    EPROTO.  With one of them named, both sockets are created.
 *
 * SELinux's policy (mdp) is loaded and enforced by the first case that
 * needs it and stays so, as in the blobs suite: run this suite before
 * "policy".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <netinet/in.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define SMACK_SELF "/proc/self/attr/smack/current"
#define MNT "/tmp/lsmtest-arbitrary"
#define ROOT_LABEL "arbRoot"
#define DEF_LABEL "arbDef"
#define NET_LABEL "arbNet"

/* Is name one of the nul-separated names of a listxattr() buffer? */
static int listed(const char *list, ssize_t len, const char *name)
{
	ssize_t i;

	for (i = 0; i < len; i += strlen(list + i) + 1)
		if (!strcmp(list + i, name))
			return 1;
	return 0;
}

static enum result xattrs(void)
{
	const char *m[3];
	int n = active_majors(m), i, fd, expected = 0, bad = 0;
	char list[1024], value[256];
	ssize_t len, vlen;
	enum result r = policy_selinux_labels();

	if (r != PASS)
		return r;
	if (mount_tmpfs(MNT, NULL))
		return fail("mount tmpfs on %s: %s", MNT, strerror(errno));
	fd = open(MNT "/file", O_CREAT | O_WRONLY, 0644);
	if (fd < 0) {
		umount(MNT);
		return fail("create %s/file: %s", MNT, strerror(errno));
	}
	close(fd);
	len = listxattr(MNT "/file", list, sizeof(list));
	if (len < 0) {
		umount(MNT);
		return fail("listxattr: %s", strerror(errno));
	}
	for (i = 0; i < n; i++) {
		const char *x = lsm_file_xattr(m[i]);

		if (!x)
			continue;
		expected++;
		vlen = getxattr(MNT "/file", x, value, sizeof(value) - 1);
		if (vlen < 0) {
			diag("%s: no %s: %s", m[i], x, strerror(errno));
			bad++;
			continue;
		}
		value[vlen] = '\0';
		diag("%s: %s=%s", m[i], x, value);
		if (!listed(list, len, x)) {
			diag("listxattr does not name %s", x);
			bad++;
		}
	}
	umount(MNT);
	if (!expected)
		return skip("no active module labels files");
	return bad ? fail("%d of %d attributes missing", bad, expected) : PASS;
}

/* Is path's attribute name other than want?  1 after a diagnostic, or 0. */
static int xattr_differs(const char *path, const char *name, const char *want)
{
	char value[256];
	ssize_t len = getxattr(path, name, value, sizeof(value) - 1);

	if (len < 0) {
		diag("%s %s: %s, expected %s", path, name, strerror(errno), want);
		return 1;
	}
	value[len] = '\0';
	if (strcmp(value, want)) {
		diag("%s %s is %s, expected %s", path, name, value, want);
		return 1;
	}
	return 0;
}

static enum result mount_options(void)
{
	char ctx[256], opts[512];
	ssize_t len;
	int sel = lsm_active("selinux"), smk = lsm_active("smack"), bad = 0, fd;
	enum result r;

	if (!sel || !smk)
		return skip("needs SELinux and Smack");
	r = policy_selinux_labels();
	if (r != PASS)
		return r;
	/* A context valid under the loaded policy: that of the root. */
	len = getxattr("/", "security.selinux", ctx, sizeof(ctx) - 1);
	if (len <= 0)
		return fail("getxattr / security.selinux: %s", strerror(errno));
	ctx[len] = '\0';	/* SELinux's value may end in its own nul */
	snprintf(opts, sizeof(opts), "context=%s,smackfsroot=" ROOT_LABEL ",smackfsdef=" DEF_LABEL,
		 ctx);
	if (mount_tmpfs(MNT, opts))
		return fail("mount -o %s: %s", opts, strerror(errno));
	bad += xattr_differs(MNT, "security.SMACK64", ROOT_LABEL);
	bad += xattr_differs(MNT, "security.selinux", ctx);
	/* smackfsdef=: the label of a file whose own label is removed */
	fd = open(MNT "/file", O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || close(fd) || removexattr(MNT "/file", "security.SMACK64")) {
		diag("create %s/file and remove its security.SMACK64: %s", MNT, strerror(errno));
		bad++;
	} else {
		bad += xattr_differs(MNT "/file", "security.SMACK64", DEF_LABEL);
	}
	umount(MNT);
	if (bad)
		return fail("%d options not applied (-o %s)", bad, opts);
	diag("smackfsroot=%s, smackfsdef=%s and context=%s all applied", ROOT_LABEL,
	     DEF_LABEL, ctx);
	return PASS;
}

static enum result mount_option_unknown(void)
{
	static const char *const bad[] = { "lsmtest_nosuchopt=1", "smackfsnosuch=1" };
	size_t i;
	int rc, failed = 0;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		rc = mount_tmpfs(MNT, bad[i]);
		if (!rc) {
			umount(MNT);
			diag("-o %s mounted", bad[i]);
			failed++;
		} else if (rc != -EINVAL) {
			diag("-o %s: %s, not EINVAL", bad[i], strerror(-rc));
			failed++;
		}
	}
	return failed ? fail("%d unknown options not refused with EINVAL", failed) : PASS;
}

/*
 * The privilege to change a security attribute: each module's own for its
 * attributes, CAP_SYS_ADMIN (checked once, by the infrastructure) for one no
 * module owns.  A task with every capability but CAP_SYS_ADMIN sets and
 * removes Smack's attribute (CAP_MAC_ADMIN) and rewrites SELinux's (its
 * policy decides), and is refused a security.* attribute nobody owns,
 * which root sets.  Before arbitrary 0008 SELinux and Smack each asked
 * CAP_SYS_ADMIN for the other's attribute, and with the BPF LSM active and
 * neither of them nobody asked it.
 */
enum xattr_how { SET, SET_OWN, REMOVE };
struct xattr_op {
	const char *lsm;	/* needs this module active, or NULL */
	const char *name;
	enum xattr_how how;	/* SET_OWN: the file's own value again */
	const char *value;	/* for SET */
	int want;		/* 0 or the errno expected */
};

static const struct xattr_op xattr_ops[] = {
	{ "smack", "security.SMACK64", SET, "arbPriv", 0 },
	{ "smack", "security.SMACK64", REMOVE, NULL, 0 },
	{ "selinux", "security.selinux", SET_OWN, NULL, 0 },
	{ NULL, "security.lsmtest", SET, "byChild", EPERM },
	{ NULL, "security.lsmtest", REMOVE, NULL, EPERM },
};
#define N_XATTR_OPS (sizeof(xattr_ops) / sizeof(xattr_ops[0]))

/* Child: each applicable op without CAP_SYS_ADMIN; 0 or errno into got[]. */
static int xattr_ops_child(const char *path, int out)
{
	int got[N_XATTR_OPS], i;
	char own[256];
	ssize_t n;

	if (drop_cap(CAP_SYS_ADMIN))
		return 1;
	for (i = 0; i < (int)N_XATTR_OPS; i++) {
		const struct xattr_op *op = &xattr_ops[i];
		int rc;

		got[i] = -1;
		if (op->lsm && !lsm_active(op->lsm))
			continue;
		if (op->how == REMOVE) {
			rc = removexattr(path, op->name);
		} else if (op->how == SET) {
			rc = setxattr(path, op->name, op->value, strlen(op->value), 0);
		} else {
			n = getxattr(path, op->name, own, sizeof(own));
			rc = n < 0 ? -1 : setxattr(path, op->name, own, n, 0);
		}
		got[i] = rc ? errno : 0;
	}
	return write(out, got, sizeof(got)) == sizeof(got) ? 0 : 1;
}

static enum result xattr_privilege(void)
{
	int got[N_XATTR_OPS], pfd[2], st, i, bad = 0, fd;
	enum result r = policy_selinux_labels();
	ssize_t n;
	pid_t pid;

	if (r != PASS)
		return r;
	if (mount_tmpfs(MNT, NULL))
		return fail("mount tmpfs on %s: %s", MNT, strerror(errno));
	fd = open(MNT "/file", O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || close(fd) ||
	    setxattr(MNT "/file", "security.lsmtest", "byRoot", 6, 0)) {
		diag("create %s/file and set security.lsmtest as root: %s", MNT,
		     strerror(errno));
		umount(MNT);
		return FAIL;
	}
	if (pipe(pfd)) {
		umount(MNT);
		return fail("pipe: %s", strerror(errno));
	}
	pid = fork();
	if (pid == 0) {
		close(pfd[0]);
		_exit(xattr_ops_child(MNT "/file", pfd[1]));
	}
	close(pfd[1]);
	n = read(pfd[0], got, sizeof(got));
	close(pfd[0]);
	waitpid(pid, &st, 0);
	umount(MNT);
	if (n != sizeof(got))
		return fail("the child without CAP_SYS_ADMIN did not report (status %#x)", st);
	for (i = 0; i < (int)N_XATTR_OPS; i++) {
		const struct xattr_op *op = &xattr_ops[i];
		const char *what = op->how == REMOVE ? "remove" : "set";

		if (got[i] < 0)
			continue;
		if (got[i] != op->want) {
			diag("%s %s without CAP_SYS_ADMIN: %s, expected %s", what, op->name,
			     got[i] ? strerror(got[i]) : "done",
			     op->want ? strerror(op->want) : "done");
			bad++;
		} else {
			diag("%s %s without CAP_SYS_ADMIN: %s, as expected", what, op->name,
			     got[i] ? strerror(got[i]) : "done");
		}
	}
	return bad ? fail("%d attribute changes not decided by their owner", bad) : PASS;
}

/* In a child labelled label: socket(AF_INET, SOCK_STREAM); 0 or errno. */
static int socket_as(const char *label)
{
	pid_t pid = fork();
	int status, fd;

	if (pid < 0)
		return errno;
	if (!pid) {
		if (write_str(SMACK_SELF, label))
			_exit(255);
		fd = socket(AF_INET, SOCK_STREAM, 0);
		_exit(fd < 0 ? errno : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static enum result netlabel(void)
{
	int sel, smk, shared, rc_amb, rc_net;
	enum result r;

	if (!lsm_active("selinux") || !lsm_active("smack"))
		return skip("needs SELinux and Smack");
	r = policy_selinux_labels();
	if (r != PASS)
		return r;
	if (smackfs_ready())
		return fail("smackfs: %s", strerror(errno));
	sel = netlabel_named("selinux");
	smk = netlabel_named("smack");
	shared = sel == 1 && smk == 1;
	rc_amb = socket_as("_");
	rc_net = socket_as(NET_LABEL);
	diag("lsm.netlabel: selinux %d smack %d (-1: not given); socket as _: %s, as " NET_LABEL ": %s",
	     sel, smk, rc_amb ? strerror(rc_amb) : "ok", rc_net ? strerror(rc_net) : "ok");
	if (rc_amb == 255 || rc_net == 255)
		return fail("cannot take a Smack label");
	if (rc_amb)
		return fail("socket as \"_\" (sent unlabelled by Smack): %s", strerror(rc_amb));
	if (shared)
		return rc_net == EPROTO ? PASS :
			fail("socket as " NET_LABEL " with both modules labelling: %s, not EPROTO",
			     rc_net ? strerror(rc_net) : "created");
	return rc_net ? fail("socket as " NET_LABEL ": %s", strerror(rc_net)) : PASS;
}

static const struct tcase arbitrary_cases[] = {
	{ "xattrs", xattrs },
	{ "mount_options", mount_options },
	{ "mount_option_unknown", mount_option_unknown },
	{ "xattr_privilege", xattr_privilege },
	{ "netlabel", netlabel },
};
SUITE(arbitrary, arbitrary_cases);

// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "blobs": the objects whose security blobs modern-series/blobs/
 * moves under infrastructure management (key, perf_event, tun_dev), used
 * the way users use them, with the decisions the modules take from what
 * they keep in those blobs.  The cases assert behaviour, so they hold on
 * any variant: on "blobs" they exercise the infrastructure's blob, on
 * base and modern the module's own.
 *
 *  - keys: a new key's label (keyctl security, KEYCTL_GET_SECURITY) is its
 *    creator's context for the module that labels keys; Smack refuses a
 *    key to a task whose label has no rule to the key's label and allows
 *    it once load2 has one; SELinux (mdp policy) refuses KEYCTL_DESCRIBE
 *    under a policy without key:view, decided on the SID in the key's
 *    blob, and allows it again under mdp's.  A key whose allocation fails
 *    at any slab allocation (fail-nth) gives ENOMEM and leaves no key
 *    behind (kmemleak, scanned at the end of the run, sees the blob).
 *  - perf_event: perf_event_open() and read(); under the policy without
 *    perf_event:open and read, a new event is refused and the read of an
 *    event opened before is refused (the SID in the event's blob).
 *  - tun_dev: a persistent tun device created, then opened again; under
 *    the policy without tun_socket:relabelfrom the open is refused (the
 *    SID in the device's blob).
 *
 * InfiniBand blobs have no case: the guests have no InfiniBand device
 * (compile-only, README).  The SELinux cases leave mdp's policy loaded
 * and enforced, as the policy suite does: run this suite before it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define SEL_POLICY_DIR "/etc/lsmtest-policy/selinux"
#define SEL_FULL SEL_POLICY_DIR "/policy.33"
#define SEL_NOBLOBS SEL_POLICY_DIR "/policy-noblobs.33"
#define SMACK_LOAD2 "/sys/fs/smackfs/load2"
#define SMACK_SELF "/proc/self/attr/smack/current"

/* The module that labels keys in this stack (SELinux or Smack), or NULL. */
static const char *key_module(void)
{
	const char *m[3];
	int i, n = active_majors(m);

	for (i = 0; i < n; i++)
		if (strcmp(m[i], "apparmor"))
			return m[i];
	return NULL;
}

/* ---- system calls glibc does not wrap ---- */

static long keyctl(int cmd, long a2, long a3, long a4)
{
	return syscall(SYS_keyctl, cmd, a2, a3, a4, 0L);
}

/* A new "user" key in the process keyring; its serial or -errno. */
static long new_key(const char *desc)
{
	long id = add_key("user", desc, "lsmtest", 7, KEY_SPEC_PROCESS_KEYRING);

	return id < 0 ? -errno : id;
}

/* KEYCTL_DESCRIBE of key id: 0 or -errno. */
static int describe_key(long id)
{
	char buf[256];

	return keyctl(KEYCTL_DESCRIBE, id, (long)buf, sizeof(buf)) < 0 ? -errno : 0;
}

/* This task's value for lsm, from /proc/self/attr/context; NULL if none. */
static const char *own_context(const char *lsm, char *buf, size_t size)
{
	long n = read_file("/proc/self/attr/context", buf, size);

	return n > 0 ? compound_value(buf, n, lsm) : NULL;
}

/* ---- SELinux: mdp's policy, and mdp's without the blob permissions ---- */

/*
 * Run check(arg) under mdp's policy (want 0), under the policy without
 * the permission (want -EACCES), and under mdp's again (want 0), which
 * stays loaded.
 */
static enum result under_policies(const char *what, int (*check)(void *), void *arg)
{
	static const struct { const char *path; int want; } step[] = {
		{ SEL_FULL, 0 }, { SEL_NOBLOBS, -EACCES }, { SEL_FULL, 0 },
	};
	size_t i;
	int rc;

	for (i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
		if (policy_selinux_use(step[i].path) != PASS)
			return fail("cannot load and enforce %s", step[i].path);
		rc = check(arg);
		if (rc != step[i].want)
			return fail("%s under %s: %s, expected %s", what, step[i].path,
				    rc ? strerror(-rc) : "allowed",
				    step[i].want ? strerror(-step[i].want) : "allowed");
	}
	return PASS;
}

/* ---- keys ---- */

static enum result key_label(void)
{
	const char *lsm = key_module(), *want;
	char ctx[1024], label[256];
	long id, n;

	if (!lsm)
		return skip("no active module labels keys");
	if (access("/proc/self/attr/context", F_OK))
		return skip("no /proc/self/attr/context (base)");
	want = own_context(lsm, ctx, sizeof(ctx));
	if (!want)
		return fail("no %s value in /proc/self/attr/context", lsm);
	id = new_key("lsmtest:label");
	if (id < 0)
		return fail("add_key: %s", strerror(-id));
	n = keyctl(KEYCTL_GET_SECURITY, id, (long)label, sizeof(label));
	keyctl(KEYCTL_INVALIDATE, id, 0, 0);
	if (n <= 0 || (size_t)n > sizeof(label))
		return fail("KEYCTL_GET_SECURITY: %s", n < 0 ? strerror(errno) : "empty");
	if (strcmp(label, want))
		return fail("key label '%s', creator's %s context '%s'", label, lsm, want);
	diag("key label %s (%s)", label, lsm);
	return PASS;
}

/*
 * Child: take label blobK, make a key, take label blobS, describe the key
 * (refused: no rule), tell the parent, wait for it to load "blobS blobK r",
 * describe again (allowed).  Exit status: 0, or the step that went wrong.
 */
static int smack_key_child(int tell, int hear)
{
	char c;
	long id;

	/* CAP_MAC_OVERRIDE lets Smack skip key checks */
	if (drop_cap(CAP_MAC_OVERRIDE) || write_str(SMACK_SELF, "blobK"))
		return 1;
	id = new_key("lsmtest:smack");
	if (id < 0)
		return 2;
	if (write_str(SMACK_SELF, "blobS"))
		return 3;
	if (describe_key(id) != -EACCES)
		return 4;
	if (write(tell, "1", 1) != 1 || read(hear, &c, 1) != 1)
		return 5;
	if (describe_key(id))
		return 6;
	return 0;
}

static enum result key_smack_rules(void)
{
	static const char *const step[] = {
		"", "taking label blobK (or dropping CAP_MAC_OVERRIDE)", "add_key as blobK",
		"taking label blobS", "blobS described blobK's key without a rule",
		"talking to the parent", "blobS refused blobK's key with the rule loaded",
	};
	int up[2], down[2], st, rc;
	pid_t pid;
	char c;

	if (!lsm_active("smack"))
		return skip("smack is not active");
	rc = smackfs_ready();
	if (rc)
		return fail("mount smackfs: %s", strerror(-rc));
	if (pipe(up) || pipe(down))
		return fail("pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0)
		_exit(smack_key_child(up[1], down[0]));
	close(up[1]);
	close(down[0]);
	if (read(up[0], &c, 1) == 1 && write_str(SMACK_LOAD2, "blobS blobK r\n"))
		diag("writing 'blobS blobK r' to %s failed", SMACK_LOAD2);
	if (write(down[1], "1", 1) != 1)
		diag("cannot wake the child");
	close(up[0]);
	close(down[1]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return fail("child did not exit");
	if (WEXITSTATUS(st))
		return fail("%s", WEXITSTATUS(st) < 7 ? step[WEXITSTATUS(st)] : "?");
	return PASS;
}

static int describe_check(void *arg)
{
	return describe_key(*(long *)arg);
}

static enum result key_selinux_policy(void)
{
	enum result r;
	long id;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (policy_selinux_use(SEL_FULL) != PASS)
		return fail("cannot load and enforce %s", SEL_FULL);
	id = new_key("lsmtest:selinux");
	if (id < 0)
		return fail("add_key: %s", strerror(-id));
	r = under_policies("KEYCTL_DESCRIBE", describe_check, &id);
	keyctl(KEYCTL_INVALIDATE, id, 0, 0);
	return r;
}

/*
 * The line of /proc/keys (keys this task may view) of a key described desc
 * into line, or NULL.
 */
static const char *key_listed(const char *desc, char *line, size_t size)
{
	static char buf[65536];
	char *p, *e;

	if (read_file("/proc/keys", buf, sizeof(buf)) <= 0 || !(p = strstr(buf, desc)))
		return NULL;
	while (p > buf && p[-1] != '\n')
		p--;
	e = strchr(p, '\n');
	snprintf(line, size, "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
	return line;
}

/*
 * A key that a failed add_key() made and dropped is destroyed by the key
 * garbage collector, a work item: wait for it (up to 5 s, polling).
 */
static const char *key_left(const char *desc, char *line, size_t size)
{
	int i;

	for (i = 0; i < 100; i++) {
		if (!key_listed(desc, line, size))
			return NULL;
		usleep(50000);
	}
	return line;
}

/*
 * add_key() with its 1st, 2nd, ... slab allocation failed (fail-nth), until
 * the call makes fewer allocations than the one armed: each injected
 * failure gives ENOMEM and leaves no key behind, or is tolerated (the call
 * succeeds: counted); afterwards a plain add_key() works.
 */
static enum result key_enomem(void)
{
	const char *desc = "lsmtest:enomem";
	int fd, n, err, l, failed = 0, tolerated = 0;
	char line[256];
	long id, left;

	fd = fail_nth_open();
	if (fd < 0)
		return skip("no fail-nth and failslab to configure: %s", strerror(-fd));
	if (key_left(desc, line, sizeof(line))) {
		close(fd);
		return fail("a key %s exists before the test: %s", desc, line);
	}
	for (n = 1; n <= 64; n++) {
		l = fail_nth_arm(fd, n);
		if (l) {
			close(fd);
			return fail("arming fail-nth: %s", strerror(-l));
		}
		id = add_key("user", desc, "lsmtest", 7, KEY_SPEC_PROCESS_KEYRING);
		err = errno;
		left = fail_nth_disarm(fd);
		if (left != 0)		/* fewer than n allocations (or disarm failed): done */
			break;
		if (id >= 0) {		/* the failure was tolerated */
			tolerated++;
			keyctl(KEYCTL_INVALIDATE, id, 0, 0);
			keyctl(KEYCTL_UNLINK, id, KEY_SPEC_PROCESS_KEYRING, 0);
			continue;
		}
		failed++;
		if (err != ENOMEM) {
			close(fd);
			return fail("allocation %d failed: add_key gave %s, expected ENOMEM",
				    n, strerror(err));
		}
		if (key_left(desc, line, sizeof(line))) {
			close(fd);
			return fail("allocation %d failed: a key is left: %s", n, line);
		}
	}
	close(fd);
	if (n > 64)
		return fail("add_key makes more than 64 slab allocations?");
	if (id < 0)
		return fail("add_key without injection: %s", strerror(err));
	keyctl(KEYCTL_INVALIDATE, id, 0, 0);
	diag("add_key: %d slab allocations; %d failures gave ENOMEM, %d were tolerated",
	     n - 1, failed, tolerated);
	return failed ? PASS : fail("no injected failure made add_key fail");
}

/* ---- perf events ---- */

static int perf_open(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE, .size = sizeof(a),
		.config = PERF_COUNT_SW_TASK_CLOCK,
	};
	int fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);

	return fd < 0 ? -errno : fd;
}

static int perf_read(void *arg)
{
	unsigned long long v;

	return read(*(int *)arg, &v, sizeof(v)) == sizeof(v) ? 0 : -errno;
}

static enum result perf_event(void)
{
	int fd = perf_open(), rc;

	if (fd < 0)
		return fail("perf_event_open: %s", strerror(-fd));
	rc = perf_read(&fd);
	close(fd);
	return rc ? fail("read: %s", strerror(-rc)) : PASS;
}

static int perf_open_close(void *arg)
{
	int fd = perf_open();

	(void)arg;
	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

static enum result perf_open_selinux_policy(void)
{
	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	return under_policies("perf_event_open", perf_open_close, NULL);
}

static enum result perf_selinux_policy(void)
{
	enum result r;
	int fd;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (policy_selinux_use(SEL_FULL) != PASS)
		return fail("cannot load and enforce %s", SEL_FULL);
	fd = perf_open();
	if (fd < 0)
		return fail("perf_event_open: %s", strerror(-fd));
	r = under_policies("read of a perf event opened under mdp's policy", perf_read, &fd);
	close(fd);
	return r;
}

/* ---- tun devices ---- */

#define TUN_NAME "lsmblob0"

/* Open /dev/net/tun and attach to (or create) TUN_NAME: fd or -errno. */
static int tun_open(void)
{
	struct ifreq ifr = { .ifr_flags = IFF_TUN | IFF_NO_PI };
	int fd = open("/dev/net/tun", O_RDWR), err;

	if (fd < 0)
		return -errno;
	strncpy(ifr.ifr_name, TUN_NAME, IFNAMSIZ - 1);
	if (ioctl(fd, TUNSETIFF, &ifr)) {
		err = errno;
		close(fd);
		return -err;
	}
	return fd;
}

static int tun_reopen(void *arg)
{
	int fd = tun_open();

	(void)arg;
	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

/* A persistent TUN_NAME (0 or -errno), or its removal. */
static int tun_persist(int on)
{
	int fd = tun_open(), rc = 0;

	if (fd < 0)
		return fd;
	if (ioctl(fd, TUNSETPERSIST, on))
		rc = -errno;
	close(fd);
	return rc;
}

static enum result tun_device(void)
{
	int rc;

	if (access("/dev/net/tun", F_OK))
		return skip("no /dev/net/tun (CONFIG_TUN)");
	rc = tun_persist(1);
	if (rc)
		return fail("creating %s: %s", TUN_NAME, strerror(-rc));
	rc = tun_reopen(NULL);
	tun_persist(0);
	return rc ? fail("opening %s again: %s", TUN_NAME, strerror(-rc)) : PASS;
}

static enum result tun_selinux_policy(void)
{
	enum result r;
	int rc;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (access("/dev/net/tun", F_OK))
		return skip("no /dev/net/tun (CONFIG_TUN)");
	if (policy_selinux_use(SEL_FULL) != PASS)
		return fail("cannot load and enforce %s", SEL_FULL);
	rc = tun_persist(1);
	if (rc)
		return fail("creating %s: %s", TUN_NAME, strerror(-rc));
	r = under_policies("opening a persistent tun device", tun_reopen, NULL);
	tun_persist(0);
	return r;
}

static const struct tcase cases[] = {
	{ "key_label", key_label },
	{ "key_smack_rules", key_smack_rules },
	{ "key_enomem", key_enomem },
	{ "perf_event", perf_event },
	{ "tun_device", tun_device },
	{ "key_selinux_policy", key_selinux_policy },
	{ "perf_open_selinux_policy", perf_open_selinux_policy },
	{ "perf_selinux_policy", perf_selinux_policy },
	{ "tun_selinux_policy", tun_selinux_policy },
};
SUITE(blobs, cases);

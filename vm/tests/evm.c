// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "evm": EVM's HMAC over the attributes of every module that labels
 * a new file (modern-series/arbitrary/ 0003, issue 15).
 *
 *  - hmac_all_xattrs: with an EVM HMAC key loaded, a file created on a new
 *    tmpfs carries security.evm (an HMAC, type 2) beside each labelling
 *    module's attribute.  EVM verifies that HMAC before it lets an
 *    attribute it protects change, so relabelling the file (each module's
 *    attribute set once) succeeds only if the HMAC made at creation covers
 *    every attribute the file carries, in EVM's order.  An HMAC over one
 *    module's attribute fails the verification: EPERM.  After a change to a
 *    value, security.evm must have changed with it.
 *
 * The key: a "user" key with a fixed 32-byte secret, the master key of an
 * "encrypted" key named evm-key (Documentation/security/keys/trusted-encrypted.rst),
 * both in the user keyring, then "1" (EVM_INIT_HMAC) written to
 * /sys/kernel/security/evm.  It cannot be unloaded: from then on EVM
 * checks every protected attribute change of every regular file that has
 * one.  Run this suite last.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <linux/keyctl.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define EVM_CTL "/sys/kernel/security/evm"
#define EVM_INIT_HMAC 0x0001
#define EVM_XATTR_HMAC 0x02
#define EVM_HMAC_LEN (1 + 20)		/* type byte and a SHA-1 digest */
#define MNT "/tmp/lsmtest-evm"
#define FILE_ MNT "/file"
#define MASTER "lsmtest-kmk"

struct labeller {
	const char *lsm;
	const char *relabel;	/* a new value, or NULL: its own value again */
};

static const struct labeller labellers[] = {
	{ "selinux", NULL },
	{ "smack", "evmLabel" },
};

static long evm_state(void)
{
	char buf[32];
	long n = read_file(EVM_CTL, buf, sizeof(buf));

	return n < 0 ? n : strtol(buf, NULL, 0);
}

/* An HMAC key for EVM: the encrypted key "evm-key" and its master key. */
static enum result load_hmac_key(void)
{
	static const char secret[32] = "lsmtest EVM master key 32 bytes";
	static const char ekey[] = "new user:" MASTER " 32";
	long st = evm_state();
	int rc;

	if (st < 0)
		return fail("read %s: %s", EVM_CTL, strerror(-st));
	if (st & EVM_INIT_HMAC)
		return PASS;
	if (add_key("user", MASTER, secret, sizeof(secret), KEY_SPEC_USER_KEYRING) < 0)
		return fail("add_key user %s: %s", MASTER, strerror(errno));
	if (add_key("encrypted", "evm-key", ekey, strlen(ekey), KEY_SPEC_USER_KEYRING) < 0)
		return fail("add_key encrypted evm-key '%s': %s", ekey, strerror(errno));
	rc = write_str(EVM_CTL, "1");
	if (rc)
		return fail("write 1 to %s: %s", EVM_CTL, strerror(-rc));
	st = evm_state();
	if (st < 0 || !(st & EVM_INIT_HMAC))
		return fail("%s reads %ld after loading the HMAC key", EVM_CTL, st);
	diag("EVM HMAC key loaded (%s: %ld)", EVM_CTL, st);
	return PASS;
}

static ssize_t get(const char *name, char *buf, size_t size)
{
	ssize_t n = getxattr(FILE_, name, buf, size);

	return n < 0 ? -errno : n;
}

/* The checks on FILE_: the labellers' attributes in m, nm of them. */
static int check_file(const struct labeller *const m[], int nm)
{
	char evm0[64], evm1[64], val[256];
	ssize_t e0, e1, n;
	int i, bad = 0;

	e0 = get("security.evm", evm0, sizeof(evm0));
	if (e0 < 0) {
		diag("new file has no security.evm: %s", strerror(-e0));
		return 1;
	}
	if (e0 != EVM_HMAC_LEN || evm0[0] != EVM_XATTR_HMAC) {
		show_bytes("security.evm", evm0, e0);
		diag("security.evm is not an HMAC (type %d, %zd bytes)", evm0[0], e0);
		return 1;
	}
	for (i = 0; i < nm; i++) {
		const char *x = lsm_file_xattr(m[i]->lsm);

		n = get(x, val, sizeof(val) - 1);
		if (n < 0) {
			diag("%s: no %s: %s", m[i]->lsm, x, strerror(-n));
			bad++;
		}
	}
	if (bad)
		return bad;
	for (i = 0; i < nm; i++) {
		const char *x = lsm_file_xattr(m[i]->lsm), *v = m[i]->relabel;

		if (!v) {
			n = get(x, val, sizeof(val) - 1);
			if (n < 0)
				return bad + 1;
			v = val;
		} else {
			n = strlen(v);
		}
		if (setxattr(FILE_, x, v, n, 0)) {
			diag("%s %s (EVM verifies the HMAC made at creation): %s",
			     i ? "then setting" : "setting", x, strerror(errno));
			return bad + 1;
		}
		diag("set %s: the HMAC verified", x);
		if (!m[i]->relabel)
			continue;
		e1 = get("security.evm", evm1, sizeof(evm1));
		if (e1 != e0 || !memcmp(evm0, evm1, e0)) {
			diag("security.evm did not follow the change of %s", x);
			bad++;
		}
		memcpy(evm0, evm1, e0);
	}
	return bad;
}

static enum result hmac_all_xattrs(void)
{
	const struct labeller *m[2];
	int nm = 0, bad, fd, rc;
	enum result r;
	size_t i;

	if (access(EVM_CTL, F_OK))
		return skip("no %s (kernel without EVM)", EVM_CTL);
	for (i = 0; i < sizeof(labellers) / sizeof(labellers[0]); i++)
		if (lsm_active(labellers[i].lsm))
			m[nm++] = &labellers[i];
	if (!nm)
		return skip("no active module labels files");
	r = policy_selinux_labels();
	if (r == PASS)
		r = load_hmac_key();
	if (r != PASS)
		return r;
	rc = mount_tmpfs(MNT, NULL);
	if (rc)
		return fail("mount tmpfs on %s: %s", MNT, strerror(-rc));
	fd = open(FILE_, O_CREAT | O_WRONLY, 0644);
	if (fd < 0) {
		umount(MNT);
		return fail("create %s: %s", FILE_, strerror(errno));
	}
	close(fd);
	bad = check_file(m, nm);
	umount(MNT);
	return bad ? fail("%d checks failed", bad) : PASS;
}

static const struct tcase evm_cases[] = {
	{ "hmac_all_xattrs", hmac_all_xattrs },
};
SUITE(evm, evm_cases);

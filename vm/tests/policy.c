// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "policy": the stacked modules with real policy loaded in the guest.
 *
 *  - AppArmor: vm/policy/apparmor/lsmtest, compiled and loaded by Debian's
 *    apparmor_parser.  It confines a helper: lsmtest itself, re-executed
 *    with HELPER_FLAG after writing "exec PROFILE" to
 *    /proc/self/attr/apparmor/exec (and, under Smack, after taking a Smack
 *    label), as an unprivileged user so that no capability overrides a
 *    module's decision.  The helper does one operation and exits with 0 or
 *    the errno it got; what it prints comes back through a pipe.
 *  - Smack: rules written to /sys/fs/smackfs/load2, files labelled through
 *    security.SMACK64.
 *  - SELinux: the kernel's scripts/selinux/mdp dummy policy of the modern
 *    tree, built on the host by vm/policy/build-selinux.sh, in two flavours
 *    (with and without process2:setdisplay), loaded through
 *    /sys/fs/selinux/load and enforced.
 *  - Every active major decides: a task all of them restrict reads only
 *    what all allow, and each module's own denial (Smack's rule, AppArmor's
 *    profile, SELinux's lsmtest_noread_t) holds with the others allowing.
 *  - Permissions to change the display (issue 7) under each module's policy.
 *  - Audit: an AppArmor denial read from the audit netlink socket, with the
 *    subj_<lsm>= fields of the SYSCALL record.
 *  - Secmarks: Debian's nft marks this task's packets with a secmark made
 *    from the first module's context; nfnetlink_queue shows it.
 *
 * A case whose module is not active in the booted stack is skipped; a case
 * that needs the stacking interfaces (/proc/self/attr/display or context)
 * is skipped on base.  Policy stays loaded (SELinux enforcing mdp's
 * policy, under which every context is user_u:base_r:base_t:s0): run this
 * suite last.  The audit case needs no audit=1: it enables audit itself
 * (which gives the tasks forked afterwards an audit context) and puts the
 * enabled flag back afterwards.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <linux/audit.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_queue.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <grp.h>
#include <time.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define HELPER_FLAG "--policy-helper"
#define HELPER_UID 1000
#define LSMTEST_BIN "/bin/lsmtest"

#define POLICY_DIR "/etc/lsmtest-policy"
#define AA_PROFILES POLICY_DIR "/apparmor/lsmtest"
#define SEL_POLICY POLICY_DIR "/selinux/policy.33"
#define SEL_POLICY_NOSETDISPLAY POLICY_DIR "/selinux/policy-nosetdisplay.33"

#define WORK "/tmp/lsmtest-policy"
#define F_ALLOWED WORK "/allowed"
#define F_SMACK_SECRET WORK "/smack-secret"
#define F_AA_DENIED WORK "/apparmor-denied"
#define F_BOTH_DENIED WORK "/both-denied"
#define F_SEL_DENIED WORK "/selinux-denied"

#define AA_CONFINED "lsmtest_confined"
#define AA_MACADMIN "lsmtest_macadmin"
#define AA_ENFORCE " (enforce)"

#define SMACK_SUBJ "lsmtest_subj"
#define SMACK_OK "lsmtest_ok"
#define SMACK_SECRET "lsmtest_secret"
#define SMACKFS "/sys/fs/smackfs"

#define SELINUXFS "/sys/fs/selinux"
#define SEL_CONTEXT "user_u:base_r:base_t:s0"
/* vm/policy/build-selinux.sh: a file type base_t may not read */
#define SEL_NOREAD "user_u:object_r:lsmtest_noread_t:s0"
/* a packet type base_t may mark packets with but not send */
#define SEL_NOPACKET "user_u:object_r:lsmtest_nopacket_t:s0"

#define DISPLAY "/proc/self/attr/display"

/* Exit status of a helper whose setup (label, profile, uid, exec) failed. */
#define HELPER_SETUP_FAILED 255

/* ---------------------------------------------------------------------- */
/* Small helpers                                                           */

/* Does the kernel have the stacking interfaces (modern, legacy)? */
static int stacking_kernel(void)
{
	return access(DISPLAY, F_OK) == 0;
}

/* A compound context "lsm\0value\0..." shown with | for nul. */
/* Append "lsm\0value\0" to buf; returns the new length. */
static size_t compound_add(char *buf, size_t off, size_t size, const char *lsm,
			   const char *val)
{
	size_t l1 = strlen(lsm) + 1, l2 = strlen(val) + 1;

	if (off + l1 + l2 > size)
		return off;
	memcpy(buf + off, lsm, l1);
	memcpy(buf + off + l1, val, l2);
	return off + l1 + l2;
}

/* ---------------------------------------------------------------------- */
/* The helper: lsmtest re-executed as HELPER_FLAG OP ARG                   */

static int helper_write(const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(1, buf, len);

		if (n <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	return 0;
}

/*
 * read PATH     open and read PATH; exit 0 or the errno
 * cat PATH      print PATH's content; exit 0 or the errno
 * display NAME  write "NAME\n" to attr/display, print the display
 *               afterwards; exit 0 or the errno of the write
 */
static int helper_main(const char *op, const char *arg)
{
	char buf[4096];
	long n;
	int fd, rc;

	if (!strcmp(op, "read")) {
		fd = open(arg, O_RDONLY);
		if (fd < 0)
			return errno;
		n = read(fd, buf, sizeof(buf));
		rc = n < 0 ? errno : 0;
		close(fd);
		return rc;
	}
	if (!strcmp(op, "cat")) {
		n = read_file(arg, buf, sizeof(buf));
		if (n < 0)
			return -n;
		return helper_write(buf, n) ? EIO : 0;
	}
	if (!strcmp(op, "display")) {
		snprintf(buf, sizeof(buf), "%s\n", arg);
		rc = -write_str(DISPLAY, buf);
		n = read_file(DISPLAY, buf, sizeof(buf));
		if (n > 0)
			helper_write(buf, n);
		return rc;
	}
	return EINVAL;
}

/*
 * glibc calls init_array functions with (argc, argv, envp), static binaries
 * included: the helper mode needs nothing from lsmtest's main().
 */
__attribute__((constructor))
static void policy_helper_entry(int argc, char **argv, char **envp)
{
	(void)envp;
	if (argc == 4 && !strcmp(argv[1], HELPER_FLAG))
		_exit(helper_main(argv[2], argv[3]));
}

struct subject {
	const char *smack;	/* Smack label to take, or NULL */
	const char *profile;	/* AppArmor profile to exec into, or NULL */
};

static void describe(const struct subject *s, char *buf, size_t size)
{
	snprintf(buf, size, "uid %d, smack %s, apparmor %s", HELPER_UID,
		 s->smack ? s->smack : "(inherited)",
		 s->profile ? s->profile : "unconfined");
}

static void __attribute__((noreturn)) setup_failed(const char *what)
{
	char msg[256];
	int len = snprintf(msg, sizeof(msg), "helper setup: %s: %s", what,
			   strerror(errno));

	helper_write(msg, len);
	_exit(HELPER_SETUP_FAILED);
}

/*
 * Run the helper as subject s.  Returns its exit status (0 or an errno),
 * or -1 when it could not run (diagnostics printed); what it printed is in
 * out (nul-terminated), its length in *outlen.
 */
static int run_helper(const struct subject *s, const char *op, const char *arg,
		      char *out, size_t size, size_t *outlen)
{
	char who[160];
	size_t len = 0;
	int pfd[2], status;
	ssize_t n;
	pid_t pid;

	describe(s, who, sizeof(who));
	fflush(stdout);
	if (pipe(pfd)) {
		diag("pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		diag("fork: %s", strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		char cmd[128];

		close(pfd[0]);
		/*
		 * Only the pipe is inherited: AppArmor would revalidate
		 * the console against the profile at exec and log a denial.
		 */
		close(0);
		if (dup2(pfd[1], 1) < 0 || dup2(pfd[1], 2) < 0)
			_exit(HELPER_SETUP_FAILED);
		close(pfd[1]);
		if (s->smack && write_str("/proc/self/attr/smack/current", s->smack))
			setup_failed("taking the Smack label");
		if (s->profile) {
			snprintf(cmd, sizeof(cmd), "exec %s", s->profile);
			errno = -write_str("/proc/self/attr/apparmor/exec", cmd);
			if (errno)
				setup_failed("writing attr/apparmor/exec");
		}
		if (setgroups(0, NULL) || setresgid(HELPER_UID, HELPER_UID, HELPER_UID) ||
		    setresuid(HELPER_UID, HELPER_UID, HELPER_UID))
			setup_failed("dropping to the helper's uid");
		execl(LSMTEST_BIN, "lsmtest", HELPER_FLAG, op, arg, (char *)NULL);
		setup_failed("exec " LSMTEST_BIN);
	}
	close(pfd[1]);
	while (len < size - 1 && (n = read(pfd[0], out + len, size - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(pfd[0]);
	if (waitpid(pid, &status, 0) < 0) {
		diag("waitpid: %s", strerror(errno));
		return -1;
	}
	if (outlen)
		*outlen = len;
	if (WIFSIGNALED(status)) {
		diag("helper '%s %s' (%s) killed by signal %d (profile lacks mr on %s?)",
		     op, arg, who, WTERMSIG(status), LSMTEST_BIN);
		return -1;
	}
	if (WEXITSTATUS(status) == HELPER_SETUP_FAILED) {
		diag("helper '%s %s' (%s) did not run: %s", op, arg, who, out);
		return -1;
	}
	return WEXITSTATUS(status);
}

/* The helper reads path as subject s; is the errno (0: readable) as expected? */
static int check_read(const struct subject *s, const char *path, int want)
{
	char out[256], who[160];
	int rc = run_helper(s, "read", path, out, sizeof(out), NULL);

	if (rc < 0)
		return 1;
	describe(s, who, sizeof(who));
	if (rc != want) {
		diag("%s reading %s: %s, expected %s", who, path,
		     rc ? strerror(rc) : "readable", want ? strerror(want) : "readable");
		return 1;
	}
	diag("%s reading %s: %s, as expected", who, path,
	     rc ? strerror(rc) : "readable");
	return 0;
}

/* ---------------------------------------------------------------------- */
/* Set-up: files, Smack rules, AppArmor profiles                           */

static int files_ready;

static enum result prepare_files(void)
{
	static const struct {
		const char *path, *smack;
	} files[] = {
		{ F_ALLOWED, SMACK_OK },
		{ F_SMACK_SECRET, SMACK_SECRET },
		{ F_AA_DENIED, SMACK_OK },
		{ F_BOTH_DENIED, SMACK_SECRET },
		{ F_SEL_DENIED, SMACK_OK },
	};
	size_t i;
	int fd, rc;

	if (files_ready)
		return PASS;
	if (mkdir(WORK, 0755) && errno != EEXIST)
		return fail("mkdir %s: %s", WORK, strerror(errno));
	chmod(WORK, 0755);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		fd = open(files[i].path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			return fail("create %s: %s", files[i].path, strerror(errno));
		if (write(fd, "lsmtest\n", 8) != 8) {
			close(fd);
			return fail("write %s: %s", files[i].path, strerror(errno));
		}
		close(fd);
		chmod(files[i].path, 0644);
		if (lsm_active("smack") &&
		    setxattr(files[i].path, "security.SMACK64", files[i].smack,
			     strlen(files[i].smack), 0))
			return fail("label %s %s: %s", files[i].path, files[i].smack,
				    strerror(errno));
	}
	if (lsm_active("smack")) {
		rc = smackfs_ready();
		if (rc)
			return fail("mount smackfs: %s", strerror(-rc));
		/* lsmtest_subj may read lsmtest_ok, nothing else of ours */
		rc = write_str(SMACKFS "/load2", SMACK_SUBJ " " SMACK_OK " r\n");
		if (rc)
			return fail("writing the rule '%s %s r' to load2: %s",
				    SMACK_SUBJ, SMACK_OK, strerror(-rc));
	}
	files_ready = 1;
	return PASS;
}

static int profiles_loaded;

/*
 * Run ARGV (ARGV[0] searched in PATH) with stdout and stderr as
 * diagnostics, each line prefixed with ARGV[0].  Returns its exit status,
 * 127 when it could not be run, -1 when it did not exit.
 */
static int run_program(const char *const argv[])
{
	char out[4096], chunk[512], *line, *save;
	int pfd[2], status;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (pipe(pfd))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (pid == 0) {
		close(pfd[0]);
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		execvp(argv[0], (char *const *)argv);
		printf("exec %s: %s\n", argv[0], strerror(errno));
		fflush(stdout);
		_exit(127);
	}
	close(pfd[1]);
	/* read to the end (a full pipe would block it); keep the start */
	while ((n = read(pfd[0], chunk, sizeof(chunk))) > 0) {
		size_t k = (size_t)n < sizeof(out) - 1 - len ? (size_t)n : sizeof(out) - 1 - len;

		memcpy(out + len, chunk, k);
		len += k;
	}
	out[len] = '\0';
	close(pfd[0]);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		diag("%s: %s", argv[0], line);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Run apparmor_parser -r on the profiles; its output becomes diagnostics. */
static enum result load_profiles(void)
{
	/* no parser.conf in the guest; -K: no cache to keep */
	static const char *const parser[] = {
		"apparmor_parser", "--config-file=/dev/null", "-r", "-K", "-v",
		AA_PROFILES, NULL
	};
	char out[4096];
	int rc;
	long l;

	if (profiles_loaded)
		return PASS;
	if (access(AA_PROFILES, R_OK))
		return fail("%s is not in the initramfs (vm/mkinitramfs.sh)", AA_PROFILES);
	rc = run_program(parser);
	if (rc)
		return fail("apparmor_parser -r %s failed (status %d)", AA_PROFILES, rc);
	l = read_file("/sys/kernel/security/apparmor/profiles", out, sizeof(out));
	if (l < 0)
		return fail("read apparmor/profiles: %s", strerror(-l));
	if (!strstr(out, AA_CONFINED AA_ENFORCE "\n") ||
	    !strstr(out, AA_MACADMIN AA_ENFORCE "\n"))
		return fail("apparmor/profiles does not list both profiles in enforce mode: %s",
			    out);
	profiles_loaded = 1;
	return PASS;
}

static enum result aa_setup(void)
{
	enum result r;

	if (!lsm_active("apparmor"))
		return skip("apparmor is not active");
	r = prepare_files();
	if (r != PASS)
		return r;
	return load_profiles();
}

/* ---------------------------------------------------------------------- */
/* AppArmor (and Smack) with real policy                                   */

static enum result apparmor_load(void)
{
	if (!lsm_active("apparmor"))
		return skip("apparmor is not active");
	return load_profiles();
}

/* The profile confines: its files readable, others not, label as expected. */
static enum result apparmor_confines(void)
{
	/* under Smack, a label that may read the files (lsmtest_ok) */
	const char *label = lsm_active("smack") ? SMACK_SUBJ : NULL;
	const struct subject confined = { label, AA_CONFINED };
	const struct subject unconfined = { label, NULL };
	char out[256];
	size_t len;
	enum result r = aa_setup();
	int bad = 0, rc;

	if (r != PASS)
		return r;
	/* the unconfined control may read what the profile denies */
	bad += check_read(&unconfined, F_AA_DENIED, 0);
	bad += check_read(&confined, F_ALLOWED, 0);
	bad += check_read(&confined, F_AA_DENIED, EACCES);
	rc = run_helper(&confined, "cat", "/proc/self/attr/apparmor/current", out,
			sizeof(out), &len);
	if (rc) {
		diag("confined helper reading attr/apparmor/current: %s",
		     rc > 0 ? strerror(rc) : "did not run");
		bad++;
	} else {
		chomp(out, NULL);
		if (strcmp(out, AA_CONFINED AA_ENFORCE)) {
			diag("confined helper's attr/apparmor/current is '%s', expected '%s'",
			     out, AA_CONFINED AA_ENFORCE);
			bad++;
		}
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* Smack rules from load2 decide for a Smack-labelled, unconfined task. */
static enum result smack_rules(void)
{
	const struct subject subj = { SMACK_SUBJ, NULL };
	enum result r;
	char out[256];
	int bad = 0, rc;

	if (!lsm_active("smack"))
		return skip("smack is not active");
	r = prepare_files();
	if (r != PASS)
		return r;
	bad += check_read(&subj, F_ALLOWED, 0);
	bad += check_read(&subj, F_SMACK_SECRET, EACCES);
	rc = run_helper(&subj, "cat", "/proc/self/attr/smack/current", out,
			sizeof(out), NULL);
	if (rc || strcmp(out, SMACK_SUBJ)) {
		diag("helper's attr/smack/current: %s '%s', expected '%s'",
		     rc ? "error" : "reads", out, SMACK_SUBJ);
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * Both modules decide: a task Smack labels and AppArmor confines reads
 * only what both allow.  The unconfined control shows Smack alone allows
 * the file AppArmor denies.
 */
static enum result smack_apparmor_rules(void)
{
	const struct subject both = { SMACK_SUBJ, AA_CONFINED };
	const struct subject smack_only = { SMACK_SUBJ, NULL };
	enum result r;
	int bad = 0;

	if (!lsm_active("smack") || !lsm_active("apparmor"))
		return skip("needs smack and apparmor both active");
	r = aa_setup();
	if (r != PASS)
		return r;
	bad += check_read(&smack_only, F_AA_DENIED, 0);
	bad += check_read(&both, F_ALLOWED, 0);
	diag("Smack denies, AppArmor allows:");
	bad += check_read(&both, F_SMACK_SECRET, EACCES);
	diag("AppArmor denies, Smack allows:");
	bad += check_read(&both, F_AA_DENIED, EACCES);
	diag("both deny:");
	bad += check_read(&both, F_BOTH_DENIED, EACCES);
	return bad ? fail("%d checks failed", bad) : PASS;
}

/*
 * attr/context of the confined helper: every active module's label, the
 * Smack label it took and the AppArmor profile with its mode.
 */
static enum result apparmor_context(void)
{
	const struct subject s = { lsm_active("smack") ? SMACK_SUBJ : NULL, AA_CONFINED };
	const char *majors[3];
	char mine[512], want[512], got[512];
	size_t n = active_majors(majors), i, wlen = 0, glen;
	enum result r;
	long mlen;
	int rc;

	if (!lsm_active("apparmor"))
		return skip("apparmor is not active");
	if (!stacking_kernel())
		return skip("no /proc/self/attr/context on this kernel");
	r = aa_setup();
	if (r != PASS)
		return r;
	mlen = read_file("/proc/self/attr/context", mine, sizeof(mine));
	if (mlen < 0)
		return fail("read own attr/context: %s", strerror(-mlen));
	for (i = 0; i < n; i++) {
		const char *v;

		if (!strcmp(majors[i], "apparmor"))
			v = AA_CONFINED AA_ENFORCE;
		else if (!strcmp(majors[i], "smack"))
			v = SMACK_SUBJ;
		else
			v = compound_value(mine, mlen, majors[i]);
		if (!v) {
			show_bytes("own attr/context", mine, mlen);
			return fail("no %s entry in the test's own attr/context", majors[i]);
		}
		wlen = compound_add(want, wlen, sizeof(want), majors[i], v);
	}
	rc = run_helper(&s, "cat", "/proc/self/attr/context", got, sizeof(got), &glen);
	if (rc)
		return fail("confined helper reading attr/context: %s",
			    rc > 0 ? strerror(rc) : "did not run");
	if (glen != wlen || memcmp(got, want, wlen)) {
		show_bytes("got", got, glen);
		show_bytes("expected", want, wlen);
		return fail("confined helper's attr/context differs");
	}
	show_bytes("confined helper's attr/context", got, glen);
	return PASS;
}

/* ---------------------------------------------------------------------- */
/* Permission to change the display (issue 7)                              */

/* A display to ask for: another active major if there is one. */
static const char *display_target(const char *cur)
{
	const char *majors[3];
	size_t n = active_majors(majors), i;

	for (i = 0; i < n; i++)
		if (strcmp(majors[i], cur))
			return majors[i];
	return cur;
}

static enum result display_current(char *buf, size_t size)
{
	long n = read_file(DISPLAY, buf, size);

	if (n < 0)
		return fail("read %s: %s", DISPLAY, strerror(-n));
	chomp(buf, &n);
	return PASS;
}

/*
 * The helper, as subject s, asks for another display.  want is 0 (it must
 * change) or the errno that must refuse it (and leave it unchanged).
 */
static enum result helper_display(const struct subject *s, int want)
{
	char cur[64], out[128], who[160];
	const char *target;
	enum result r = display_current(cur, sizeof(cur));
	int rc;

	if (r != PASS)
		return r;
	target = display_target(cur);
	describe(s, who, sizeof(who));
	rc = run_helper(s, "display", target, out, sizeof(out), NULL);
	if (rc < 0)
		return fail("helper did not run");
	chomp(out, NULL);
	if (rc != want)
		return fail("%s: display %s -> %s: %s, expected %s", who, cur, target,
			    rc ? strerror(rc) : "allowed",
			    want ? strerror(want) : "allowed");
	if (strcmp(out, want ? cur : target))
		return fail("%s: after the write the display is '%s', expected '%s'",
			    who, out, want ? cur : target);
	diag("%s: display %s -> %s: %s; it now reads '%s'", who, cur, target,
	     rc ? strerror(rc) : "allowed", out);
	return PASS;
}

/* A display case needs lsm active and a kernel with attr/display. */
static enum result need_display(const char *lsm)
{
	if (!lsm_active(lsm))
		return skip("%s is not active", lsm);
	if (!stacking_kernel())
		return skip("no /proc/self/attr/display on this kernel");
	return PASS;
}

/* helper_display(s, want) once need_display(lsm) and setup() pass. */
static enum result display_as(const char *lsm, enum result (*setup)(void),
			      const struct subject *s, int want)
{
	enum result r = need_display(lsm);

	if (r == PASS)
		r = setup();
	return r == PASS ? helper_display(s, want) : r;
}

static enum result display_apparmor_denied(void)
{
	const struct subject s = { NULL, AA_CONFINED };

	/* security/apparmor/lsm.c: aa_capable(CAP_MAC_ADMIN) -> -EPERM */
	return display_as("apparmor", aa_setup, &s, EPERM);
}

static enum result display_apparmor_mac_admin(void)
{
	const struct subject s = { NULL, AA_MACADMIN };

	return display_as("apparmor", aa_setup, &s, 0);
}

/* Smack has no objection: a Smack-labelled task, AppArmor-unconfined. */
static enum result display_smack_allows(void)
{
	const struct subject s = { SMACK_SUBJ, NULL };

	return display_as("smack", prepare_files, &s, 0);
}

/* ---------------------------------------------------------------------- */
/* Audit                                                                   */

struct audit_rec {
	int type;
	char text[1024];
};

static int audit_request(int fd, int type, const void *data, size_t len, int seq)
{
	struct {
		struct nlmsghdr nh;
		char data[2048];	/* an audit_rule_data with its path */
	} req;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	if (len > sizeof(req.data))
		return -EMSGSIZE;
	memset(&req, 0, sizeof(req));
	req.nh.nlmsg_len = NLMSG_LENGTH(len);
	req.nh.nlmsg_type = type;
	req.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	req.nh.nlmsg_seq = seq;
	if (len)
		memcpy(NLMSG_DATA(&req.nh), data, len);
	if (sendto(fd, &req, req.nh.nlmsg_len, 0, (struct sockaddr *)&kernel,
		   sizeof(kernel)) < 0)
		return -errno;
	return 0;
}

/*
 * Receive netlink messages for up to ms milliseconds.  Audit records go to
 * recs (up to max, *nrecs counts them); the ack of seq sets *acked (when
 * not NULL) to its error, 0 or -errno; AUDIT_GET's reply goes to *status
 * when not NULL.  Returns 0 once the ack (and the reply, if status) came
 * or stop(recs, *nrecs) says so, -ETIMEDOUT or -errno otherwise.
 */
static int audit_recv(int fd, int ms, int seq, int *acked, struct audit_status *status,
		      struct audit_rec *recs, size_t max, size_t *nrecs,
		      int (*stop)(const struct audit_rec *, size_t))
{
	static char buf[16384] __attribute__((aligned(8)));
	struct timespec t0, t;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int have_status = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct nlmsghdr *nh;
		long left;
		int len;

		clock_gettime(CLOCK_MONOTONIC, &t);
		left = ms - ((t.tv_sec - t0.tv_sec) * 1000 +
			     (t.tv_nsec - t0.tv_nsec) / 1000000);
		if (left <= 0)
			return -ETIMEDOUT;
		if (poll(&pfd, 1, left) <= 0)
			continue;
		len = recv(fd, buf, sizeof(buf), 0);
		if (len < 0)
			return -errno;
		for (nh = (struct nlmsghdr *)buf; len >= (int)NLMSG_HDRLEN;
		     nh = NLMSG_NEXT(nh, len)) {
			size_t plen = nh->nlmsg_len - NLMSG_HDRLEN;

			if ((nh->nlmsg_type == NLMSG_ERROR ||
			     nh->nlmsg_type == AUDIT_GET) && !NLMSG_OK(nh, len))
				break;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(nh);

				if ((int)nh->nlmsg_seq == seq && acked)
					*acked = e->error;
				continue;
			}
			if (nh->nlmsg_type == AUDIT_GET && status &&
			    plen >= sizeof(*status)) {
				memcpy(status, NLMSG_DATA(nh), sizeof(*status));
				have_status = 1;
				continue;
			}
			/*
			 * A record comes alone in its datagram, and its
			 * nlmsg_len counts the text only (kernel/audit.c,
			 * audit_log_end: "skb->len - NLMSG_HDRLEN"), so it
			 * is the rest of the datagram.
			 */
			plen = len - NLMSG_HDRLEN;
			if (recs && *nrecs < max) {
				struct audit_rec *r = &recs[(*nrecs)++];

				if (plen > sizeof(r->text) - 1)
					plen = sizeof(r->text) - 1;
				r->type = nh->nlmsg_type;
				memcpy(r->text, NLMSG_DATA(nh), plen);
				r->text[plen] = '\0';
				/* no trailing nul or newline in the text */
				r->text[strcspn(r->text, "\n")] = '\0';
			}
			break;
		}
		/* AUDIT_GET's reply comes from a kthread, after the ack */
		if (acked && (*acked < 0 || (*acked == 0 && (!status || have_status))))
			return 0;
		if (stop && stop(recs, *nrecs))
			return 0;
	}
}

/* "audit(1700000000.123:45): ..." -> "audit(1700000000.123:45)" */
static int audit_stamp(const char *text, char *stamp, size_t size)
{
	const char *end = strchr(text, ')');

	if (strncmp(text, "audit(", 6) || !end || (size_t)(end - text + 1) >= size)
		return -1;
	memcpy(stamp, text, end - text + 1);
	stamp[end - text + 1] = '\0';
	return 0;
}

static const struct audit_rec *find_avc(const struct audit_rec *recs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (recs[i].type == AUDIT_AVC &&
		    strstr(recs[i].text, "apparmor=\"DENIED\"") &&
		    strstr(recs[i].text, "name=\"" F_AA_DENIED "\""))
			return &recs[i];
	return NULL;
}

static const struct audit_rec *find_syscall(const struct audit_rec *recs, size_t n,
					    const struct audit_rec *avc)
{
	char stamp[64], s2[64];
	size_t i;

	if (!avc || audit_stamp(avc->text, stamp, sizeof(stamp)))
		return NULL;
	for (i = 0; i < n; i++)
		if (recs[i].type == AUDIT_SYSCALL &&
		    !audit_stamp(recs[i].text, s2, sizeof(s2)) && !strcmp(stamp, s2))
			return &recs[i];
	return NULL;
}

static int have_avc_and_syscall(const struct audit_rec *recs, size_t n)
{
	return find_syscall(recs, n, find_avc(recs, n)) != NULL;
}

/* Value of " key=" in a record, up to the next " key=" (values may hold spaces). */
static int field(const char *text, const char *key, char *val, size_t size)
{
	char k[64];
	const char *p, *e;
	size_t l;

	snprintf(k, sizeof(k), " %s=", key);
	p = strstr(text, k);
	if (!p)
		return -1;
	p += strlen(k);
	/* the next field starts with " word=" */
	for (e = p; *e; e++) {
		if (*e == ' ') {
			const char *q = e + 1;

			while (*q && *q != ' ' && *q != '=')
				q++;
			if (*q == '=')
				break;
		}
	}
	l = e - p < (long)size - 1 ? (size_t)(e - p) : size - 1;
	memcpy(val, p, l);
	val[l] = '\0';
	return 0;
}

#define MAX_RECS 64

/*
 * An AppArmor denial in the confined helper gives an AVC record
 * (apparmor="DENIED") and, with the same serial, the SYSCALL record of the
 * openat; when more than one module has contexts the SYSCALL record has a
 * subj_<lsm>= field for each (modern patch "audit: Add subj_<lsm>=").
 */
/*
 * Make this process the audit daemon (audit enabled, records to fd); the
 * state before goes to *before.  0 or a failure already reported by diag.
 */
static int audit_take(int fd, int *seq, struct audit_status *before,
		      struct audit_rec *recs, size_t max, size_t *nrecs)
{
	struct audit_status st;
	int rc, acked = 1;

	memset(before, 0, sizeof(*before));
	rc = audit_request(fd, AUDIT_GET, NULL, 0, ++*seq);
	if (!rc)
		rc = audit_recv(fd, 2000, *seq, &acked, before, NULL, 0, NULL, NULL);
	if (rc || acked) {
		diag("AUDIT_GET: %s", strerror(rc ? -rc : -acked));
		return -1;
	}
	diag("audit before: enabled %u, pid %u, backlog_limit %u", before->enabled,
	     before->pid, before->backlog_limit);
	memset(&st, 0, sizeof(st));
	st.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID;
	st.enabled = 1;
	st.pid = getpid();
	acked = 1;
	rc = audit_request(fd, AUDIT_SET, &st, sizeof(st), ++*seq);
	if (!rc)
		rc = audit_recv(fd, 2000, *seq, &acked, NULL, recs, max, nrecs, NULL);
	if (rc || acked) {
		diag("AUDIT_SET enabled=1 pid=%d: %s", (int)st.pid,
		     strerror(rc ? -rc : -acked));
		return -1;
	}
	return 0;
}

/* Give the audit daemon role back; leave enabled as it was.  0 or -1. */
static int audit_give_back(int fd, int *seq, const struct audit_status *before,
			   struct audit_rec *recs, size_t max, size_t *nrecs)
{
	struct audit_status st;
	int rc, acked = 1;

	memset(&st, 0, sizeof(st));
	st.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID;
	st.enabled = before->enabled;
	st.pid = 0;
	rc = audit_request(fd, AUDIT_SET, &st, sizeof(st), ++*seq);
	if (!rc)
		rc = audit_recv(fd, 2000, *seq, &acked, NULL, recs, max, nrecs, NULL);
	if (rc || acked) {
		diag("AUDIT_SET pid=0 enabled=%u: %s", before->enabled,
		     strerror(rc ? -rc : -acked));
		return -1;
	}
	return 0;
}

static enum result audit_apparmor_denial(void)
{
	static struct audit_rec recs[MAX_RECS];
	const struct subject s = { lsm_active("smack") ? SMACK_SUBJ : NULL, AA_CONFINED };
	const struct audit_rec *avc, *sys;
	struct audit_status before;
	const char *majors[3];
	size_t n = active_majors(majors), nrecs = 0, i;
	int fd, rc, bad = 0, seq = 1;
	char val[256], key[32];
	enum result r;

	if (!lsm_active("apparmor"))
		return skip("apparmor is not active");
	r = aa_setup();
	if (r != PASS)
		return r;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0)
		return fail("socket(NETLINK_AUDIT): %s", strerror(errno));

	if (audit_take(fd, &seq, &before, recs, MAX_RECS, &nrecs)) {
		close(fd);
		return fail("cannot become the audit daemon");
	}

	rc = check_read(&s, F_AA_DENIED, EACCES);
	if (rc)
		bad++;
	audit_recv(fd, 5000, -1, NULL, NULL, recs, MAX_RECS, &nrecs,
		   have_avc_and_syscall);

	if (audit_give_back(fd, &seq, &before, recs, MAX_RECS, &nrecs))
		bad++;
	close(fd);

	avc = find_avc(recs, nrecs);
	sys = find_syscall(recs, nrecs, avc);
	if (!avc || !sys) {
		for (i = 0; i < nrecs; i++)
			diag("record %d: %.400s", recs[i].type, recs[i].text);
		return fail("%zu records; no %s", nrecs,
			    !avc ? "AVC record apparmor=\"DENIED\" for " F_AA_DENIED :
				   "SYSCALL record with the AVC record's serial");
	}
	diag("AVC: %.500s", avc->text);
	diag("SYSCALL: %.700s", sys->text);
	if (field(sys->text, "subj", val, sizeof(val))) {
		diag("the SYSCALL record has no subj= field");
		bad++;
	}
	if (n < 2) {
		if (strstr(sys->text, " subj_")) {
			diag("one module with contexts, yet subj_<lsm>= fields");
			bad++;
		}
	} else {
		for (i = 0; i < n; i++) {
			snprintf(key, sizeof(key), "subj_%s", majors[i]);
			if (field(sys->text, key, val, sizeof(val))) {
				diag("%s modules active: no ' %s=' in the SYSCALL record",
				     param("expect"), key);
				bad++;
				continue;
			}
			if ((!strcmp(majors[i], "apparmor") &&
			     strncmp(val, AA_CONFINED, strlen(AA_CONFINED))) ||
			    (!strcmp(majors[i], "smack") && strcmp(val, SMACK_SUBJ))) {
				diag("%s=%s is not the helper's label", key, val);
				bad++;
			}
		}
	}
	return bad ? fail("%d audit checks failed", bad) : PASS;
}

/* The reply's layout: struct audit_sig_info, kernel-internal. */
struct sig_info {
	uint32_t uid;
	int32_t pid;
	char ctx[];
};

static void on_sigusr1(int sig)
{
	(void)sig;
}

/*
 * AUDIT_SIGNAL_INFO (issue 12): registered as the audit daemon, this
 * process is sent SIGUSR1 by a child; the reply names the child's pid and
 * carries its context, that of the first module with a value (the
 * module displayed by default), as the child reads it in attr/current.
 * Smack gives the child a label of its own.  The context was lost: the
 * reply size was computed after the context had been released.
 */
static enum result audit_signal_info(void)
{
	static char buf[8192] __attribute__((aligned(8)));
	struct audit_status before;
	struct sigaction sa = { .sa_handler = on_sigusr1, .sa_flags = SA_RESTART };
	char want[256] = "";
	int fd, seq = 0, p[2], st = -1, bad = 0, len;
	size_t nrecs = 0;
	pid_t child;
	long n;

	if (!display_lsm())
		return skip("no module with contexts");
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0)
		return fail("socket(NETLINK_AUDIT): %s", strerror(errno));
	if (sigaction(SIGUSR1, &sa, NULL) || pipe(p)) {
		close(fd);
		return fail("sigaction/pipe: %s", strerror(errno));
	}
	if (audit_take(fd, &seq, &before, NULL, 0, &nrecs)) {
		close(fd);
		return fail("cannot become the audit daemon");
	}
	child = fork();
	if (child == 0) {
		char cur[256];

		if (lsm_active("smack"))
			write_str("/proc/self/attr/smack/current", "sigsender");
		n = read_file("/proc/self/attr/current", cur, sizeof(cur));
		if (n < 0)
			_exit(2);
		if (write(p[1], cur, strlen(cur) + 1) < 0 || kill(getppid(), SIGUSR1))
			_exit(3);
		_exit(0);
	}
	close(p[1]);
	n = read(p[0], want, sizeof(want) - 1);
	close(p[0]);
	/* the child's SIGUSR1 may interrupt the wait */
	while (waitpid(child, &st, 0) < 0 && errno == EINTR)
		;
	if (n <= 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		diag("child: status %#x, read %ld", st, n);
		bad++;
	} else if (audit_request(fd, AUDIT_SIGNAL_INFO, NULL, 0, ++seq)) {
		diag("AUDIT_SIGNAL_INFO: %s", strerror(errno));
		bad++;
	} else {
		struct sig_info *si = NULL;
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		struct nlmsghdr *nh;

		while (!si && poll(&pfd, 1, 2000) > 0) {
			len = recv(fd, buf, sizeof(buf), 0);
			for (nh = (struct nlmsghdr *)buf; len > 0 && NLMSG_OK(nh, len);
			     nh = NLMSG_NEXT(nh, len))
				if (nh->nlmsg_type == AUDIT_SIGNAL_INFO &&
				    (int)nh->nlmsg_seq == seq) {
					si = NLMSG_DATA(nh);
					len = nh->nlmsg_len - NLMSG_LENGTH(sizeof(*si));
					break;
				}
		}
		if (!si) {
			diag("no AUDIT_SIGNAL_INFO reply");
			bad++;
		} else {
			/* attr/current may end with a newline, a secctx with a nul */
			want[strcspn(want, "\n")] = '\0';
			if (len > 0 && si->ctx[len - 1] == '\0')
				len--;
			diag("reply: pid %d uid %u context '%.*s' (%d bytes), child %d '%s'",
			     (int)si->pid, (unsigned)si->uid, len, si->ctx, len,
			     (int)child, want);
			if (si->pid != child || len < 0 || (size_t)len != strlen(want) ||
			    memcmp(si->ctx, want, len))
				bad++;
		}
	}
	if (audit_give_back(fd, &seq, &before, NULL, 0, &nrecs))
		bad++;
	close(fd);
	signal(SIGUSR1, SIG_DFL);
	return bad ? fail("AUDIT_SIGNAL_INFO does not name the signalling child") : PASS;
}

/* ---------------------------------------------------------------------- */
/* SELinux with the mdp policy                                             */

static const char *sel_loaded;	/* path of the policy loaded last */

static int sel_load(const char *path)
{
	struct timespec t0, t1;
	struct stat sb;
	char *buf;
	ssize_t n;
	int fd, out, err;

	if (access(SELINUXFS "/load", F_OK) &&
	    mount("selinuxfs", SELINUXFS, "selinuxfs", 0, NULL) && errno != EBUSY) {
		diag("mount selinuxfs on %s: %s", SELINUXFS, strerror(errno));
		return -1;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &sb)) {
		diag("%s: %s (not in the initramfs? vm/policy/build-selinux.sh)", path,
		     strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	buf = malloc(sb.st_size);
	if (!buf || read(fd, buf, sb.st_size) != sb.st_size) {
		diag("read %s: %s", path, strerror(errno));
		free(buf);
		close(fd);
		return -1;
	}
	close(fd);
	/* the whole policy in one write */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	out = open(SELINUXFS "/load", O_WRONLY);
	if (out < 0) {
		diag("open %s/load: %s", SELINUXFS, strerror(errno));
		free(buf);
		return -1;
	}
	n = write(out, buf, sb.st_size);
	err = errno;
	close(out);
	free(buf);
	if (n != sb.st_size) {
		diag("loading %s: %s", path, n < 0 ? strerror(err) : "short write");
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	sel_loaded = path;
	diag("loaded %s (%lld bytes) in %ld ms", path, (long long)sb.st_size,
	     (long)((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000));
	return 0;
}

static int sel_enforce(void)
{
	char buf[16];
	long n;
	int rc = write_str(SELINUXFS "/enforce", "1");

	if (rc) {
		diag("write 1 to %s/enforce: %s", SELINUXFS, strerror(-rc));
		return -1;
	}
	n = read_file(SELINUXFS "/enforce", buf, sizeof(buf));
	if (n < 0 || buf[0] != '1') {
		diag("%s/enforce reads '%s'", SELINUXFS, n < 0 ? "?" : buf);
		return -1;
	}
	return 0;
}

/*
 * Policy "path" loaded and enforced.  Each load takes seconds on the test
 * kernels under TCG (selinuxfs makes a node per class and permission), so
 * the suite loads twice: without setdisplay, then mdp's policy, which the
 * later cases keep.
 */
static enum result sel_use(const char *path)
{
	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (sel_loaded && !strcmp(sel_loaded, path))
		return PASS;
	if (sel_load(path) || sel_enforce())
		return fail("cannot load and enforce %s", path);
	return PASS;
}

enum result policy_selinux_use(const char *path)
{
	return sel_use(path);
}

static enum result sel_setup(void)
{
	return sel_use(SEL_POLICY);
}

enum result policy_selinux_labels(void)
{
	return lsm_active("selinux") ? sel_setup() : PASS;
}

/* Loaded and enforced; the kernel now shows the policy's context. */
static enum result selinux_load(void)
{
	char buf[256];
	enum result r = sel_setup();
	const char *disp = display_lsm();
	long n;

	if (r != PASS)
		return r;
	n = read_file(SELINUXFS "/policyvers", buf, sizeof(buf));
	diag("policyvers %s", n > 0 ? buf : "?");
	if (stacking_kernel() &&
	    access(SELINUXFS "/class/process2/perms/setdisplay", F_OK))
		return fail("no %s/class/process2/perms/setdisplay: %s", SELINUXFS,
			    strerror(errno));
	if (disp && !strcmp(disp, "selinux")) {
		n = read_file("/proc/self/attr/current", buf, sizeof(buf));
		if (n < 0)
			return fail("read attr/current: %s", strerror(-n));
		chomp(buf, &n);
		if (strcmp(buf, SEL_CONTEXT))
			return fail("attr/current is '%s', expected the policy's '%s'",
				    buf, SEL_CONTEXT);
	}
	return PASS;
}

/* attr/context: the policy's context and every other module's. */
static enum result selinux_context(void)
{
	const char *majors[3];
	char want[512], got[512];
	size_t n = active_majors(majors), i, wlen = 0;
	enum result r;
	long glen;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (!stacking_kernel())
		return skip("no /proc/self/attr/context on this kernel");
	r = sel_setup();
	if (r != PASS)
		return r;
	for (i = 0; i < n; i++)
		wlen = compound_add(want, wlen, sizeof(want), majors[i],
				    !strcmp(majors[i], "selinux") ? SEL_CONTEXT :
				    initial_context(majors[i]));
	glen = read_file("/proc/self/attr/context", got, sizeof(got));
	if (glen < 0)
		return fail("read attr/context: %s", strerror(-glen));
	if ((size_t)glen != wlen || memcmp(got, want, wlen)) {
		show_bytes("got", got, glen);
		show_bytes("expected", want, wlen);
		return fail("attr/context differs");
	}
	show_bytes("attr/context", got, glen);
	return PASS;
}

/*
 * SO_PEERCONTEXT on a unix socketpair: the policy's context for SELinux.
 * AppArmor (6.1) records no peer label on socketpairs, so it has no entry
 * (vm/tests/modern.c, peercontext_socketpair).  SO_PEERSEC, when SELinux is
 * the display, shows the same context.
 */
static enum result selinux_peercontext(void)
{
	const char *majors[3];
	char want[512], got[512];
	size_t n = active_majors(majors), i, wlen = 0;
	socklen_t len = sizeof(got);
	const char *disp = display_lsm();
	int sv[2], rc, err;
	enum result r;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	r = sel_setup();
	if (r != PASS)
		return r;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return fail("socketpair: %s", strerror(errno));
	if (disp && !strcmp(disp, "selinux")) {
		memset(got, 0, sizeof(got));
		rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, got, &len);
		if (rc || strcmp(got, SEL_CONTEXT)) {
			diag("SO_PEERSEC: %s '%s', expected '%s'",
			     rc ? strerror(errno) : "", got, SEL_CONTEXT);
			close(sv[0]);
			close(sv[1]);
			return fail("SO_PEERSEC is not the policy's context");
		}
	}
	if (!stacking_kernel()) {
		close(sv[0]);
		close(sv[1]);
		return PASS;
	}
	for (i = 0; i < n; i++)
		if (strcmp(majors[i], "apparmor"))
			wlen = compound_add(want, wlen, sizeof(want), majors[i],
					    !strcmp(majors[i], "selinux") ?
					    SEL_CONTEXT : initial_context(majors[i]));
	len = sizeof(got);
	rc = getsockopt(sv[0], SOL_SOCKET, SO_PEERCONTEXT, got, &len);
	err = errno;
	close(sv[0]);
	close(sv[1]);
	if (rc)
		return fail("SO_PEERCONTEXT: %s", strerror(err));
	if (len != wlen || memcmp(got, want, wlen)) {
		show_bytes("got", got, len);
		show_bytes("expected", want, wlen);
		return fail("SO_PEERCONTEXT differs");
	}
	show_bytes("SO_PEERCONTEXT", got, len);
	return PASS;
}

/* ---------------------------------------------------------------------- */
/* Every active major decides                                              */

static int sel_permissive_read(const struct subject *s, const char *path)
{
	int rc = write_str(SELINUXFS "/enforce", "0"), bad;

	if (rc) {
		diag("write 0 to %s/enforce: %s", SELINUXFS, strerror(-rc));
		return 1;
	}
	diag("SELinux permissive:");
	bad = check_read(s, path, 0);
	return bad + !!sel_enforce();
}

/*
 * A task every active major restricts (Smack label lsmtest_subj, AppArmor
 * profile lsmtest_confined, SELinux's base_t under the loaded policy) reads
 * the file all of them allow and none of the files one of them denies.
 * With that one module's restriction lifted (Smack: the file's own label;
 * AppArmor: unconfined; SELinux: permissive) the same file is readable: the
 * module alone made the denial.  The two-major stacks run it too.
 */
static enum result each_module_denies(void)
{
	const char *majors[3];
	size_t n = active_majors(majors), i;
	int smack = lsm_active("smack"), aa = lsm_active("apparmor"), bad = 0;
	const struct subject all = { smack ? SMACK_SUBJ : NULL, aa ? AA_CONFINED : NULL };
	enum result r;

	if (n < 2)
		return skip("fewer than two major modules active");
	r = prepare_files();
	if (r == PASS && aa)
		r = aa_setup();
	if (r == PASS && lsm_active("selinux")) {
		r = sel_setup();
		if (r == PASS &&
		    setxattr(F_SEL_DENIED, "security.selinux", SEL_NOREAD, sizeof(SEL_NOREAD), 0))
			r = fail("label %s %s: %s", F_SEL_DENIED, SEL_NOREAD, strerror(errno));
	}
	if (r != PASS)
		return r;
	diag("all allow:");
	bad += check_read(&all, F_ALLOWED, 0);
	for (i = 0; i < n; i++) {
		diag("%s denies, the others allow:", majors[i]);
		if (!strcmp(majors[i], "smack")) {
			const struct subject own = { SMACK_SECRET, all.profile };

			bad += check_read(&all, F_SMACK_SECRET, EACCES);
			bad += check_read(&own, F_SMACK_SECRET, 0);
		} else if (!strcmp(majors[i], "apparmor")) {
			const struct subject unconfined = { all.smack, NULL };

			bad += check_read(&all, F_AA_DENIED, EACCES);
			bad += check_read(&unconfined, F_AA_DENIED, 0);
		} else if (!strcmp(majors[i], "selinux")) {
			bad += check_read(&all, F_SEL_DENIED, EACCES);
			bad += sel_permissive_read(&all, F_SEL_DENIED);
		}
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

/* This task asks for another display; want 0 (changed) or the refusing errno. */
static int self_display(int want)
{
	char cur[64], after[64], w[80];
	const char *target;
	int rc;

	if (display_current(cur, sizeof(cur)) != PASS)
		return 1;
	target = display_target(cur);
	snprintf(w, sizeof(w), "%s\n", target);
	rc = -write_str(DISPLAY, w);
	if (display_current(after, sizeof(after)) != PASS)
		return 1;
	if (rc != want) {
		diag("display %s -> %s under %s: %s, expected %s", cur, target,
		     sel_loaded, rc ? strerror(rc) : "allowed",
		     want ? strerror(want) : "allowed");
		return 1;
	}
	if (strcmp(after, want ? cur : target)) {
		diag("display reads '%s' after the write, expected '%s'", after,
		     want ? cur : target);
		return 1;
	}
	diag("display %s -> %s under %s: %s", cur, target, sel_loaded,
	     rc ? strerror(rc) : "allowed");
	return 0;
}

/*
 * process2:setdisplay decides.  Under the policy without it, enforcing,
 * this task may not change its display: EACCES, display unchanged.
 */
static enum result selinux_display_denied(void)
{
	enum result r = need_display("selinux");

	if (r != PASS)
		return r;
	r = sel_use(SEL_POLICY_NOSETDISPLAY);
	if (r != PASS)
		return r;
	return self_display(EACCES) ? fail("display change not refused") : PASS;
}

/* Under mdp's policy (setdisplay granted), loaded after the other, it may. */
static enum result selinux_display_allowed(void)
{
	enum result r = need_display("selinux");
	int bad;

	if (r != PASS)
		return r;
	r = sel_setup();
	if (r != PASS)
		return r;
	bad = self_display(0);
	/* back to the default display for whatever runs next */
	if (display_lsm()) {
		char w[64];

		snprintf(w, sizeof(w), "%s\n", display_lsm());
		if (write_str(DISPLAY, w)) {
			diag("could not restore the display to %s", display_lsm());
			bad++;
		}
	}
	return bad ? fail("display change refused") : PASS;
}

/* The value of " key=" in an audit record, up to the next space. */
static int audit_field(const char *text, const char *key, char *val, size_t size)
{
	char k[40];
	const char *p, *e;

	snprintf(k, sizeof(k), " %s=", key);
	p = strstr(text, k);
	if (!p)
		return -1;
	p += strlen(k);
	e = p + strcspn(p, " ");
	if ((size_t)(e - p) >= size)
		return -1;
	memcpy(val, p, e - p);
	val[e - p] = '\0';
	return 0;
}

/* The PATH record of F_ALLOWED among recs, or NULL. */
static const struct audit_rec *find_path(const struct audit_rec *recs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (recs[i].type == AUDIT_PATH && strstr(recs[i].text, F_ALLOWED))
			return &recs[i];
	return NULL;
}

static int have_path(const struct audit_rec *recs, size_t n)
{
	return find_path(recs, n) != NULL;
}

/*
 * AUDIT_ADD_RULE or AUDIT_DEL_RULE of an exit-filter rule on every system
 * call with one string field: @field == @val.  0 or -errno (the ack).
 */
static int audit_str_rule(int fd, int type, int *seq, int action, int field,
			  const char *val)
{
	struct {
		struct audit_rule_data r;
		char val[128];
	} req;
	size_t len = strlen(val);
	int rc, acked = 1;

	if (len > sizeof(req.val))
		return -ENAMETOOLONG;
	memset(&req, 0, sizeof(req));
	req.r.flags = AUDIT_FILTER_EXIT;
	req.r.action = action;
	req.r.field_count = 1;
	memset(req.r.mask, 0xff, sizeof(req.r.mask));
	req.r.fields[0] = field;
	req.r.values[0] = len;
	req.r.fieldflags[0] = AUDIT_EQUAL;
	req.r.buflen = len;
	memcpy(req.r.buf, val, len);
	rc = audit_request(fd, type, &req, sizeof(req.r) + len, ++*seq);
	if (!rc)
		rc = audit_recv(fd, 2000, *seq, &acked, NULL, NULL, 0, NULL, NULL);
	return rc ? rc : acked;
}

/* AUDIT_ADD_RULE or AUDIT_DEL_RULE: every syscall exit touching @path. */
static int audit_watch_rule(int fd, int type, int *seq, const char *path)
{
	return audit_str_rule(fd, type, seq, AUDIT_ALWAYS, AUDIT_WATCH, path);
}

/*
 * What one module answers to an audit rule "subj_role=@val": 0 (it makes
 * a rule) or its errno.  SELinux knows roles once a policy is loaded (mdp's
 * have base_r) and answers EOPNOTSUPP before; AppArmor reads the value as
 * a label (a profile name, or "unconfined"); Smack has no roles.
 */
static int subj_role_answer(const char *lsm, const char *val)
{
	if (!strcmp(lsm, "selinux"))
		return !sel_loaded ? EOPNOTSUPP : strcmp(val, "base_r") ? EINVAL : 0;
	if (!strcmp(lsm, "apparmor"))
		return strcmp(val, "unconfined") ? ENOENT : 0;
	return EINVAL;
}

/*
 * An audit rule on a field that some active modules can use and others
 * cannot is the first ones' rule: another module's refusal does not take
 * it away (modern patch "LSM: Use lsmblob in security_audit_rule_match").
 * With SELinux and AppArmor active, "subj_role=unconfined" is refused by
 * SELinux (EOPNOTSUPP before its policy, EINVAL after) and
 * "subj_role=base_r" by AppArmor (ENOENT); before the fix each rule failed
 * with that error.  With no module accepting, EINVAL if any module gave it
 * (audit keeps such a rule), else the first module's error, as on base.  Each
 * added rule (action never, deleted at once) is checked by its deletion.
 */
static enum result audit_rule_each_module(void)
{
	static const char *const vals[] = { "unconfined", "base_r" };
	const char *majors[3];
	size_t n = active_majors(majors), i, v;
	int fd, seq = 0, bad = 0;

	if (!n)
		return skip("no major module");
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0)
		return fail("socket(NETLINK_AUDIT): %s", strerror(errno));
	for (v = 0; v < sizeof(vals) / sizeof(vals[0]); v++) {
		int want = 0, first = 0, einval = 0, rc, del = 0;

		for (i = 0; i < n; i++) {
			int a = subj_role_answer(majors[i], vals[v]);

			if (!a)
				break;
			if (!first)
				first = a;
			einval |= a == EINVAL;
		}
		/* EINVAL from any module: kept; else the first module's error */
		if (i == n)
			want = einval ? 0 : first;
		rc = audit_str_rule(fd, AUDIT_ADD_RULE, &seq, AUDIT_NEVER, AUDIT_SUBJ_ROLE,
				    vals[v]);
		if (!rc)
			del = audit_str_rule(fd, AUDIT_DEL_RULE, &seq, AUDIT_NEVER,
					     AUDIT_SUBJ_ROLE, vals[v]);
		diag("subj_role=%s (SELinux policy %s): %s, expected %s", vals[v],
		     sel_loaded ? "loaded" : "not loaded", rc ? strerror(-rc) : "added",
		     want ? strerror(want) : "added");
		if (rc != -want || del) {
			if (del)
				diag("deleting it: %s", strerror(-del));
			bad++;
		}
	}
	close(fd);
	return bad ? fail("%d rules", bad) : PASS;
}

/* AUDIT_SET of the failure mode; 0 or -errno. */
static int audit_failure(int fd, int *seq, unsigned int mode)
{
	struct audit_status st = { .mask = AUDIT_STATUS_FAILURE, .failure = mode };
	int rc, acked = 1;

	rc = audit_request(fd, AUDIT_SET, &st, sizeof(st), ++*seq);
	if (!rc)
		rc = audit_recv(fd, 2000, *seq, &acked, NULL, NULL, 0, NULL, NULL);
	return rc ? rc : acked;
}

/*
 * The PATH record of a file carries obj= with the label of the first
 * module that labels files (SELinux's context, or Smack's label when Smack
 * comes first) and, with more than one major module, obj_selinux= and
 * obj_smack= with each one's; AppArmor, which keeps no inode secids, adds
 * no obj_apparmor=.  Audit's failure
 * mode is 2 (panic) meanwhile: before issue 12's fix, with AppArmor
 * first, the record had "osid=" instead and audit_log_exit() called
 * audit_panic().
 */
static enum result audit_path_obj(void)
{
	static struct audit_rec recs[MAX_RECS];
	const char *majors[3];
	struct audit_status before;
	char want[256], val[256];
	size_t n = active_majors(majors), nrecs = 0, i;
	int fd, seq = 0, bad = 0, rc, f;
	const struct audit_rec *path = NULL;
	const char *first = want;
	enum result r;
	ssize_t wl;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	r = sel_setup();
	if (r != PASS)
		return r;
	r = prepare_files();
	if (r != PASS)
		return r;
	wl = getxattr(F_ALLOWED, "security.selinux", want, sizeof(want) - 1);
	if (wl <= 0)
		return fail("getxattr security.selinux: %s", strerror(errno));
	want[wl] = '\0';
	want[strcspn(want, "\n")] = '\0';
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0)
		return fail("socket(NETLINK_AUDIT): %s", strerror(errno));
	if (audit_take(fd, &seq, &before, NULL, 0, &nrecs)) {
		close(fd);
		return fail("cannot become the audit daemon");
	}
	rc = audit_failure(fd, &seq, 2);
	if (!rc)
		rc = audit_watch_rule(fd, AUDIT_ADD_RULE, &seq, F_ALLOWED);
	if (rc) {
		diag("failure 2 / watch rule: %s", strerror(-rc));
		bad++;
	} else {
		/*
		 * In a child: a task has a syscall audit context only if
		 * audit was enabled when it was forked (audit_alloc()).
		 */
		pid_t c = fork();

		if (c == 0) {
			f = open(F_ALLOWED, O_RDONLY);
			_exit(f < 0);
		}
		if (c > 0)
			waitpid(c, NULL, 0);
		audit_recv(fd, 5000, -1, NULL, NULL, recs, MAX_RECS, &nrecs, have_path);
		if (audit_watch_rule(fd, AUDIT_DEL_RULE, &seq, F_ALLOWED))
			bad++;
	}
	if (audit_failure(fd, &seq, before.failure) ||
	    audit_give_back(fd, &seq, &before, NULL, 0, &nrecs))
		bad++;
	close(fd);
	path = find_path(recs, nrecs);
	if (!path)
		return fail("no PATH record for %s (%zu records)", F_ALLOWED, nrecs);
	diag("PATH: %.600s", path->text);
	/* obj=: the first module with a label on the file (AppArmor has none) */
	for (i = 0; i < n && strcmp(majors[i], "selinux") && strcmp(majors[i], "smack"); i++)
		;
	if (i < n && !strcmp(majors[i], "smack")) {
		first = SMACK_OK;
		if (n > 1 && (audit_field(path->text, "obj_smack", val, sizeof(val)) ||
			      strcmp(val, first))) {
			diag("obj_smack= missing or not '%s'", first);
			bad++;
		}
	}
	if (audit_field(path->text, "obj", val, sizeof(val)) || strcmp(val, first)) {
		diag("obj= is not the first labelling module's label of the file, '%s'", first);
		bad++;
	}
	if (strstr(path->text, " osid=")) {
		diag("osid= instead of a context");
		bad++;
	}
	if (n > 1 && (audit_field(path->text, "obj_selinux", val, sizeof(val)) ||
		      strcmp(val, want))) {
		diag("obj_selinux= missing or not '%s'", want);
		bad++;
	}
	if (n < 2 && strstr(path->text, " obj_")) {
		diag("obj_<lsm>= fields with one major module");
		bad++;
	}
	if (strstr(path->text, " obj_apparmor=")) {
		diag("obj_apparmor= for a file: AppArmor keeps no inode secids");
		bad++;
	}
	return bad ? fail("%d checks failed", bad) : PASS;
}

#define IMA_DIR "/sys/kernel/security/ima"
#define IMA_MNT "/tmp/lsmtest-ima"
#define IMA_FILE IMA_MNT "/measured"

/* Has IMA measured @path (a line of ascii_runtime_measurements ends so)? */
static int ima_measured(const char *path)
{
	static char buf[1 << 20];
	long n = read_file(IMA_DIR "/ascii_runtime_measurements", buf, sizeof(buf));
	char name[160];
	const char *p;

	if (n < 0)
		return -1;
	/* " path" then the end of the line, or a space (ima-sig's empty sig) */
	snprintf(name, sizeof(name), " %s", path);
	for (p = buf; (p = strstr(p, name)); p++)
		if (p[strlen(name)] == '\n' || p[strlen(name)] == ' ')
			return 1;
	return 0;
}

/* A child with uid 1000 (not root: tcb measures root's reads) reads @path. */
static int read_as_user(const char *path)
{
	pid_t c = fork();
	int st;

	if (c == 0) {
		char b[8];
		int fd;

		if (setresgid(1000, 1000, 1000) || setresuid(1000, 1000, 1000))
			_exit(2);
		fd = open(path, O_RDONLY);
		if (fd < 0 || read(fd, b, sizeof(b)) < 0)
			_exit(3);
		_exit(0);
	}
	if (c < 0 || waitpid(c, &st, 0) != c)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * IMA: a policy line with an LSM condition (obj_type=) is accepted with
 * SELinux stacked with another major module, and measures what it names:
 * a file read by uid 1000 (which ima_policy=tcb does not measure) is in
 * the measurement list after the rule, not before.  Before issue 12's
 * fix, with AppArmor active the rule was refused (-EINVAL: AppArmor has no
 * obj_type).  IMA's policy can be written once without IMA_WRITE_POLICY
 * (Debian's setting): this is the suite's only write.
 */
/*
 * A second line, inert (no filesystem has this magic): its subj_role= is
 * SELinux's, which AppArmor refuses (ENOENT); before the fix of modern
 * patch "LSM: Use lsmblob in security_audit_rule_match" IMA then refused
 * the line (EINVAL) with both modules active.
 */
#define ROLE_RULE "dont_measure func=FILE_CHECK fsmagic=0x4c534d54 subj_role=base_r\n"

static enum result ima_lsm_rule(void)
{
	char ctx[256], rule[320], *type, *colon;
	enum result r;
	ssize_t l;
	int fd, rc;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (access(IMA_DIR "/policy", W_OK))
		return skip("no writable IMA policy (no IMA, or already written)");
	r = sel_setup();
	if (r != PASS)
		return r;
	if (mkdir(IMA_MNT, 0755) && errno != EEXIST)
		return fail("mkdir %s: %s", IMA_MNT, strerror(errno));
	/* ramfs: tcb's dont_measure rules cover tmpfs, where / is */
	if (mount("ramfs", IMA_MNT, "ramfs", 0, "mode=0755"))
		return fail("mount ramfs: %s", strerror(errno));
	fd = open(IMA_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "ima\n", 4) != 4) {
		umount(IMA_MNT);
		return fail("create %s: %s", IMA_FILE, strerror(errno));
	}
	close(fd);
	l = getxattr(IMA_FILE, "security.selinux", ctx, sizeof(ctx) - 1);
	if (l <= 0) {
		umount(IMA_MNT);
		return fail("getxattr: %s", strerror(errno));
	}
	ctx[l] = '\0';
	/* user:role:type[:level] */
	type = strchr(ctx, ':');
	type = type ? strchr(type + 1, ':') : NULL;
	if (!type) {
		umount(IMA_MNT);
		return fail("context '%s' has no type", ctx);
	}
	type++;
	colon = strchr(type, ':');
	if (colon)
		*colon = '\0';
	rc = read_as_user(IMA_FILE);
	if (rc || ima_measured(IMA_FILE) != 0) {
		umount(IMA_MNT);
		return fail("before the rule: reader status %d, measured %d", rc,
			    ima_measured(IMA_FILE));
	}
	snprintf(rule, sizeof(rule), "measure func=FILE_CHECK mask=MAY_READ obj_type=%s\n",
		 type);
	diag("IMA rule: %s", rule);
	fd = open(IMA_DIR "/policy", O_WRONLY);
	if (fd < 0) {
		umount(IMA_MNT);
		return fail("open IMA policy: %s", strerror(errno));
	}
	l = write(fd, rule, strlen(rule));
	rc = errno;
	if (l == (ssize_t)strlen(rule)) {
		/* a second rule, on a field AppArmor has no use for */
		l = write(fd, ROLE_RULE, strlen(ROLE_RULE));
		rc = errno;
		if (l != (ssize_t)strlen(ROLE_RULE)) {
			close(fd);
			umount(IMA_MNT);
			return fail("IMA refused '%.*s': %s", (int)strlen(ROLE_RULE) - 1,
				    ROLE_RULE, strerror(rc));
		}
		l = strlen(rule);
	}
	if (close(fd) && l >= 0) {
		l = -1;
		rc = errno;
	}
	if (l != (ssize_t)strlen(rule)) {
		umount(IMA_MNT);
		return fail("IMA refused '%s': %s", type, strerror(rc));
	}
	rc = read_as_user(IMA_FILE);
	l = ima_measured(IMA_FILE);
	umount(IMA_MNT);
	if (rc || l != 1)
		return fail("after the rule: reader status %d, measured %zd", rc, l);
	return PASS;
}

/* ---------------------------------------------------------------------- */
/* Secmarks: nft sets one, nfnetlink_queue shows it                        */

#define NFT_RULES WORK "/secmark.nft"
#define NFT_TABLE "lsmtest"
#define SECMARK_QUEUE 7
#define SECMARK_PORT 47111

/* nft: load NFT_RULES, delete its table, list tables (is nf_tables there?) */
static const char *const nft_load[] = { "nft", "-f", NFT_RULES, NULL };
static const char *const nft_flush[] = {
	"nft", "delete", "table", "inet", NFT_TABLE, NULL
};
static const char *const nft_list[] = { "nft", "list", "tables", NULL };

/* The context of this task in @lsm's own terms: attr/context on the
 * stacking kernels, attr/current (one module) on base. */
static int own_context(const char *lsm, char *out, size_t size)
{
	char buf[1024];
	const char *v;
	long n;

	if (stacking_kernel()) {
		n = read_file("/proc/self/attr/context", buf, sizeof(buf));
		v = n > 0 ? compound_value(buf, n, lsm) : NULL;
	} else {
		n = read_file("/proc/self/attr/current", buf, sizeof(buf));
		v = n > 0 ? buf : NULL;
	}
	if (!v || strlen(v) >= size)
		return -1;
	strcpy(out, v);
	out[strcspn(out, "\n")] = '\0';
	return 0;
}

/* Append attribute @type to the netlink message in @nh. */
static void nl_put(struct nlmsghdr *nh, unsigned short type, const void *data,
		   size_t len)
{
	struct nlattr *a = (struct nlattr *)((char *)nh + NLMSG_ALIGN(nh->nlmsg_len));

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	memcpy((char *)a + NLA_HDRLEN, data, len);
	nh->nlmsg_len = NLMSG_ALIGN(nh->nlmsg_len) + NLA_ALIGN(a->nla_len);
}

/* Start, in @buf (256 bytes), a request of nfnetlink_queue's @type. */
static struct nlmsghdr *nfq_msg(char *buf, int type)
{
	struct nlmsghdr *nh = (struct nlmsghdr *)buf;
	struct nfgenmsg *g;

	memset(buf, 0, 256);
	nh->nlmsg_len = NLMSG_LENGTH(sizeof(*g));
	nh->nlmsg_type = (NFNL_SUBSYS_QUEUE << 8) | type;
	nh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	g = NLMSG_DATA(nh);
	g->nfgen_family = AF_UNSPEC;
	g->version = NFNETLINK_V0;
	g->res_id = htons(SECMARK_QUEUE);
	return nh;
}

/* Send @nh and read its acknowledgement: 0 or a negative errno. */
static int nfq_request(int fd, struct nlmsghdr *nh)
{
	char ack[512];
	struct nlmsghdr *r = (struct nlmsghdr *)ack;
	ssize_t n;

	if (send(fd, nh, nh->nlmsg_len, 0) != (ssize_t)nh->nlmsg_len)
		return -errno;
	n = recv(fd, ack, sizeof(ack), 0);
	if (n < (ssize_t)NLMSG_LENGTH(sizeof(struct nlmsgerr)))
		return n < 0 ? -errno : -EIO;
	if (r->nlmsg_type != NLMSG_ERROR)
		return -EPROTO;
	return ((struct nlmsgerr *)NLMSG_DATA(r))->error;
}

/* Bind queue SECMARK_QUEUE with security contexts: the socket or -errno. */
static int nfq_open(void)
{
	struct nfqnl_msg_config_cmd cmd = { .command = NFQNL_CFG_CMD_BIND };
	struct nfqnl_msg_config_params params = { .copy_mode = NFQNL_COPY_META };
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	uint32_t flags = htonl(NFQA_CFG_F_SECCTX);
	char buf[256];
	struct nlmsghdr *nh;
	int fd, rc;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_NETFILTER);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		rc = -errno;
		close(fd);
		return rc;
	}
	nh = nfq_msg(buf, NFQNL_MSG_CONFIG);
	nl_put(nh, NFQA_CFG_CMD, &cmd, sizeof(cmd));
	rc = nfq_request(fd, nh);
	if (!rc) {
		nh = nfq_msg(buf, NFQNL_MSG_CONFIG);
		nl_put(nh, NFQA_CFG_PARAMS, &params, sizeof(params));
		nl_put(nh, NFQA_CFG_MASK, &flags, sizeof(flags));
		nl_put(nh, NFQA_CFG_FLAGS, &flags, sizeof(flags));
		rc = nfq_request(fd, nh);
	}
	if (rc) {
		close(fd);
		return rc;
	}
	return fd;
}

/*
 * Wait (2 s) for one queued packet, copy its NFQA_SECCTX into @ctx ("" if
 * it has none) and let it go.  Returns 0 or a negative errno.
 */
static int nfq_take(int fd, char *ctx, size_t size)
{
	char buf[4096], vbuf[256];
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct nlmsghdr *nh = (struct nlmsghdr *)buf;
	struct nfqnl_msg_verdict_hdr v = { .verdict = htonl(NF_ACCEPT) };
	size_t off = NLMSG_LENGTH(sizeof(struct nfgenmsg));
	int have_id = 0;
	ssize_t n;

	ctx[0] = '\0';
	if (poll(&p, 1, 2000) != 1)
		return -ETIMEDOUT;
	n = recv(fd, buf, sizeof(buf), 0);
	if (n < 0)
		return -errno;
	if (!NLMSG_OK(nh, (size_t)n) || (nh->nlmsg_type & 0xff) != NFQNL_MSG_PACKET)
		return -EPROTO;
	while (off + NLA_HDRLEN <= nh->nlmsg_len) {
		struct nlattr *a = (struct nlattr *)(buf + off);
		size_t len = a->nla_len - NLA_HDRLEN;
		const char *data = (const char *)a + NLA_HDRLEN;

		if (a->nla_len < NLA_HDRLEN || off + a->nla_len > nh->nlmsg_len)
			return -EPROTO;
		switch (a->nla_type & NLA_TYPE_MASK) {
		case NFQA_PACKET_HDR:
			if (len >= sizeof(struct nfqnl_msg_packet_hdr)) {
				v.id = ((const struct nfqnl_msg_packet_hdr *)data)->packet_id;
				have_id = 1;
			}
			break;
		case NFQA_SECCTX:
			len = len < size - 1 ? len : size - 1;
			memcpy(ctx, data, len);
			ctx[len] = '\0';
			break;
		}
		off += NLA_ALIGN(a->nla_len);
	}
	if (!have_id)
		return -EPROTO;
	nh = nfq_msg(vbuf, NFQNL_MSG_VERDICT);
	nl_put(nh, NFQA_VERDICT_HDR, &v, sizeof(v));
	return nfq_request(fd, nh);
}

/*
 * The secctx= of the conntrack entry for SECMARK_PORT in
 * /proc/net/nf_conntrack, into @ctx; 0, -ENOENT (no such entry or field)
 * or another negative errno.
 */
static int conntrack_secctx(char *ctx, size_t size)
{
	char line[1024], port[32];
	FILE *f = fopen("/proc/net/nf_conntrack", "r");
	int rc = -ENOENT;

	if (!f)
		return -errno;
	snprintf(port, sizeof(port), "dport=%d ", SECMARK_PORT);
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "secctx=");

		if (!strstr(line, port) || !p)
			continue;
		p += strlen("secctx=");
		p[strcspn(p, " \n")] = '\0';
		if (strlen(p) < size) {
			strcpy(ctx, p);
			rc = 0;
		}
		break;
	}
	fclose(f);
	return rc;
}

/*
 * Write NFT_RULES: table NFT_TABLE marks this host's UDP packets to
 * SECMARK_PORT with a secmark object made from @ctx (and their connection,
 * and queues them to SECMARK_QUEUE, if @queue).  0 or -1 (errno set).
 */
static int nft_secmark_write(const char *ctx, int queue)
{
	char rules[768], act[128] = "";
	FILE *f;

	if (queue)
		snprintf(act, sizeof(act), " ct secmark set meta secmark queue num %d",
			 SECMARK_QUEUE);
	snprintf(rules, sizeof(rules),
		 "table inet %s {\n"
		 "\tsecmark sm {\n\t\t\"%s\"\n\t}\n"
		 "\tchain out {\n"
		 "\t\ttype filter hook output priority 0; policy accept;\n"
		 "\t\tudp dport %d meta secmark set \"sm\"%s\n"
		 "\t}\n}\n", NFT_TABLE, ctx, SECMARK_PORT, act);
	f = fopen(NFT_RULES, "w");
	if (!f)
		return -1;
	if (fputs(rules, f) < 0) {
		fclose(f);
		return -1;
	}
	return fclose(f) ? -1 : 0;
}

/* One UDP datagram from this task to 127.0.0.1:SECMARK_PORT. */
static int send_udp_local(void)
{
	struct sockaddr_in to = {
		.sin_family = AF_INET,
		.sin_port = htons(SECMARK_PORT),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), rc = 0;

	if (s < 0)
		return -errno;
	if (sendto(s, "x", 1, 0, (struct sockaddr *)&to, sizeof(to)) != 1)
		rc = -errno;
	close(s);
	return rc;
}

/*
 * A packet carries one secmark, the secid of one module: the module in the
 * first slot (the first major named).  nft makes a secmark object from
 * that module's context (this task's own), marks this task's UDP packets
 * and their connection with it and queues them; nfnetlink_queue hands the
 * packet to this task with the same context, and /proc/net/nf_conntrack
 * shows it on the connection.  This task displays another module
 * meanwhile (nft, its child, inherits that): before issue 12's fix the
 * object was converted, and the contexts rendered, by whichever module the
 * task running there displays.  Skipped without nf_tables (tinyconfig
 * kernels).
 */
static enum result secmark_contexts(void)
{
	const char *owner = display_lsm(), *other = second_major();
	char ctx[256], got[256];
	enum result r = PASS;
	int fd, rc;

	if (!owner)
		return skip("no major module");
	if (access("/bin/nft", X_OK))
		return skip("no nft in the initramfs");
	if (run_program(nft_list))
		return skip("nft cannot list tables: no nf_tables in this kernel");
	if (lsm_active("selinux")) {
		r = sel_setup();
		if (r != PASS)
			return r;
	}
	if (own_context(owner, ctx, sizeof(ctx)) || strchr(ctx, '"'))
		return fail("no %s context of this task", owner);
	if (mkdir(WORK, 0755) && errno != EEXIST)
		return fail("mkdir %s: %s", WORK, strerror(errno));
	/* the packet goes to 127.0.0.1: lo must be up even if no suite before did it */
	if (loopback_up())
		return fail("lo not up: %s", strerror(errno));
	if (nft_secmark_write(ctx, 1))
		return fail("write %s: %s", NFT_RULES, strerror(errno));
	diag("secmark owner %s, context '%s', displaying %s", owner, ctx,
	     other ? other : owner);
	if (other && (rc = set_display(other)))
		return fail("display %s: %s", other, strerror(-rc));
	fd = nfq_open();
	if (fd < 0) {
		r = fail("bind queue %d: %s", SECMARK_QUEUE, strerror(-fd));
		goto out;
	}
	rc = run_program(nft_load);
	if (rc) {
		r = fail("nft -f %s: status %d (the secmark object from '%s')",
			 NFT_RULES, rc, ctx);
		goto out_fd;
	}
	rc = send_udp_local();
	if (!rc)
		rc = nfq_take(fd, got, sizeof(got));
	if (rc)
		r = fail("queued packet: %s", strerror(-rc));
	else if (strcmp(got, ctx))
		r = fail("queued packet's secctx '%s', expected %s's '%s'", got, owner,
			 ctx);
	else if ((rc = conntrack_secctx(got, sizeof(got))))
		r = fail("no secctx= on the connection in /proc/net/nf_conntrack: %s",
			 strerror(-rc));
	else if (strcmp(got, ctx))
		r = fail("connection's secctx '%s', expected %s's '%s'", got, owner, ctx);
	run_program(nft_flush);
out_fd:
	close(fd);
out:
	if (other)
		set_display(owner);
	return r;
}

/* The first SELinux packet record (AVC with tclass=packet), or NULL. */
static const struct audit_rec *find_packet_avc(const struct audit_rec *recs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (recs[i].type == AUDIT_AVC && strstr(recs[i].text, "tclass=packet"))
			return &recs[i];
	return NULL;
}

static int have_packet_avc(const struct audit_rec *recs, size_t n)
{
	return find_packet_avc(recs, n) != NULL;
}

/*
 * The secmark serves one module, which alone decides on it (modern patch
 * "AppArmor: Remove the exclusive flag"): nft marks this task's UDP
 * packets with a secmark made from a context in the owner's terms (the
 * owner is the first major in the lsm= order), one is sent, and the audit
 * records are read as the audit daemon.  Under mdp's policy SELinux
 * checks every packet (always_check_network), audits every packet base_t
 * sends, and refuses packets marked lsmtest_nopacket_t
 * (vm/policy/build-selinux.sh).
 *  - SELinux owns secmarks: a packet marked lsmtest_nopacket_t is refused
 *    (sendto EPERM, or ECONNREFUSED from the network_peer_controls path)
 *    with an AVC "denied { send }" record, tclass=packet.
 *  - Another module owns them (AppArmor's "unconfined", Smack's "_"): the
 *    packet goes out and SELinux makes no packet check at all (no
 *    tclass=packet record).  Before the fix SELinux read the owner's secid
 *    as a SID and decided on it (a "granted" record: a small secid is an
 *    initial SID, base_t under mdp).
 * Skipped without SELinux or nf_tables.
 */
static enum result secmark_owner_decides(void)
{
	static struct audit_rec recs[MAX_RECS];
	const struct audit_rec *avc;
	struct audit_status before;
	const char *majors[3], *owner;
	size_t nrecs = 0;
	char ctx[256];
	int fd, rc, seq = 1, sel_owns;
	enum result r;

	if (!lsm_active("selinux"))
		return skip("selinux is not active");
	if (access("/bin/nft", X_OK) || run_program(nft_list))
		return skip("no nft or no nf_tables in this kernel");
	owner = active_majors(majors) ? majors[0] : "selinux";
	sel_owns = !strcmp(owner, "selinux");
	r = sel_setup();
	if (r != PASS)
		return r;
	if (sel_owns)
		strcpy(ctx, SEL_NOPACKET);
	else if (own_context(owner, ctx, sizeof(ctx)) || strchr(ctx, '"'))
		return fail("no %s context of this task", owner);
	if ((mkdir(WORK, 0755) && errno != EEXIST) || loopback_up() ||
	    nft_secmark_write(ctx, 0))
		return fail("setup: %s", strerror(errno));
	rc = run_program(nft_load);
	if (rc)
		return fail("nft -f %s: status %d (the secmark object from %s's '%s')",
			    NFT_RULES, rc, owner, ctx);
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (fd < 0 || audit_take(fd, &seq, &before, recs, MAX_RECS, &nrecs)) {
		if (fd >= 0)
			close(fd);
		run_program(nft_flush);
		return fail("cannot become the audit daemon");
	}
	nrecs = 0;
	rc = send_udp_local();
	audit_recv(fd, 2000, -1, NULL, NULL, recs, MAX_RECS, &nrecs,
		   sel_owns ? have_packet_avc : NULL);
	audit_give_back(fd, &seq, &before, NULL, 0, &nrecs);
	close(fd);
	run_program(nft_flush);
	avc = find_packet_avc(recs, nrecs);
	diag("secmark owner %s, mark '%s': sendto %s; %s%.400s", owner, ctx,
	     rc ? strerror(-rc) : "ok", avc ? "AVC: " : "no packet AVC",
	     avc ? avc->text : "");
	if (sel_owns) {
		if (rc != -EPERM && rc != -ECONNREFUSED)
			return fail("SELinux owns the mark and refuses it: expected EPERM or ECONNREFUSED");
		if (!avc || !strstr(avc->text, "denied") ||
		    !strstr(avc->text, "lsmtest_nopacket_t"))
			return fail("no AVC denial of the packet's send, tclass=packet");
		return PASS;
	}
	if (rc)
		return fail("%s owns the mark; the packet was refused", owner);
	if (avc)
		return fail("%s owns the mark; SELinux checked the packet against it", owner);
	return PASS;
}

static const struct tcase policy_cases[] = {
	{ "apparmor_load", apparmor_load },
	{ "apparmor_confines", apparmor_confines },
	{ "smack_rules", smack_rules },
	{ "smack_apparmor_rules", smack_apparmor_rules },
	{ "apparmor_context", apparmor_context },
	{ "display_apparmor_denied", display_apparmor_denied },
	{ "display_apparmor_mac_admin", display_apparmor_mac_admin },
	{ "display_smack_allows", display_smack_allows },
	{ "audit_apparmor_denial", audit_apparmor_denial },
	{ "audit_signal_info", audit_signal_info },
	{ "audit_rule_before_policy", audit_rule_each_module },
	{ "selinux_display_denied", selinux_display_denied },
	{ "selinux_load", selinux_load },
	{ "audit_rule_after_policy", audit_rule_each_module },
	{ "selinux_display_allowed", selinux_display_allowed },
	{ "selinux_context", selinux_context },
	{ "selinux_peercontext", selinux_peercontext },
	{ "each_module_denies", each_module_denies },
	{ "audit_path_obj", audit_path_obj },
	{ "ima_lsm_rule", ima_lsm_rule },
	{ "secmark_contexts", secmark_contexts },
	{ "secmark_owner_decides", secmark_owner_decides },
};
SUITE(policy, policy_cases);

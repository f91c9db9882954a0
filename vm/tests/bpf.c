// SPDX-License-Identifier: GPL-2.0
/*
 * Suite "bpf": real BPF LSM programs, loaded with raw bpf() calls.
 *
 * A program is attached to a hook by the BTF id of the hook's function
 * bpf_lsm_<hook> in /sys/kernel/btf/vmlinux (CONFIG_DEBUG_INFO_BTF, which
 * Debian's kernel has and the distro flavour takes from it), found here by
 * walking the BTF type section.  The suite is skipped on rows whose
 * active list (lsmtest_expect=, checked against the kernel's by the base
 * suite) has no BPF LSM.
 *
 *  - bpf_program_runs: a program on socket_create refuses (EPERM) one
 *    protocol number no family implements; socket() with it fails with
 *    EPERM while the program is attached, and not with EPERM once it is
 *    detached.  The harness can load, attach and observe a program.
 *  - bpf_slotless_refused: on the stacking kernels the hooks that the
 *    infrastructure calls only for modules with an lsmblob slot never run
 *    a BPF program (the BPF LSM has no slot); loading a program for one of
 *    them fails with EINVAL and the verifier log names the disabled hook.
 *    On base (no /proc/self/attr/display) the same programs load.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#define BTF_VMLINUX "/sys/kernel/btf/vmlinux"
/* A protocol number no address family implements (IANA: experimental). */
#define BPF_TEST_PROTO 253

static char *btf_data;
static long btf_size;

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

/* Bytes that follow a struct btf_type of kind @kind with @vlen members. */
static long btf_extra(unsigned int kind, unsigned int vlen)
{
	switch (kind) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return (long)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return (long)vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return (long)vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return (long)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_ENUM64:
		return (long)vlen * sizeof(struct btf_enum64);
	case BTF_KIND_PTR:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return 0;
	}
	return -1;
}

/* Read the kernel's BTF once: 0 or -errno. */
static int btf_load(void)
{
	int fd, rc = 0;
	long n, cap = 1 << 20;

	if (btf_data)
		return 0;
	fd = open(BTF_VMLINUX, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	btf_data = malloc(cap);
	btf_size = 0;
	while (btf_data) {
		if (btf_size == cap) {
			char *p = realloc(btf_data, cap * 2);

			if (!p)
				break;
			btf_data = p;
			cap *= 2;
		}
		n = read(fd, btf_data + btf_size, cap - btf_size);
		if (n <= 0) {
			rc = n < 0 ? -errno : 0;
			break;
		}
		btf_size += n;
	}
	close(fd);
	if (!btf_data)
		return -ENOMEM;
	if (rc || btf_size < (long)sizeof(struct btf_header)) {
		free(btf_data);
		btf_data = NULL;
		return rc ? rc : -EPROTO;
	}
	return 0;
}

/* The BTF id of function @name in the kernel's BTF, or -errno. */
static long btf_func_id(const char *name)
{
	const struct btf_header *h;
	const char *types, *strs;
	long off, id = 1;
	int rc = btf_load();

	if (rc)
		return rc;
	h = (const struct btf_header *)btf_data;
	if (h->magic != BTF_MAGIC ||
	    (long)h->hdr_len + h->str_off + h->str_len > btf_size ||
	    (long)h->hdr_len + h->type_off + h->type_len > btf_size)
		return -EPROTO;
	types = btf_data + h->hdr_len + h->type_off;
	strs = btf_data + h->hdr_len + h->str_off;
	for (off = 0; off + (long)sizeof(struct btf_type) <= h->type_len; id++) {
		const struct btf_type *t = (const struct btf_type *)(types + off);
		unsigned int kind = BTF_INFO_KIND(t->info);
		long extra = btf_extra(kind, BTF_INFO_VLEN(t->info));

		if (extra < 0)
			return -EPROTO;
		if (kind == BTF_KIND_FUNC && t->name_off < h->str_len &&
		    !strcmp(strs + t->name_off, name))
			return id;
		off += sizeof(struct btf_type) + extra;
	}
	return -ENOENT;
}

/*
 * Load @insns as an LSM program for @hook.  Returns the program's fd or
 * -errno; the verifier's log goes to @log.
 */
static int lsm_prog_load(const char *hook, const struct bpf_insn *insns,
			 unsigned int cnt, char *log, size_t logsize)
{
	char fn[96];
	union bpf_attr attr;
	long id;
	int fd;

	snprintf(fn, sizeof(fn), "bpf_lsm_%s", hook);
	id = btf_func_id(fn);
	if (id < 0)
		return id;
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_LSM;
	attr.expected_attach_type = BPF_LSM_MAC;
	attr.insns = (uintptr_t)insns;
	attr.insn_cnt = cnt;
	attr.license = (uintptr_t)"GPL";
	attr.attach_btf_id = id;
	attr.log_buf = (uintptr_t)log;
	attr.log_size = logsize;
	attr.log_level = 1;
	log[0] = '\0';
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	return fd < 0 ? -errno : fd;
}

/* Attach program @prog_fd to its hook: a link fd (close() detaches) or -errno. */
static int lsm_prog_attach(int prog_fd)
{
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.raw_tracepoint.prog_fd = prog_fd;
	fd = sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &attr);
	return fd < 0 ? -errno : fd;
}

static enum result need_bpf(void)
{
	int rc;

	if (!lsm_active("bpf"))
		return skip("the BPF LSM is not active");
	rc = btf_load();
	if (rc)
		return fail("BPF LSM active but %s unreadable (%s): no program can attach",
			    BTF_VMLINUX, strerror(-rc));
	return PASS;
}

/* socket(AF_INET, SOCK_DGRAM, BPF_TEST_PROTO): 0 or -errno. */
static int test_socket(void)
{
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, BPF_TEST_PROTO);

	if (s < 0)
		return -errno;
	close(s);
	return 0;
}

static enum result bpf_program_runs(void)
{
	/* args: family, type, protocol, kern, as u64 each */
	const struct bpf_insn prog[] = {
		{ .code = BPF_LDX | BPF_MEM | BPF_DW, .dst_reg = 2, .src_reg = 1, .off = 16 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_JNE | BPF_K, .dst_reg = 2, .off = 1, .imm = BPF_TEST_PROTO },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = -EPERM },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static char log[8192];
	enum result r = need_bpf();
	int pfd, lfd, before, during, after;

	if (r != PASS)
		return r;
	before = test_socket();
	pfd = lsm_prog_load("socket_create", prog, sizeof(prog) / sizeof(prog[0]),
			    log, sizeof(log));
	if (pfd < 0)
		return fail("load on socket_create: %s; log: %.300s", strerror(-pfd), log);
	lfd = lsm_prog_attach(pfd);
	if (lfd < 0) {
		close(pfd);
		return fail("attach on socket_create: %s", strerror(-lfd));
	}
	during = test_socket();
	close(lfd);
	close(pfd);
	after = test_socket();
	diag("socket(AF_INET, SOCK_DGRAM, %d): before %s, attached %s, detached %s",
	     BPF_TEST_PROTO, strerror(-before), strerror(-during), strerror(-after));
	if (during != -EPERM)
		return fail("the attached program did not run: %s, expected EPERM",
			    strerror(-during));
	if (before == -EPERM || after == -EPERM)
		return fail("EPERM without the program");
	return PASS;
}

/* Hooks the stacking infrastructure calls for modules with a slot only. */
static const char *const slotless_hooks[] = {
	"audit_rule_init", "audit_rule_free", "kernel_act_as",
	"socket_getpeersec_dgram", "secctx_to_secid", "secid_to_secctx",
	"ipc_getsecid", "current_getsecid_subj", "task_getsecid_obj",
	"inode_getsecid", "cred_getsecid", "release_secctx",
	"socket_getpeersec_stream",
};

static enum result bpf_slotless_refused(void)
{
	const struct bpf_insn prog[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static char log[8192];
	int stacking = !access("/proc/self/attr/display", F_OK);
	enum result r = need_bpf();
	size_t i;
	int bad = 0;

	if (r != PASS)
		return r;
	diag("%s kernel: programs on these hooks are %s", stacking ? "stacking" : "base",
	     stacking ? "refused" : "loaded");
	for (i = 0; i < sizeof(slotless_hooks) / sizeof(slotless_hooks[0]); i++) {
		const char *h = slotless_hooks[i];
		int fd = lsm_prog_load(h, prog, 2, log, sizeof(log));

		if (fd >= 0)
			close(fd);
		if (stacking && (fd != -EINVAL || !strstr(log, "disabled hook"))) {
			diag("%s: %s, log '%.200s'; expected EINVAL, \"disabled hook\"", h,
			     fd >= 0 ? "loaded" : strerror(-fd), log);
			bad++;
		} else if (!stacking && fd < 0) {
			diag("%s: %s on base, log '%.200s'", h, strerror(-fd), log);
			bad++;
		}
	}
	return bad ? fail("%d of %zu hooks", bad, i) : PASS;
}

static const struct tcase bpf_cases[] = {
	{ "bpf_program_runs", bpf_program_runs },
	{ "bpf_slotless_refused", bpf_slotless_refused },
};
SUITE(bpf, bpf_cases);

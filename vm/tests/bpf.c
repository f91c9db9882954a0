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
 *  - bpf_inode_storage: a program on inode_create keeps a counter in an
 *    inode-storage map on the directory a file is created in; user space
 *    reads it back by the directory's fd, deletes it, lets the program
 *    create it again and then frees the directory with the storage on
 *    it.  Deleting and freeing look the owner's blob up under the
 *    storage's raw spinlock (bpf_selem_unlink_storage_nolock()); on
 *    legacy-chain-port that lookup walks the inode's chain, so lockdep's
 *    raw-lock nesting check (PROVE_RAW_LOCK_NESTING, the rule PREEMPT_RT
 *    enforces) sees which lock the chain takes there.
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
#include <sys/stat.h>
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

/* bpf(2): its result (an fd, or 0) or -errno. */
static int sys_bpf(int cmd, union bpf_attr *attr)
{
	int rc = syscall(SYS_bpf, cmd, attr, sizeof(*attr));

	return rc < 0 ? -errno : rc;
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
	return sys_bpf(BPF_PROG_LOAD, &attr);
}

/* Attach program @prog_fd to its hook: a link fd (close() detaches) or -errno. */
static int lsm_prog_attach(int prog_fd)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.raw_tracepoint.prog_fd = prog_fd;
	return sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &attr);
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

/* A BTF blob with one type, [1] "int": the key and value type of the map. */
static int btf_int_load(void)
{
	static const char strs[] = "\0int";
	struct {
		struct btf_header h;
		struct btf_type t;
		__u32 enc;
		char s[sizeof(strs)];
	} __attribute__((packed)) b;
	union bpf_attr attr;

	memset(&b, 0, sizeof(b));
	b.h.magic = BTF_MAGIC;
	b.h.version = BTF_VERSION;
	b.h.hdr_len = sizeof(b.h);
	b.h.type_len = sizeof(b.t) + sizeof(b.enc);
	b.h.str_off = b.h.type_len;
	b.h.str_len = sizeof(strs);
	b.t.name_off = 1;
	b.t.info = BTF_KIND_INT << 24;
	b.t.size = sizeof(int);
	b.enc = BTF_INT_SIGNED << 24 | 32;
	memcpy(b.s, strs, sizeof(strs));
	memset(&attr, 0, sizeof(attr));
	attr.btf = (uintptr_t)&b;
	attr.btf_size = sizeof(b);
	return sys_bpf(BPF_BTF_LOAD, &attr);
}

/* An inode-storage map of int values: its fd or -errno. */
static int inode_storage_map(int btf_fd)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_INODE_STORAGE;
	attr.key_size = sizeof(int);
	attr.value_size = sizeof(int);
	attr.map_flags = BPF_F_NO_PREALLOC;
	attr.btf_fd = btf_fd;
	attr.btf_key_type_id = 1;
	attr.btf_value_type_id = 1;
	return sys_bpf(BPF_MAP_CREATE, &attr);
}

/* BPF_MAP_LOOKUP_ELEM (@cmd) or BPF_MAP_DELETE_ELEM of @dir_fd's entry. */
static int storage_elem(int cmd, int map_fd, int dir_fd, int *value)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = map_fd;
	attr.key = (uintptr_t)&dir_fd;
	attr.value = (uintptr_t)value;
	return sys_bpf(cmd, &attr);
}

#define STORE_DIR "/tmp/lsmtest-bpf-store"

/* Create and remove a file in STORE_DIR: 0 or -errno. */
static int store_touch(void)
{
	int fd = open(STORE_DIR "/f", O_CREAT | O_WRONLY | O_CLOEXEC, 0600);

	if (fd < 0)
		return -errno;
	close(fd);
	return unlink(STORE_DIR "/f") ? -errno : 0;
}

/* Steps of bpf_inode_storage with the map and program loaded. */
static enum result inode_storage_steps(int map_fd)
{
	int dfd, v = -1, rc;

	if (mkdir(STORE_DIR, 0700))
		return fail("mkdir %s: %s", STORE_DIR, strerror(errno));
	dfd = open(STORE_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return fail("open %s: %s", STORE_DIR, strerror(errno));
	rc = storage_elem(BPF_MAP_LOOKUP_ELEM, map_fd, dfd, &v);
	if (rc != -ENOENT)
		goto bad_lookup;
	if (store_touch() || store_touch())
		goto bad_touch;
	rc = storage_elem(BPF_MAP_LOOKUP_ELEM, map_fd, dfd, &v);
	if (rc || v != 2)
		goto bad_lookup;
	rc = storage_elem(BPF_MAP_DELETE_ELEM, map_fd, dfd, NULL);
	if (rc) {
		close(dfd);
		return fail("deleting the directory's storage: %s", strerror(-rc));
	}
	rc = storage_elem(BPF_MAP_LOOKUP_ELEM, map_fd, dfd, &v);
	if (rc != -ENOENT)
		goto bad_lookup;
	if (store_touch())
		goto bad_touch;
	rc = storage_elem(BPF_MAP_LOOKUP_ELEM, map_fd, dfd, &v);
	if (rc || v != 1)
		goto bad_lookup;
	/* The directory goes with its storage: the free path. */
	close(dfd);
	if (rmdir(STORE_DIR))
		return fail("rmdir %s: %s", STORE_DIR, strerror(errno));
	diag("counter read back (2, then 1 after a delete); directory freed with its storage");
	return PASS;
bad_touch:
	close(dfd);
	return fail("creating a file in %s: %s", STORE_DIR, strerror(errno));
bad_lookup:
	close(dfd);
	return fail("lookup: %s, value %d; the program did not count the creates it saw",
		    rc ? strerror(-rc) : "found", v);
}

static enum result bpf_inode_storage(void)
{
	/* inode_create(dir, dentry, mode): count creates on @dir's storage */
	struct bpf_insn prog[] = {
		{ .code = BPF_LDX | BPF_MEM | BPF_DW, .dst_reg = 6, .src_reg = 1, .off = 0 },
		{ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = 1, .src_reg = BPF_PSEUDO_MAP_FD },
		{ 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = 2, .src_reg = 6 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 3, .imm = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 4,
		  .imm = BPF_LOCAL_STORAGE_GET_F_CREATE },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_inode_storage_get },
		{ .code = BPF_JMP | BPF_JEQ | BPF_K, .dst_reg = 0, .off = 3, .imm = 0 },
		{ .code = BPF_LDX | BPF_MEM | BPF_W, .dst_reg = 1, .src_reg = 0, .off = 0 },
		{ .code = BPF_ALU | BPF_ADD | BPF_K, .dst_reg = 1, .imm = 1 },
		{ .code = BPF_STX | BPF_MEM | BPF_W, .dst_reg = 0, .src_reg = 1, .off = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static char log[16384];
	enum result r = need_bpf();
	int btf_fd, map_fd, pfd, lfd;

	if (r != PASS)
		return r;
	btf_fd = btf_int_load();
	if (btf_fd < 0)
		return fail("BPF_BTF_LOAD: %s", strerror(-btf_fd));
	map_fd = inode_storage_map(btf_fd);
	close(btf_fd);
	if (map_fd < 0)
		return fail("inode storage map: %s", strerror(-map_fd));
	prog[1].imm = map_fd;
	pfd = lsm_prog_load("inode_create", prog, sizeof(prog) / sizeof(prog[0]),
			    log, sizeof(log));
	if (pfd < 0) {
		close(map_fd);
		return fail("load on inode_create: %s; log: %.400s", strerror(-pfd), log);
	}
	lfd = lsm_prog_attach(pfd);
	if (lfd < 0) {
		r = fail("attach on inode_create: %s", strerror(-lfd));
	} else {
		r = inode_storage_steps(map_fd);
		close(lfd);
	}
	close(pfd);
	close(map_fd);
	rmdir(STORE_DIR);
	return r;
}

static const struct tcase bpf_cases[] = {
	{ "bpf_program_runs", bpf_program_runs },
	{ "bpf_slotless_refused", bpf_slotless_refused },
	{ "bpf_inode_storage", bpf_inode_storage },
};
SUITE(bpf, bpf_cases);

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by several suites: the display and context interfaces of
 * the modern series, socket families, a seeded PRNG, and slab object counts
 * (for "nothing was left behind" checks).
 */
#ifndef LSMTEST_UTIL_H
#define LSMTEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

/* From the modern tree's uapi header (Makefile UAPI=), never a constant here. */
#ifndef SO_PEERCONTEXT
#error "SO_PEERCONTEXT undefined: build with the modern tree's uapi headers (UAPI=)"
#endif
#ifndef AF_NETLINK
#define AF_NETLINK 16
#endif

#define DISPLAY "/proc/self/attr/display"

/* ---- display and contexts ---- */

/* write(2) of exactly len bytes in one call to a fresh fd; 0 or -errno. */
int write_attr(const char *path, const void *buf, size_t len);
/* write_attr() of a nul-terminated string, without its nul */
int write_str(const char *path, const char *s);
/* Write "name\n" to /proc/self/attr/display; 0 or -errno. */
int set_display(const char *name);
/* Is name one of selinux, smack, apparmor? */
int is_major(const char *name);
/* The second active major module in lsmtest_expect order, or NULL. */
const char *second_major(void);
/* The active major modules in lsmtest_expect order; returns how many. */
int active_majors(const char *out[3]);
/*
 * The compound context "lsm\0value\0..." of the unconfined init task for
 * the active major modules; with_apparmor says whether AppArmor has a
 * value in the interface.  Returns its length.
 */
size_t expected_compound(char *buf, size_t size, int with_apparmor);
/* Print a buffer with nuls shown as '|' as a diagnostic. */
void show_bytes(const char *what, const char *buf, size_t len);
/* Find lsm's value in a compound context; NULL if absent. */
const char *compound_value(const char *buf, size_t len, const char *lsm);

/* Is lsm in the booted stack (lsmtest_expect)? */
int lsm_active(const char *lsm);
/* smackfs mounted on /sys/fs/smackfs (mounting it if need be): 0 or -errno. */
int smackfs_ready(void);

/* ---- fault injection (/proc/thread-self/fail-nth, an open fd) ---- */
/*
 * Open this thread's fail-nth with failslab quiet (verbose 0) and counting
 * every slab allocation (GFP_KERNEL ones too, no cache filter): the fd,
 * or -errno when the kernel has no failslab to configure.
 */
int fail_nth_open(void);
/* Make the Nth slab allocation of this task fail; 0 or -errno. */
int fail_nth_arm(int fd, int n);
/* Disarm; returns what was left of N (0: the failure was injected), -1 on error. */
long fail_nth_disarm(int fd);

/* ---- sockets ---- */

struct family {
	const char *name;
	int domain, type, protocol;
};
extern const struct family sock_families[];
extern const size_t nsock_families;
/* Bring the loopback interface up; 0 or -1 with errno. */
int loopback_up(void);

/* ---- seeded PRNG (xorshift64*) ---- */

/* lsmtest_seed from the kernel command line, else the fixed default. */
uint64_t test_seed(void);
uint64_t rng_next(uint64_t *state);
/* Uniform in [0, n). */
uint32_t rng_below(uint64_t *state, uint32_t n);

/* ---- slab caches ---- */

/*
 * In-use objects of a slab cache, from /sys/kernel/slab/NAME/objects after
 * writing NAME/shrink (which flushes the per-CPU slabs, so the count is
 * exact for caches nobody else allocates from, and empties KASAN's
 * quarantine of that cache).  -1 if the cache does not exist.
 */
long slab_objects(const char *cache);
/* Objects per slab of the cache (noise bound for shared caches), or 0. */
long slab_objs_per_slab(const char *cache);
/* Is the cache merged with others (its sysfs entry an alias)? */
int slab_merged(const char *cache);

#define SLAB_MAX 24
struct slab_snap {
	int n;
	const char *name[SLAB_MAX];
	long count[SLAB_MAX];
	long slack[SLAB_MAX];	/* tolerated difference */
};
/* Add a cache with a tolerance to a snapshot (ignored if absent). */
void slab_snap_add(struct slab_snap *s, const char *cache, long slack);
/* Fill in the counts of every cache of the snapshot. */
void slab_snap_take(struct slab_snap *s);
/* A snapshot of one cache alone, tolerating a slab's worth of objects. */
void slab_snap_one(struct slab_snap *s, const char *cache);
/*
 * Wait up to max_ms for every cache of a snapshot to come back within its
 * tolerance of the counts in base (deferred RCU frees, TCP teardown over
 * loopback).  Prints a diagnostic per cache that does not; returns how
 * many hold more objects than the tolerance allows (fewer objects are
 * frees deferred by earlier work, not a leak).  waited_ms gets the time
 * it took.
 */
int slab_snap_settle(const struct slab_snap *base, int max_ms, int *waited_ms);
/*
 * The socket caches present in this kernel (UNIX, TCP, UDP, RAW, their v6
 * twins, request socks, socket inodes), exact; and the LSM inode and file
 * blob caches, which every file and inode uses, within a slab or two.
 */
void slab_snap_sockets(struct slab_snap *s);
/*
 * The kmalloc caches that gain about one object per socket while sockets
 * are held: the LSM socket blob (modern) or each module's chained blob
 * (legacy).  Fills names (static storage) and the per-socket ratio x100;
 * returns how many.
 */
int slab_socket_blob_caches(const char *names[], int ratio100[], int max);

/* Milliseconds of CLOCK_MONOTONIC. */
long long now_ms(void);
/* SIGKILL pid and reap it. */
void kill_reap(pid_t pid);
/* Wait for pid until deadline (now_ms()); kill it past it.  1 if it exited on time. */
int reap_until(pid_t pid, long long deadline);
/*
 * Wait up to ms for *flag (shared memory, set by a forked child: 1 ready,
 * anything else non-zero a failure) to be set; 1 if it reads 1.
 */
int wait_ready(const int *flag, int ms);
/* /dev/kmsg opened at the end of the log (non-blocking), or -1. */
int kmsg_open_end(void);
/* The next kernel log record from fd into rec (nul-terminated): 1, or 0 at the end or when fd < 0. */
int kmsg_next(int fd, char *rec, size_t size);

/*
 * TIMED(fn) defines fn_timed(), which runs fn and prints "# time: fn N ms"
 * (boot-time budgets of the matrix); list fn_timed in the case table.
 */
#define TIMED(fn)							\
static enum result fn##_timed(void)					\
{									\
	long long t0_ = now_ms();					\
	enum result r_ = fn();						\
									\
	diag("time: " #fn " %lld ms", now_ms() - t0_);			\
	return r_;							\
}

/* Is lsm named in the lsm.netlabel= boot parameter (-1: not given)? */
int netlabel_named(const char *lsm);
/*
 * Does lsm label packets through NetLabel on this boot?  The modules
 * lsm.netlabel= names (modern-series/arbitrary/), else the first active
 * module that can (SELinux, Smack): on a kernel with one of them, it.
 */
int netlabel_user(const char *lsm);
/* A new tmpfs on dir (made if missing) with options opts: 0 or -errno. */
int mount_tmpfs(const char *dir, const char *opts);
/* The attribute a module puts on the files it labels, or NULL. */
const char *lsm_file_xattr(const char *lsm);
/* Drop capability cap from this task's effective and permitted sets: 0 or -errno. */
int drop_cap(int cap);
/* add_key(2), which glibc does not wrap: the key's serial, or -1 and errno. */
long add_key(const char *type, const char *desc, const void *data, size_t len,
	     int ring);
#endif

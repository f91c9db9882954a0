// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by several suites; see util.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>

#include "ktap.h"
#include "suites.h"
#include "util.h"

#ifndef AF_PACKET
#define AF_PACKET 17
#endif

int write_attr(const char *path, const void *buf, size_t len)
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

int write_str(const char *path, const char *s)
{
	return write_attr(path, s, strlen(s));
}

int set_display(const char *name)
{
	char w[64];
	size_t len = strnlen(name, sizeof(w) - 1);

	memcpy(w, name, len);
	w[len] = '\n';
	return write_attr(DISPLAY, w, len + 1);
}

int is_major(const char *name)
{
	return !strcmp(name, "selinux") || !strcmp(name, "smack") ||
	       !strcmp(name, "apparmor");
}

int active_majors(const char *out[3])
{
	static char names[3][16];
	const char *p = param("expect");
	int n = 0;

	while (p && *p && n < 3) {
		size_t len = strcspn(p, ",");

		if (len < sizeof(names[0])) {
			memcpy(names[n], p, len);
			names[n][len] = '\0';
			if (is_major(names[n])) {
				out[n] = names[n];
				n++;
			}
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return n;
}

const char *second_major(void)
{
	const char *m[3];
	const char *first = display_lsm();

	if (active_majors(m) < 2 || !first || strcmp(m[0], first))
		return NULL;
	return m[1];
}

size_t expected_compound(char *buf, size_t size, int with_apparmor)
{
	const char *m[3];
	int n = active_majors(m), i;
	size_t off = 0;

	for (i = 0; i < n; i++) {
		size_t len = strlen(m[i]);
		const char *ctx = initial_context(m[i]);

		if (!with_apparmor && !strcmp(m[i], "apparmor"))
			continue;
		if (off + len + 2 + strlen(ctx) >= size)
			break;
		memcpy(buf + off, m[i], len + 1);
		off += len + 1;
		strcpy(buf + off, ctx);
		off += strlen(ctx) + 1;
	}
	return off;
}

void show_bytes(const char *what, const char *buf, size_t len)
{
	char out[512];
	size_t i;

	for (i = 0; i < len && i < sizeof(out) - 1; i++)
		out[i] = buf[i] ? buf[i] : '|';
	out[i] = '\0';
	diag("%s (%zu bytes, | = nul): %s", what, len, out);
}

const char *compound_value(const char *buf, size_t len, const char *lsm)
{
	size_t off = 0;

	while (off < len) {
		const char *name = buf + off;
		size_t nl = strnlen(name, len - off);
		const char *val;
		size_t vl;

		if (off + nl + 1 >= len)
			return NULL;
		val = name + nl + 1;
		vl = strnlen(val, len - off - nl - 1);
		if (!strcmp(name, lsm))
			return val;
		off += nl + vl + 2;
	}
	return NULL;
}

const struct family sock_families[] = {
	{ "unix/stream", AF_UNIX, SOCK_STREAM, 0 },
	{ "unix/dgram", AF_UNIX, SOCK_DGRAM, 0 },
	{ "unix/seqpacket", AF_UNIX, SOCK_SEQPACKET, 0 },
	{ "inet/tcp", AF_INET, SOCK_STREAM, 0 },
	{ "inet/udp", AF_INET, SOCK_DGRAM, 0 },
	{ "inet/raw", AF_INET, SOCK_RAW, IPPROTO_ICMP },
	{ "inet6/tcp", AF_INET6, SOCK_STREAM, 0 },
	{ "inet6/udp", AF_INET6, SOCK_DGRAM, 0 },
	{ "inet6/raw", AF_INET6, SOCK_RAW, IPPROTO_ICMPV6 },
	{ "netlink/route", AF_NETLINK, SOCK_RAW, 0 },
	{ "packet/dgram", AF_PACKET, SOCK_DGRAM, 0 },
};
const size_t nsock_families = sizeof(sock_families) / sizeof(sock_families[0]);

int loopback_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM, 0), rc = -1;

	if (fd < 0)
		return -1;
	memset(&ifr, 0, sizeof(ifr));
	strncpy(ifr.ifr_name, "lo", IFNAMSIZ - 1);
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0) {
		ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
	return rc;
}

/* The seed every randomised suite starts from unless lsmtest_seed= says. */
#define DEFAULT_SEED 20261203ULL

uint64_t test_seed(void)
{
	const char *s = param("seed");

	if (*s)
		return strtoull(s, NULL, 0);
	return DEFAULT_SEED;
}

uint64_t rng_next(uint64_t *state)
{
	uint64_t x = *state ? *state : 0x9e3779b97f4a7c15ULL;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

uint32_t rng_below(uint64_t *state, uint32_t n)
{
	return n ? (uint32_t)((rng_next(state) >> 32) % n) : 0;
}

long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

void kill_reap(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int reap_until(pid_t pid, long long deadline)
{
	int status;

	while (now_ms() < deadline) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return 1;
		usleep(10000);
	}
	kill_reap(pid);
	return 0;
}

int wait_ready(const int *flag, int ms)
{
	long long deadline = now_ms() + ms;

	while (!__atomic_load_n(flag, __ATOMIC_SEQ_CST) && now_ms() < deadline)
		usleep(5000);
	return __atomic_load_n(flag, __ATOMIC_SEQ_CST) == 1;
}

int kmsg_open_end(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

int kmsg_next(int fd, char *rec, size_t size)
{
	ssize_t n;

	if (fd < 0)
		return 0;
	for (;;) {
		n = read(fd, rec, size - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* records overwritten meanwhile */
		if (n <= 0)
			return 0;
		rec[n] = '\0';
		return 1;
	}
}

static long slab_attr(const char *cache, const char *attr)
{
	char path[128], buf[256];
	long n;

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/%s", cache, attr);
	n = read_file(path, buf, sizeof(buf));
	if (n <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

long slab_objects(const char *cache)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink", cache);
	/* Best effort: the count is still right without it, only coarser. */
	write_attr(path, "1", 1);
	return slab_attr(cache, "objects");
}

long slab_objs_per_slab(const char *cache)
{
	long n = slab_attr(cache, "objs_per_slab");

	return n < 0 ? 0 : n;
}

int slab_merged(const char *cache)
{
	char path[128];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s", cache);
	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

void slab_snap_add(struct slab_snap *s, const char *cache, long slack)
{
	int i;

	if (s->n >= SLAB_MAX || slab_attr(cache, "objects") < 0)
		return;
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], cache))
			return;
	s->name[s->n] = cache;
	s->slack[s->n] = slack;
	s->count[s->n] = 0;
	s->n++;
}

void slab_snap_take(struct slab_snap *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		s->count[i] = slab_objects(s->name[i]);
}

void slab_snap_one(struct slab_snap *s, const char *cache)
{
	memset(s, 0, sizeof(*s));
	slab_snap_add(s, cache, slab_objs_per_slab(cache));
	slab_snap_take(s);
}

int slab_snap_settle(const struct slab_snap *base, int max_ms, int *waited_ms)
{
	long long start = now_ms();
	struct slab_snap now = *base;
	int i, bad;

	for (;;) {
		slab_snap_take(&now);
		bad = 0;
		for (i = 0; i < now.n; i++)
			if (now.count[i] - base->count[i] > base->slack[i])
				bad++;
		if (!bad || now_ms() - start >= max_ms)
			break;
		usleep(50000);
	}
	if (waited_ms)
		*waited_ms = (int)(now_ms() - start);
	bad = 0;
	for (i = 0; i < now.n; i++) {
		long d = now.count[i] - base->count[i];

		if (labs(d) <= base->slack[i])
			continue;
		/*
		 * Fewer objects than before: frees deferred by earlier work
		 * (RCU callbacks, other CPUs) landed meanwhile.  Only more
		 * objects is a leak.
		 */
		if (d > 0)
			bad++;
		diag("slab %s: %ld objects in use, %ld before (tolerance %ld)%s%s",
		     now.name[i], now.count[i], base->count[i], base->slack[i],
		     slab_merged(now.name[i]) ? ", merged cache" : "",
		     d < 0 ? ": fewer, earlier deferred frees (not a leak)" : "");
	}
	return bad;
}

void slab_snap_sockets(struct slab_snap *s)
{
	static const char *const caches[] = {
		"UNIX", "UNIX-STREAM", "TCP", "TCPv6", "UDP", "UDPv6", "RAW",
		"RAWv6", "PING", "PINGv6", "request_sock_TCP", "request_sock_TCPv6",
		"sock_inode_cache",
	};
	size_t i;

	for (i = 0; i < sizeof(caches) / sizeof(caches[0]); i++)
		slab_snap_add(s, caches[i], slab_merged(caches[i]) ?
			      slab_objs_per_slab(caches[i]) : 0);
	/*
	 * Inode blobs belong to every inode: /proc and /sys inodes the test
	 * itself looks up stay cached.  Sockets' own inodes are counted
	 * exactly in sock_inode_cache above.
	 */
	slab_snap_add(s, "lsm_inode_cache", 2 * slab_objs_per_slab("lsm_inode_cache"));
	/*
	 * File blobs: every open, the count's own sysfs reads included, may
	 * take a fresh per-CPU slab, all of whose objects count as in use.
	 */
	slab_snap_add(s, "lsm_file_cache", slab_objs_per_slab("lsm_file_cache"));
}

#define BLOB_PROBE 256

int slab_socket_blob_caches(const char *names[], int ratio100[], int max)
{
	static char found[8][32];
	char cand[32][32];
	long before[32], after;
	int fds[BLOB_PROBE], nc = 0, nf = 0, i;
	struct dirent *d;
	DIR *dir = opendir("/sys/kernel/slab");

	if (!dir)
		return 0;
	while ((d = readdir(dir)) && nc < 32) {
		if (strncmp(d->d_name, "kmalloc-", 8) || !strncmp(d->d_name, "kmalloc-cg-", 11) ||
		    !strncmp(d->d_name, "kmalloc-rcl-", 12) || strlen(d->d_name) >= 32)
			continue;
		strcpy(cand[nc++], d->d_name);
	}
	closedir(dir);
	for (i = 0; i < nc; i++)
		before[i] = slab_objects(cand[i]);
	for (i = 0; i < BLOB_PROBE; i++)
		fds[i] = socket(AF_UNIX, SOCK_DGRAM, 0);
	for (i = 0; i < nc && nf < max && nf < 8; i++) {
		after = slab_objects(cand[i]);
		if (after - before[i] >= BLOB_PROBE * 7 / 10) {
			strcpy(found[nf], cand[i]);
			names[nf] = found[nf];
			ratio100[nf] = (int)((after - before[i]) * 100 / BLOB_PROBE);
			nf++;
		}
	}
	for (i = 0; i < BLOB_PROBE; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	return nf;
}

int lsm_active(const char *lsm)
{
	return in_list(param("expect"), lsm);
}

int smackfs_ready(void)
{
	if (access("/sys/fs/smackfs/load2", F_OK) &&
	    mount("smackfs", "/sys/fs/smackfs", "smackfs", 0, NULL) && errno != EBUSY)
		return -errno;
	return 0;
}

#define FAILSLAB_DIR "/sys/kernel/debug/failslab"

int fail_nth_open(void)
{
	int fd, err;

	if (access(FAILSLAB_DIR "/verbose", W_OK))
		return -errno;
	fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (fd < 0)
		return -errno;
	err = write_str(FAILSLAB_DIR "/verbose", "0");
	if (!err)
		err = write_str(FAILSLAB_DIR "/ignore-gfp-wait", "N");
	if (!err)
		err = write_str(FAILSLAB_DIR "/cache-filter", "N");
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}

int fail_nth_arm(int fd, int n)
{
	char b[16];
	int l = snprintf(b, sizeof(b), "%d", n);

	return pwrite(fd, b, l, 0) == l ? 0 : -errno;
}

long fail_nth_disarm(int fd)
{
	char b[16] = "";
	long left = -1;

	if (pread(fd, b, sizeof(b) - 1, 0) > 0)
		left = strtol(b, NULL, 10);
	if (pwrite(fd, "0", 1, 0) != 1)
		left = -1;
	return left;
}

long add_key(const char *type, const char *desc, const void *data, size_t len,
	     int ring)
{
	return syscall(SYS_add_key, type, desc, data, len, ring);
}

int drop_cap(int cap)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -errno;
	d[CAP_TO_INDEX(cap)].effective &= ~CAP_TO_MASK(cap);
	d[CAP_TO_INDEX(cap)].permitted &= ~CAP_TO_MASK(cap);
	return syscall(SYS_capset, &h, d) ? -errno : 0;
}

/*
 * The kernel keeps a parameter with a dot in its name from init's
 * environment, so param() cannot see it: read /proc/cmdline.
 */
int netlabel_named(const char *lsm)
{
	char cmdline[4096], *p;

	if (read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return -1;
	p = strstr(cmdline, "lsm.netlabel=");
	if (!p)
		return -1;
	p += strlen("lsm.netlabel=");
	p[strcspn(p, " \n")] = '\0';
	return in_list(p, lsm);
}

int netlabel_user(const char *lsm)
{
	static const char *const users[] = { "selinux", "smack" };
	char list[512], *tok, *save;
	int named = netlabel_named(lsm);
	size_t i;

	if (!lsm_active(lsm))
		return 0;
	if (named >= 0)
		return named;
	/* Not given: the first active module that can use NetLabel. */
	if (read_file("/sys/kernel/security/lsm", list, sizeof(list)) <= 0)
		return 0;
	for (tok = strtok_r(list, ",\n", &save); tok; tok = strtok_r(NULL, ",\n", &save))
		for (i = 0; i < sizeof(users) / sizeof(users[0]); i++)
			if (!strcmp(tok, users[i]))
				return !strcmp(tok, lsm);
	return 0;
}

int mount_tmpfs(const char *dir, const char *opts)
{
	if (mkdir(dir, 0755) && errno != EEXIST)
		return -errno;
	return mount("lsmtest", dir, "tmpfs", 0, opts) ? -errno : 0;
}

const char *lsm_file_xattr(const char *lsm)
{
	if (!strcmp(lsm, "selinux"))
		return "security.selinux";
	if (!strcmp(lsm, "smack"))
		return "security.SMACK64";
	return NULL;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal KTAP producer for the in-guest tests.  A suite is a table of
 * cases; lsmtest runs the selected suites and prints one KTAP line per case.
 */
#ifndef LSMTEST_KTAP_H
#define LSMTEST_KTAP_H

#include <stdarg.h>
#include <stddef.h>

enum result { PASS, FAIL, SKIP };

struct tcase {
	const char *name;
	enum result (*fn)(void);
};

struct suite {
	const char *name;
	const struct tcase *cases;
	size_t ncases;
};

#define SUITE(sname, arr) \
	const struct suite sname = { #sname, arr, sizeof(arr) / sizeof(arr[0]) }

/* Diagnostics go out as KTAP comments ("# ...") before the result line. */
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print a diagnostic and return FAIL: "return fail(...)". */
enum result fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
enum result skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Helpers shared by suites. */
/* Read a whole file into buf (nul-terminated); returns length or -errno. */
long read_file(const char *path, char *buf, size_t size);
/* Strip one trailing newline and trailing nuls. */
void chomp(char *s, long *len);
/* Environment from the kernel command line (lsmtest_*=...), or "". */
const char *param(const char *name);
/* Is module "name" in the comma-separated list? */
int in_list(const char *list, const char *name);

#endif

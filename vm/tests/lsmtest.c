// SPDX-License-Identifier: GPL-2.0
/*
 * lsmtest: in-guest test driver.  Usage: lsmtest SUITE...
 * Prints KTAP version 1 on stdout: a plan, then one result line per case,
 * named "suite.case".  Exit status is 0 only if every case passed or skipped.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"
#define LSMTEST_MAIN
#include "suites.h"

void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

static enum result vreport(enum result r, const char *fmt, va_list ap)
{
	fputs("# ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	return r;
}

enum result fail(const char *fmt, ...)
{
	va_list ap;
	enum result r;

	va_start(ap, fmt);
	r = vreport(FAIL, fmt, ap);
	va_end(ap);
	return r;
}

enum result skip(const char *fmt, ...)
{
	va_list ap;
	enum result r;

	va_start(ap, fmt);
	r = vreport(SKIP, fmt, ap);
	va_end(ap);
	return r;
}

long read_file(const char *path, char *buf, size_t size)
{
	long n, total = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	while ((size_t)total < size - 1) {
		n = read(fd, buf + total, size - 1 - total);
		if (n < 0) {
			n = -errno;
			close(fd);
			return n;
		}
		if (n == 0)
			break;
		total += n;
	}
	close(fd);
	buf[total] = '\0';
	return total;
}

void chomp(char *s, long *len)
{
	long n = len ? *len : (long)strlen(s);

	while (n > 0 && s[n - 1] == '\0')
		n--;
	if (n > 0 && s[n - 1] == '\n')
		n--;
	s[n] = '\0';
	if (len)
		*len = n;
}

const char *param(const char *name)
{
	char key[64];
	const char *v;

	snprintf(key, sizeof(key), "lsmtest_%s", name);
	v = getenv(key);
	return v ? v : "";
}

int in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while (p && *p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || p[n] == '\0'))
			return 1;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return 0;
}

static const struct suite *find_suite(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(all_suites) / sizeof(all_suites[0]); i++)
		if (!strcmp(all_suites[i]->name, name))
			return all_suites[i];
	return NULL;
}

int main(int argc, char **argv)
{
	const struct suite *sel[64];
	size_t nsel = 0, plan = 0, i, j, n = 0;
	int failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < (size_t)argc && nsel < 64; i++) {
		const struct suite *s = find_suite(argv[i]);

		if (!s) {
			fprintf(stderr, "lsmtest: unknown suite '%s'\n", argv[i]);
			return 2;
		}
		sel[nsel++] = s;
		plan += s->ncases;
	}
	printf("KTAP version 1\n1..%zu\n", plan);
	for (i = 0; i < nsel; i++) {
		for (j = 0; j < sel[i]->ncases; j++) {
			const struct tcase *c = &sel[i]->cases[j];
			enum result r = c->fn();

			n++;
			fflush(stdout);
			if (r == SKIP)
				printf("ok %zu %s.%s # SKIP\n", n, sel[i]->name, c->name);
			else
				printf("%sok %zu %s.%s\n", r == PASS ? "" : "not ",
				       n, sel[i]->name, c->name);
			if (r == FAIL)
				failed++;
		}
	}
	return failed ? 1 : 0;
}

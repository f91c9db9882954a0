// SPDX-License-Identifier: GPL-2.0
/*
 * tsckhz: print this x86 host's TSC frequency in kHz, measured against
 * CLOCK_MONOTONIC_RAW over 200 ms.  Under TCG without -icount the guest's
 * TSC is the host's, and a tinyconfig guest (no ACPI, so no HPET or PM
 * timer) cannot calibrate it and falls back to jiffies (4 ms resolution);
 * analysis/boot.sh passes this value as tsc_early_khz= in wall-clock mode.
 */
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
	struct timespec d = { 0, 200000000 };
	double t0, t1;
	unsigned long long c0, c1;

	t0 = now();
	c0 = __rdtsc();
	nanosleep(&d, NULL);
	c1 = __rdtsc();
	t1 = now();
	printf("%.0f\n", (c1 - c0) / (t1 - t0) / 1000.0);
	return 0;
}

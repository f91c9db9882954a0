/* SPDX-License-Identifier: GPL-2.0 */
/* Every suite lsmtest knows.  Add a suite here and in SUITES (vm/Makefile). */
#ifndef LSMTEST_SUITES_H
#define LSMTEST_SUITES_H
#include "ktap.h"

extern const struct suite base;
extern const struct suite legacy;
extern const struct suite modern;
extern const struct suite policy;
extern const struct suite stress;
extern const struct suite faults;
extern const struct suite badinput;
extern const struct suite binder;
extern const struct suite cipso;
extern const struct suite blobs;
extern const struct suite arbitrary;
extern const struct suite evm;
extern const struct suite race;
extern const struct suite bpf;

const char *display_lsm(void);
const char *initial_context(const char *lsm);
/* policy.c: load and enforce an SELinux policy (once per path in a row). */
enum result policy_selinux_use(const char *path);
/*
 * SELinux labels new files only once a policy is loaded: mdp's policy
 * loaded and enforced when SELinux is active (PASS when it is not).
 */
enum result policy_selinux_labels(void);

#ifdef LSMTEST_MAIN
static const struct suite *const all_suites[] = { &base, &modern, &legacy, &policy,
						     &stress, &faults, &badinput,
						     &binder, &cipso, &blobs, &arbitrary,
						     &evm, &race, &bpf };
#endif
#endif

#!/bin/bash
# selftest.sh: host-side tests of the run judge on synthetic guest output:
# a clean run passes; a failed case, a short or missing plan, a QEMU timeout
# and each kind of kernel report on the console fail, naming the cause.
. "$(dirname "$0")/lib.sh"
tmp=$BUILD/selftest; rm -rf "$tmp"; mkdir -p "$tmp"
pass=0 fail=0
good_tap='KTAP version 1
1..2
ok 1 base.one
ok 2 base.two # SKIP'
good_con='[    0.000000] Linux version 6.1.192
[    0.100000] kasan: KernelAddressSanitizer initialized
lsmtest: done'

# check NAME EXPECT(pass|fail) WANTED-FAIL-CASE TAP CONSOLE [QEMU_RC]
check() {
	local name=$1 want=$2 case=$3 d=$tmp/$1 got=fail
	mkdir -p "$d"; printf '%s\n' "$4" >"$d/tap.log"; printf '%s\n' "$5" >"$d/console.log"
	"$TOP/vm/judge.sh" "$d" "${6:-0}" && got=pass
	if [ "$got" != "$want" ]; then
		echo "not ok judge.$name (expected $want, got $got)"; fail=$((fail + 1)); return
	fi
	if [ -n "$case" ] && ! grep -q "^FAIL	$case" "$d/results.tsv"; then
		echo "not ok judge.$name (no FAIL line for $case)"; fail=$((fail + 1)); return
	fi
	echo "ok judge.$name"; pass=$((pass + 1))
}
check clean pass "" "$good_tap" "$good_con"
check failed_case fail base.one "${good_tap/ok 1/not ok 1}" "$good_con"
check short_plan fail harness.tap_plan "${good_tap%ok 2*}" "$good_con"
check no_plan fail harness.tap_plan "" "$good_con"
check timeout fail harness.qemu_exit "$good_tap" "$good_con" 137
check unfinished fail harness.guest_finished "$good_tap" "[ 0.1] Linux"
for r in "WARNING: CPU: 0 PID: 1 at security/security.c:100 f+0x1/0x2" \
	 "BUG: KASAN: slab-out-of-bounds in selinux_socket_post_create+0x12" \
	 "WARNING: possible circular locking dependency detected" \
	 "unreferenced object 0xffff888003c1e000 (size 64):" \
	 "INFO: task lsmtest:77 blocked for more than 60 seconds." \
	 "watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [lsmtest:80]" \
	 "BUG: sleeping function called from invalid context at mm/slab.h:723" \
	 "Oops: 0000 [#1] PREEMPT SMP KASAN"; do
	check "report_$(echo "$r" | tr -cs 'A-Za-z' _ | cut -c1-30)" fail harness.console_clean \
		"$good_tap" "[ 1.0] $r
$good_con"
done
# CONFIG_PROVE_RCU_LIST: a report at a 6.1 site listed in
# vm/upstream-rcu-list.txt is noted, one in our own code fails the run.
rcu_report() {
	printf '%s\n' "[ 2.0] =============================" "[ 2.0] WARNING: suspicious RCU usage" \
		"[ 2.0] 6.1.192+ #2 Not tainted" "[ 2.0] -----------------------------" \
		"[ 2.0] $1 RCU-list traversed in non-reader section!!" "[ 2.0] Call Trace:" \
		"[ 2.0]  <TASK>" "[ 2.0]  lockdep_rcu_suspicious.cold+0x2e/0x5b" "[ 2.0]  </TASK>"
}
check rcu_list_upstream pass "" "$good_tap" "$(rcu_report security/smack/smack_access.c:430)
$good_con"
check rcu_list_ours fail harness.console_clean "$good_tap" "$(rcu_report security/security_list.c:120)
$good_con"
check rcu_list_upstream_then_ours fail harness.console_clean "$good_tap" "$(rcu_report security/smack/smackfs.c:237)
$(rcu_report security/security_list.c:120)
$good_con"
# CONFIG_KCSAN (the kcsan flavour): a data race in our own code fails
# the run, whatever vm/upstream-kcsan-list.txt lists.
kcsan_report() {
	printf '%s\n' "[ 3.0] ==================================================================" \
		"[ 3.0] BUG: KCSAN: data-race in $1 / $2" "[ 3.0] " \
		"[ 3.0] write to 0xffff888003c1e000 of 4 bytes by task 80 on cpu 1:" "[ 3.0]  $1+0x1/0x2" \
		"[ 3.0] read to 0xffff888003c1e000 of 4 bytes by task 81 on cpu 0:" "[ 3.0]  $2+0x1/0x2" \
		"[ 3.0] Reported by Kernel Concurrency Sanitizer on:" \
		"[ 3.0] CPU: 0 PID: 81 Comm: lsmtest Not tainted 6.1.192+ #1" \
		"[ 3.0] =================================================================="
}
check kcsan_ours fail harness.console_clean "$good_tap" "$(kcsan_report lsm_set_display security_getprocattr)
$good_con"
check kcsan_upstream pass "" "$good_tap" "$(kcsan_report step_into vfs_rmdir)
$good_con"
check kcsan_upstream_then_ours fail harness.console_clean "$good_tap" "$(kcsan_report step_into vfs_rmdir)
$(kcsan_report lsm_set_display security_getprocattr)
$good_con"
echo "judge self-test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

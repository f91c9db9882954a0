#!/bin/bash
# judge.sh RUNDIR QEMU_STATUS: turn a run's tap.log and console.log into
# RUNDIR/results.tsv and a verdict.  A run fails when the plan is missing
# or short, a case failed, QEMU did not exit by itself, or the console shows
# a kernel report (oops, BUG, WARNING, KASAN, lockdep, kmemleak leak,
# hung task or soft lockup).
. "$(dirname "$0")/lib.sh"
dir=${1:?rundir} qrc=${2:-0}
tap=$dir/tap.log con=$dir/console.log res=$dir/results.tsv
: >"$res"
add() { printf '%s\t%s\n' "$1" "$2" >>"$res"; }

plan=$(grep -m1 -E '^1\.\.[0-9]+$' "$tap" 2>/dev/null | cut -c4- || true)
nres=$(grep -cE '^(not )?ok [0-9]+ ' "$tap" 2>/dev/null || true)
while read -r line; do
	case $line in
	"not ok "*) add FAIL "$(echo "$line" | cut -d' ' -f4)" ;;
	"ok "*"# SKIP"*) add SKIP "$(echo "$line" | cut -d' ' -f3)" ;;
	"ok "*) add PASS "$(echo "$line" | cut -d' ' -f3)" ;;
	esac
done < <(grep -E '^(not )?ok [0-9]+ ' "$tap" 2>/dev/null || true)

if [ -z "$plan" ]; then
	add FAIL "harness.tap_plan (no KTAP plan)"
elif [ "$nres" -ne "$plan" ]; then
	add FAIL "harness.tap_plan (plan 1..$plan, $nres results)"
else
	add PASS harness.tap_plan
fi
if [ "$qrc" = 137 ] || [ "$qrc" = 124 ]; then
	add FAIL "harness.qemu_exit (killed by the timeout)"
elif [ "$qrc" != 0 ]; then
	add FAIL "harness.qemu_exit (status $qrc)"
else
	add PASS harness.qemu_exit
fi
# Kernel reports on the console.
pat='BUG:|WARNING:|Oops|general protection fault|KASAN|Kernel panic'
pat="$pat|possible recursive locking|circular locking|INFO: trying to register non-static key"
pat="$pat|inconsistent lock state|suspicious RCU usage|sleeping function called from invalid context"
pat="$pat|unreferenced object|INFO: task .* blocked for more than|soft lockup|rcu_sched self-detected stall|detected stalls"
pat="$pat|Call Trace:|------------\[ cut here \]"
# CONFIG_PROVE_RCU_LIST reports that vm/upstream-rcu-list.txt lists as
# 6.1's own are blanked (line numbers kept) and listed in the run directory.
# KCSAN data races that vm/upstream-kcsan-list.txt lists as 6.1's own are
# blanked the same way, from "BUG: KCSAN:" to the report's closing rule,
# and listed in RUNDIR/upstream-kcsan-list.txt.
allow=$(grep -vE '^(#|$)' "$TOP/vm/upstream-rcu-list.txt" | paste -sd'|' -)
kallow=$({ grep -vE '^(#|$)' "$TOP/vm/upstream-kcsan-list.txt" || true; } | paste -sd'|' -)
ALLOW=$allow KALLOW=$kallow awk -v noted="$dir/upstream-rcu-list.txt" \
	-v knoted="$dir/upstream-kcsan-list.txt" '
	BEGIN { allow = ENVIRON["ALLOW"]; kallow = ENVIRON["KALLOW"] }
	{ sub(/\r$/, "") }	# the serial console ends lines with CR LF
	hold == 3 { print ""; if ($0 ~ /^(\[[ 0-9.]*\] )?=+$/) hold = 0; next }
	/BUG: KCSAN: / {
		race = $0; sub(/^.*BUG: KCSAN: /, "", race)
		if (kallow != "" && race ~ kallow) { print race > knoted; print ""; hold = 3; next }
	}
	hold == 2 { print ""; if ($0 ~ /<\/TASK>/) hold = 0; next }
	/WARNING: suspicious RCU usage/ { hold = 1; n = 0; buf[++n] = $0; next }
	hold == 1 {
		buf[++n] = $0
		if ($0 ~ /RCU-list traversed in non-reader section/) {
			loc = $0; sub(/^\[[ 0-9.]*\] /, "", loc)
			if (allow != "" && loc ~ allow) {
				print loc > noted
				for (i = 1; i <= n; i++) print ""
				hold = 2; next
			}
		}
		if ($0 ~ /RCU-list traversed/ || n >= 6) { for (i = 1; i <= n; i++) print buf[i]; hold = 0 }
		next
	}
	{ print }
	END { if (hold == 1) for (i = 1; i <= n; i++) print buf[i] }' "$con" >"$dir/console.judged"
if reports=$(grep -nE "$pat" "$dir/console.judged" | grep -v 'KASAN: *$' | grep -v 'kasan: KernelAddressSanitizer initialized'); then
	add FAIL "harness.console_clean ($(echo "$reports" | head -n1 | cut -c1-100))"
else
	add PASS harness.console_clean
fi
if ! grep -q '^lsmtest: done' "$con"; then
	add FAIL "harness.guest_finished (the guest did not reach the end of /init)"
else
	add PASS harness.guest_finished
fi
! grep -q '^FAIL' "$res"

#!/bin/bash
# reliability-table.sh [RUN...]: the reliability figures of issue 7 as a
# markdown table on stdout, one row per variant x stack.
#
# Runs: the functional matrix's (build/runs/matrix.list, whose rows name
# the run directories build/runs/<variant>-<stack>), or the run
# directories given as arguments (their names must be <variant>-<stack>).
# RUNS_DIR overrides build/runs.  Per run it reads:
#   tap.log      "# figures: suite=stress ops=N ...",
#                "# figures: suite=faults injected=N ...",
#                "# figures: suite=badinput tried=N fuzz=N ...",
#                "# figures: suite=race cpus=N ops=N ..."
#                (printed by vm/tests/stress.c, faults.c, badinput.c, race.c), and the
#                result lines of those suites' cases;
#   console.log  kernel reports, with vm/judge.sh's patterns: KASAN, BUG,
#                WARNING, lockdep, RCU, sleeping in atomic, hung task, soft
#                lockup, oops (one per report header line), and kmemleak
#                leaks ("unreferenced object").
# A run that did not include a suite shows "-" in its columns; a run
# without a console log shows "?".  Takes well under a second.
. "$(dirname "$0")/../vm/lib.sh"
runs=${RUNS_DIR:-$BUILD/runs}

# Report header lines (vm/judge.sh's patterns without the stack-trace and
# cut-here lines, which belong to a report already counted, and without
# kmemleak, counted apart).
report_pat='BUG:|WARNING:|Oops|general protection fault|KASAN|Kernel panic'
report_pat="$report_pat|possible recursive locking|circular locking|INFO: trying to register non-static key"
report_pat="$report_pat|inconsistent lock state|suspicious RCU usage|sleeping function called from invalid context"
report_pat="$report_pat|INFO: task .* blocked for more than|soft lockup|rcu_sched self-detected stall|detected stalls"

# figure TAP SUITE KEY: the value of KEY= in SUITE's figures line, or "-".
figure() {
	local v
	v=$(grep -m1 "^# figures: suite=$2 " "$1" 2>/dev/null |
		tr ' ' '\n' | sed -n "s/^$3=//p" | head -n1)
	echo "${v:--}"
}

list=()
if [ $# -gt 0 ]; then
	for d in "$@"; do list+=("$(basename "$d")"); done
elif [ -f "$runs/matrix.list" ]; then
	while read -r v stack _; do list+=("$v-$stack"); done <"$runs/matrix.list"
else
	die "no $runs/matrix.list: run vm/matrix.sh, or name run directories"
fi

echo "| variant | stack | CPUs | operations run | race operations | faults injected | bad inputs tried | fuzz iterations | reliability cases failed | kernel reports | leaks |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for name in "${list[@]}"; do
	d=$runs/$name
	# <variant>-<stack>: variants (legacy:rcu ...) have no '-', stacks may.
	variant=${name%%-*} stack=${name#*-}
	tap=$d/tap.log con=$d/console.log
	ops=$(figure "$tap" stress ops)
	inj=$(figure "$tap" faults injected)
	tried=$(figure "$tap" badinput tried)
	fuzz=$(figure "$tap" badinput fuzz)
	cpus=$(figure "$tap" race cpus) rops=$(figure "$tap" race ops)
	if [ -f "$tap" ] && grep -qE '^(not )?ok [0-9]+ (stress|faults|badinput|race)\.' "$tap"; then
		failed=$(grep -cE '^not ok [0-9]+ (stress|faults|badinput|race)\.' "$tap" || true)
	else
		failed=-
	fi
	if [ -f "$con" ]; then
		reports=$(grep -E "$report_pat" "$con" | grep -v 'KASAN: *$' |
			grep -vc 'kasan: KernelAddressSanitizer initialized' || true)
		leaks=$(grep -c 'unreferenced object' "$con" || true)
	else
		reports='?' leaks='?'
	fi
	echo "| $variant | $stack | $cpus | $ops | $rops | $inj | $tried | $fuzz | $failed | $reports | $leaks |"
done
echo
echo "Operations: stress-suite operations (socket churn, connect/accept, SCM_RIGHTS,"
echo "SO_PASSSEC, attr/context, SO_PEERCONTEXT, display switches) by all workers;"
echo "faults: slab allocation failures injected (fail-nth and failslab); bad inputs:"
echo "refused writes and getsockopt calls of the badinput suite, fuzz iterations apart;"
echo "CPUs and race operations: the race suite's (several CPUs on the same objects; \"-\""
echo "where a row does not run it)."
echo "Kernel reports and leaks come from each run's console.log; the standard is 0."

#!/bin/bash
# bench-iters.sh [--out DIR] [--build] [--no-throughput] [ITERS...]
# Issue 16, "no cost unless you stack": which single-module costs are code?
# Boots the base and modern bench kernels with no major module, AppArmor
# alone and Smack alone (rows of analysis/bench-plan.txt) in deterministic
# mode, microbenchmarks only, once per iteration count ITERS (default 2000
# 3000 5000).  Within one count the figures are exact, but where the timer
# ticks, RCU-deferred frees and slab slow paths fall in the loop depends on
# the count and on the kernel's layout: a difference that is code shows at
# every count, one that moves with the count is not code.
# Then boots the AppArmor and Smack rows once more with the throughput
# workloads (sockperf UDP and TCP, dbench, tbench; they do not depend on the
# iteration count), issue 16's other goal: within 1.002 of base.
#   --build   (re)build the two bench kernels first (analysis/bench.sh --build)
#   --out DIR default build/bench-iters; DIR/N/ is analysis/bench.sh's output
#             for N iterations (det.tsv, runs/, ...), DIR/throughput/ that
#             of the throughput workloads
#   --no-throughput  microbenchmarks only
# analysis/report.sh turns DIR into section 2.6, single-module.csv and
# single-module-throughput.csv (ITERS_DIR=DIR).
. "$(dirname "$0")/../vm/lib.sh"
ROWS="base:none modern:none base:apparmor modern:apparmor base:smack modern:smack"
TPUT_ROWS="base:apparmor modern:apparmor base:smack modern:smack"
TPUT_WORKLOADS=sockperf_udp,sockperf_tcp,dbench,tbench
out=$BUILD/bench-iters build=() tput=1
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$(realpath -m "${2:?--out DIR}"); shift 2 ;;
	--build) build=(--build); shift ;;
	--no-throughput) tput=; shift ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
iters=("$@")
[ ${#iters[@]} -gt 0 ] || iters=(2000 3000 5000)
for n in "${iters[@]}"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "an iteration count must be a positive number, not '$n'"
done
rc=0
for n in "${iters[@]}"; do
	progress "bench-iters: $n iterations"
	# shellcheck disable=SC2086 # ROWS is a list of rows
	BENCH_ITERS=$n "$TOP/analysis/bench.sh" --mode det --det-workloads micro "${build[@]}" \
		--out "$out/$n" $ROWS || rc=1
	build=()
done
if [ -n "$tput" ]; then
	progress "bench-iters: throughput workloads ($TPUT_WORKLOADS)"
	# shellcheck disable=SC2086 # TPUT_ROWS is a list of rows
	"$TOP/analysis/bench.sh" --mode det --det-workloads "$TPUT_WORKLOADS" "${build[@]}" \
		--out "$out/throughput" $TPUT_ROWS || rc=1
fi
exit $rc

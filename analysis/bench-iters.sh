#!/bin/bash
# bench-iters.sh [--out DIR] [--build] [--no-throughput] [ITERS...]
# Issue 16, "no cost unless you stack": which single-module costs are code?
# Boots the base and modern bench kernels with no major module, AppArmor
# alone and Smack alone (rows of analysis/bench-plan.txt) in deterministic
# mode, microbenchmarks only, once per iteration count ITERS (default 2000
# 3000 4000 5000 7000).  Within one count the figures are exact, but where the timer
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
# Last, analysis/fn-diff.sh lists the functions whose instructions differ
# between the two kernels (DIR/fn-diff.txt): a figure that moves while no
# function on its path changed is not code.
# analysis/report.sh turns DIR into section 2.6, single-module.csv,
# single-module-throughput.csv and fn-diff.csv (ITERS_DIR=DIR).
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
[ ${#iters[@]} -gt 0 ] || iters=(2000 3000 4000 5000 7000)
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
# The vmlinux beside each bzImage booted (analysis/bench.sh's default
# kernels, or BENCH_KERNEL_base/_modern when they point into an O= tree).
kb=${BENCH_KERNEL_base:-$LINUX/O-base-bench/arch/x86/boot/bzImage}
km=${BENCH_KERNEL_modern:-$LINUX/O-modern-bench/arch/x86/boot/bzImage}
vb=${kb%/arch/x86/boot/bzImage}/vmlinux vm=${km%/arch/x86/boot/bzImage}/vmlinux
if [ -f "$vb" ] && [ -f "$vm" ]; then
	"$TOP/analysis/fn-diff.sh" "$vb" "$vm" >"$out/fn-diff.txt" || rc=1
	progress "bench-iters: $(tail -n1 "$out/fn-diff.txt")"
else
	rm -f "$out/fn-diff.txt"	# one from other kernels would be reported as theirs
	progress "bench-iters: no vmlinux beside the bzImages booted, no fn-diff.txt"
fi
exit $rc

#!/bin/bash
# boot.sh DIR BZIMAGE INITRAMFS LSM EXPECT WORKLOADS MODE [TIMEOUT]
# One benchmark boot: QEMU (TCG, the command line of vm/run-qemu.sh without
# kmemleak) with lsm=LSM, the base suite (so vm/judge.sh can judge the run:
# KTAP plan, /sys/kernel/security/lsm == EXPECT, clean console, guest
# finished), then the benchmark WORKLOADS (comma-separated, see
# vm/bench/run-bench.sh).  MODE:
#   det   -icount shift=0,sleep=off -smp 1: the guest clock counts
#         instructions (1 ns = 1 instruction), figures repeat exactly
#   wall  multi-threaded TCG, -smp 2: wall-clock figures
# Environment: BENCH_ITERS, BENCH_TIME, BENCH_CLIENTS, BENCH_THREADS,
# BENCH_SOCKETS become lsmtest_bench_* parameters.
# slab_nomerge: every cache keeps its own name in /proc/slabinfo, so the
# slab figures per cache are attributable (same for every variant).
# BENCH_VARIANT names the kernel's variant for analysis/bench-expect.txt
# (base, modern, legacy...; "@NN" appended for a prefix of its series);
# unset, it is read from the kernel's O-VARIANT-... build directory.
# Writes DIR/console.log, tap.log, results.tsv (judge), bench.tsv
# (name<TAB>metric<TAB>value, analysis/parse/bench-log.sh), raw-*.txt,
# expect.txt (analysis/bench-check.py: every lsmbench result against the
# plan's expected results).
# Exit status: the judge's, else 1 when a result is not the expected one.
. "$(dirname "$0")/../vm/lib.sh"
dir=$1 kernel=$2 initrd=$3 lsm=$4 expect=$5 workloads=$6 mode=$7 tmo=${8:-900}
[ -f "$kernel" ] || die "no kernel $kernel"
[ -f "$initrd" ] || die "no initramfs $initrd"
variant=${BENCH_VARIANT:-}
if [ -z "$variant" ]; then
	variant=$(realpath -m "$kernel" | sed -n 's,.*/O-\([a-z]*\)-[^/]*/arch/x86/boot/bzImage$,\1,p')
	[ -n "$variant" ] || die "BENCH_VARIANT unset and $kernel is not in an O-VARIANT-... directory"
fi
rm -rf "$dir"; mkdir -p "$dir"

# LSM "-": no lsm= at all, the kernel's built-in order (CONFIG_LSM).
append="console=ttyS0 panic=-1 oops=panic nokaslr slab_nomerge lsmtest_expect=$expect"
[ "$lsm" = - ] || append="$append lsm=$lsm"
append="$append lsmtest_suites=base lsmtest_bench=$workloads"
for p in ITERS TIME CLIENTS THREADS SOCKETS; do
	v=BENCH_$p
	[ -n "${!v:-}" ] && append="$append lsmtest_bench_${p,,}=${!v}"
done
case $mode in
det) accel=(-accel tcg -icount shift=0,sleep=off -smp 1 -seed 1 -rtc base=2026-01-01T00:00:00,clock=vm) ;;
wall)	accel=(-accel tcg,thread=multi -smp "${BENCH_SMP:-2}")
	# The guest TSC is the host's; a tinyconfig guest cannot calibrate it
	# (no HPET or PM timer without ACPI) and would time with jiffies.
	khz=${BENCH_TSC_KHZ:-}
	if [ -z "$khz" ]; then
		mkdir -p "$BUILD/analysis"
		tk=$BUILD/analysis/tsckhz
		[ "$tk" -nt "$TOP/analysis/tools/tsckhz.c" ] ||
			cc -O2 -o "$tk" "$TOP/analysis/tools/tsckhz.c" || die "cannot build tsckhz"
		khz=$("$tk")
	fi
	append="$append tsc_early_khz=$khz tsc=reliable"
	;;
*) die "mode must be det or wall" ;;
esac
echo "$append" >"$dir/cmdline"
echo "qemu-system-x86_64 ${accel[*]} -m 1024 -cpu max -kernel $kernel -initrd $initrd" >"$dir/qemu-args"
cat /proc/loadavg >"$dir/loadavg-start"	# wall-clock figures suffer from other host load
start=$(date +%s)
timeout -s KILL "$tmo" qemu-system-x86_64 "${accel[@]}" -m "${QEMU_MEM:-1024}" -cpu max \
	-nographic -no-reboot -monitor none \
	-serial "file:$dir/console.log" -serial "file:$dir/tap.raw" \
	-kernel "$kernel" -initrd "$initrd" -append "$append" \
	>"$dir/qemu.out" 2>&1
qrc=$?
echo $(( $(date +%s) - start )) >"$dir/wall-seconds"
tr -d '\r' <"$dir/tap.raw" >"$dir/tap.log"
rm -f "$dir/tap.raw"
echo "$qrc" >"$dir/qemu.rc"
"$TOP/analysis/parse/bench-log.sh" "$dir/tap.log" "$dir" >"$dir/bench.tsv"
jrc=0
"$TOP/vm/judge.sh" "$dir" "$qrc" || jrc=$?
# lsmbench's workloads print results; the others (slab, sockperf...) none.
case ,$workloads, in
*,micro,*|*,paths,*|*,locks,*)
	if ! "$TOP/analysis/bench-check.py" "$dir/bench.tsv" "$variant" "$expect" >"$dir/expect.txt"; then
		grep '^not ok' "$dir/expect.txt" >&2 || true
		[ "$jrc" != 0 ] || jrc=1
	fi
	;;
esac
exit "$jrc"

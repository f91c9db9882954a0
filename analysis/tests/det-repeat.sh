#!/bin/bash
# det-repeat.sh: a short deterministic benchmark gives identical figures
# twice.  Boots the base test kernel twice at once in deterministic mode
# (analysis/boot.sh det: -icount shift=0,sleep=off -smp 1, fixed RNG seed
# and RTC) with the microbenchmarks (lsmbench micro, 100 iterations) under
# lsm=capability,yama,apparmor, prints both runs' figures side by side and
# fails unless every figure is identical and both boots pass the judge.
# Kernel: build/linux/O-base-FLAVOUR (built with vm/kbuild.sh if missing),
# FLAVOUR from DET_REPEAT_FLAVOUR (default test: the matrix boots that
# kernel anyway, so make test builds no bench kernel; determinism is a
# property of the QEMU setup, and make bench compares its own bench
# kernels' two deterministic runs), or BENCH_KERNEL_base=PATH.
# About 40 s on an idle 2-core machine.
. "$(dirname "$0")/../../vm/lib.sh"
A=$TOP/analysis
out=$BUILD/analysis/det-repeat
flavour=${DET_REPEAT_FLAVOUR:-test}
kernel=${BENCH_KERNEL_base:-$LINUX/O-base-$flavour/arch/x86/boot/bzImage}
if [ -z "${BENCH_KERNEL_base:-}" ]; then
	# Always through kbuild: it rebuilds a kernel whose tree or fragments changed.
	"$TOP/vm/kbuild.sh" base "$flavour"
elif [ ! -f "$kernel" ]; then
	die "no kernel $kernel"
fi
mkdir -p "$out"
# Its own staging directory: other initramfs builds may run at the same time.
INITRAMFS_WORK=$out "$TOP/vm/mkinitramfs.sh" "$out/initramfs.cpio"
lsm=capability,yama,apparmor
for r in 1 2; do
	BENCH_ITERS=100 QEMU_MEM=256 "$A/boot.sh" "$out/r$r" "$kernel" "$out/initramfs.cpio" \
		"$lsm" "$lsm" micro det 300 >/dev/null 2>&1 &
done
ok=1
for r in 1 2; do wait -n || { echo "not ok bench.det_repeat.boot (a boot failed the judge: see $out/r1, $out/r2)"; ok=0; }; done
printf '%-28s %-10s %14s %14s\n' name metric run1 run2
join -t$'\t' -a1 -a2 -e MISSING -o 0,1.2,2.2 \
	<(awk -F'\t' '$2 != "iters" {print $1 "/" $2 "\t" $3}' "$out/r1/bench.tsv" | LC_ALL=C sort) \
	<(awk -F'\t' '$2 != "iters" {print $1 "/" $2 "\t" $3}' "$out/r2/bench.tsv" | LC_ALL=C sort) |
	awk -F'\t' '{ split($1, k, "/"); printf "%-28s %-10s %14s %14s%s\n", k[1], k[2], $2, $3, ($2 == $3 ? "" : "   DIFFERENT") }' |
	tee "$out/side-by-side.txt"
n=$(grep -c 'ns_per_op' "$out/side-by-side.txt" || true)
if [ "$n" -lt 10 ]; then
	echo "not ok bench.det_repeat (only $n timed figures)"; ok=0
elif grep -q DIFFERENT "$out/side-by-side.txt"; then
	echo "not ok bench.det_repeat (figures differ between the two runs)"; ok=0
fi
[ $ok = 1 ] && echo "ok bench.det_repeat ($n timed figures identical in both runs)"
[ $ok = 1 ]

#!/bin/bash
# resolution.sh [--out DIR] [--build] [KERNEL:STACK...]: measure the
# resolution of the deterministic figures (issue 35).  The rows (default
# base and modern with AppArmor and with Smack alone, the single-module
# comparisons of the report) run under five perturbations, each with
# analysis/bench.sh --mode det (two boots, which must agree):
#   i2000   micro, 2000 iterations (the reference: every section's count)
#   i3000   micro, 3000 iterations
#   mix     slab then micro, 2000 iterations (other work before the
#           microbenchmarks: other slab state, ticks elsewhere)
#   clone   micro, 2000 iterations, on the same commits rebuilt from a
#           second clone path (build/bound-tree, a worktree of build/linux)
#   pad     the same as clone with a never-called 1000-byte function added
#           to kernel/panic.c (every later text symbol moves by it: a
#           harmless layout change; the change is never committed)
# and analysis/resolution.py turns the five det.tsv into DIR/figures.csv,
# compare.csv and summary.csv.  --build (re)builds the bench kernels of the
# first three (analysis/bench.sh --build); the clone and pad kernels are
# always built.  DIR defaults to build/resolution; DIR/info.txt records the
# host CPU, QEMU, and each kernel's commit and config hash.
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
out=$BUILD/resolution build=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$(realpath -m "$2"); shift 2 ;;
	--build) build=(--build); shift ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(base:apparmor base:smack modern:apparmor modern:smack)
variants=$(printf '%s\n' "${rows[@]}" | cut -d: -f1 | awk '!s[$0]++')
mkdir -p "$out/kernels"
rc=0

# bench LABEL ITERS WORKLOADS [VAR=VALUE...]: one perturbation's det run
# (bench.sh's own options in the array opts).
opts=()
bench() {
	local label=$1 it=$2 w=$3
	shift 3
	progress "resolution: $label ($w, $it iterations) on ${rows[*]}"
	env BENCH_ITERS="$it" "$@" "$A/bench.sh" --mode det --det-workloads "$w" "${opts[@]}" \
		--out "$out/$label" "${rows[@]}" >"$out/$label.log" 2>&1 || { rc=1; echo "resolution: $label failed ($out/$label.log)" >&2; }
}

opts=("${build[@]}")
bench i2000 2000 micro
opts=()
initrd=$out/i2000/initramfs.cpio
[ -f "$initrd" ] || die "resolution: the reference run made no initramfs ($out/i2000.log)"
bench i3000 3000 micro BENCH_INITRAMFS="$initrd"
bench mix 2000 slab,micro BENCH_INITRAMFS="$initrd"

# The same commits from a second clone path, then with the padding.
wt=$BUILD/bound-tree
[ -d "$wt" ] || git -C "$LINUX" worktree add -q --detach "$wt" base
[ -z "$(git -C "$wt" status --porcelain --untracked-files=no)" ] ||
	die "${wt#$TOP/} has local changes: it is a throw-away worktree of the analysis scripts"
pad='noinline void lsm_resolution_pad(void) { asm volatile(".skip 1000, 0x90"); }'
for p in clone pad; do
	kernels=()
	for v in $variants; do
		c=$(sed -n "s/^commit $v: //p" "$out/i2000/info.txt")
		[ -n "$c" ] || die "resolution: $out/i2000/info.txt names no commit of $v"
		git -C "$wt" checkout -q --detach "$c"
		[ $p = clone ] || printf '\n/* analysis/resolution.sh: a layout change, never called */\n%s\n' "$pad" >>"$wt/kernel/panic.c"
		progress "resolution: building $v ($c) for $p in ${wt#$TOP/}"
		if ! KTREE=$wt "$TOP/vm/kbuild.sh" "$v" bench >"$out/build-$p-$v.log" 2>&1; then
			git -C "$wt" checkout -q -- kernel/panic.c
			die "resolution: the $p build of $v failed ($out/build-$p-$v.log)"
		fi
		git -C "$wt" checkout -q -- kernel/panic.c
		cp "$wt/O-dev-$v-bench/arch/x86/boot/bzImage" "$out/kernels/$p-$v.bzImage"
		cp "$wt/O-dev-$v-bench/.config" "$out/kernels/$p-$v.config"
		kernels+=("BENCH_KERNEL_$v=$out/kernels/$p-$v.bzImage")
	done
	bench $p 2000 micro BENCH_INITRAMFS="$initrd" "${kernels[@]}"
done

det=()
for p in i2000 i3000 mix clone pad; do
	[ -s "$out/$p/det.tsv" ] && det+=("$p=$out/$p/det.tsv")
done
"$A/resolution.py" --out "$out" "${det[@]}" || rc=1
{
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "rows: ${rows[*]}"
	echo "runs: ${det[*]#*=}"
	grep -E '^(cpu|qemu|host|commit|project|kernel|config) ' "$out/i2000/info.txt"
	for f in "$out"/kernels/*.config; do
		[ -f "$f" ] && echo "config $(basename "$f" .config): sha256 $(sha256sum <"$f" | cut -c1-16)"
	done
} >"$out/info.txt"
column -t -s, "$out/summary.csv"
exit $rc

#!/bin/bash
# det-bound.sh [--out DIR] [--full RUN] [KERNEL:STACK...]: measure the reproducibility
# bound of deterministic mode (issue 17).  A deterministic figure repeats
# exactly for one kernel build and one workload set (make test checks it);
# beyond that it moves: another workload mix before a microbenchmark shifts
# where the timer ticks (HZ=250, one every 4 M guest instructions) land in
# its loop, and each tick's handler is counted in the figure.
# Boots the rows (default: base and modern, apparmor and smack alone: the
# ratios of REPORT.md §2 rest on them) with analysis/bench.sh --mode det
# twice: the full deterministic workload set (DIR/full) and micro alone
# (DIR/micro), same kernels, same initramfs.  Writes
#   DIR/bound.tsv          kernel stack name full micro diff_pct, per figure
#   DIR/bound-summary.tsv  name figures max_abs_diff_pct where, per workload,
#                          and "all": the bound analysis/report.sh prints
# --full RUN: take the full-set figures from an earlier analysis/bench.sh
# run's RUN/det.tsv (make bench: build/bench) instead of booting them again;
# the micro run then uses RUN/initramfs.cpio and RUN's kernels must not have
# been rebuilt since.
# --rebuild: also measure what a rebuild moves.  The rows' kernels are
# built again, at the commits RUN/info.txt names, from a second clone path
# (a worktree of build/linux, build/bound-tree: another path in every
# debug string, so code and data land elsewhere), and booted with micro
# alone and the same initramfs (DIR/rebuild); compared with DIR/micro:
#   DIR/rebuild.tsv, DIR/rebuild-summary.tsv   as bound.tsv, bound-summary.tsv
# Without --rebuild an earlier DIR/rebuild/det.tsv is compared again.
# bound-summary.tsv is then, per workload, the larger of the two bounds
# ("where" says which: "mix ..." or "rebuild ..."); mix-summary.tsv keeps
# the workload-mix bound alone.
# Environment: as analysis/bench.sh (BENCH_KERNEL_*, BENCH_JOBS...).
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
out=$BUILD/bench-bound
full= rebuild=0
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$(realpath -m "$2"); shift 2 ;;
	--full) full=$(realpath -m "$2"); shift 2 ;;
	--rebuild) rebuild=1; shift ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(base:apparmor base:smack modern:apparmor modern:smack)
mkdir -p "$out"
rc=0
if [ -z "$full" ]; then
	full=$out/full
	progress "det-bound: full workload set on ${rows[*]}"
	"$A/bench.sh" --mode det --out "$full" "${rows[@]}" >"$out/full.log" 2>&1 || rc=1
fi
[ -s "$full/det.tsv" ] || die "det-bound: no $full/det.tsv"
progress "det-bound: micro alone on ${rows[*]}"
BENCH_INITRAMFS=$full/initramfs.cpio \
	"$A/bench.sh" --mode det --det-workloads micro --out "$out/micro" "${rows[@]}" >"$out/micro.log" 2>&1 || rc=1
[ -s "$out/micro/det.tsv" ] || die "det-bound: the micro run gave no det.tsv ($out/micro.log)"
{ printf 'kernel\tstack\tname\tfull\tmicro\tdiff_pct\n'
  awk -f "$A/parse/det-bound.awk" "$full/det.tsv" "$out/micro/det.tsv"; } >"$out/bound.tsv"
{ printf 'name\tfigures\tmax_abs_diff_pct\twhere\n'
  awk -v summary=1 -f "$A/parse/det-bound.awk" "$full/det.tsv" "$out/micro/det.tsv"; } >"$out/mix-summary.tsv"

if [ $rebuild = 1 ]; then
	wt=$BUILD/bound-tree kernels=()
	[ -d "$wt" ] || git -C "$LINUX" worktree add -q --detach "$wt" base
	for v in $(printf '%s\n' "${rows[@]}" | cut -d: -f1 | awk '!s[$0]++'); do
		c=$(sed -n "s/^commit $v: //p" "$full/info.txt")
		[ -n "$c" ] || die "det-bound: $full/info.txt names no commit of $v"
		git -C "$wt" checkout -q --detach "$c"
		progress "det-bound: rebuilding $v ($c) in ${wt#$TOP/}"
		KTREE=$wt "$TOP/vm/kbuild.sh" "$v" bench >"$out/rebuild-$v.log" 2>&1 ||
			die "det-bound: rebuild of $v failed ($out/rebuild-$v.log)"
		kernels+=("BENCH_KERNEL_$v=$wt/O-dev-$v-bench/arch/x86/boot/bzImage")
	done
	progress "det-bound: micro alone on the rebuilt kernels"
	env "${kernels[@]}" BENCH_INITRAMFS=$full/initramfs.cpio \
		"$A/bench.sh" --mode det --det-workloads micro --out "$out/rebuild" "${rows[@]}" >"$out/rebuild.log" 2>&1 || rc=1
fi
if [ -s "$out/rebuild/det.tsv" ]; then
	{ printf 'kernel\tstack\tname\tfirst_build\trebuilt\tdiff_pct\n'
	  awk -f "$A/parse/det-bound.awk" "$out/micro/det.tsv" "$out/rebuild/det.tsv"; } >"$out/rebuild.tsv"
	{ printf 'name\tfigures\tmax_abs_diff_pct\twhere\n'
	  awk -v summary=1 -f "$A/parse/det-bound.awk" "$out/micro/det.tsv" "$out/rebuild/det.tsv"; } >"$out/rebuild-summary.tsv"
fi
# The bound: per workload the larger of the measured ones.
awk -f "$A/parse/bound-combine.awk" "$out/mix-summary.tsv" \
	$([ ! -s "$out/rebuild-summary.tsv" ] || echo "$out/rebuild-summary.tsv") >"$out/bound-summary.tsv"
{ echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "rows: ${rows[*]}"
  echo "compared: $full (default workload set) vs $out/micro (--det-workloads micro), run 1 of each"
  [ ! -s "$out/rebuild/det.tsv" ] || echo "rebuild: $out/micro vs $out/rebuild (the same commits rebuilt in build/bound-tree), run 1 of each"
  grep -E '^(commit|project|kernel) ' "$full/info.txt"; } >"$out/info.txt"
column -t -s$'\t' "$out/bound-summary.tsv"
[ $rc = 0 ] || echo "det-bound: a boot failed or a pair differed (see $out/full.log, $out/micro.log)" >&2
exit $rc

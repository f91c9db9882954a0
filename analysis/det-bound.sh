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
# Environment: as analysis/bench.sh (BENCH_KERNEL_*, BENCH_JOBS...).
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
out=$BUILD/bench-bound
full=
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$(realpath -m "$2"); shift 2 ;;
	--full) full=$(realpath -m "$2"); shift 2 ;;
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
  awk -v summary=1 -f "$A/parse/det-bound.awk" "$full/det.tsv" "$out/micro/det.tsv"; } >"$out/bound-summary.tsv"
{ echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "rows: ${rows[*]}"
  echo "compared: $full (default workload set) vs $out/micro (--det-workloads micro), run 1 of each"
  grep -E '^(commit|project|kernel) ' "$full/info.txt"; } >"$out/info.txt"
column -t -s$'\t' "$out/bound-summary.tsv"
[ $rc = 0 ] || echo "det-bound: a boot failed or a pair differed (see $out/full.log, $out/micro.log)" >&2
exit $rc

#!/bin/bash
# snapshot.sh [REPORTDIR]: copy a full run's report (default build/report:
# REPORT.md, *.csv, *.svg) into analysis/results/, the committed snapshot a
# reader sees without running anything, with RUN.md: date, base version,
# commits, the benchmark run information and the exact commands.  Commit
# analysis/results/ yourself afterwards.  SNAPSHOT_HOW: a paragraph on how
# this run was made (the commands in the order run, their times), when it
# was not one `make`.
. "$(dirname "$0")/../vm/lib.sh"
src=${1:-$BUILD/report}
dst=$TOP/analysis/results
[ -f "$src/REPORT.md" ] || die "no $src/REPORT.md: run analysis/report.sh first"
rm -rf "$dst.new"; mkdir -p "$dst.new"
cp "$src"/REPORT.md "$dst.new/"
cp "$src"/*.csv "$src"/*.svg "$dst.new/" 2>/dev/null || true
{
	echo "# Snapshot of a full run"
	echo
	echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "- base: Debian linux-source-6.1 $(make -s -C "$LINUX" kernelversion 2>/dev/null || echo '?'), $(sed -n 's/^tarball=//p' "$TOP/vm/base-tree.txt")"
	for v in $VARIANTS; do
		echo "- $v: $(git -C "$LINUX" rev-parse -q --verify "refs/heads/$v" 2>/dev/null || echo 'no branch')"
	done
	echo "- project: $(git -C "$TOP" rev-parse HEAD)$(git -C "$TOP" diff --quiet HEAD -- . ':!analysis/results' || echo ' (with uncommitted changes)')"
	echo "- host: $(nproc) CPUs, $(qemu-system-x86_64 --version | head -n1)"
	echo
	echo "## Commands (from a fresh clone, on Debian 12)"
	echo
	echo '```'
	echo "make            # variants, functional matrix, cocci, sparse, benchmarks, report"
	echo "# or stage by stage:"
	echo "make test       # functional matrix (vm/matrix.sh) and host tests"
	echo "make cocci      # make -C cocci report"
	echo "make sparse     # analysis/sparse.sh"
	echo "make bench      # analysis/bench.sh --build (bench kernels, deterministic and wall-clock; SYNTHETIC"
	echo "                #   kernels VARIANT:synth, analysis/synthetic/), analysis/locks.sh --build (test kernels)"
	echo "make report     # analysis/report.sh -> build/report/"
	echo "analysis/snapshot.sh   # this copy"
	echo '```'
	if [ -n "${SNAPSHOT_HOW:-}" ]; then
		echo
		echo "## This run"
		echo
		echo "$SNAPSHOT_HOW"
	fi
	if [ -f "$BUILD/runs/matrix-info.txt" ]; then
		echo
		echo "## Functional matrix run (build/runs/matrix-info.txt)"
		echo
		echo '```'
		cat "$BUILD/runs/matrix-info.txt"
		echo '```'
	fi
	if [ -f "$BUILD/bench/info.txt" ]; then
		echo
		echo "## Benchmark run (build/bench/info.txt)"
		echo
		echo '```'
		cat "$BUILD/bench/info.txt"
		echo '```'
	fi
} >"$dst.new/RUN.md"
# Kept from the previous snapshot: files no report writes (the column
# documentation, make test-reference's summary, the distro and legacy-cred
# bench figures).
for f in DATA.md reference-matrix.txt bench-distro-det.csv bench-legacy-cred-det.csv bench-legacy-inode-det.csv bench-legacy-nostacker-det.csv; do
	[ ! -f "$dst/$f" ] || cp "$dst/$f" "$dst.new/"
done
rm -rf "$dst"; mv "$dst.new" "$dst"
progress "snapshot in ${dst#$TOP/}: $(ls "$dst" | wc -l) files; review and commit it"

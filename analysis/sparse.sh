#!/bin/bash
# sparse.sh [VARIANT...]: run sparse the kernel's way (make C=2
# CF=-fdiagnostic-prefix) over every C file any series touches
# (git diff --name-only base..VARIANT -- '*.c' for every variant, tools/ and
# scripts/ left out), on every variant (default: all of VARIANTS), and compare each
# variant's multiset of (file, message), line and column numbers stripped,
# with base's.
#
# Each variant is checked out (detached) in its own worktree
# build/analysis/wt-VARIANT (never in build/linux), configured like
# `make compile-touched` (tinyconfig + common + bench + touched.config, so
# every touched file is built) in wt-VARIANT/O-sparse.  The compilations take
# the machine-wide kernel build lock.
#
# Outputs in build/analysis/sparse/ (override with SPARSE_OUT):
#   VARIANT.log          make's output (sparse's lines carry "sparse: ")
#   VARIANT.tsv          file<TAB>message, one line per sparse diagnostic
#   VARIANT-added.tsv    count<TAB>file<TAB>message: more in VARIANT than in base
#   VARIANT-removed.tsv  count<TAB>file<TAB>message: fewer in VARIANT than in base
#   summary.tsv          variant<TAB>files<TAB>diagnostics<TAB>added<TAB>removed
# SPARSE_FILES="a.c b.c" checks only those files (for tests).
# Exit status 0 whatever the counts (the report judges "zero added").
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
out=${SPARSE_OUT:-$BUILD/analysis/sparse}
variants=${*:-$VARIANTS}
mkdir -p "$out"
command -v sparse >/dev/null || die "sparse is not installed (make deps)"

"$TOP/vm/tree.sh" base
for v in $variants; do
	[ "$v" = base ] && continue
	"$TOP/vm/tree.sh" variant "$v"
done
# The file list: every C file any series touches (the union over variants).
if [ -n "${SPARSE_FILES:-}" ]; then
	files=$SPARSE_FILES
else
	# The union over the variants checked (legacy and arbitrary each
	# contain modern; arbitrary touches files no other series does).
	files=$(for v in $variants; do
		[ "$v" = base ] || git -C "$LINUX" diff --name-only "base..$v" -- '*.c'
	done | grep -v '^tools/\|^scripts/' | sort -u || true)
fi
nfiles=$(echo "$files" | wc -w)
progress "sparse: $nfiles files, variants: $variants"
[ "$nfiles" -gt 0 ] || die "no file to check"

frags=("$TOP/vm/config/common.config" "$TOP/vm/config/bench.config" "$TOP/vm/config/touched.config")
declare -A done_commit
for v in $variants; do
	wt=$BUILD/analysis/wt-$v
	commit=$(git -C "$LINUX" rev-parse "refs/heads/$v")
	# A variant equal to one already checked (empty series) has its results.
	if [ -n "${done_commit[$commit]:-}" ]; then
		u=${done_commit[$commit]}
		progress "sparse: $v is the same tree as $u (empty series): same results"
		cp "$out/$u.log" "$out/$v.log"; cp "$out/$u.tsv" "$out/$v.tsv"
		continue
	fi
	done_commit[$commit]=$v
	if [ ! -d "$wt" ]; then
		progress "sparse: worktree $wt"
		git -C "$LINUX" worktree add -q --detach "$wt" "$commit"
		printf '/O-*/\n' >>"$(git -C "$wt" rev-parse --git-path info/exclude)" 2>/dev/null || true
	fi
	git -C "$wt" checkout -q --detach "$commit"
	o=$wt/O-sparse
	mkdir -p "$o"
	objs=()
	for f in $files; do
		[ -f "$wt/$f" ] && objs+=("${f%.c}.o")
	done
	ckey=$( { cat "${frags[@]}"; echo "$commit"; } | sha256sum | cut -d' ' -f1)
	# The build lock: one kernel build at a time on this machine.
	exec 9>"$KBUILD_LOCK"
	if ! flock -n 9; then
		progress "sparse: waiting for another kernel build to finish"
		flock 9
	fi
	export CCACHE_BASEDIR=$wt
	K() { make -C "$wt" O="$o" ARCH=x86_64 "$@"; }
	if [ "$(cat "$o/.config-key" 2>/dev/null)" != "$ckey" ]; then
		progress "sparse: configuring $v"
		run_logged "$out/$v-config.log" K tinyconfig
		run_logged "$out/$v-config.log" env ARCH=x86_64 \
			"$wt/scripts/kconfig/merge_config.sh" -m -O "$o" "$o/.config" "${frags[@]}"
		run_logged "$out/$v-config.log" K olddefconfig
		progress "sparse: make prepare ($v)"
		run_logged "$out/$v-prepare.log" K -j"${JOBS:-3}" prepare
		echo "$ckey" >"$o/.config-key"
	fi
	progress "sparse: make C=2 CF=-fdiagnostic-prefix, ${#objs[@]} objects ($v)"
	# -k: a file that does not compile is reported, the others still checked.
	K -k -j"${JOBS:-3}" C=2 CF=-fdiagnostic-prefix "${objs[@]}" >"$out/$v.log" 2>&1 ||
		echo "warning: make failed for some objects of $v (see $out/$v.log)" >&2
	exec 9>&-
	awk -f "$A/parse/sparse.awk" "$out/$v.log" >"$out/$v.tsv"
	progress "sparse: $v: $(wc -l <"$out/$v.tsv") diagnostics"
done

printf 'variant\tfiles\tdiagnostics\tadded\tremoved\n' >"$out/summary.tsv"
for v in $variants; do
	if [ "$v" = base ]; then
		added=0 removed=0
	else
		[ -f "$out/base.tsv" ] || die "no base results to compare with"
		"$A/parse/sparse-compare.sh" "$out/base.tsv" "$out/$v.tsv" "$out/$v-added.tsv" "$out/$v-removed.tsv"
		added=$(awk -F'\t' '{n += $1} END {print n + 0}' "$out/$v-added.tsv")
		removed=$(awk -F'\t' '{n += $1} END {print n + 0}' "$out/$v-removed.tsv")
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$v" "$nfiles" "$(wc -l <"$out/$v.tsv")" "$added" "$removed" >>"$out/summary.tsv"
done
column -t -s$'\t' "$out/summary.tsv"
for v in $variants; do
	[ "$v" = base ] && continue
	if [ -s "$out/$v-added.tsv" ]; then
		echo "sparse: $v adds against base:"
		sed 's/^/  /' "$out/$v-added.tsv"
	fi
done

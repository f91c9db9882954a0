#!/bin/bash
# bench-prefixes.sh [--out DIR] [--from N] [--to N] [--workloads LIST] SERIES [STACK...]
# The cost of every patch (issue 16): boot the bench kernel of every prefix
# of SERIES in deterministic mode and record its figures.
#   SERIES modern   prefix 0 = base, prefix N = base + the first N patches
#                   of modern-series (build/linux branch modern); rows
#                   modern:STACK of analysis/bench-plan.txt, default stacks
#                   apparmor and smack (single-module systems: the series'
#                   "no cost unless you stack" goal; a stack of two majors
#                   cannot boot before the last patch).
#   SERIES legacy   prefix 0 = modern, prefix N = modern + the first N
#                   patches of legacy-chain-port; rows legacy:STACK, default
#                   apparmor, smack and smack+apparmor.
# Each prefix is checked out in the worktree build/prefix-tree and built
# there incrementally (one O= directory per series, so a prefix recompiles
# what its patch touched, and ccache serves a second run), then booted with
# analysis/bench.sh --mode det (two boots per row, figures must be equal).
# Writes DIR (default build/bench-prefixes/SERIES):
#   NN/                    analysis/bench.sh's output for prefix NN
#   NN/commit, NN/size     the prefix's commit; text data bss of its vmlinux
#   prefixes.tsv           series prefix commit subject stack name metric value same
#                          (value = run 1; same = yes when both boots agree)
# A prefix whose NN/commit and NN/det.tsv are present and match is not run
# again (a stopped run resumes).  Workloads default micro,slab.
# analysis/report.sh turns prefixes.tsv into a table and plot (section 2.4).
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
out= from=0 to= workloads=micro,slab
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$(realpath -m "$2"); shift 2 ;;
	--from) from=$2; shift 2 ;;
	--to) to=$2; shift 2 ;;
	--workloads) workloads=$2; shift 2 ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
series=${1:?usage: bench-prefixes.sh [--out DIR] [--from N] [--to N] modern|legacy [STACK...]}; shift
stacks=("$@")
case $series in
modern) parent=base; [ ${#stacks[@]} -gt 0 ] || stacks=(apparmor smack) ;;
legacy) parent=modern; [ ${#stacks[@]} -gt 0 ] || stacks=(apparmor smack smack+apparmor) ;;
*) die "series must be modern or legacy, not '$series'" ;;
esac
out=${out:-$BUILD/bench-prefixes/$series}
git -C "$LINUX" rev-parse -q --verify "refs/heads/$series" >/dev/null ||
	die "no branch $series in build/linux (make variants)"
mapfile -t commits < <(git -C "$LINUX" rev-parse "$parent"; git -C "$LINUX" rev-list --reverse "$parent..$series")
last=$((${#commits[@]} - 1))
[ "$last" -gt 0 ] || die "$series has no patches on $parent"
to=${to:-$last}
[[ $from =~ ^[0-9]+$ && $to =~ ^[0-9]+$ && $from -le $to && $to -le $last ]] ||
	die "--from/--to must satisfy 0 <= from <= to <= $last"
rows=()
for s in "${stacks[@]}"; do rows+=("$series:$s"); done
mkdir -p "$out"

wt=$BUILD/prefix-tree
if [ ! -e "$wt/.git" ]; then
	progress "bench-prefixes: creating the worktree ${wt#$TOP/}"
	git -C "$LINUX" worktree add -q --detach "$wt" "$parent"
fi
[ -z "$(git -C "$wt" status --porcelain --untracked-files=no)" ] ||
	die "${wt#$TOP/} has local changes: it is bench-prefixes.sh's own worktree"

initrd=$out/initramfs.cpio
if [ ! -f "$initrd" ] || [ -n "$(find "$TOP/vm/tests" "$TOP/vm/bench" "$TOP/vm/init.sh" "$TOP/vm/policy" "$TOP/vm/initramfs.bins" "$TOP/vm/mkinitramfs.sh" -newer "$initrd" 2>/dev/null | head -n1)" ]; then
	progress "bench-prefixes: building the initramfs"
	INITRAMFS_WORK=$out "$TOP/vm/mkinitramfs.sh" "$initrd"
fi

kvar=BENCH_KERNEL_$series
rc=0
for n in $(seq "$from" "$to"); do
	c=${commits[$n]} nn=$(printf '%02d' "$n") d=$out/$nn
	subj=$(git -C "$LINUX" log -1 --format=%s "$c")
	[ "$n" -gt 0 ] || subj="($parent)"
	if [ "$(cat "$d/commit" 2>/dev/null)" = "$c" ] && [ -s "$d/det.tsv" ] &&
		! awk -F'\t' 'NR > 1 && $7 != "yes" { f = 1 } END { exit !f }' "$d/det.tsv"; then
		progress "bench-prefixes: $series $nn already measured ($subj)"
		continue
	fi
	progress "bench-prefixes: $series $nn/$last: $subj"
	git -C "$wt" checkout -q --detach "$c"
	KTREE=$wt "$TOP/vm/kbuild.sh" "$series" bench || { rc=1; continue; }
	o=$wt/O-dev-$series-bench
	rm -rf "$d"; mkdir -p "$d"
	size "$o/vmlinux" | awk 'NR == 2 { print $1 "\t" $2 "\t" $3 }' >"$d/size"
	cp "$o/arch/x86/boot/bzImage" "$d/bzImage"
	env "$kvar=$d/bzImage" BENCH_INITRAMFS="$initrd" BENCH_PREFIX="$nn" \
		"$A/bench.sh" --mode det --det-workloads "$workloads" --out "$d" "${rows[@]}" >"$d/bench.log" 2>&1 || rc=1
	rm -f "$d/bzImage"
	echo "$c" >"$d/commit"
	echo "$subj" >"$d/subject"
done

# prefixes.tsv from every measured prefix (also those of earlier runs).
{
	printf 'series\tprefix\tcommit\tsubject\tstack\tname\tmetric\tvalue\tsame\n'
	for n in $(seq 0 "$last"); do
		d=$out/$(printf '%02d' "$n")
		[ "$(cat "$d/commit" 2>/dev/null)" = "${commits[$n]}" ] && [ -s "$d/det.tsv" ] || continue
		awk -F'\t' -v s="$series" -v n="$n" -v c="${commits[$n]:0:12}" -v subj="$(cat "$d/subject")" -v sz="$(cat "$d/size" 2>/dev/null)" '
			NR == 1 { split(sz, z, "\t"); if (z[1] != "") { printf "%s\t%s\t%s\t%s\t-\tvmlinux\ttext\t%s\tyes\n", s, n, c, subj, z[1]
				printf "%s\t%s\t%s\t%s\t-\tvmlinux\tdata\t%s\tyes\n", s, n, c, subj, z[2] }; next }
			{ printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s, n, c, subj, $2, $3, $4, $5, $7 }' "$d/det.tsv"
	done
} >"$out/prefixes.tsv"
progress "bench-prefixes: $(awk 'NR > 1 && !p[$2]++ { n++ } END { print n + 0 }' "$out/prefixes.tsv") of $((last + 1)) prefixes of $series in ${out#$TOP/}/prefixes.tsv"
exit $rc

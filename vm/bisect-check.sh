#!/bin/bash
# bisect-check.sh [VARIANT...]: prove that every prefix of each series
# compiles.  In a scratch worktree (build/linux-bisect) the patches are
# checked out one at a time and, at every prefix, every object that any
# patch of the series touches is compiled under vm/config/touched.config
# (vm/compile-touched.sh).  A caller that a patch forgets to convert is
# touched by a later patch, so it is compiled, and fails, at the prefix
# that breaks it.  The full kernel of the last prefix is built by
# `make test`.  BISECT_FILES_RANGE=a..b compiles only the files that range
# changes (a quick check of a revision of the series: every prefix, the
# files the revision touched).
. "$(dirname "$0")/lib.sh"
variants=${*:-modern legacy}
wt=$BUILD/linux-bisect
for v in $variants; do "$TOP/vm/tree.sh" variant "$v"; done
[ -d "$wt" ] || git -C "$LINUX" worktree add -q --detach "$wt" base
fails=0 total=0
for v in $variants; do
	parent=$(parent_of "$v")
	commits=$(git -C "$LINUX" rev-list --reverse "$parent..$v")
	[ -n "$commits" ] || { progress "$v: empty series"; continue; }
	n=0
	for c in $commits; do
		n=$((n + 1)); total=$((total + 1))
		git -C "$wt" checkout -q --detach "$c"
		subj=$(git -C "$wt" log -1 --format=%s)
		if KTREE=$wt RANGE="${BISECT_FILES_RANGE:-$parent..$v}" "$TOP/vm/compile-touched.sh" "$v" \
			>"$LOGS/bisect-$v-$n.log" 2>&1; then
			progress "$v $n: ok: $subj"
		else
			progress "$v $n: FAILS TO BUILD: $subj (log: ${LOGS#$TOP/}/bisect-$v-$n.log)"
			tail -n 15 "$LOGS/bisect-$v-$n.log" | sed 's/^/    /'
			fails=$((fails + 1))
		fi
	done
done
[ $fails -eq 0 ] || die "$fails of $total prefixes do not build"
progress "all $total prefixes build"

#!/bin/bash
# bisect-check.sh [VARIANT...]: prove that every prefix of each series
# compiles: apply the patches one at a time in a scratch worktree
# (build/linux-bisect) and build the test kernel after each one.
. "$(dirname "$0")/lib.sh"
variants=${*:-modern legacy}
wt=$BUILD/linux-bisect
"$TOP/vm/tree.sh" variant legacy
if [ ! -d "$wt" ]; then
	git -C "$LINUX" worktree add -q --detach "$wt" base
fi
fails=0
for v in $variants; do
	parent=$(parent_of "$v")
	git -C "$wt" checkout -q --detach "$parent"
	n=0
	for c in $(git -C "$LINUX" rev-list --reverse "$parent..$v"); do
		n=$((n + 1))
		git -C "$wt" checkout -q --detach "$c"
		subj=$(git -C "$wt" log -1 --format=%s)
		if KTREE=$wt "$TOP/vm/kbuild.sh" "$v" test >/dev/null 2>"$LOGS/bisect-$v-$n.err"; then
			progress "$v $n: ok: $subj"
		else
			progress "$v $n: FAILS TO BUILD: $subj (log: ${LOGS#$TOP/}/build-dev-$v-test.log)"
			cp "$LOGS/build-dev-$v-test.log" "$LOGS/bisect-$v-$n.log" 2>/dev/null || true
			fails=$((fails + 1))
		fi
	done
done
[ $fails -eq 0 ] || die "$fails prefixes do not build"
progress "every prefix builds"

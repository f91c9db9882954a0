#!/bin/bash
# kerneldoc.sh [VARIANT...]: scripts/kernel-doc -v -none on every .c/.h file
# that VARIANT (default: modern legacy) changes against base; prints each
# warning the variant's file has and base's same file has not (messages
# compared without line numbers) and fails if there is one.
. "$(dirname "$0")/lib.sh"
"$TOP/vm/tree.sh" base
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
kdoc() {	# kdoc BRANCH FILE: the warnings, without file and line
	local t=$tmp/$(tr -c 'a-zA-Z0-9\n' _ <<<"$1").${2##*.}	# one file per branch: both run at once
	git -C "$LINUX" show "$1:$2" >"$t" 2>/dev/null || : >"$t"
	perl "$LINUX/scripts/kernel-doc" -v -none "$t" 2>&1 |
		sed -n 's/^[^:]*:[0-9]*: warning: //p' | sort
}
new=0
for v in ${*:-modern legacy}; do
	for f in $(git -C "$LINUX" diff --name-only base "$v" -- '*.c' '*.h'); do
		added=$(comm -13 <(kdoc base "$f") <(kdoc "$v" "$f"))
		[ -z "$added" ] && continue
		sed "s|^|$v: $f: |" <<<"$added"
		new=$((new + $(wc -l <<<"$added")))
	done
done
echo "kernel-doc: $new warnings the series add"
[ "$new" -eq 0 ]

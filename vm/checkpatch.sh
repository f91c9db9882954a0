#!/bin/bash
# checkpatch.sh [SERIES_DIR...]: run the tree's scripts/checkpatch.pl
# --strict on every patch of each series and print one line per patch with
# its ERROR/WARNING/CHECK counts, then each message.  Justifications of what
# remains are in each series' README.
. "$(dirname "$0")/lib.sh"
"$TOP/vm/tree.sh" base
dirs=${*:-$TOP/modern-series $TOP/legacy-chain-port $TOP/modern-series/blobs $TOP/modern-series/arbitrary}
errors=0
for d in $dirs; do
	case $(basename "$d") in
	legacy-chain-port) v=legacy ;;
	blobs|arbitrary) v=$(basename "$d") ;;
	*) v=modern ;;
	esac
	for p in $(series_patches "$v"); do
		out=$("$LINUX/scripts/checkpatch.pl" --strict --no-tree -q \
			--ignore FILE_PATH_CHANGES "$d/$p" 2>&1 || true)
		e=$(grep -c '^ERROR' <<<"$out" || true)
		w=$(grep -c '^WARNING' <<<"$out" || true)
		c=$(grep -c '^CHECK' <<<"$out" || true)
		printf '%-70s %2d errors %2d warnings %2d checks\n' "$(basename "$d")/$p" "$e" "$w" "$c"
		grep -E '^(ERROR|WARNING|CHECK)' -A1 <<<"$out" | grep -v '^--$' | sed 's/^/    /' || true
		errors=$((errors + e))
	done
done
[ "$errors" -eq 0 ]

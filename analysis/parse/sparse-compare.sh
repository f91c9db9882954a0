#!/bin/bash
# sparse-compare.sh BASE.tsv VARIANT.tsv ADDED.tsv REMOVED.tsv
# Compare two multisets of "file<TAB>message" lines (analysis/parse/sparse.awk
# output).  ADDED gets "count<TAB>file<TAB>message" for each line VARIANT has
# more often than BASE (count = how many more), REMOVED the reverse.
set -euo pipefail
base=${1:?base} var=${2:?variant} added=${3:?added} removed=${4:?removed}
awk -F'\t' -v added="$added" -v removed="$removed" '
	FNR == NR { b[$0]++; keys[$0] = 1; next }
	{ v[$0]++; keys[$0] = 1 }
	END {
		printf "" >added; printf "" >removed
		for (k in keys) {
			d = v[k] - b[k]
			if (d > 0) printf "%d\t%s\n", d, k >>added
			if (d < 0) printf "%d\t%s\n", -d, k >>removed
		}
	}' "$base" "$var"
for f in "$added" "$removed"; do
	LC_ALL=C sort -t$'\t' -k2,2 -k3,3 -k1,1n -o "$f" "$f"
done

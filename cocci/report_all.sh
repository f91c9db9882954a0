#!/bin/sh
# Usage: cocci/report_all.sh [BRANCH...]   (default: base modern legacy blobs arbitrary)
#
# For each branch of build/linux: extract it with `git archive` into
# build/cocci/trees/BRANCH (never checking out in build/linux), run
# report.sh on it into build/cocci/report/BRANCH.txt, then merge all into
# build/cocci/report/summary.csv (key,BRANCH...).  A branch that does not
# exist gets "status=missing-branch".
set -u
. "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || set -- base modern legacy blobs arbitrary
OUTD=$SCRATCH/report
mkdir -p "$OUTD" "$SCRATCH/trees"
for br in "$@"; do
	echo "== $br"
	if extract_tree "$br" "$SCRATCH/trees/$br"; then
		"$COCCI_DIR/report.sh" "$SCRATCH/trees/$br" "$OUTD/$br.txt" >/dev/null || exit 1
		echo "status=ok" >>"$OUTD/$br.txt"
	else
		echo "status=missing-branch" >"$OUTD/$br.txt"
	fi
	grep -E 'total|status' "$OUTD/$br.txt"
done
# summary.csv: one row per key, one column per branch
python3 - "$OUTD" "$@" <<'PY'
import sys, collections
outd, brs = sys.argv[1], sys.argv[2:]
rows = collections.OrderedDict()
for b in brs:
    for line in open("%s/%s.txt" % (outd, b)):
        if "=" in line:
            k, v = line.rstrip("\n").split("=", 1)
            rows.setdefault(k, {})[b] = v
with open("%s/summary.csv" % outd, "w") as f:
    f.write("key," + ",".join(brs) + "\n")
    for k, vs in rows.items():
        f.write(k + "," + ",".join(vs.get(b, "") for b in brs) + "\n")
PY
echo "written: $OUTD/summary.csv"

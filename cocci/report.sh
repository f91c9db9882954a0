#!/bin/sh
# Usage: cocci/report.sh VARIANT_TREE OUTFILE
#
# Runs every semantic patch of cocci/ on a kernel tree (a directory with at
# least security/, include/ and arch/x86/include/) in report mode and
# writes key=value counts to OUTFILE:
#   sk_security.<module>.raw_reads     raw sk->sk_security / SK_CTX reads
#   sk_security.<module>.hook_sites    blob kzalloc/attach/kfree in hooks
#   sk_security.<module>.patch_lines   lines patch mode would remove/change
#   blob_accessor.<stype>.<module>.raw_reads / .patch_lines (reads rewritten)
#   *.total.*                          sums over the modules
#   reconstruct.*                      copied from the last `make reconstruct`
# A missing module directory gives "<key>=absent".
set -u
[ $# -eq 2 ] || { echo "usage: $0 VARIANT_TREE OUTFILE" >&2; exit 2; }
. "$(dirname "$0")/lib.sh"
TREE=$(cd "$1" && pwd) || exit 2
OUT=$2
TMP=$(mktemp -d "${TMPDIR:-/tmp}/cocci-report.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# sp SCRIPT MODE DIR LOG [options...]
sp() {
	_s=$1; _mode=$2; _d=$3; _log=$4; shift 4
	# shellcheck disable=SC2046
	(cd "$TREE" && $SPATCH --very-quiet --include-headers --sp-file "$COCCI_DIR/$_s" \
		-D "$_mode" $(kinc) "$@" --dir "$_d") >"$_log" 2>"$_log.err"
}

{
echo "tree=$TREE"
[ -f "$TREE/.cocci-rev" ] && echo "commit=$(cat "$TREE/.cocci-rev")"
tr=0; th=0; tp=0
for m in $MODULES; do
	k=sk_security.$m
	if [ ! -d "$TREE/security/$m" ]; then
		echo "$k.raw_reads=absent"; continue
	fi
	# shellcheck disable=SC2086
	sp sk_security.cocci report "security/$m" "$TMP/r" $SK_OPTS
	r=$(grep -c 'WARNING: raw sk_security read' "$TMP/r")
	h=$(grep -c 'manages the socket blob' "$TMP/r")
	# shellcheck disable=SC2086
	sp sk_security.cocci patch "security/$m" "$TMP/p" $SK_OPTS
	p=$(grep -c '^-[^-]' "$TMP/p")
	echo "$k.raw_reads=$r"
	echo "$k.hook_sites=$h"
	echo "$k.patch_lines=$p"
	tr=$((tr + r)); th=$((th + h)); tp=$((tp + p))
done
echo "sk_security.total.raw_reads=$tr"
echo "sk_security.total.hook_sites=$th"
echo "sk_security.total.patch_lines=$tp"

tr=0; tp=0
for b in $BLOBS; do
	IFS=: read -r m st acc blob <<EOB
$b
EOB
	k=blob_accessor.$st.$m
	if [ ! -d "$TREE/security/$m" ]; then
		echo "$k.raw_reads=absent"; continue
	fi
	D="-D stype=$st -D fld=security -D acc=$acc -D blob=$blob"
	# shellcheck disable=SC2086
	sp blob_accessor.cocci report "security/$m" "$TMP/r" $BLOB_OPTS $D
	r=$(grep -c 'WARNING: raw security read' "$TMP/r")
	# shellcheck disable=SC2086
	sp blob_accessor.cocci patch "security/$m" "$TMP/p" $BLOB_OPTS $D
	p=$(grep '^-[^-]' "$TMP/p" | grep -c 'security')
	echo "$k.raw_reads=$r"
	echo "$k.patch_lines=$p"
	tr=$((tr + r)); tp=$((tp + p))
done
echo "blob_accessor.total.raw_reads=$tr"
echo "blob_accessor.total.patch_lines=$tp"

if [ -f "$SCRATCH/recon/counts.txt" ]; then
	sed 's/^/reconstruct./' "$SCRATCH/recon/counts.txt"
fi
} >"$OUT.tmp" && mv "$OUT.tmp" "$OUT"
cat "$OUT"

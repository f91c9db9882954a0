#!/bin/sh
# Usage: cocci/reconstruct.sh [BRANCH]      (default: base)
#
# Shows sk_security.cocci at work on the real 6.1 files:
#   1. BRANCH's security/, include/, arch/x86/include/ are extracted from
#      build/linux with `git archive` (nothing is checked out there) into
#      build/cocci/recon/base;
#   2. sk_security_revert.cocci rebuilds the pre-conversion module code in
#      build/cocci/recon/pre (raw sk->sk_security / SK_CTX reads, module
#      kzalloc/kfree, no .lbs_sock);
#   3. sk_security.cocci converts a copy of it, build/cocci/recon/fwd;
#   4. fwd is compared with base for the three module directories, and the
#      sites are counted (build/cocci/recon/counts.txt, key=value).
# Exit status 1 if the round trip does not give BRANCH back exactly.
set -u
. "$(dirname "$0")/lib.sh"
BRANCH=${1:-base}
R=$SCRATCH/recon
mkdir -p "$R"
extract_tree "$BRANCH" "$R/base" || { echo "cannot extract $BRANCH" >&2; exit 2; }
rm -rf "$R/pre" "$R/fwd"
cp -a "$R/base" "$R/pre"

# accessor calls, not definitions
calls() { # dir accessor
	grep -rhoE "[^_[:alnum:]]$2\(" "$1" --include='*.[ch]' | wc -l | awk -v d="$(grep -rhE "^static inline .*[^_[:alnum:]]$2\(" "$1" --include='*.[ch]' | wc -l)" '{print $1 - d}'
}
acc_of() { case $1 in selinux) echo selinux_sock ;; smack) echo smack_sock ;; apparmor) echo aa_sock ;; esac; }

echo "== revert (sk_security_revert.cocci) in $R/pre"
for m in $MODULES; do
	(cd "$R/pre" && $SPATCH --very-quiet --smpl-spacing --include-headers --in-place \
		--sp-file "$COCCI_DIR/sk_security_revert.cocci" -D patch --dir "security/$m") \
		>"$R/revert.$m.log" 2>&1 || { echo "revert failed for $m" >&2; exit 2; }
done
cp -a "$R/pre" "$R/fwd"

echo "== forward (sk_security.cocci) in $R/fwd"
for m in $MODULES; do
	# shellcheck disable=SC2046,SC2086
	(cd "$R/fwd" && $SPATCH --very-quiet --include-headers --in-place \
		--sp-file "$COCCI_DIR/sk_security.cocci" -D patch $(kinc) $SK_OPTS \
		--dir "security/$m") >"$R/forward.$m.log" 2>&1 || { echo "forward failed for $m" >&2; exit 2; }
done

rc=0
{
echo "branch=$BRANCH"
echo "commit=$(cat "$R/base/.cocci-rev")"
for m in $MODULES; do
	a=$(acc_of "$m")
	diff -ru "$R/base/security/$m" "$R/pre/security/$m" >"$R/revert.$m.diff"
	diff -ru "$R/base/security/$m" "$R/fwd/security/$m" >"$R/roundtrip.$m.diff"
	# shellcheck disable=SC2046,SC2086
	pre_reads=$(cd "$R/pre" && $SPATCH --very-quiet --include-headers \
		--sp-file "$COCCI_DIR/sk_security.cocci" -D report $(kinc) $SK_OPTS \
		--dir "security/$m" 2>/dev/null | grep -c 'WARNING: raw sk_security read')
	echo "$m.accessor_calls_base=$(calls "$R/base/security/$m" "$a")"
	echo "$m.accessor_calls_pre=$(calls "$R/pre/security/$m" "$a")"
	echo "$m.raw_reads_pre=$pre_reads"
	echo "$m.accessor_calls_fwd=$(calls "$R/fwd/security/$m" "$a")"
	echo "$m.revert_changed_lines=$(grep -c '^[-+][^-+]' "$R/revert.$m.diff")"
	echo "$m.forward_changed_lines=$(diff -ru "$R/pre/security/$m" "$R/fwd/security/$m" | grep -c '^[-+][^-+]')"
	n=$(grep -c '^[-+][^-+]' "$R/roundtrip.$m.diff")
	echo "$m.roundtrip_diff_lines=$n"
	[ "$n" -eq 0 ] || rc=1
done
if [ $rc -eq 0 ]; then echo "roundtrip=identical"; else echo "roundtrip=differs"; fi
} >"$R/counts.txt"
cat "$R/counts.txt"
[ $rc -eq 0 ] || echo "round trip differs: see $R/roundtrip.*.diff" >&2
exit $rc

#!/bin/sh
# series.sh [--check]: the blob conversions of blob_infra.cocci as a patch
# series on top of branch modern, in modern-series/blobs/.
#
# For each object type of OBJS, in order, on a private worktree of modern
# (build/cocci/series, never build/linux's checkout):
#   1. git apply cocci/generic/OBJ.diff   the infrastructure side, written
#                                         by hand (lbs_OBJ, allocation and
#                                         free in security/security.c)
#   2. spatch -D obj=OBJ --in-place       the module side, generated, over
#                                         security/{selinux,smack,apparmor}
#   3. git commit -F cocci/generic/OBJ.msg with the project identity and a
#                                         fixed date, so that the output
#                                         repeats exactly
# then git format-patch into modern-series/blobs/ (series file included).
# --check writes to build/cocci/series-out instead and fails unless that
# is identical to what modern-series/blobs/ holds (make test runs this).
# SERIES_BASE=REV starts from REV instead of branch modern (for example
# the commit the committed series was made on, when modern has moved).
# Every spatch run must exit 0 and print no "ERROR:" line (a site whose
# type is unknown: missing include paths).
set -u
. "$(dirname "$0")/lib.sh"
OBJS="key perf_event tun_dev ib"
check=0
[ "${1:-}" = "--check" ] && check=1
die() { echo "cocci/series.sh: $*" >&2; exit 1; }

BASE=${SERIES_BASE:-modern}
git -C "$LINUX_REPO" rev-parse -q --verify "$BASE^{commit}" >/dev/null ||
	die "no $BASE in $LINUX_REPO (make variants)"
wt=$SCRATCH/series
if [ $check = 1 ]; then out=$SCRATCH/series-out; else out=$PROJECT_ROOT/modern-series/blobs; fi
mkdir -p "$SCRATCH" "$SCRATCH/logs"
git -C "$LINUX_REPO" worktree remove --force "$wt" 2>/dev/null
rm -rf "$wt"
git -C "$LINUX_REPO" worktree prune
git -C "$LINUX_REPO" worktree add --detach "$wt" "$BASE" >/dev/null 2>&1 ||
	die "git worktree add $wt failed"

export GIT_AUTHOR_NAME="LSM stacking project" GIT_AUTHOR_EMAIL="lsm-stacking@example.org"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE='2026-12-04T12:00:00Z' GIT_COMMITTER_DATE='2026-12-04T12:00:00Z'

for obj in $OBJS; do
	git -C "$wt" apply --index "$COCCI_DIR/generic/$obj.diff" ||
		die "cocci/generic/$obj.diff does not apply"
	for m in $MODULES; do
		log=$SCRATCH/logs/series-$obj-$m.log
		# shellcheck disable=SC2046
		(cd "$wt" && $SPATCH --very-quiet --in-place --sp-file "$COCCI_DIR/blob_infra.cocci" \
			-D patch -D obj="$obj" $(kinc) $BLOB_OPTS --dir "security/$m") >"$log" 2>&1 ||
			die "spatch -D obj=$obj on security/$m failed (see ${log#"$PROJECT_ROOT"/})"
		if grep -q 'ERROR:' "$log"; then
			grep 'ERROR:' "$log" >&2
			die "spatch -D obj=$obj on security/$m: untyped sites"
		fi
	done
	git -C "$wt" add -u
	git -C "$wt" commit -q -F "$COCCI_DIR/generic/$obj.msg" ||
		die "nothing to commit for $obj"
done

mkdir -p "$out"
rm -f "$out"/*.patch "$out/series"	# README.md stays
git -C "$wt" format-patch -q --no-signature --zero-commit -o "$out" "$BASE"..HEAD ||
	die "git format-patch failed"
(cd "$out" && ls ./*.patch | sed 's|^\./||') >"$out/series"
git -C "$LINUX_REPO" worktree remove --force "$wt"

if [ $check = 1 ]; then
	if ! diff -ru -x README.md "$PROJECT_ROOT/modern-series/blobs" "$out" >"$SCRATCH/series.diff"; then
		head -60 "$SCRATCH/series.diff"
		die "modern-series/blobs/ differs from what the scripts generate (make -C cocci series)"
	fi
	echo "cocci series: modern-series/blobs/ matches the generated series ($(wc -l <"$out/series") patches)"
else
	echo "cocci series: $(wc -l <"$out/series") patches in ${out#"$PROJECT_ROOT"/}"
fi

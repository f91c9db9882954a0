#!/bin/sh
# Usage: cocci/compile_check.sh
#
# Applies blob_accessor.cocci (key and perf_event blobs) to a private git
# worktree of build/linux at `base` (build/cocci/linux, detached: nothing is
# checked out in build/linux itself), compiles the converted objects
# security/selinux/hooks.o and security/smack/smack_lsm.o with sparse
# (make C=1 CF=-fdiagnostic-prefix, nice -n 19) before and after, and
# compares the diagnostics with line numbers stripped.  Single objects only,
# never a full kernel build.  Results: build/cocci/compile/.
set -u
. "$(dirname "$0")/lib.sh"
WT=$SCRATCH/linux
O=$SCRATCH/O
C=$SCRATCH/compile
mkdir -p "$C"
if [ ! -d "$WT/.git" ] && [ ! -f "$WT/.git" ]; then
	git -C "$LINUX_REPO" worktree add --detach "$WT" base || exit 2
fi
git -C "$WT" checkout -q -- security || exit 2
if [ ! -f "$O/.config" ]; then
	mkdir -p "$O"
	if [ -f "$LINUX_REPO/O-base-test/.config" ]; then
		cp "$LINUX_REPO/O-base-test/.config" "$O/.config"
	else
		nice -n 19 make -s -C "$WT" O="$O" defconfig || exit 2
	fi
	"$WT/scripts/config" --file "$O/.config" -e SECURITY -e SECURITY_NETWORK \
		-e SECURITY_SELINUX -e SECURITY_SMACK -e KEYS -e PERF_EVENTS
	nice -n 19 make -s -C "$WT" O="$O" olddefconfig prepare >"$C/prepare.log" 2>&1 || exit 2
fi
OBJS="security/selinux/hooks.o security/smack/smack_lsm.o"

build() { # tag
	for o in $OBJS; do
		b=$(basename "$o" .o)
		rm -f "$O/$o"
		nice -n 19 make -s -C "$WT" O="$O" C=1 CF=-fdiagnostic-prefix "$o" \
			>"$C/$1.$b.log" 2>&1 || { echo "compile of $o failed ($1)"; cat "$C/$1.$b.log"; return 1; }
		sed -E 's/:[0-9]+(:[0-9]+)?:/:/' "$C/$1.$b.log" | sort >"$C/$1.$b.norm"
	done
}

build before || exit 1
for b in $BLOBS; do
	IFS=: read -r m st acc blob <<EOB
$b
EOB
	f=security/$m/hooks.c
	[ "$m" = smack ] && f=security/smack/smack_lsm.c
	# shellcheck disable=SC2046,SC2086
	(cd "$WT" && $SPATCH --very-quiet --in-place --sp-file "$COCCI_DIR/blob_accessor.cocci" \
		-D patch -D stype="$st" -D fld=security -D acc="$acc" -D blob="$blob" \
		$(kinc) -I "$O/include/generated/uapi" -I "$O/arch/x86/include/generated" \
		-I "$O/arch/x86/include/generated/uapi" $BLOB_OPTS "$f") >"$C/spatch.$acc.log" 2>&1
done
git -C "$WT" diff -- security >"$C/blob_accessor.diff"
echo "converted: $(grep -c '^-[^-]' "$C/blob_accessor.diff") lines," \
     "$(grep -c '^+static inline' "$C/blob_accessor.diff") accessors added"
rc=0
build after || rc=1
for o in $OBJS; do
	b=$(basename "$o" .o)
	if diff "$C/before.$b.norm" "$C/after.$b.norm" >"$C/$b.warn.diff"; then
		echo "$o: compiles, no new compiler/sparse diagnostic"
	else
		echo "$o: NEW diagnostics:"; cat "$C/$b.warn.diff"; rc=1
	fi
done
git -C "$WT" checkout -q -- security
exit $rc

#!/bin/bash
# kbuild.sh VARIANT FLAVOUR [EXTRA_FRAGMENT...]
# Build bzImage for VARIANT (base|modern|legacy) and FLAVOUR (test|bench)
# into build/linux/O-VARIANT-FLAVOUR, from tinyconfig plus vm/config
# fragments.
#   KTREE=dir   build that tree (a development worktree) instead of
#               checking VARIANT out in build/linux; outputs go to dir/O-...
#   TARGETS=... make targets (default bzImage), e.g. single objects.
. "$(dirname "$0")/lib.sh"
variant=${1:?variant}; flavour=${2:?flavour}; shift 2
extra=("$@")
name=$variant-$flavour
[ ${#extra[@]} -eq 0 ] || name=$name-$(frags_name "${extra[@]}")
out=$LINUX/O-$name
# A variant may add its own options to a flavour: vm/config/VARIANT-FLAVOUR.config
# (e.g. legacy-test.config: list debugging for legacy's chains).
vfrag=$TOP/vm/config/$variant-$flavour.config
frags=("$TOP/vm/config/common.config" "$TOP/vm/config/$flavour.config")
[ ! -f "$vfrag" ] || frags+=("$vfrag")
frags+=("${extra[@]}")
for f in "${frags[@]}"; do [ -f "$f" ] || die "no config fragment $f"; done

# One kernel build at a time on this machine (they saturate both cores):
# wait for any other build, from any worktree or session, to finish.
# The lock is taken before build/linux is checked out: another build may
# be compiling from it.
exec 9>"$KBUILD_LOCK"
if ! flock -n 9; then
	progress "waiting for another kernel build to finish"
	flock 9
fi
export LSM_KBUILD_LOCK_HELD=1	# vm/tree.sh checkout below must not wait for it

if [ -n "${KTREE:-}" ]; then
	name=dev-$name; LINUX=$(cd "$KTREE" && pwd); out=$LINUX/O-$name
	# ccache rewrites paths under the tree it builds: a worktree's objects
	# hit what build/linux compiled (lib.sh set build/linux).
	export CCACHE_BASEDIR=$LINUX
else
	"$TOP/vm/tree.sh" checkout "$variant"
fi
mkdir -p "$out"
K() { make -C "$LINUX" O="$out" ARCH=x86_64 "$@"; }

# Regenerate .config when a fragment or the tree's Kconfig changed.
ckey=$( { cat "${frags[@]}"; git -C "$LINUX" rev-parse HEAD; } | sha256sum | cut -d' ' -f1)
if [ "$(cat "$out/.config-key" 2>/dev/null)" != "$ckey" ]; then
	progress "configuring $name"
	run_logged "$LOGS/config-$name.log" K tinyconfig
	run_logged "$LOGS/config-$name.log.merge" \
		env ARCH=x86_64 "$LINUX/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" "${frags[@]}"
	run_logged "$LOGS/config-$name.log.olddefconfig" K olddefconfig
	# Every option a fragment sets must have survived dependency resolution.
	bad=0
	for f in "${frags[@]}"; do
		while IFS= read -r line; do
			case $line in
			CONFIG_*=*) want=$line ;;
			"# CONFIG_"*" is not set") want=$line ;;
			*) continue ;;
			esac
			opt=${want#\# }; opt=${opt%%[= ]*}
			# A later fragment may override an earlier one.
			last=$(grep -h -E "^(# )?$opt[= ]" "${frags[@]}" | tail -n1)
			[ "$last" = "$want" ] || continue
			have=$(grep -E "^(# )?$opt[= ]" "$out/.config" || echo "# $opt is not set")
			if [ "$have" != "$want" ]; then
				echo "config $name: $want requested, got: $have" >&2
				bad=1
			fi
		done <"$f"
	done
	[ $bad = 0 ] || die "config $name does not match its fragments (see above)"
	echo "$ckey" >"$out/.config-key"
fi
progress "building $name (log: ${LOGS#$TOP/}/build-$name.log)"
run_logged "$LOGS/build-$name.log" K -j"${JOBS:-3}" ${TARGETS:-bzImage} ||
	die "kernel build $name failed"
progress "built $name"

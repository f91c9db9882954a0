# Shared shell helpers; sourced by the vm/ and analysis/ scripts.
# shellcheck shell=bash
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
BUILD=$TOP/build
LINUX=$BUILD/linux            # the one git worktree every variant is built from
LOGS=$BUILD/logs
STAMPS=$BUILD/stamps
VARIANTS="base modern legacy blobs arbitrary"
# One kernel build at a time on this machine, from any checkout or session
# (vm/kbuild.sh, analysis/sparse.sh); vm/tree.sh takes it to switch branches.
KBUILD_LOCK=/tmp/lsm-stacking-kbuild.lock
mkdir -p "$LOGS" "$STAMPS"

# ccache: out-of-tree directories are direct children of the tree, so
# Kbuild uses srctree=.. and objects hash identically for every variant
# and every clone of the project.
export PATH=/usr/lib/ccache:$PATH
export CCACHE_BASEDIR=$LINUX
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'
export KBUILD_BUILD_USER=lsm-stacking KBUILD_BUILD_HOST=build

_t0=${_t0:-$(date +%s)}
progress() {	# progress "message": one line with elapsed time of this script
	printf '[%4ds] %s\n' "$(( $(date +%s) - _t0 ))" "$*"
}
die() { echo "error: $*" >&2; exit 1; }

# run_logged LOG CMD...: run CMD with output to LOG; on failure show the
# tail and where the whole log is.
run_logged() {
	local log=$1; shift
	if ! "$@" >"$log" 2>&1; then
		echo "---- last 40 lines of $log ----" >&2
		tail -n 40 "$log" >&2
		echo "---- failed: $* (full log: $log)" >&2
		return 1
	fi
}

# flavour_frag VARIANT FLAVOUR: the fragments a flavour adds, one per
# line.  A flavour is one or more names joined by '+' (distro+kcsan), each
# vm/config/VARIANT-NAME.config (one variant's: legacy-rcu), else
# vm/config/NAME.config (any variant's: distro), merged in that order.
flavour_frag() {
	local n c
	for n in ${2//+/ }; do
		c=$TOP/vm/config/$1-$n.config
		[ -f "$c" ] || c=$TOP/vm/config/$n.config
		echo "$c"
	done
}
# frags_name FRAGMENT...: the part of a build's name the fragments give
# (vm/kbuild.sh: O-VARIANT-FLAVOUR-<this>): their names joined by '-'.
frags_name() {
	local f n=
	for f in "$@"; do n=$n-$(basename "$f" .config); done
	echo "${n#-}"
}
# row_params PARAMS: a vm/matrix.txt row's sixth column (';'-separated).
# Sets row_smp to N of "qemu:smp=N" (empty without one) and row_kparams to
# the other entries, the kernel parameters, each after a space.
row_params() {
	local p
	row_smp= row_kparams=
	for p in ${1//;/ }; do
		case $p in
		qemu:smp=*) row_smp=${p#qemu:smp=} ;;
		*) row_kparams="$row_kparams $p" ;;
		esac
	done
}

series_dir() {
	case $1 in
	modern) echo "$TOP/modern-series" ;;
	legacy) echo "$TOP/legacy-chain-port" ;;
	blobs) echo "$TOP/modern-series/blobs" ;;
	arbitrary) echo "$TOP/modern-series/arbitrary" ;;
	*) die "variant '$1' has no series" ;;
	esac
}
parent_of() {
	case $1 in
	modern) echo base ;;
	legacy) echo modern ;;
	blobs) echo modern ;;
	arbitrary) echo blobs ;;
	*) echo "" ;;
	esac
}
# The patches of a series, in order, as listed in its series file.
series_patches() {
	local d; d=$(series_dir "$1")
	[ -f "$d/series" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$d/series" | grep -v '^$' || true
}

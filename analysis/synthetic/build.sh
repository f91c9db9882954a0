#!/bin/bash
# build.sh VARIANT [FLAVOUR [VFLAVOUR]]: build the SYNTHETIC kernel of VARIANT
# (modern or legacy): VARIANT's branch plus analysis/synthetic/VARIANT/*.patch,
# with CONFIG_SECURITY_SYNTH_BLOBS=y (synth.config) on top of FLAVOUR (bench,
# the default, or test) and, if given, of the variant's flavour VFLAVOUR
# (vm/config/VARIANT-VFLAVOUR.config: legacy's rcu read side).  Kernel names
# VARIANT:synth and VARIANT:synth-VFLAVOUR.  Benchmarks only (README.md).
#
# The patched tree is a worktree of build/linux, build/analysis/wt-synth-VARIANT,
# detached at VARIANT's commit with the patch applied by git am; it is
# rebuilt only when VARIANT's commit or the patch changes, so incremental
# kernel builds stay incremental.  build/linux itself is never checked out
# or changed.  The kernel is built by vm/kbuild.sh with KTREE= (one build
# at a time, under the machine-wide lock) into
#   build/analysis/wt-synth-VARIANT/O-dev-VARIANT-FLAVOUR-synth/
#   (with VFLAVOUR: .../O-dev-VARIANT-FLAVOUR-VARIANT-VFLAVOUR/)
# whose path `build.sh --path VARIANT [FLAVOUR [VFLAVOUR]]` prints.
. "$(dirname "$0")/../../vm/lib.sh"
S=$TOP/analysis/synthetic
path_only=0
[ "${1:-}" = --path ] && { path_only=1; shift; }
v=${1:?usage: build.sh [--path] VARIANT [FLAVOUR [VFLAVOUR]]}; flavour=${2:-bench}; vf=${3:-}
case $v in modern|legacy) ;; *) die "no synthetic patch for variant '$v' (modern or legacy)" ;; esac
wt=$BUILD/analysis/wt-synth-$v
# vm/kbuild.sh names its output after the extra fragments (frags_name).
frags=("$S/synth.config")
if [ -n "$vf" ]; then
	frags=("$TOP/vm/config/$v-$vf.config" "${frags[@]}")
	[ -f "${frags[0]}" ] || die "no variant flavour ${frags[0]#$TOP/}"
fi
out=$wt/O-dev-$v-$flavour-$(frags_name "${frags[@]}")
if [ $path_only = 1 ]; then echo "$out/arch/x86/boot/bzImage"; exit 0; fi

patches=("$S/$v"/*.patch)
[ -f "${patches[0]}" ] || die "no patch in analysis/synthetic/$v/"
# The branch as it is: `make bench` brings it up to date first (target
# variants).  Never vm/tree.sh here: it may check out another branch in
# build/linux, under a kernel build running there.
commit=$(git -C "$LINUX" rev-parse -q --verify "refs/heads/$v") ||
	die "no branch $v in build/linux: make variants"
key=$( { echo "$commit"; cat "${patches[@]}"; } | sha256sum | cut -d' ' -f1)
stamp=$STAMPS/synth-$v
if [ ! -d "$wt" ]; then
	progress "synthetic: worktree ${wt#$TOP/} at $v"
	mkdir -p "$(dirname "$wt")"
	git -C "$LINUX" worktree prune
	git -C "$LINUX" worktree add -q --detach "$wt" "$commit"
	rm -f "$stamp"
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$key" ]; then
	progress "synthetic: applying analysis/synthetic/$v/ to $v ($commit)"
	export GIT_AUTHOR_NAME="LSM stacking project" GIT_AUTHOR_EMAIL="lsm-stacking@localhost"
	export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
	rm -f "$stamp"	# until the patches are applied again
	git -C "$wt" am --abort >/dev/null 2>&1 || true
	git -C "$wt" checkout -q --force --detach "$commit"
	if ! git -C "$wt" am -q --committer-date-is-author-date "${patches[@]}" >"$LOGS/am-synth-$v.log" 2>&1; then
		cat "$LOGS/am-synth-$v.log" >&2
		git -C "$wt" am --abort >/dev/null 2>&1 || true
		die "analysis/synthetic/$v/ does not apply to $v ($commit): refresh the patch (README.md)"
	fi
	echo "$key" >"$stamp"
fi
KTREE=$wt "$TOP/vm/kbuild.sh" "$v" "$flavour" "${frags[@]}"

#!/bin/bash
# Kernel tree management.
#   tree.sh base            extract the pristine Debian tree into build/linux (once)
#   tree.sh variant V       (re)create branch V = parent + V's series (git am)
#   tree.sh checkout V      make sure V is current, then check it out
#   tree.sh export V [BR]   write V's commits (or branch BR's, e.g. a worktree's)
#                           back into its series directory
. "$(dirname "$0")/lib.sh"

git_l() { git -C "$LINUX" "$@"; }
export GIT_AUTHOR_NAME="LSM stacking project" GIT_AUTHOR_EMAIL="lsm-stacking@example.org"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"

expect() { sed -n "s/^$1=//p" "$TOP/vm/base-tree.txt"; }

# Switching build/linux to another branch under a running kernel build
# breaks that build: take the machine-wide build lock (vm/kbuild.sh) first,
# unless our caller already holds it.
tree_lock() {
	[ -n "${LSM_KBUILD_LOCK_HELD:-}" ] && return 0
	exec 8>"$KBUILD_LOCK"
	if ! flock -n 8; then
		progress "waiting for a kernel build to finish before switching build/linux"
		flock 8
	fi
	export LSM_KBUILD_LOCK_HELD=1
}

do_base() {
	[ -d "$LINUX/.git" ] && git_l rev-parse -q --verify refs/heads/base >/dev/null && return 0
	local tarball sha want
	tarball=$(expect tarball)
	[ -f "$tarball" ] || die "$tarball not found: install linux-source-6.1 (make deps)"
	progress "checking $tarball"
	sha=$(sha256sum "$tarball" | cut -d' ' -f1)
	want=$(expect sha256)
	[ "$sha" = "$want" ] ||
		echo "warning: $tarball differs from the recorded base (sha256 $sha, expected $want); carrying on"
	rm -rf "$LINUX"; mkdir -p "$LINUX"
	progress "extracting $tarball into build/linux"
	tar -xJf "$tarball" -C "$LINUX" --strip-components=1
	local v
	v=$(make -s -C "$LINUX" kernelversion 2>/dev/null)
	[ "$v" = "$(expect version)" ] ||
		echo "warning: extracted tree is version $v, expected $(expect version); carrying on"
	progress "committing the base tree (git)"
	git_l init -q -b base
	git_l config core.autocrlf false
	git_l config gc.auto 0
	printf '/O-*/\n' >>"$LINUX/.git/info/exclude"
	git_l add -A -f .
	GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z' \
		git_l commit -q -m "Debian linux-source-6.1 $v as installed"
	progress "base tree ready"
}

require_clean() {
	[ -z "$(git_l status --porcelain --untracked-files=no)" ] ||
		die "build/linux has uncommitted changes; commit or stash them before switching variants"
	[ ! -d "$LINUX/.git/rebase-apply" ] || die "build/linux has a git am in progress; finish or abort it"
}

# Key of what a variant is made from: its parent's commit and its patches.
variant_key() {
	local v=$1 p d
	d=$(series_dir "$v")
	{
		git_l rev-parse "refs/heads/$(parent_of "$v")"
		for p in $(series_patches "$v"); do
			[ -f "$d/$p" ] || die "$d/series lists $p, which does not exist"
			echo "$p"; sha256sum <"$d/$p"
		done
	} | sha256sum | cut -d' ' -f1
}

do_variant() {
	local v=$1
	do_base
	[ "$v" = base ] && return 0
	do_variant "$(parent_of "$v")"
	local key; key=$(variant_key "$v")
	if git_l rev-parse -q --verify "refs/heads/$v" >/dev/null &&
	   [ "$(cat "$STAMPS/variant-$v" 2>/dev/null)" = "$key" ]; then
		return 0
	fi
	tree_lock
	require_clean
	local d p n=0 total
	d=$(series_dir "$v")
	total=$(series_patches "$v" | wc -l)
	progress "applying $total patches of $(basename "$d") to make '$v'"
	git_l checkout -q -B "$v" "$(parent_of "$v")"
	for p in $(series_patches "$v"); do
		n=$((n + 1))
		if ! git_l am -q --committer-date-is-author-date "$d/$p" >"$LOGS/am-$v.log" 2>&1; then
			git_l am --abort >/dev/null 2>&1 || true
			cat "$LOGS/am-$v.log" >&2
			rm -f "$STAMPS/variant-$v"
			die "patch $(basename "$d")/$p ($n of $total) does not apply to '$(parent_of "$v")'"
		fi
	done
	echo "$key" >"$STAMPS/variant-$v"
}

do_checkout() {
	local v=$1
	do_variant "$v"
	[ "$(git_l symbolic-ref -q --short HEAD)" = "$v" ] && return 0
	tree_lock
	require_clean
	git_l checkout -q "$v"
}

do_export() {
	local v=$1 br=${2:-$1} d parent p
	[ "$v" != base ] || die "base has no series to export"
	d=$(series_dir "$v"); parent=$(parent_of "$v")
	git_l rev-parse -q --verify "refs/heads/$br" >/dev/null || die "no branch $br in build/linux"
	for p in $(series_patches "$v"); do rm -f "$d/$p"; done
	{
		echo "# $(basename "$d"): applied in this order with git am onto '$parent'"
		git_l format-patch --no-signature --zero-commit -o "$d" "$parent..$br" | xargs -r -n1 basename
	} >"$d/series"
	if [ "$br" = "$v" ]; then variant_key "$v" >"$STAMPS/variant-$v"; fi
	progress "exported $(($(wc -l <"$d/series") - 1)) patches to $d"
}

case ${1:-} in
base) do_base ;;
variant) do_variant "${2:?variant}" ;;
checkout) do_checkout "${2:?variant}" ;;
export) do_export "${2:?variant}" "${3:-}" ;;
*) die "usage: tree.sh base|variant V|checkout V|export V" ;;
esac

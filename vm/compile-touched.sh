#!/bin/bash
# compile-touched.sh VARIANT: build, under the compile-coverage config
# (common + bench + touched.config), every object whose source file the
# variant's series touches (relative to base), and fail if one of them is
# not built (the config does not reach it) or does not compile.
# KTREE=dir compiles a development worktree's HEAD instead.
# RANGE=a..b takes the list of touched files from that range instead (the
# bisect check compiles the whole series' files at every prefix).
. "$(dirname "$0")/lib.sh"
v=${1:?variant}
[ "$v" != base ] || die "base touches nothing"
if [ -n "${KTREE:-}" ]; then
	tree=$(cd "$KTREE" && pwd); range="base..HEAD"
else
	"$TOP/vm/tree.sh" variant "$v"; tree=$LINUX; range="$(parent_of "$v")..$v"
fi
range=${RANGE:-$range}
mapfile -t srcs < <(git -C "$tree" diff --name-only "$range" -- '*.c' | grep -v '^tools/\|^scripts/' || true)
if [ ${#srcs[@]} -eq 0 ]; then
	progress "$v: the series touches no C file"; exit 0
fi
objs=()
for s in "${srcs[@]}"; do
	[ -f "$tree/$s" ] && objs+=("${s%.c}.o")
done
progress "$v: compiling ${#objs[@]} touched objects under touched.config"
TARGETS="prepare ${objs[*]}" "$TOP/vm/kbuild.sh" "$v" bench "$TOP/vm/config/touched.config" || exit 1
name=$v-bench-touched; [ -n "${KTREE:-}" ] && name=dev-$name
missing=0
for o in "${objs[@]}"; do
	if [ ! -f "$tree/O-$name/$o" ]; then
		echo "not built: $o (touched.config does not enable it)" >&2
		missing=$((missing + 1))
	fi
done
[ $missing -eq 0 ] || die "$missing touched objects were not compiled"
progress "$v: all ${#objs[@]} touched objects compile"

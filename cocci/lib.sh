# Shared settings for the cocci/ shell entry points (sourced, POSIX sh).
COCCI_DIR=$(cd "$(dirname "$0")" && pwd)
PROJECT_ROOT=$(dirname "$COCCI_DIR")
LINUX_REPO=${LINUX_REPO:-$PROJECT_ROOT/build/linux}
SCRATCH=${SCRATCH:-$PROJECT_ROOT/build/cocci}
SPATCH=${SPATCH:-spatch}
MODULES="selinux smack apparmor"

# Include options equivalent to what coccicheck passes on x86, relative to
# the tree root (missing generated/ directories are harmless).
kinc() {
	echo "-I arch/x86/include -I arch/x86/include/generated -I include" \
	     "-I arch/x86/include/uapi -I arch/x86/include/generated/uapi" \
	     "-I include/uapi -I include/generated/uapi" \
	     "--include include/linux/compiler-version.h" \
	     "--include include/linux/kconfig.h"
}

# Options of the scripts' "// Options:" lines, plus the sctp types that
# security/selinux/netlabel.c reaches only through nested includes.
SK_OPTS="--include-headers-for-types --all-includes --include include/linux/net.h --include include/net/sctp/structs.h"
BLOB_OPTS="--include-headers-for-types --all-includes"

# The blobs 6.1 still leaves to the modules: module stype acc blob
BLOBS="selinux:key:selinux_key:key_security_struct
smack:key:smack_key:smack_known
selinux:perf_event:selinux_perf_event:perf_event_security_struct"

# extract_tree BRANCH DIR: the files the scripts need, from the base repo,
# without checking anything out in it.  Reuses DIR if it holds the commit.
extract_tree() {
	rev=$(git -C "$LINUX_REPO" rev-parse --verify -q "$1^{commit}") || return 1
	if [ -f "$2/.cocci-rev" ] && [ "$(cat "$2/.cocci-rev")" = "$rev" ]; then
		return 0
	fi
	rm -rf "$2"
	mkdir -p "$2"
	git -C "$LINUX_REPO" archive "$rev" security include arch/x86/include \
		net/core/sock.c | tar -x -C "$2" || return 1
	echo "$rev" >"$2/.cocci-rev"
}

#!/bin/bash
# Install (as root) or name (otherwise) the Debian packages the project needs.
. "$(dirname "$0")/lib.sh"
PKGS="linux-source-6.1 linux-config-6.1 gcc make flex bison bc libelf-dev libssl-dev cpio ccache
qemu-system-x86 busybox-static coccinelle sparse sockperf dbench apparmor python3-pytest
checkpolicy gnuplot-nox xz-utils git python3 nftables dwarves"
missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "Missing Debian packages. As root, run:" >&2
	echo "  apt-get update && apt-get install -y$missing" >&2
	exit 1
fi
progress "installing:$missing"
if [ ! -e "$STAMPS/apt-updated" ]; then
	apt-get update -q >"$LOGS/apt-update.log" 2>&1 || { tail "$LOGS/apt-update.log"; exit 1; }
	touch "$STAMPS/apt-updated"
fi
DEBIAN_FRONTEND=noninteractive run_logged "$LOGS/apt-install.log" \
	apt-get install -y -q $missing
progress "packages installed"

#!/bin/bash
# mkinitramfs.sh OUT.cpio.gz: busybox-static, /init, the in-guest test
# programs (built static here) and any Debian binaries listed in
# vm/initramfs.bins, with their shared libraries.  INITRAMFS_WORK (default
# build/) holds the staging root and compiled tests, so two initramfs
# builds (e.g. two developers' experiments) can run side by side.
. "$(dirname "$0")/lib.sh"
out=${1:?output}
work=${INITRAMFS_WORK:-$BUILD}
root=$work/initramfs-root
rm -rf "$root"; mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,lib,usr}
cp /bin/busybox "$root/bin/busybox"
for a in $("$root/bin/busybox" --list); do
	[ -e "$root/bin/$a" ] || ln -s busybox "$root/bin/$a"
done
install -m 0755 "$TOP/vm/init.sh" "$root/init"
# The series' own uapi: the tests and lsmbench take SO_PEERCONTEXT from
# asm-generic/socket.h of LSM_UAPI_REV (default: branch modern of
# build/linux), put before the system's headers.  Rewritten only when it
# changed, so that make rebuilds the programs only then.
uapi=$work/uapi
rev=${LSM_UAPI_REV:-modern}
mkdir -p "$uapi/asm-generic"
git -C "$LINUX" show "$rev:include/uapi/asm-generic/socket.h" >"$uapi/socket.h.new" 2>/dev/null ||
	die "no include/uapi/asm-generic/socket.h at '$rev' in ${LINUX#$TOP/} (make variants)"
if cmp -s "$uapi/socket.h.new" "$uapi/asm-generic/socket.h"; then
	rm "$uapi/socket.h.new"
else
	mv "$uapi/socket.h.new" "$uapi/asm-generic/socket.h"
fi
make -s -C "$TOP/vm/tests" OUT="$work/tests" UAPI="$uapi" >/dev/null
make -s -C "$TOP/vm/bench" OUT="$work/tests" UAPI="$uapi" >/dev/null
install -m 0755 "$TOP/vm/bench/run-bench.sh" "$root/bin/lsmbench-run"
cp "$work"/tests/bin/* "$root/bin/"
# Policy for the "policy" suite (vm/tests/policy.c) in /etc/lsmtest-policy:
# the AppArmor profiles as they are, the SELinux policies built from the
# modern tree's mdp (vm/policy/build-selinux.sh; without them the suite's
# SELinux cases fail, saying so).
mkdir -p "$root/etc/lsmtest-policy/selinux"
cp -r "$TOP/vm/policy/apparmor" "$root/etc/lsmtest-policy/"
if "$TOP/vm/policy/build-selinux.sh" "$work/selinux-policy"; then
	cp "$work"/selinux-policy/{policy.33,policy-nosetdisplay.33,policy-noblobs.33,file_contexts} \
		"$root/etc/lsmtest-policy/selinux/"
else
	echo "warning: no SELinux policy in the initramfs" >&2
fi
# Debian binaries a test needs, with their libraries; an absolute path to a
# data file (not executable) is copied to the same path, gzipped as PATH.gz
# when larger than 1 MB (dbench's 26 MB client.txt), to keep every boot fast.
if [ -f "$TOP/vm/initramfs.bins" ]; then
	for b in $(sed 's/#.*//' "$TOP/vm/initramfs.bins"); do
		if [ "${b#/}" != "$b" ] && [ -f "$b" ] && [ ! -x "$b" ]; then
			mkdir -p "$root$(dirname "$b")"
			if [ "$(stat -L -c %s "$b")" -gt 1048576 ]; then
				gzip -9 -n -c "$b" >"$root$b.gz"
			else
				cp -L "$b" "$root$b"
			fi
			continue
		fi
		p=$(command -v "$b") || die "initramfs needs $b, which is not installed"
		cp -L "$p" "$root/bin/"
		for lib in $(ldd "$p" 2>/dev/null | grep -o '/[^ ]*'); do
			mkdir -p "$root$(dirname "$lib")"
			cp -L "$lib" "$root$lib"
		done
	done
fi
echo "root:x:0:0:root:/root:/bin/sh" >"$root/etc/passwd"
echo "root:x:0:" >"$root/etc/group"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | cat >"$out.tmp"
mv "$out.tmp" "$out"

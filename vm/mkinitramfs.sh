#!/bin/bash
# mkinitramfs.sh OUT.cpio.gz: busybox-static, /init, the in-guest test
# programs (built static here) and any Debian binaries listed in
# vm/initramfs.bins, with their shared libraries.
. "$(dirname "$0")/lib.sh"
out=${1:?output}
root=$BUILD/initramfs-root
rm -rf "$root"; mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,root,lib,usr}
cp /bin/busybox "$root/bin/busybox"
for a in $("$root/bin/busybox" --list); do
	[ -e "$root/bin/$a" ] || ln -s busybox "$root/bin/$a"
done
install -m 0755 "$TOP/vm/init.sh" "$root/init"
make -s -C "$TOP/vm/tests" OUT="$BUILD/tests" >/dev/null
cp "$BUILD"/tests/bin/* "$root/bin/"
# Debian binaries a test needs, with their libraries.
if [ -f "$TOP/vm/initramfs.bins" ]; then
	for b in $(sed 's/#.*//' "$TOP/vm/initramfs.bins"); do
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

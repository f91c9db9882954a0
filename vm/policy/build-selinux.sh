#!/bin/bash
# build-selinux.sh OUTDIR: the SELinux policies the in-guest "policy" suite
# loads (vm/tests/policy.c), built from the kernel's own dummy policy
# generator, scripts/selinux/mdp, of the modern tree.
#
#   OUTDIR/policy.33               mdp's policy as generated: every
#                                  permission of every class to base_t,
#                                  process2:setdisplay included; plus one
#                                  file type, lsmtest_noread_t, that base_t
#                                  may not read, a packet type,
#                                  lsmtest_nopacket_t, it may not send,
#                                  and every packet it sends audited
#                                  (all three policies)
#   OUTDIR/policy-nosetdisplay.33  the same with setdisplay left out of the
#                                  process2 allow rule (the permission stays
#                                  declared: under "-U allow" a permission
#                                  the policy does not declare is allowed)
#   OUTDIR/policy-noblobs.33       the same with key:view, perf_event:{open read}
#                                  and tun_socket:relabelfrom left out (the
#                                  "blobs" suite: a denial decided by the
#                                  SID in each of those objects' blobs)
#   OUTDIR/file_contexts           mdp's file contexts (not used in the
#                                  guest: the initramfs is unlabelled, and
#                                  every initial SID is base_t)
#
# The sources come from git (git show REF:PATH), not from a checkout, so a
# fresh clone needs only build/linux with branch "modern" (vm/tree.sh):
# LSMTEST_SELINUX_TREE (default build/linux) and LSMTEST_SELINUX_REF
# (default modern).  mdp is compiled here, on the host, the way
# scripts/selinux/mdp/Makefile does (kernel uapi headers, the SELinux
# include dir, and a generated/autoconf.h made from vm/config/common.config
# so fs_use/genfscon match the guest kernels), in OUTDIR/src.  Then
# Debian's checkpolicy: -U allow -M -c 33 (MLS, as mdp -m writes it).
. "$(dirname "$0")/../lib.sh"
out=${1:?usage: build-selinux.sh OUTDIR}
tree=${LSMTEST_SELINUX_TREE:-$LINUX}
ref=${LSMTEST_SELINUX_REF:-modern}
command -v checkpolicy >/dev/null || die "checkpolicy is not installed (vm/deps.sh)"
git -C "$tree" rev-parse -q --verify "$ref^{commit}" >/dev/null ||
	die "no branch $ref in $tree (run vm/tree.sh)"

# Exactly the files the kernel's own build of mdp reads (its .mdp.cmd).
files="scripts/selinux/mdp/mdp.c
security/selinux/include/classmap.h
security/selinux/include/initial_sid_to_string.h
security/selinux/include/policycap_names.h
security/selinux/include/policycap.h
include/linux/kconfig.h
include/linux/compiler_types.h
include/uapi/linux/capability.h
include/uapi/linux/types.h
include/uapi/linux/posix_types.h
include/uapi/linux/stddef.h
include/uapi/linux/socket.h"

src=$out/src
rm -rf "$src"; mkdir -p "$src/gen/generated"
for f in $files; do
	mkdir -p "$src/$(dirname "$f")"
	git -C "$tree" show "$ref:$f" >"$src/$f" || die "$ref:$f not in $tree"
done
# CONFIG_X=y of the project's kernels, as Kbuild's autoconf.h spells it.
sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=y$/#define \1 1/p' \
	"$TOP/vm/config/common.config" >"$src/gen/generated/autoconf.h"
${HOSTCC:-gcc} -O2 -Wall -std=gnu11 -I"$src/include/uapi" -I"$src/include" \
	-I"$src/security/selinux/include" -I"$src/gen" \
	-o "$src/mdp" "$src/scripts/selinux/mdp/mdp.c"

"$src/mdp" -m "$out/policy.conf" "$out/file_contexts" >/dev/null
# One denial of SELinux's own for the policy suite's "each module denies"
# case: a file type base_t may do everything to but read.
grep -q '^role base_r types { base_t };$' "$out/policy.conf" ||
	die "mdp's policy.conf has no 'role base_r types { base_t };'"
sed -i '/^role base_r types { base_t };$/a\
type lsmtest_noread_t;\
allow base_t lsmtest_noread_t:file ~read;\
allow lsmtest_noread_t base_t:filesystem associate;' "$out/policy.conf"
# without CLASS PERM...: policy.conf's "allow base_t base_t:CLASS *;" as
# the list of CLASS's declared permissions minus PERM..., on stdin/stdout.
without() {
	local class=$1 p; shift
	local conf; conf=$(cat)
	p=$(awk -v cls="class $class" -v drop=" $* " 'c && /^}/ { exit }
		c && index(drop, " " $1 " ") == 0 { printf "%s ", $1 }
		prev == cls && /^{$/ { c = 1 }
		{ prev = $0 }' <<<"$conf")
	[ -n "$p" ] || die "class $class not found in policy.conf"
	grep -q "^allow base_t base_t:$class \*;\$" <<<"$conf" ||
		die "mdp's policy.conf has no 'allow base_t base_t:$class *;'"
	sed "s/^allow base_t base_t:$class \*;\$/allow base_t base_t:$class { $p};/" <<<"$conf"
}
# Packets, for the policy suite's secmark cases: a packet type base_t may
# mark packets with but not send, and every packet base_t sends audited
# (mdp's policy has always_check_network: SELinux checks every packet).
sed -i '/^role base_r types { base_t };$/a\
type lsmtest_nopacket_t;\
allow base_t lsmtest_nopacket_t:packet relabelto;\
auditallow base_t base_t:packet send;' "$out/policy.conf"
grep -q '^	setdisplay$' "$out/policy.conf" ||
	die "process2 has no setdisplay permission in $ref: not the modern tree?"
without process2 setdisplay <"$out/policy.conf" >"$out/policy-nosetdisplay.conf"
without key view <"$out/policy.conf" | without perf_event open read |
	without tun_socket relabelfrom >"$out/policy-noblobs.conf"

checkpolicy -U allow -M -c 33 -o "$out/policy.33" "$out/policy.conf" >/dev/null
checkpolicy -U allow -M -c 33 -o "$out/policy-noblobs.33" \
	"$out/policy-noblobs.conf" >/dev/null
checkpolicy -U allow -M -c 33 -o "$out/policy-nosetdisplay.33" \
	"$out/policy-nosetdisplay.conf" >/dev/null
rm -rf "$src"

#!/bin/bash
# run.sh EXPERIMENT: an injected bug that a matrix row must catch (issue
# 36: "failing without").  EXPERIMENT.patch is applied on a throw-away
# worktree (build/experiment-tree) at the commit of the variant the table
# below names, never on a branch; that tree's test kernel is built
# (vm/kbuild.sh with KTREE, the row's flavour) and the rows are booted as
# vm/matrix.sh boots them.  The experiment passes when every row FAILS the
# judge; the console lines that made it fail are printed.
# Results: build/runs/experiment-EXPERIMENT-STACK/ (console.log, results.tsv).
#
# experiment             variant:flavour   rows (vm/matrix.txt stacks)
#   legacy-inode-free-now  legacy          smack+apparmor selinux+apparmor
#     security_list_free_rcu() frees an inode's chain nodes at once instead
#     of after a grace period: RCU path walks still read them.
#   modern-inode-free-now  modern:distro   selinux+apparmor
#     security_inode_free() frees the inode blob at once instead of after a
#     grace period.
#   modern-issue37-without  modern:distro  apparmor+selinux selinux+apparmor default
#     issue 37's three fixes taken out: security_audit_rule_init() fails a
#     rule on any module's error but EINVAL (v11's rule: policy cases
#     audit_rule_*, ima_lsm_rule), no slot-only hook in
#     bpf_lsm_disabled_hooks (bpf_slotless_refused), every module reads
#     secmarks as its own (secmark_owner_decides with AppArmor first).
#   legacy-inode-free-now-fast  legacy     selinux+apparmor
#     the first, on a kernel without KASAN and lockdep (fast.config) with
#     every freed slab object poisoned (slub_debug=FZP), four vCPUs, the
#     base and race suites, dir_churn for 30 s.  SELinux reads the inode
#     blob in an RCU path walk; Smack returns -ECHILD there (ref-walk).
. "$(dirname "$0")/../lib.sh"
exp=${1:?usage: run.sh legacy-inode-free-now|legacy-inode-free-now-fast|modern-inode-free-now|modern-issue37-without}
extra=() smp= suites_only= kextra= slub=
case $exp in
legacy-inode-free-now) vf=legacy rows="smack+apparmor selinux+apparmor" ;;
legacy-inode-free-now-fast)
	vf=legacy rows="selinux+apparmor" extra=("$TOP/vm/experiments/fast.config")
	smp=4 suites_only=base,race kextra=" lsmtest_race_churn_secs=30" slub=slub_debug=FZP ;;
modern-inode-free-now) vf=modern:distro rows="selinux+apparmor" ;;
modern-issue37-without) vf=modern:distro rows="apparmor+selinux selinux+apparmor default" ;;
*) die "unknown experiment $exp" ;;
esac
patch=$TOP/vm/experiments/${exp%-fast}.patch
v=${vf%%:*} f=; case $vf in *:*) f=${vf#*:} ;; esac
out=$BUILD/experiments/$exp
wt=$BUILD/experiment-tree
mkdir -p "$out"
[ -d "$wt" ] || git -C "$LINUX" worktree add -q --detach "$wt" "$v"
git -C "$wt" checkout -q --detach -f "$(git -C "$LINUX" rev-parse "$v")"
git -C "$wt" apply "$patch" || die "$exp.patch does not apply to $v"
frag=()
[ -z "$f" ] || mapfile -t frag < <(flavour_frag "$v" "$f")
progress "experiment $exp: building $vf with the injected change"
frag+=("${extra[@]}")
KTREE=$wt "$TOP/vm/kbuild.sh" "$v" test "${frag[@]}" || { git -C "$wt" checkout -q -f .; die "build failed"; }
git -C "$wt" checkout -q -f .
name=dev-$v-test
[ ${#frag[@]} -eq 0 ] || name=$name-$(frags_name "${frag[@]}")
kernel=$out/bzImage
cp "$wt/O-$name/arch/x86/boot/bzImage" "$kernel"
initrd=$out/initramfs.cpio
INITRAMFS_WORK=$out "$TOP/vm/mkinitramfs.sh" "$initrd"
caught=0 total=0
for stack in $rows; do
	row=$(awk -v vf="$vf" -v s="$stack" '$1 == vf && $2 == s' "$TOP/vm/matrix.txt")
	[ -n "$row" ] || die "vm/matrix.txt has no row $vf $stack"
	read -r _ _ lsm expect suites params <<<"$row"
	row_params "$params"
	QEMU_SMP=${smp:-${row_smp:-1}}
	[ -z "$suites_only" ] || suites=$suites_only
	kparams="$row_kparams$kextra"
	total=$((total + 1))
	progress "experiment $exp: booting $vf $stack ($QEMU_SMP vCPUs, suites $suites)"
	run=experiment-$exp-$stack
	if QEMU_SMP=$QEMU_SMP QEMU_APPEND="$kparams" QEMU_SLUB_DEBUG=$slub \
		"$TOP/vm/run-qemu.sh" "$run" "$kernel" "$initrd" "$lsm" "$expect" "$suites" 900 >/dev/null 2>&1; then
		echo "NOT CAUGHT: $vf $stack passed with $exp"
	else
		caught=$((caught + 1))
		echo "caught: $vf $stack failed with $exp:"
		# (a case that fails leaves no console line: grep may find nothing)
		grep -E 'BUG: KASAN|BUG: KCSAN|WARNING:|BUG:|general protection|Kernel panic|RIP: 0010|^\[ *[0-9.]+\]  [a-z_]+\+0x' "$BUILD/runs/$run/console.log" | head -n 12 | sed 's/^/    /' || true
		grep '^FAIL' "$BUILD/runs/$run/results.tsv" | head -n 5 | sed 's/^/    /' || true
	fi
done
echo "experiment $exp: caught by $caught of $total rows"
[ "$caught" = "$total" ]

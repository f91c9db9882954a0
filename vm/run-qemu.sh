#!/bin/bash
# run-qemu.sh NAME BZIMAGE INITRAMFS LSM EXPECT SUITES [TIMEOUT]
# Boot BZIMAGE under TCG with lsm=LSM (none for "-"), run lsmtest SUITES in the guest and
# judge the run.  Results go to build/runs/NAME/: console.log (everything
# the guest printed), tap.log (the KTAP stream from ttyS1), results.tsv
# (one "status<TAB>case" line per case, harness checks included).
# Exit status 0 when every case passed.
. "$(dirname "$0")/lib.sh"
name=$1 kernel=$2 initrd=$3 lsm=$4 expect=$5 suites=$6 tmo=${7:-600}
dir=$BUILD/runs/$name
rm -rf "$dir"; mkdir -p "$dir"
[ -f "$kernel" ] || die "no kernel $kernel"

# LSM "-": no lsm= at all, the kernel's built-in order (CONFIG_LSM).
append="console=ttyS0 panic=-1 lsmtest_expect=$expect lsmtest_suites=$suites"
[ "$lsm" = - ] || append="$append lsm=$lsm"
append="$append oops=panic kmemleak=on nokaslr ${QEMU_APPEND:-}"
# Let failslab target the socket and blob caches (faults suite): since 5.9
# a cache's failslab mark can only be set at boot.
# QEMU_SLUB_DEBUG replaces it (vm/experiments: slub_debug=FZP poisons every
# freed object, so that a read of one follows a poisoned pointer).
append="$append ${QEMU_SLUB_DEBUG:-slub_debug=A,kmalloc-32,kmalloc-64,kmalloc-96,kmalloc-128,kmalloc-192,TCP,TCPv6}"
# QEMU_SMP=N (vm/matrix.sh: "qemu:smp=N"): N vCPUs, one host thread each.
accel=tcg
[ "${QEMU_SMP:-1}" -le 1 ] || accel=tcg,thread=multi
# The console log captures everything; ttyS1 carries TAP only.
timeout -s KILL "$tmo" qemu-system-x86_64 \
	-accel "$accel" ${QEMU_ICOUNT:+-icount shift=0,sleep=off} \
	-smp "${QEMU_SMP:-1}" -m "${QEMU_MEM:-1024}" -cpu max \
	-nographic -no-reboot -monitor none \
	-serial "file:$dir/console.log" -serial "file:$dir/tap.raw" \
	-kernel "$kernel" -initrd "$initrd" -append "$append" \
	>"$dir/qemu.out" 2>&1
qrc=$?
tr -d '\r' <"$dir/tap.raw" >"$dir/tap.log"
echo "$qrc" >"$dir/qemu.rc"
exec "$TOP/vm/judge.sh" "$dir" "$qrc"

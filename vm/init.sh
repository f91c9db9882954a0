#!/bin/sh
# /init of the test initramfs.  Kernel command line parameters of the form
# lsmtest_X=... arrive here as environment variables:
#   lsmtest_suites  comma-separated suites for /bin/lsmtest
#   lsmtest_expect  what /sys/kernel/security/lsm must show
#   lsmtest_bench   comma-separated benchmark workloads, run after the
#                   suites by /bin/lsmbench-run (vm/bench/run-bench.sh);
#                   lsmtest_bench_* tune them.  Their lines also go to ttyS1.
# TAP goes to the console and to the second serial port (ttyS1), which the
# host reads as a clean stream.  The guest then powers off (reboot -f under
# qemu -no-reboot).
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t securityfs securityfs /sys/kernel/security
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmp /tmp
KL=/sys/kernel/debug/kmemleak
[ -w $KL ] && echo clear >$KL

suites=$(echo "$lsmtest_suites" | tr ',' ' ')
echo "lsmtest: running suites: $suites"
{ /bin/lsmtest $suites 2>&1; echo $? >/tmp/lsmtest.rc; } | tee /dev/ttyS1
echo "lsmtest: tests ended at $(cut -d' ' -f1 /proc/uptime) s"
echo "lsmtest: exit status $(cat /tmp/lsmtest.rc)"
if [ -n "${lsmtest_bench:-}" ]; then
	ip link set lo up
	echo "lsmtest: benchmarks: $lsmtest_bench"
	lsmbench-run $(echo "$lsmtest_bench" | tr ',' ' ') 2>&1 | tee /dev/ttyS1
	echo "lsmtest: benchmarks ended at $(cut -d' ' -f1 /proc/uptime) s"
fi
if [ -w $KL ]; then
	# kmemleak reports objects older than 5 s only.
	sleep 6
	echo "lsmtest: kmemleak scan at $(cut -d' ' -f1 /proc/uptime) s"
	echo scan >$KL
	echo "lsmtest: kmemleak report begins"
	cat $KL
	echo "lsmtest: kmemleak report ends"
fi
echo "lsmtest: done"
sync
reboot -f

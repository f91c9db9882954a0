#!/bin/sh
# lsmbench-run WORKLOAD...: the guest side of analysis/bench.sh, installed
# as /bin/lsmbench-run in the initramfs and started by /init when the kernel
# command line has lsmtest_bench=W1,W2,...  Workloads:
#   micro        lsmbench microbenchmarks (socket()+close() per family,
#                socketpair, TCP connect/accept, SO_PEERSEC, SO_PEERCONTEXT,
#                attr/current and attr/context reads), then those of paths
#   paths        lsmbench's file, process and IPC paths alone (open+close,
#                stat, 4 KiB read, fork+exit, fork+exec, pipe round trip,
#                SysV msg and shm, TCP ping-pong)
#   slab         slab bytes per open socket (lsmtest_bench_sockets, 10000),
#                per tmpfs inode, per open file (as many) and per process
#                (a twentieth as many)
#   locks        lsmbench lock acquisitions per microbenchmark operation
#                (/proc/lock_stat: kernels with CONFIG_LOCK_STAT only)
#   churn        lsmbench threads creating/destroying sockets at once
#                (lsmtest_bench_threads, default the number of CPUs)
#   sockperf_udp, sockperf_tcp   sockperf ping-pong over loopback, full RTT
#   dbench       dbench on tmpfs (/tmp)
#   tbench       tbench against tbench_srv over loopback
# Other parameters: lsmtest_bench_iters (lsmbench -n, default 2000),
# lsmtest_bench_time (seconds of sockperf/dbench/tbench, default 3),
# lsmtest_bench_clients (dbench/tbench clients, default 2).
# lsmbench prints "BENCH ..."/"SLAB ..." lines; the raw output of each Debian
# tool is printed between "BENCHRAW begin NAME" and "BENCHRAW end NAME" for
# the host-side parsers (analysis/parse/).  Everything goes to stdout.
iters=${lsmtest_bench_iters:-2000}
t=${lsmtest_bench_time:-3}
clients=${lsmtest_bench_clients:-2}
ncpu=$(grep -c '^processor' /proc/cpuinfo)
threads=${lsmtest_bench_threads:-$ncpu}
sockets=${lsmtest_bench_sockets:-10000}
load=/usr/share/dbench/client.txt
# The initramfs carries the load file gzipped; unpack it once, into tmpfs.
if [ ! -f $load ] && [ -f $load.gz ]; then
	gunzip -c $load.gz >/tmp/client.txt
	load=/tmp/client.txt
fi

raw() {	# raw NAME CMD...: run CMD, its output between markers
	name=$1; shift
	echo "BENCHRAW begin $name"
	"$@" 2>&1
	echo "BENCHRAW end $name rc=$?"
}

# Kill a background server by the pid we started it with.
stop() { kill "$1" 2>/dev/null; wait "$1" 2>/dev/null; }

port=11111
for w in "$@"; do
	echo "BENCHSTART $w at $(cut -d' ' -f1 /proc/uptime) s"
	case $w in
	micro) lsmbench -n "$iters" micro ;;
	paths) lsmbench -n "$iters" paths ;;
	slab) lsmbench -s "$sockets" slab ;;
	locks) lsmbench -n "$iters" locks ;;
	churn) lsmbench -n "$iters" -t "$threads" churn ;;
	sockperf_udp|sockperf_tcp)
		opt=; [ "$w" = sockperf_tcp ] && opt=--tcp
		sockperf sr -i 127.0.0.1 -p $port $opt >/tmp/sockperf-server.log 2>&1 &
		srv=$!
		sleep 1
		raw "$w" sockperf pp -i 127.0.0.1 -p $port $opt -t "$t" --full-rtt
		stop $srv
		raw "${w}_server" cat /tmp/sockperf-server.log
		port=$((port + 1))
		;;
	dbench)
		mkdir -p /tmp/dbench
		raw dbench dbench -D /tmp/dbench -t "$t" -c $load "$clients"
		rm -rf /tmp/dbench
		;;
	tbench)
		tbench_srv >/tmp/tbench-server.log 2>&1 &
		srv=$!
		sleep 1
		raw tbench tbench -t "$t" -c $load "$clients" 127.0.0.1
		stop $srv
		;;
	*) echo "BENCHERROR unknown workload $w" ;;
	esac
	echo "BENCHEND $w at $(cut -d' ' -f1 /proc/uptime) s"
done

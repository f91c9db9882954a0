#!/bin/bash
# capture-host.sh [DIR]: run sockperf (UDP and TCP ping-pong, full round
# trips), dbench (on a directory under /tmp) and tbench (tbench_srv on
# loopback) on this host, loopback only, and save their raw outputs in DIR
# (default analysis/tests/data).  These saved outputs of real runs are what
# analysis/tests/run.sh checks the parsers against; the expected figures in
# analysis/tests/expected.tsv were written by hand from reading them, so
# re-running this script means re-checking expected.tsv by hand too.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/data}
mkdir -p "$out"
port=${PORT:-11311}
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

for proto in udp tcp; do
	opt=; [ $proto = tcp ] && opt=--tcp
	sockperf sr -i 127.0.0.1 -p "$port" $opt >"$out/sockperf-server-$proto.txt" 2>&1 &
	pids+=($!)
	sleep 1
	sockperf pp -i 127.0.0.1 -p "$port" $opt -t 2 --full-rtt >"$out/sockperf-pp-$proto.txt" 2>&1
	kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
	port=$((port + 1))
done

d=$(mktemp -d /tmp/dbench.XXXXXX)
dbench -D "$d" -t 5 -c /usr/share/dbench/client.txt 2 >"$out/dbench.txt" 2>&1
rm -rf "$d"

tbench_srv >"$out/tbench-server.txt" 2>&1 &
pids+=($!)
sleep 1
tbench -t 5 -c /usr/share/dbench/client.txt 2 127.0.0.1 >"$out/tbench.txt" 2>&1
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
echo "saved to $out"

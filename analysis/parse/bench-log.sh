#!/bin/bash
# bench-log.sh TAP.LOG [RAWDIR]: turn a benchmark boot's ttyS1 stream into
# "name<TAB>metric<TAB>value" lines on stdout:
#   BENCH name=N ... ns_per_op=X result=R   -> N ns_per_op X, N result R
#                                              (and N threads T for churn),
#                                              and each per-operation field
#                                              present: N path_ns X, N
#                                              path_share, min_ns, p10_ns,
#                                              p50_ns, p90_ns, samples,
#                                              pair_ns, result_changes
#   BENCHCLOCK pair_ns=P pair_share=S ...    -> clock pair_ns P, clock pair_share S
#   SLAB name=K ...                          -> slab_K bytes_per_socket X,
#                                              objs_per_socket, meminfo_bytes_per_socket
#                                              (and sockets); a line with
#                                              objects= (inode, file, cred):
#                                              objects, bytes_per_object, ...
#   SLABCACHE name=K cache=C ...             -> slabcache_K:C bytes_per_socket / objs_per_socket
#                                              (bytes_per_object / objs_per_object)
#   BENCHRAW begin W ... BENCHRAW end W      -> the section is saved as
#        RAWDIR/raw-W.txt and parsed by sockperf.awk (sockperf_*) or
#        dbench.awk (dbench, tbench): W METRIC VALUE; a section the parser
#        refuses gives "W error 1".
#   LOCKS name=N ... class=C ... per_op=X    -> locks_N C X (lock acquisitions
#                                              per operation of class C; "all",
#                                              "security_list": sums), or
#                                              locks_N result R when N could not run
#   BENCHERROR ...                           -> bencherror message 1
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log=${1:?tap.log} rawdir=${2:-$(mktemp -d)}
mkdir -p "$rawdir"
awk -v rawdir="$rawdir" '
function kv(line, key,   s) {
	s = " " line " "
	if (!match(s, " " key "=[^ ]*")) return ""
	s = substr(s, RSTART + length(key) + 2, RLENGTH - length(key) - 2)
	return s
}
/^BENCHRAW begin / { raw = $3; file = rawdir "/raw-" raw ".txt"; printf "" >file; next }
/^BENCHRAW end / { close(file); print raw >(rawdir "/raw.list"); raw = ""; next }
raw != "" { print >>file; next }
/^BENCH name=/ {
	n = kv($0, "name")
	printf "%s\tns_per_op\t%s\n", n, kv($0, "ns_per_op")
	printf "%s\titers\t%s\n", n, kv($0, "iters")
	printf "%s\tresult\t%s\n", n, kv($0, "result")
	if (kv($0, "threads") != "") printf "%s\tthreads\t%s\n", n, kv($0, "threads")
	# Per-operation samples (lsmbench since issue 35): the path cost and
	# its distribution, and the calls whose result changed.
	split("result_changes samples pair_ns path_ns path_share min_ns p10_ns p50_ns p90_ns", f, " ")
	for (i = 1; i in f; i++)
		if (kv($0, f[i]) != "") printf "%s\t%s\t%s\n", n, f[i], kv($0, f[i])
	next
}
/^BENCHCLOCK / {
	printf "clock\tpair_ns\t%s\n", kv($0, "pair_ns")
	printf "clock\tpair_share\t%s\n", kv($0, "pair_share")
	next
}
/^SLAB name=/ {
	n = "slab_" kv($0, "name")
	u = (kv($0, "objects") != "") ? "object" : "socket"
	printf "%s\t%ss\t%s\n", n, u, kv($0, u "s")
	printf "%s\tbytes_per_%s\t%s\n", n, u, kv($0, "bytes_per_" u)
	printf "%s\tobjs_per_%s\t%s\n", n, u, kv($0, "objs_per_" u)
	printf "%s\tmeminfo_bytes_per_%s\t%s\n", n, u, kv($0, "meminfo_bytes_per_" u)
	next
}
/^SLABCACHE name=/ {
	n = "slabcache_" kv($0, "name") ":" kv($0, "cache")
	u = (kv($0, "objs_per_object") != "") ? "object" : "socket"
	printf "%s\tobjs_per_%s\t%s\n", n, u, kv($0, "objs_per_" u)
	printf "%s\tbytes_per_%s\t%s\n", n, u, kv($0, "bytes_per_" u)
	next
}
/^LOCKS name=/ {
	n = "locks_" kv($0, "name")
	if (kv($0, "result") != "") printf "%s\tresult\t%s\n", n, kv($0, "result")
	else printf "%s\t%s\t%s\n", n, kv($0, "class"), kv($0, "per_op")
	next
}
/^BENCHERROR / { sub(/^BENCHERROR /, ""); gsub(/\t/, " "); printf "bencherror\t%s\t1\n", $0 }
# A section the guest never ended (it died or was killed) is parsed as far
# as it goes, which makes its parser fail.
END { if (raw != "") { close(file); print raw >(rawdir "/raw.list") } }
' "$log"
[ -f "$rawdir/raw.list" ] || exit 0
while read -r w; do
	case $w in
	*_server) continue ;;	# a server's log: kept as raw-W.txt only
	sockperf_*) parser=sockperf.awk ;;
	dbench|tbench) parser=dbench.awk ;;
	*) continue ;;
	esac
	if out=$(awk -f "$here/$parser" "$rawdir/raw-$w.txt" 2>/dev/null); then
		printf '%s\n' "$out" | sed "s/^/$w\t/"
	else
		printf '%s\terror\t1\n' "$w"
	fi
done <"$rawdir/raw.list"
rm -f "$rawdir/raw.list"

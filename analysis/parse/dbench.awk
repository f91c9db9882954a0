# dbench.awk: read the output of dbench or tbench (Debian's dbench 4.0)
# and print "metric<TAB>value" lines:
#   throughput_mbps  the final "Throughput X MB/sec" figure
#   clients procs max_latency_ms
#   operations       the sum of the Count column of the operation table
#   op_<Name>_count, op_<Name>_avglat_ms   per operation (NTCreateX, ...)
# Exits 1 (message on stderr) when there is no Throughput line.
{ sub(/\r$/, "") }
/^Throughput [0-9.]+ MB\/sec/ {
	tp = $2
	for (i = 3; i <= NF; i++) {
		if ($i == "clients") clients = $(i - 1)
		if ($i == "procs") procs = $(i - 1)
		if ($i ~ /^max_latency=/) { m = $i; sub(/max_latency=/, "", m); maxlat = m }
	}
	seen = 1
}
/^ Operation +Count +AvgLat +MaxLat/ { intable = 1; next }
intable && /^ -+$/ { next }
intable && NF == 4 && $2 ~ /^[0-9]+$/ {
	n++; name[n] = $1; count[n] = $2; avg[n] = $3; ops += $2; next
}
intable && NF != 4 { intable = 0 }
END {
	if (!seen) { print "dbench.awk: no Throughput line (failed run?)" >"/dev/stderr"; exit 1 }
	printf "throughput_mbps\t%s\n", tp
	printf "clients\t%s\n", clients
	printf "procs\t%s\n", procs
	printf "max_latency_ms\t%s\n", maxlat
	printf "operations\t%d\n", ops
	for (i = 1; i <= n; i++) {
		printf "op_%s_count\t%s\n", name[i], count[i]
		printf "op_%s_avglat_ms\t%s\n", name[i], avg[i]
	}
}

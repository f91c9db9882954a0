# sockperf.awk: read the output of `sockperf ping-pong ... --full-rtt` and
# print "metric<TAB>value" lines, times in microseconds of a full round trip:
#   rtt_avg_usec rtt_stddev_usec rtt_min_usec rtt_p25_usec rtt_p50_usec
#   rtt_p75_usec rtt_p90_usec rtt_p99_usec rtt_max_usec observations
#   sent_messages received_messages valid_runtime_sec
# ANSI colour codes are removed first.  Without --full-rtt sockperf reports
# half a round trip ("Latency is ..." and avg-lat=); that is refused: the
# script prints an error on stderr and exits 1, as it does when there is
# no summary at all (a failed run).
{
	gsub(/\033\[[0-9;]*m/, "")
	sub(/\r$/, "")
}
/Summary: Latency is/ { half = 1 }
/Summary: Round trip is/ { full = 1 }
/====> avg-rtt=/ {
	s = $0; sub(/.*avg-rtt=/, "", s); avg = s + 0
	sub(/.*std-dev=/, "", s); sd = s + 0
}
/\[Valid Duration\]/ {
	s = $0; sub(/.*RunTime=/, "", s); rt = s + 0
	s = $0; sub(/.*SentMessages=/, "", s); sent = s + 0
	s = $0; sub(/.*ReceivedMessages=/, "", s); recv = s + 0
}
/Total [0-9]+ observations/ { s = $0; sub(/.*Total /, "", s); obs = s + 0 }
/---> <MAX> observation =/ { max = $NF }
/---> <MIN> observation =/ { min = $NF }
/---> percentile [0-9.]+ =/ {
	p = $0; sub(/.*percentile /, "", p); sub(/ .*/, "", p)
	pct[p] = $NF
}
END {
	if (half) { print "sockperf.awk: half round trips (run sockperf with --full-rtt)" >"/dev/stderr"; exit 1 }
	if (!full) { print "sockperf.awk: no round-trip summary (failed run?)" >"/dev/stderr"; exit 1 }
	printf "rtt_avg_usec\t%s\n", avg
	printf "rtt_stddev_usec\t%s\n", sd
	printf "rtt_min_usec\t%s\n", min
	printf "rtt_p25_usec\t%s\n", pct["25.000"]
	printf "rtt_p50_usec\t%s\n", pct["50.000"]
	printf "rtt_p75_usec\t%s\n", pct["75.000"]
	printf "rtt_p90_usec\t%s\n", pct["90.000"]
	printf "rtt_p99_usec\t%s\n", pct["99.000"]
	printf "rtt_max_usec\t%s\n", max
	printf "observations\t%s\n", obs
	printf "sent_messages\t%s\n", sent
	printf "received_messages\t%s\n", recv
	printf "valid_runtime_sec\t%s\n", rt
}

# bound-combine.awk MIX-SUMMARY [REBUILD-SUMMARY]: det-bound.sh's
# bound-summary.tsv from the summaries of its comparisons (header, then
# "name figures max_abs_diff_pct where" per workload and a last "all"
# line): per workload the larger bound, "where" prefixed with the
# comparison it comes from ("mix" for the first file, "rebuild" for the
# second), figures compared added.  Workloads in first-seen order, "all"
# last.
BEGIN { FS = OFS = "\t" }
FNR == 1 { src = (++f == 1) ? "mix" : "rebuild"; if (f == 1) print; next }
!($1 in n) { ord[++no] = $1 }
!($1 in n) || $3 + 0 > mx[$1] + 0 { mx[$1] = $3; at[$1] = src " " $4 }
{ n[$1] += $2 }
END {
	for (i = 1; i <= no; i++) if (ord[i] != "all") print ord[i], n[ord[i]], mx[ord[i]], at[ord[i]]
	if ("all" in n) print "all", n["all"], mx["all"], at["all"]
}

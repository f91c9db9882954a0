# det-bound.awk A/det.tsv B/det.tsv: the reproducibility bound of
# deterministic mode, from two analysis/bench.sh runs of the same kernels
# that differ in one thing only (the workload mix, or the clone path the
# kernels were built from).  For every ns_per_op figure both runs have, on
# the same kernel and stack: one line
#   kernel stack name a b diff_pct
# (run 1 of each; diff_pct = 100 * (b - a) / a, three decimals).  Then, with
# -v summary=1, instead one line per workload name:
#   name figures max_abs_diff_pct kernel/stack_of_that_figure
# and a last line "all N MAX kernel/stack name" (one field: "kernel/stack name").
BEGIN { FS = OFS = "\t" }
FNR == 1 { f++; next }
$4 != "ns_per_op" || $5 !~ /^[0-9.]+$/ { next }
f == 1 { a[$1 OFS $2 OFS $3] = $5; next }
f == 2 && (($1 OFS $2 OFS $3) in a) {
	k = $1 OFS $2 OFS $3
	if (a[k] + 0 == 0) next
	d = 100 * ($5 - a[k]) / a[k]
	ad = d < 0 ? -d : d
	if (!summary) { printf "%s\t%s\t%s\t%.3f\n", k, a[k], $5, d; next }
	if (!($3 in n)) ord[++no] = $3
	n[$3]++
	if (n[$3] == 1 || ad > mx[$3]) { mx[$3] = ad; at[$3] = $1 "/" $2 }
	tot++
	if (tot == 1 || ad > all) { all = ad; allat = $1 "/" $2 " " $3 }
}
END {
	if (!summary) exit
	for (i = 1; i <= no; i++) printf "%s\t%d\t%.3f\t%s\n", ord[i], n[ord[i]], mx[ord[i]], at[ord[i]]
	if (tot) printf "all\t%d\t%.3f\t%s\n", tot, all, allat
}

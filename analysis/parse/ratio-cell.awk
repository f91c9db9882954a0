# ratio-cell.awk BOUND RATIOS: the cells of REPORT.md's deterministic table.
# BOUND: analysis/det-bound.sh's bound-summary.tsv (name figures
# max_abs_diff_pct where; "all" the largest of them), or /dev/null when the
# bound was not measured.  RATIOS: analysis/report.sh's ratios.tsv (mode
# kernel stack name metric value base ratio).  Prints, for each det row,
#   kernel/stack  name  metric  "value (ratio)"
# The ratio's bound u is twice its workload's largest difference (both
# figures can move by it; the overall largest for a workload det-bound did
# not compare).  The ratio is printed with the decimals u allows (three
# when u < 0.1%, two below 1%, one above) and as "≈R" when |ratio - 1| <= u;
# without a bound, three decimals and no verdict.  (The first file is told
# apart by name, not by FNR == NR, which an empty /dev/null defeats.)
BEGIN { FS = OFS = "\t" }
FILENAME == ARGV[1] { if (FNR > 1) b[$1] = $3; next }
$1 != "det" { next }
{
	cell = $6
	if ($8 != "") {
		if ($4 in b) u = 2 * b[$4] / 100
		else if ("all" in b) u = 2 * b["all"] / 100
		else u = -1
		d = 3
		if (u >= 0.01) d = 1
		else if (u >= 0.001) d = 2
		r = sprintf("%." d "f", $8)
		if (u >= 0 && ($8 - 1 <= u && 1 - $8 <= u)) r = "≈" r
		cell = cell " (" r ")"
	}
	print $2 "/" $3, $4, $5, cell
}

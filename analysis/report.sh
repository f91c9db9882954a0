#!/bin/bash
# report.sh [OUTDIR]: write OUTDIR/REPORT.md (default build/report) with CSV
# data and gnuplot SVG plots beside it, from whatever result files exist:
#   build/runs/matrix.list + build/runs/*/results.tsv   functional matrix (vm/matrix.sh)
#   build/bench/{det,wall}.tsv, info.txt, skipped.tsv    benchmarks (analysis/bench.sh;
#                                                        kernels VARIANT:synth: SYNTHETIC modules,
#                                                        section 4 only)
#   build/bench/locks.tsv, locks-*.tsv                   locks per hook (analysis/locks.sh)
#   build/analysis/sparse/summary.tsv, *-added.tsv       sparse (analysis/sparse.sh)
#   build/cocci/report/summary.csv                       cocci (make -C cocci report)
#   build/resolution/*.csv                               resolution (analysis/resolution.sh)
#   build/linux/O-*-bench/vmlinux                        kernel size (size)
#   build/linux branches base, modern, legacy            lines changed per series
# A section whose inputs are missing says "not measured yet".  Takes seconds.
# Inputs can be redirected with RUNS_DIR, BENCH_DIR, SPARSE_DIR, COCCI_DIR,
# VMLINUX_<variant>=PATH (kernel size).
. "$(dirname "$0")/../vm/lib.sh"
out=${1:-$BUILD/report}
runs=${RUNS_DIR:-$BUILD/runs}
bench=${BENCH_DIR:-$BUILD/bench}
sparse=${SPARSE_DIR:-$BUILD/analysis/sparse}
cocci=${COCCI_DIR:-$BUILD/cocci/report}
resolution=${RESOLUTION_DIR:-$BUILD/resolution}
mkdir -p "$out"
rm -f "$out"/*.csv "$out"/*.svg "$out"/*.gp
R=$out/REPORT.md
NM="**not measured yet**"
# The SYNTHETIC kernels (VARIANT:synth, VARIANT:synth-FLAVOUR): an awk regex.
SYNTH_RE=':synth(-[a-z]+)?$'
have_gnuplot=0; command -v gnuplot >/dev/null && have_gnuplot=1

# skipped_rows FILE PLAN: the rows of analysis/PLAN a script skipped
# (FILE: kernel<TAB>stack<TAB>why), as a list; nothing when there are none.
skipped_rows() {
	[ -s "$1" ] || return 0
	echo "Rows of \`analysis/$2\` not measured yet:"
	echo
	awk -F'\t' '{ printf "- %s %s: %s\n", $1, $2, $3 }' "$1"
	echo
}
# md_table: TSV on stdin (first line = header) -> markdown table.
md_table() {
	awk -F'\t' 'NR == 1 { h = "|"; s = "|"; for (i = 1; i <= NF; i++) { h = h " " $i " |"; s = s "---|" } print h; print s; next }
		{ l = "|"; for (i = 1; i <= NF; i++) l = l " " $i " |"; print l }'
}
tsv2csv() { awk -f "$TOP/analysis/parse/tsv2csv.awk"; }
branch() { git -C "$LINUX" rev-parse -q --verify "refs/heads/$1" 2>/dev/null || true; }
# chained_objects: the objects whose security field is a chain on branch
# legacy ("sock, ipc, msg_msg, file"), from the headers that declare them.
chained_objects() {
	[ -n "$(branch legacy)" ] || return 0
	git -C "$LINUX" grep 'struct hlist_head.*security' legacy -- 'include/*.h' 2>/dev/null |
	awk -F: '$2 == "include/net/sock.h" { o["sock"] = 1 } $2 == "include/linux/ipc.h" { o["ipc"] = 1 }
		$2 == "include/linux/msg.h" { o["msg_msg"] = 1 } /f_security/ { o["file"] = 1 }
		/i_security/ { o["inode"] = 1 } /s_security/ { o["superblock"] = 1 }
		$2 == "include/linux/cred.h" { o["cred"] = 1 } $2 == "include/linux/sched.h" { o["task"] = 1 }
		END { for (k in o) print k }' | sort | paste -sd, - | sed 's/,/, /g'
}
# Sixteen distinguishable line colours (gnuplot cycles 8 by default, so a
# plot with 15 kernel/stack columns would repeat them); put into every .gp.
PALETTE=$(i=0; for c in 9400d3 009e73 56b4e9 e69f00 f0e442 0072b2 e51e10 000000 \
	8c564b ff7f0e 7f7f7f bcbd22 17becf aec7e8 ff9896 c5b0d5; do
	i=$((i + 1)); echo "set linetype $i lc rgb \"#$c\" lw 1"; done; echo "set linetype cycle 16")
plot() {	# plot NAME: run NAME.gp into NAME.svg
	[ $have_gnuplot = 1 ] || return 1
	gnuplot "$out/$1.gp" >"$out/$1.svg" 2>"$out/$1.gnuplot.log" && rm -f "$out/$1.gnuplot.log"
}
# The multi-panel line plots (cost of each patch, cost vs modules, SYNTHETIC)
# share one layout: NAME.dat holds blocks of "x<TAB>y" lines, one block per
# panel and series, panel-major; NAME.gp draws one panel per measure with
# one line per series.
# dat_block DAT LABEL: append stdin to DAT as the next block.
dat_block() { { echo "# $2"; cat; printf '\n\n'; } >>"$1"; }
# panel DAT I N TITLE POINTSIZE [SETTINGS]: the plot command of panel I
# (0-based) with N series; SETTINGS (gnuplot commands ending in ";") go first.
panel() {
	echo "${6:-}set title \"$4\" noenhanced; plot for [j=0:$(($3 - 1))] \"$1\" index ($2 * $3 + j) using 1:2 with linespoints pt 7 ps $5 lw 2 title word(series, j + 1) noenhanced"
}
# multiplot_gp NAME SIZE SERIES ROWS,COLS TITLE SETTINGS PANELS: write NAME.gp
# (SERIES: the line titles, space-separated; SETTINGS: axis commands).
multiplot_gp() {
	cat >"$out/$1.gp" <<EOF
set terminal svg size $2 dynamic font "sans,10"
$PALETTE
set datafile separator "\t"
series = "$3"
set multiplot layout $4 title "$5" noenhanced
$6
set yrange [0:*]
set grid
set key bottom right noenhanced
$7
unset multiplot
EOF
}

{
echo "# LSM stacking, modern vs legacy: report"
echo
echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`analysis/report.sh\` from the result files"
echo "present in \`build/\`; every figure below comes from a file named in its section."
if [ -d "$LINUX/.git" ]; then
	echo "Base: Debian linux-source-6.1, version $(make -s -C "$LINUX" kernelversion 2>/dev/null || echo '?')."
	for v in $VARIANTS; do
		c=$(branch "$v"); echo "- \`$v\`: ${c:-no branch}"
	done
	chained=$(chained_objects)
	[ -z "$chained" ] || echo "
Objects whose blobs \`legacy\` chains (a \`struct hlist_head\` security field on its branch): $chained;
every other object keeps the infrastructure's blob on \`legacy\` as on \`modern\`, so a figure whose
objects (in brackets below) are all unchained compares the same blob design on both."
	if [ -n "$(branch legacy)" ] && [ "$(branch legacy)" = "$(branch modern)" ]; then
		echo
		echo "Note: \`legacy\` = \`modern\` (legacy-chain-port/series is empty): legacy figures are not measured yet."
	fi
fi
echo
} >"$R"

# ---------------------------------------------------------------- matrix
{
echo "## 1. Functional matrix (\`vm/matrix.sh\`, test kernels)"
echo
if [ -f "$runs/matrix.list" ]; then
	while read -r v stack _; do
		f=$runs/$v-$stack/results.tsv
		if [ -f "$f" ]; then
			awk -F'\t' -v v="$v" -v s="$stack" '{ c = $2; sub(/ .*/, "", c); printf "%s\t%s\t%s\t%s\n", v, s, c, $1 }' "$f"
		else
			printf '%s\t%s\t%s\t%s\n' "$v" "$stack" harness.run "FAIL"
		fi
	done <"$runs/matrix.list" >"$out/matrix.tsv"
	{ printf 'variant\tstack\tcase\tstatus\n'; cat "$out/matrix.tsv"; } | tsv2csv >"$out/matrix.csv"
	np=$(grep -c $'\tPASS$' "$out/matrix.tsv" || true); nf=$(grep -c $'\tFAIL$' "$out/matrix.tsv" || true)
	ns=$(grep -c $'\tSKIP$' "$out/matrix.tsv" || true)
	echo "$np passed, $nf failed, $ns skipped over $(wc -l <"$runs/matrix.list") boots (\`matrix.csv\`)."
	echo "Columns: variant/stack; rows: test case (PASS, FAIL, SKIP; – = not run on that row)."
	echo
	awk -F'\t' '
		{ col = $1 "/" $2; if (!(col in seen)) { seen[col] = 1; cols[++nc] = col }
		  if (!($3 in seenr)) { seenr[$3] = 1; rows[++nr] = $3 }
		  st[$3, col] = $4 }
		END {
			h = "case"; for (j = 1; j <= nc; j++) h = h "\t" cols[j]; print h
			for (i = 1; i <= nr; i++) {
				l = rows[i]
				for (j = 1; j <= nc; j++) l = l "\t" (((rows[i], cols[j]) in st) ? st[rows[i], cols[j]] : "–")
				print l
			}
		}' "$out/matrix.tsv" | md_table
	if [ "$nf" -gt 0 ]; then
		echo
		echo "Failed cases:"
		awk -F'\t' '$4 == "FAIL" { printf "- %s/%s: %s\n", $1, $2, $3 }' "$out/matrix.tsv"
	fi
else
	echo "$NM (no \`build/runs/matrix.list\`: run \`make test\`)."
fi
echo
echo "### Only compile-checked"
echo
if [ -f "$TOP/modern-series/README.md" ] && grep -q 'Only compile-checked' "$TOP/modern-series/README.md"; then
	echo "From \`modern-series/README.md\` (no in-guest test yet):"
	echo
	sed -n '/^Only compile-checked/,/^$/p' "$TOP/modern-series/README.md" | sed 's/^/> /'
else
	echo "$NM (modern-series/README.md lists none)."
fi
echo
echo "### Reliability (issue 7: stress, faults, badinput suites)"
echo
echo "Per matrix run: operations run, faults injected, bad inputs tried (from"
echo "each suite's \`# figures:\` line), and kernel reports and kmemleak leaks"
echo "found on its console (the standard is 0 for both)."
echo
if [ -f "$TOP/build/runs/matrix.list" ]; then
	RUNS_DIR=$TOP/build/runs "$TOP/analysis/reliability-table.sh" || echo "$NM (reliability-table.sh failed)."
else
	echo "$NM (no \`build/runs/matrix.list\`: run \`make test\`)."
fi
echo
} >>"$R"

# ------------------------------------------------------------ benchmarks
# Headline figures: name<TAB>metric<TAB>unit<TAB>direction (lower/higher is
# better)<TAB>the object types whose security blobs the path allocates, frees
# or reads (the objects a design's cost on that path comes from; legacy
# chains sock, ipc, msg_msg and file, see legacy-chain-port/README.md).
headline() {
	cat <<'EOF'
socket_unix_stream	ns_per_op	ns	lower	sock, inode, file
socket_unix_dgram	ns_per_op	ns	lower	sock, inode, file
socket_inet_tcp	ns_per_op	ns	lower	sock, inode, file
socket_inet_udp	ns_per_op	ns	lower	sock, inode, file
socket_inet6_tcp	ns_per_op	ns	lower	sock, inode, file
socket_inet6_udp	ns_per_op	ns	lower	sock, inode, file
socketpair_unix_stream	ns_per_op	ns	lower	sock, inode, file
socketpair_unix_dgram	ns_per_op	ns	lower	sock, inode, file
tcp_connect_accept	ns_per_op	ns	lower	sock, inode, file
getsockopt_peersec	ns_per_op	ns	lower	sock
getsockopt_peercontext	ns_per_op	ns	lower	sock
attr_current_read	ns_per_op	ns	lower	cred, task
attr_context_read	ns_per_op	ns	lower	cred, task
file_open_close	ns_per_op	ns	lower	inode, file, cred
file_stat	ns_per_op	ns	lower	inode
file_read_4k	ns_per_op	ns	lower	file, inode
fork_exit	ns_per_op	ns	lower	cred, task
fork_exec	ns_per_op	ns	lower	cred, task, inode, file
pipe_roundtrip	ns_per_op	ns	lower	file, inode
msg_sndrcv	ns_per_op	ns	lower	ipc, msg_msg
shm_attach	ns_per_op	ns	lower	ipc, file, inode
tcp_pingpong	ns_per_op	ns	lower	sock
churn_unix_stream	ns_per_op	ns	lower	sock, inode, file
churn_inet_tcp	ns_per_op	ns	lower	sock, inode, file
sockperf_udp	rtt_avg_usec	us	lower	sock
sockperf_tcp	rtt_avg_usec	us	lower	sock
dbench	throughput_mbps	MB/s	higher	inode, file
tbench	throughput_mbps	MB/s	higher	sock, file
slab_unix_stream	bytes_per_socket	B	lower	sock, inode, file
slab_unix_stream_pair	bytes_per_socket	B	lower	sock, inode, file
slab_inet_tcp	bytes_per_socket	B	lower	sock, inode, file
slab_inet_udp	bytes_per_socket	B	lower	sock, inode, file
slab_inode	bytes_per_object	B	lower	inode
slab_file	bytes_per_object	B	lower	file
slab_cred	bytes_per_object	B	lower	cred, task
EOF
}
headline >"$out/.headline"

# ratios MODE FILE VALUECOL: kernel stack name metric value base ratio, for
# every headline figure whose base kernel has the same stack.  The base of
# VARIANT:FLAVOUR is base:FLAVOUR where that kernel has the figure (distro:
# Debian's configuration on both sides), else base.
ratios() {
	awk -F'\t' -v sre="$SYNTH_RE" -v col="$3" -v mode="$1" '
		FNR == NR { h[$1 "\t" $2] = 1; next }
		FNR == 1 { next }
		(($3 "\t" $4) in h) && $1 !~ sre && $col ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ {
			key = $2 "\t" $3 "\t" $4; val[$1 "\t" key] = $col
			if ($1 ~ /^base(:|$)/) base[$1 "\t" key] = $col
			rows[++n] = $1 "\t" key
		}
		END {
			for (i = 1; i <= n; i++) {
				split(rows[i], f, "\t"); key = f[2] "\t" f[3] "\t" f[4]
				bk = "base"; if (f[1] ~ /:/) { bk = "base:" substr(f[1], index(f[1], ":") + 1); if (!((bk "\t" key) in base)) bk = "base" }
				b = ((bk "\t" key) in base && rows[i] != bk "\t" key) ? base[bk "\t" key] : ""
				r = (b != "" && b + 0 != 0) ? sprintf("%.4f", val[rows[i]] / b) : ""
				printf "%s\t%s\t%s\t%s\t%s\n", mode, rows[i], val[rows[i]], b, r
			}
		}' "$out/.headline" "$2"
}

# The reproducibility bound of deterministic figures (analysis/det-bound.sh).
bound=${BOUND_DIR:-$BUILD/bench-bound}/bound-summary.tsv
[ -f "$bound" ] || bound=/dev/null

# stack_costs KERNEL: the stacking cost against the sum of its parts, from
# det.tsv (run 1): for each two-module stack A+B on KERNEL and each headline
# figure that any of its inputs has, cost(X) = figure(X) - figure(none)
# (stack none: no major module) for X = A, B, A+B, and the overhead
# cost(A+B) - (cost(A) + cost(B)).  Prints stack name metric better none a
# b ab cost_a cost_b cost_sum cost_ab overhead bound failed_inputs
# (stack-cost.csv, see DATA.md): differences signed, with the decimals of
# their inputs; empty when an input has no figure.  A call whose setup
# failed (iters 0) or a workload that failed (error) has no figure;
# failed_inputs lists the inputs whose call failed as STACK:ERRNO (error:
# the workload failed).  bound: the four figures' reproducibility bounds
# added (det-bound.sh; as ratio-cell.awk, the workload's, else the overall
# one), empty when not measured.
stack_costs() {
	awk -F'\t' -v k="$1" -v bf="$bound" '
		function dec(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
		function sgn(v, d) { v = sprintf("%." d "f", v); return (v + 0 == 0) ? sprintf("%." d "f", 0) : sprintf("%+." d "f", v) }
		FILENAME == bf { if (FNR > 1) b[$1] = $3; next }
		FILENAME ~ /\.headline$/ { better[$1 "\t" $2] = $4; ord[++no] = $1 "\t" $2; next }
		FNR == 1 || $1 != k { next }
		{ if ($2 ~ /^[^+]+[+][^+]+$/ && !($2 in isab)) { isab[$2] = 1; ab[++nab] = $2 }
		  if ($4 == "result" && $5 != "ok") why[$2, $3] = $5
		  else if ($4 == "error") why[$2, $3] = "error"
		  else if ($4 == "iters") it[$2, $3] = $5
		  else if ($5 ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) val[$2, $3, $4] = $5 }
		END {
			for (i = 1; i <= no; i++) for (j = 1; j <= nab; j++) {
				split(ord[i], f, "\t"); split(ab[j], m, "+"); s[1] = "none"; s[2] = m[1]; s[3] = m[2]; s[4] = ab[j]
				any = 0; fl = ""; d = 0
				for (q = 1; q <= 4; q++) {
					x[q] = ((s[q], f[1], f[2]) in val && !((s[q], f[1]) in it && it[s[q], f[1]] + 0 == 0)) ? val[s[q], f[1], f[2]] : ""
					if ((s[q], f[1]) in why) fl = fl (fl == "" ? "" : " ") s[q] ":" why[s[q], f[1]]
					if (x[q] != "" || ((s[q], f[1]) in why)) any = 1
					if (x[q] != "" && dec(x[q]) > d) d = dec(x[q])
				}
				if (!any) continue
				ca = (x[1] != "" && x[2] != "") ? sgn(x[2] - x[1], d) : ""
				cb = (x[1] != "" && x[3] != "") ? sgn(x[3] - x[1], d) : ""
				cs = (ca != "" && cb != "") ? sgn(x[2] + x[3] - 2 * x[1], d) : ""
				cab = (x[1] != "" && x[4] != "") ? sgn(x[4] - x[1], d) : ""
				ov = (cs != "" && cab != "") ? sgn(x[4] - x[2] - x[3] + x[1], d) : ""
				u = (f[1] in b) ? b[f[1]] : (("all" in b) ? b["all"] : "")
				bd = (ov != "" && u != "") ? sprintf("%." d "f", (x[1] + x[2] + x[3] + x[4]) * u / 100) : ""
				printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", ab[j], f[1], f[2], better[ord[i]],
					x[1], x[2], x[3], x[4], ca, cb, cs, cab, ov, bd, fl
			}
		}' "$bound" "$out/.headline" "$bench/det.tsv"
}
det_bound_text() {
	if [ "$bound" = /dev/null ]; then
		echo "**Reproducibility bound: not measured in this run** (\`analysis/det-bound.sh\`): a figure repeats"
		echo "exactly for one build and one workload set, not beyond; ratios are printed to three decimals"
		echo "without a verdict, read those within a few tenths of a percent of 1 as equal."
		echo
		return
	fi
	tsv2csv <"$bound" >"$out/det-bound.csv"
	[ -f "${bound%/*}/bound.tsv" ] && tsv2csv <"${bound%/*}/bound.tsv" >"$out/det-bound-figures.csv"
	[ -f "${bound%/*}/rebuild.tsv" ] && tsv2csv <"${bound%/*}/rebuild.tsv" >"$out/det-bound-rebuild-figures.csv"
	local mix=${bound%/*}/mix-summary.tsv reb=${bound%/*}/rebuild-summary.tsv
	[ -f "$mix" ] || mix=$bound
	awk -F'\t' 'NR > 1 && $1 == "all" { printf "**Reproducibility bound** (`analysis/det-bound.sh`, `det-bound.csv`, per figure `det-bound-figures.csv`): the same kernels booted with the microbenchmarks alone instead of the full workload set gave ns_per_op figures up to **%s%%** apart (%s; %d figures compared). ", $3, $4, $2 }' "$mix"
	if [ -f "$reb" ]; then
		awk -F'\t' 'NR > 1 && $1 == "all" { printf "The same commits built again from a second clone path (`det-bound.sh --rebuild`) and booted with the microbenchmarks alone gave figures up to **%s%%** apart from the first build (%s; %d figures; per figure `det-bound-rebuild-figures.csv`); the bound below is, per workload, the larger of the two. ", $3, $4, $2 }' "$reb"
	else
		echo "What a rebuild of the same commit moves is not in this bound (not measured in this run: \`det-bound.sh --rebuild\`)."
	fi
	echo "Between workload mixes the instructions a workload executes do not change; what changes is where the timer ticks"
	echo "(HZ=250: one every 4 M guest instructions) land as the instruction stream before it shifts, and"
	echo "each tick's handler is counted in the figure it interrupts. A ratio compares two such figures,"
	echo "so its bound is twice its workload's largest difference (the overall one for a workload not compared):"
	echo "it is printed with the decimals that bound allows, and as **≈** when it is within 1 ± that bound:"
	echo "no measurable gain or cost. Per workload (largest |difference|):"
	awk -F'\t' 'NR > 1 && $1 != "all" { printf "%s%s %s%%", (n++ ? ", " : ""), $1, $3 } END { print "." }' "$bound"
	echo
}

# pivot: "column<TAB>benchmark<TAB>metric<TAB>cell" lines on stdin -> a
# markdown table, one row per headline figure (in .headline's order, with the
# object types it measures and its unit) that has a cell, one column per
# kernel/stack in order of appearance.
pivot() {
	awk -F'\t' 'FNR == NR { u[$1 "\t" $2] = $3; ob[$1 "\t" $2] = $5; ord[++no] = $1 "\t" $2; next }
		{ if (!($1 in seen)) { seen[$1] = 1; cols[++nc] = $1 } v[$2 "\t" $3, $1] = $4 }
		END {
			h = "benchmark [objects]\tmetric"; for (j = 1; j <= nc; j++) h = h "\t" cols[j]; print h
			for (i = 1; i <= no; i++) {
				any = 0; split(ord[i], f, "\t"); l = f[1] " [" ob[ord[i]] "]\t" f[2] " (" u[ord[i]] ")"
				for (j = 1; j <= nc; j++) { c = ((ord[i], cols[j]) in v) ? v[ord[i], cols[j]] : "–"; if (c != "–") any = 1; l = l "\t" c }
				if (any) print l
			}
		}' "$out/.headline" - | md_table
}

{
echo "## 2. Benchmarks (\`analysis/bench.sh\`, bench kernels)"
echo
if [ -f "$bench/info.txt" ]; then
	echo "Run information (\`$(basename "$bench")/info.txt\`):"
	echo
	echo '```'
	cat "$bench/info.txt"
	echo '```'
	echo
fi
skipped_rows "$bench/skipped.tsv" bench-plan.txt
if [ -f "$bench/status.tsv" ] && grep -qv $'\tok\t' "$bench/status.tsv"; then
	echo "**Boots that failed the judge or a workload** (their figures are shown all the same; see the run directory):"
	echo
	awk -F'\t' '$5 != "ok" { printf "- %s %s/%s run %s: %s (`%s`)\n", $1, $2, $3, $4, $5, $6 }' "$bench/status.tsv"
	echo
fi
: >"$out/ratios.tsv"
echo "### 2.1 Deterministic mode (\`-icount shift=0,sleep=off -smp 1\`: guest ns = instructions)"
echo
if [ -f "$bench/det.tsv" ]; then
	tsv2csv <"$bench/det.tsv" >"$out/bench-det.csv"
	# Timed figures only (not iteration counts, results or slab figures):
	# what "repeatable" is a claim about.
	timed='$4 ~ /^(ns_per_op|path_ns|min_ns|p[0-9]+_ns)$/'
	nsame=$(awk -F'\t' "NR > 1 && $timed && \$7 == \"yes\"" "$bench/det.tsv" | wc -l)
	ndiff=$(awk -F'\t' "NR > 1 && $timed && \$7 != \"yes\"" "$bench/det.tsv" | wc -l)
	echo "Every row booted twice: **$nsame timed figures identical in both runs, $ndiff differ** (\`bench-det.csv\` has both runs)."
	echo "That is repeatability (one kernel build, one workload set), not accuracy: how far a"
	echo "figure moves with layout and workload alone is measured in §2.7."
	echo
	ratios det "$bench/det.tsv" 5 >>"$out/ratios.tsv"
	det_bound_text
	if ! grep -q '^det	' "$out/ratios.tsv"; then
		echo "Figures: $NM (no row of a real kernel; \`VARIANT:synth\` rows are in section 4.1)."
	else
	echo "Figures (run 1) and ratio to base with the same stack (– when base cannot run that stack):"
	echo
	awk -F'\t' -f "$TOP/analysis/parse/ratio-cell.awk" "$bound" "$out/ratios.tsv" | pivot
	fi
	echo
	res=$(awk -F'\t' 'NR > 1 && $4 == "result" && $5 != "ok" { printf "%s/%s %s: %s; ", $1, $2, $3, $5 }' "$bench/det.tsv")
	if [ -n "$res" ]; then
		echo "Calls that fail (timed all the same; the failure is the result): ${res%; }."
		echo
	fi
	echo "#### The v11 cover letter's claim: sockperf and dbench within 0.2–0.8%"
	echo
	awk -F'\t' '$1 == "det" && $2 != "base" && $8 != "" && ($4 == "sockperf_udp" || $4 == "sockperf_tcp" || $4 == "dbench") {
			d = ($8 - 1) * 100; if (d < 0) ad = -d; else ad = d
			what = ($5 == "throughput_mbps") ? "throughput" : "round-trip time"
			n++; printf "- %s/%s %s: %s %+.2f%% against base (%s)\n", $2, $3, $4, what, d, (ad <= 0.8 ? "within 0.8%" : "**outside 0.8%**")
			if (!($2 in tot)) ks[++nk] = $2
			tot[$2]++; if (ad <= 0.8) in8[$2]++; if (ad > mx[$2]) mx[$2] = ad
		}
		END {
			if (!n) { print "not measured yet (needs sockperf/dbench figures of base and another variant with the same stack)."; exit }
			printf "\nIn short: "
			for (i = 1; i <= nk; i++)
				printf "%s%s %d of %d within 0.8%% (largest difference %.2f%%)", (i > 1 ? "; " : ""), ks[i], in8[ks[i]], tot[ks[i]], mx[ks[i]]
			print ". The claim is about modern (the v11 series); the other kernels are shown against the same yardstick."
		}' "$out/ratios.tsv"
	echo
else
	echo "$NM (no \`build/bench/det.tsv\`: run \`make bench\`)."
	echo
fi
echo "### 2.2 Wall-clock mode (multi-threaded TCG, \`-smp 2\`, interleaved boots)"
echo
if [ -f "$bench/wall.tsv" ]; then
	tsv2csv <"$bench/wall.tsv" >"$out/bench-wall.csv"
	ratios wall "$bench/wall.tsv" 5 >>"$out/ratios.tsv"
	echo "Median [min–max] over the rounds (n per figure in \`bench-wall.csv\`), ratio of medians to base in parentheses."
	echo "Wall-clock figures under TCG move with everything else the host runs (load average at the"
	echo "start of the run in info.txt, per boot in \`runs/wall/*/loadavg-start\`): compare designs on the"
	echo "deterministic figures; these show contention (\`churn_*\`: threads creating sockets at once)."
	echo "A ratio marked † comes with a min–max range that does not overlap base's: only those differ"
	echo "by more than the spread of the rounds, and even those can be the host's doing: where the deterministic"
	echo "ratio of the same figure is 1.000 (same instructions as base), a wall-clock difference is not the design's."
	echo
	awk -F'\t' 'FNR == NR { if ($1 == "wall") r[$2 "/" $3 "\t" $4 "\t" $5] = $8; next }
		FNR == 1 { f++ } FNR > 1 && f == 1 && $1 == "base" { bmin[$2 "\t" $3 "\t" $4] = $6; bmax[$2 "\t" $3 "\t" $4] = $7 }
		FNR > 1 && f == 2 { k = $1 "/" $2 "\t" $3 "\t" $4; b = $2 "\t" $3 "\t" $4
			apart = ($1 != "base" && (b in bmin) && ($6 + 0 > bmax[b] + 0 || $7 + 0 < bmin[b] + 0)) ? "†" : ""
			print k "\t" $5 " [" $6 "–" $7 "]" (r[k] != "" ? sprintf(" (%.3f%s)", r[k], apart) : "") }' \
		"$out/ratios.tsv" "$bench/wall.tsv" "$bench/wall.tsv" | pivot
	echo
else
	echo "$NM (no \`build/bench/wall.tsv\`)."
	echo
fi
if [ -s "$out/ratios.tsv" ]; then
	{ printf 'mode\tkernel\tstack\tname\tmetric\tvalue\tbase\tratio\n'; cat "$out/ratios.tsv"; } | tsv2csv >"$out/ratios.csv"
fi
echo "### 2.3 Stacking cost against the sum of the parts (deterministic mode)"
echo
: >"$out/stack-cost.tsv"
[ -f "$bench/det.tsv" ] && stack_costs modern >"$out/stack-cost.tsv"
# Figures without modern/none (neither a figure nor a failed call) have no cost: named, not tabled.
if awk -F'\t' '$5 != "" || $15 ~ /(^| )none:/ { f = 1 } END { exit !f }' "$out/stack-cost.tsv"; then
	{ printf 'stack\tname\tmetric\tbetter\tnone\ta\tb\tab\tcost_a\tcost_b\tcost_sum\tcost_ab\toverhead\tbound\tfailed_inputs\n'
	  cat "$out/stack-cost.tsv"; } | tsv2csv >"$out/stack-cost.csv"
	echo "For each two-module stack A+B on \`modern\` (A and B in \`lsm=\` order) and headline figure, run 1 (\`stack-cost.csv\`):"
	echo "cost(X) = figure(modern/X) − figure(modern/none), where \`none\` boots no major module"
	echo "(\`lsm=capability,yama\`), and the **stacking overhead** cost(A+B) − (cost(A) + cost(B)): what A and"
	echo "B cost together beyond the sum of what each costs alone (0: stacking costs exactly its parts)."
	echo "Lower is better except for throughput: for instructions, bytes and round-trip times a positive"
	echo "cost or overhead is more work; for throughput (\`throughput_mbps\`, higher is better) a module that"
	echo "slows the workload has a negative cost, and a negative overhead is throughput the stack loses"
	echo "beyond its two parts. \`none\` and the single-module rows boot Yama, the two-module rows do not"
	echo "(\`bench-plan.txt\`; Yama hooks only ptrace, prctl and task_free); \`none\` and \`selinux\` run the"
	echo "microbenchmarks and slab alone, the other rows every workload: another workload mix, which moves"
	echo "figures by up to the reproducibility bound above."
	echo
	awk -F'\t' 'FNR == NR { u[$1 "\t" $2] = $3; next }
		function cell(v, deps,   n, q, i, w) {
			if (v != "") return v
			n = split(deps, q, " ")
			for (i = 1; i <= n; i++) if (x[q[i]] == "") {
				w = nm[q[i]]
				return (w in fail) ? "no figure (modern/" w ": " fail[w] ")" : "not measured yet (no modern/" w ")"
			}
		}
		BEGIN { print "A+B\tbenchmark\tmetric\tmodern/none\tcost(A)\tcost(B)\tcost(A) + cost(B)\tcost(A+B)\tstacking overhead" }
		$5 == "" && $15 !~ /(^| )none:/ { next }
		{	split($1, m, "+"); nm[1] = "none"; nm[2] = m[1]; nm[3] = m[2]; nm[4] = $1
			for (q = 1; q <= 4; q++) x[q] = $(q + 4)
			split("", fail); n = split($15, fl, " ")
			for (i = 1; i <= n; i++) fail[substr(fl[i], 1, index(fl[i], ":") - 1)] = substr(fl[i], index(fl[i], ":") + 1)
			ov = cell($13, "1 2 3 4")
			if ($13 != "" && $14 != "") ov = (($13 < 0 ? -$13 : $13) <= $14 + 0 ? "≈" : "") ov " (±" $14 ")"
			printf "%s\t%s\t%s (%s%s)\t%s\t%s\t%s\t%s\t%s\t%s\n", $1, $2, $3, u[$2 "\t" $3], ($4 == "higher" ? ", higher is better" : ""),
				cell(x[1], "1"), cell($9, "1 2"), cell($10, "1 3"), cell($11, "1 2 3"), cell($12, "1 4"), ov
		}' "$out/.headline" "$out/stack-cost.tsv" | md_table
	echo
	l=$(awk -F'\t' '$5 == "" && $15 !~ /(^| )none:/ && !s[$2]++ { printf "%s%s", (n++ ? ", " : ""), $2 }' "$out/stack-cost.tsv")
	[ -z "$l" ] || { echo "Not measured yet (no figure of \`modern/none\`): $l."; echo; }
	if [ "$bound" != /dev/null ]; then
		echo "The overhead adds and subtracts four figures, each of which can move by its reproducibility"
		echo "bound (above): ± is the sum of the four bounds, and **≈** marks an overhead within it: no"
		echo "measurable stacking cost."
	else
		echo "The reproducibility bound was not measured in this run: the overhead adds and subtracts four"
		echo "figures, each of which can move by up to a few percent (above); read small overheads as equal."
	fi
	echo
	res=$(awk -F'\t' '{ n = split($15, fl, " "); for (i = 1; i <= n; i++) { c = index(fl[i], ":")
			k = "modern/" substr(fl[i], 1, c - 1) " " $2 ": " substr(fl[i], c + 1); if (!(k in s)) { s[k] = 1; printf "%s; ", k } } }' "$out/stack-cost.tsv")
	if [ -n "$res" ]; then
		echo "Inputs whose call failed (timed all the same: a cost there is the module's path against the"
		echo "failing path with no module; \`error\`: the workload gave no figure): ${res%; }."
		echo
	fi
else
	echo "$NM (needs the rows \`modern\` none, A, B and A+B of \`bench-plan.txt\` in \`build/bench/det.tsv\`, which"
	echo "has no figure of \`modern/none\`: \`analysis/bench.sh --mode det modern:none modern:smack ...\`)."
	echo
fi
} >>"$R"

# ---------------------------------------------------------------- prefixes
# prefix_table TSV FIGS [STACK]: analysis/bench-prefixes.sh's prefixes.tsv
# -> a markdown table, one row per prefix, one column per stack (or STACK
# alone) and figure of FIGS (PREFIX_FIGS_modern or _legacy): run 1 and its
# change from the prefix before; "≈" marks a change of an instruction
# figure within twice the reproducibility bound (bound-summary.tsv, or
# /dev/null: no verdict) of the figure's workload, else the overall one.
# Bytes per object are slab counts, not instructions: no bound applies.
# modern changes the interfaces (SO_PEERSEC, attr/current, SO_PEERCONTEXT)
# and the socket blob; legacy chains the blob of every object, so its
# figures are one path per object: socket, file, inode, msg_msg, cred/task.
PREFIX_FIGS_modern="getsockopt_peersec:ns_per_op:SO_PEERSEC|attr_current_read:ns_per_op:attr/current|getsockopt_peercontext:ns_per_op:SO_PEERCONTEXT|socket_inet_tcp:ns_per_op:TCP socket()+close()|slab_inet_tcp:bytes_per_socket:B per TCP socket"
PREFIX_FIGS_legacy="socket_inet_tcp:ns_per_op:TCP socket()+close()|slab_inet_tcp:bytes_per_socket:B per TCP socket|file_open_close:ns_per_op:open()+close()|slab_file:bytes_per_object:B per file|file_stat:ns_per_op:stat()|msg_sndrcv:ns_per_op:msgsnd()+msgrcv()|attr_current_read:ns_per_op:attr/current|fork_exit:ns_per_op:fork()+exit()"
prefix_table() {
	awk -F'\t' -v figs="$2" -v only="${3:-}" '
		FILENAME == ARGV[1] { if (FNR > 1) b[$1] = $3; next }
		FNR == 1 { next }
		{ if (!($2 in seenp)) { seenp[$2] = 1; P[++np] = $2; subj[$2] = $4 }
		  if ($5 != "-" && (only == "" || $5 == only) && !($5 in seens)) { seens[$5] = 1; S[++ns] = $5 }
		  v[$2, $5, $6, $7] = $8; ok[$2, $5, $6, $7] = $9 }
		END {
			n = split(figs, F, "|")
			h = "prefix\tpatch"
			for (s = 1; s <= ns; s++) for (i = 1; i <= n; i++) { split(F[i], f, ":"); h = h "\t" S[s] ": " f[3] }
			print h "\tvmlinux text (bytes)"
			for (p = 1; p <= np; p++) {
				t = subj[P[p]]; if (length(t) > 60) t = substr(t, 1, 57) "..."
				l = P[p] "\t" t
				for (s = 1; s <= ns; s++) for (i = 1; i <= n; i++) {
					split(F[i], f, ":"); k = P[p] SUBSEP S[s] SUBSEP f[1] SUBSEP f[2]
					if (!(k in v)) { l = l "\t–"; continue }
					c = v[k]; if (ok[k] != "yes") c = c " (runs differ)"
					kp = P[p - 1] SUBSEP S[s] SUBSEP f[1] SUBSEP f[2]
					if (p > 1 && (kp in v)) {
						d = v[k] - v[kp]; w = f[1]; sub(/_.*/, "", w)
						u = (f[1] in b) ? b[f[1]] : ((w in b) ? b[w] : (("all" in b) ? b["all"] : ""))
						e = (f[2] == "ns_per_op" && u != "" && (d < 0 ? -d : d) <= 2 * u / 100 * v[kp]) ? "≈" : ""
						c = c sprintf(" (%s%+.1f)", e, d)
					}
					l = l "\t" c
				}
				k = P[p] SUBSEP "-" SUBSEP "vmlinux" SUBSEP "text"
				print l "\t" ((k in v) ? v[k] : "–")
			}
		}' "$bound" "$1" | md_table
}
# prefix_plot SERIES TSV: instructions per operation against patches
# applied, one panel per ns_per_op figure of PREFIX_FIGS_SERIES.
prefix_plot() {
	local s=$1 f=$2 panels="" mi=0 st nst fig zero figs
	st=$(awk -F'\t' 'NR > 1 && $5 != "-" && !s[$5]++ { print $5 }' "$f")
	nst=$(wc -l <<<"$st")
	zero=base; [ "$s" = modern ] || zero=modern
	figs=PREFIX_FIGS_$s
	: >"$out/prefixes-$s.dat"
	while IFS= read -r fig; do
		fig=${fig/:ns_per_op:/:}
		# A figure no prefix has gets no panel (gnuplot fails on an empty one).
		awk -F'\t' -v n="${fig%%:*}" 'NR > 1 && $6 == n && $7 == "ns_per_op" { f = 1 } END { exit !f }' "$f" || continue
		for k in $st; do
			awk -F'\t' -v k="$k" -v n="${fig%%:*}" 'NR > 1 && $5 == k && $6 == n && $7 == "ns_per_op" { print $2 "\t" $8 }' "$f" |
				dat_block "$out/prefixes-$s.dat" "$k ${fig%%:*}"
		done
		panels+=$(panel "$out/prefixes-$s.dat" $mi "$nst" "${fig#*:}" 0.6)$'\n'
		mi=$((mi + 1))
	done < <(tr '|' '\n' <<<"${!figs}" | grep ':ns_per_op:')
	[ $mi -gt 0 ] || return 1
	multiplot_gp "prefixes-$s" "1300,$(( mi > 4 ? 1200 : 820 ))" "$(tr '\n' ' ' <<<"$st")" "$(( (mi + 1) / 2 )),$(( mi > 1 ? 2 : 1 ))" \
		"$s: instructions per operation against patches applied (0 = $zero; deterministic mode)" \
		"set xlabel \"patches applied\"
set ylabel \"instructions per operation\"
set xtics 2
set xrange [-0.5:$(awk -F'\t' 'NR > 1 && $2 + 0 > m { m = $2 + 0 } END { print m + 0.5 }' "$f")]" "$panels"
	plot "prefixes-$s"
}
{
echo "### 2.4 The cost of each patch (\`analysis/bench-prefixes.sh\`, \`make bench-prefixes\`)"
echo
pdir=${PREFIX_DIR:-$BUILD/bench-prefixes}
any=0
for s in modern legacy; do
	f=$pdir/$s/prefixes.tsv
	[ -s "$f" ] && [ "$(wc -l <"$f")" -gt 1 ] || continue
	any=1
	tsv2csv <"$f" >"$out/prefixes-$s.csv"
	np=$(awk -F'\t' 'NR > 1 && !p[$2]++ { n++ } END { print n + 0 }' "$f")
	zero="base"; [ "$s" = modern ] || zero="modern (the whole modern series)"
	echo "**$s** (\`prefixes-$s.csv\`, $np prefixes measured): the bench kernel of every prefix of the"
	echo "series, booted twice in deterministic mode with the microbenchmarks and slab (one initramfs for"
	echo "all); run 1 and, in brackets, the change from the row above (**≈**: an instruction figure within"
	echo "twice the reproducibility bound of §2.1, no measurable change on its own; bytes per object are"
	echo "slab counts and take no bound). Prefix 0 is $zero."
	echo
	figs=PREFIX_FIGS_$s
	if [ "$s" = modern ]; then
		prefix_table "$f" "${!figs}"
		echo
	else
		# Eight figures per stack: one table per stack.
		for st in $(awk -F'\t' 'NR > 1 && $5 != "-" && !s[$5]++ { print $5 }' "$f"); do
			echo "$s with **$st**:"
			echo
			prefix_table "$f" "${!figs}" "$st"
			echo
		done
	fi
	if prefix_plot "$s" "$f"; then echo "![$s: cost of each patch](prefixes-$s.svg)"; echo; fi
done
[ $any = 1 ] || { echo "$NM (\`make bench-prefixes\` writes \`build/bench-prefixes/{modern,legacy}/prefixes.tsv\`)."; echo; }
} >>"$R"

# ---------------------------------------------------------------- three majors
# third_major DET: the arbitrary rows of bench-plan.txt -> name metric, the
# figure (run 1) of each two-major stack and of all three, what each third
# module adds, and modern's smack+apparmor beside arbitrary's.
THREE_STACKS="smack+apparmor selinux+apparmor selinux+smack selinux+smack+apparmor"
third_major() {
	awk -F'\t' -v stacks="$THREE_STACKS" '
		FNR == NR { h[$1 "\t" $2] = 1; ord[++no] = $1 "\t" $2; next }
		FNR == 1 { next }
		$1 == "arbitrary" && (($3 "\t" $4) in h) { v[$2, $3 "\t" $4] = $5 }
		$1 == "modern" && $2 == "smack+apparmor" && (($3 "\t" $4) in h) { m[$3 "\t" $4] = $5 }
		END {
			ns = split(stacks, S, " ")
			for (o = 1; o <= no; o++) {
				k = ord[o]; l = k; ok = 1
				for (i = 1; i <= ns; i++) { if (!((S[i], k) in v)) ok = 0; l = l "\t" v[S[i], k] }
				if (!ok) continue
				t = v[S[4], k]
				# what SELinux, Smack, AppArmor add to the other two
				l = l "\t" (t - v[S[1], k]) "\t" (t - v[S[2], k]) "\t" (t - v[S[3], k])
				print l "\t" ((k in m) ? m[k] : "")
			}
		}' "$out/.headline" "$1"
}
{
echo "### 2.5 The third major module: SELinux, Smack and AppArmor at once (\`arbitrary\`, deterministic mode)"
echo
: >"$out/third-major.tsv"
[ -f "$bench/det.tsv" ] && third_major "$bench/det.tsv" >"$out/third-major.tsv"
if [ -s "$out/third-major.tsv" ]; then
	{ printf 'name\tmetric\tsmack_apparmor\tselinux_apparmor\tselinux_smack\tselinux_smack_apparmor\tadd_selinux\tadd_smack\tadd_apparmor\tmodern_smack_apparmor\n'
	  cat "$out/third-major.tsv"; } | tsv2csv >"$out/third-major.csv"
	echo "The \`arbitrary\` bench kernel (modern + blobs + \`modern-series/arbitrary/\`) booted with each two of"
	echo "the three majors and with all three (\`bench-plan.txt\`), run 1 (\`third-major.csv\`). **+M** is what"
	echo "module M adds to the other two: figure(all three) − figure(the two without M). The last column is"
	echo "modern's smack+apparmor (another build: figures move by up to the cross-build bound above), beside"
	echo "arbitrary's, for what the series costs a two-major stack."
	echo
	awk -F'\t' 'FNR == NR { u[$1 "\t" $2] = $3; next }
		BEGIN { print "benchmark\tmetric\tsmack+apparmor\tselinux+apparmor\tselinux+smack\tall three\t+SELinux\t+Smack\t+AppArmor\tmodern smack+apparmor" }
		{ printf "%s\t%s (%s)\t%s\t%s\t%s\t%s\t%+g\t%+g\t%+g\t%s\n", $1, $2, u[$1 "\t" $2], $3, $4, $5, $6, $7, $8, $9, ($10 == "" ? "–" : $10) }' \
		"$out/.headline" "$out/third-major.tsv" | md_table
	echo
else
	echo "$NM (needs the \`arbitrary\` rows of \`bench-plan.txt\` in \`build/bench/det.tsv\`:"
	echo "\`analysis/bench.sh --mode det --build arbitrary:smack+apparmor arbitrary:selinux+apparmor ...\`)."
	echo
fi
} >>"$R"

# ---------------------------------------------------------------- one module
# boot_identity COND: of the det.tsv records on stdin (kernel, stack, name,
# metric, run1, run2, same; header lines skipped) that match the awk
# condition COND, are both boots of each row the same?  A phrase for the text.
boot_identity() {
	local n
	n=$(awk -F'\t' "\$1 != \"kernel\" && ($1) && \$7 != \"yes\"" | wc -l)
	if [ "$n" -eq 0 ]; then
		echo "every figure identical in the two boots of its row"
	else
		echo "**$n figures differ between the two boots of their row**"
	fi
}
# iter_counts DIR: the iteration counts bench-iters.sh measured (DIR/N/det.tsv).
iter_counts() {
	local d n
	for d in "$1"/*/; do
		n=$(basename "$d")
		[[ $n =~ ^[0-9]+$ ]] && [ -s "$d/det.tsv" ] && echo "$n"
	done
	return 0
}
# single_module DIR: the ns_per_op figures (run 1) of base and modern in
# DIR/N/det.tsv for every iteration count N -> stack name iters base modern
# delta ratio (analysis/bench-iters.sh).
single_module() {
	local d n
	for n in $(iter_counts "$1"); do
		d=$1/$n
		awk -F'\t' -v n="$n" 'FNR > 1 && $4 == "ns_per_op" && ($1 == "base" || $1 == "modern") && $5 + 0 > 0 {
				v[$1, $2, $3] = $5; if (!(($2, $3) in seen)) { seen[$2, $3] = 1; ord[++k] = $2 SUBSEP $3 } }
			END { for (i = 1; i <= k; i++) { split(ord[i], a, SUBSEP)
				if (!(("base", a[1], a[2]) in v) || !(("modern", a[1], a[2]) in v)) continue
				b = v["base", a[1], a[2]]; m = v["modern", a[1], a[2]]
				printf "%s\t%s\t%s\t%s\t%s\t%.1f\t%.4f\n", a[1], a[2], n, b, m, m - b, m / b } }' "$d/det.tsv"
	done | sort -t$'\t' -k1,1 -k2,2 -k3,3n
}
# single_module_ratios TSV (single_module's output) -> stack name ratio:
# 1 + the median delta over the median base figure across the counts (ten
# decimals: the goals are checked on this, the tables round to four).
single_module_ratios() {
	awk -F'\t' 'function median(a, m,   i, j, t) {
			for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
			return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
		{ k = $1 SUBSEP $2; if (!(k in c)) ord[++n] = k; c[k]++; b[k, c[k]] = $4; d[k, c[k]] = $6 }
		END { for (i = 1; i <= n; i++) { k = ord[i]; split(k, a, SUBSEP); delete x; delete y
				for (j = 1; j <= c[k]; j++) { x[j] = b[k, j]; y[j] = d[k, j] }
				mb = median(x, c[k]); printf "%s\t%s\t%.10f\n", a[1], a[2], 1 + median(y, c[k]) / mb } }' "$1"
}
# single_module_throughput DET: the throughput workloads' figures (run 1) of
# base and modern in DET (analysis/bench-iters.sh's DIR/throughput/det.tsv)
# -> stack workload metric base modern cost, cost = modern / base for a
# round-trip time, base / modern for a throughput (above 1: modern is
# slower).  A workload that failed on either kernel has no figure.
single_module_throughput() {
	awk -F'\t' 'FNR > 1 && ($1 == "base" || $1 == "modern") &&
			(($3 ~ /^sockperf_/ && $4 == "rtt_avg_usec") || ($3 ~ /^[dt]bench$/ && $4 == "throughput_mbps")) && $5 + 0 > 0 {
			v[$1, $2, $3] = $5; m[$2, $3] = $4; if (!(($2, $3) in seen)) { seen[$2, $3] = 1; ord[++k] = $2 SUBSEP $3 } }
		END { for (i = 1; i <= k; i++) { split(ord[i], a, SUBSEP)
			if (!(("base", a[1], a[2]) in v) || !(("modern", a[1], a[2]) in v)) continue
			b = v["base", a[1], a[2]]; x = v["modern", a[1], a[2]]
			printf "%s\t%s\t%s\t%s\t%s\t%.4f\n", a[1], a[2], m[a[1], a[2]], b, x, m[a[1], a[2]] == "rtt_avg_usec" ? x / b : b / x } }' "$1" |
		sort -t$'\t' -k1,1 -k2,2
}
{
echo "### 2.6 One module: modern against base at several iteration counts (issue 16)"
echo
echo "These are amortised means (\`ns_per_op\`). Issue 16's goals (1.01, 1.002) are"
echo "smaller than what such figures resolve: §2.7 measures how far they move with layout"
echo "and workload alone, and compares path costs instead. Read a ratio below as a difference"
echo "only where §2.7 says its interval excludes none."
echo
idir=${ITERS_DIR:-$BUILD/bench-iters}
: >"$out/single-module.tsv"
[ -d "$idir" ] && single_module "$idir" >"$out/single-module.tsv"
if [ -s "$out/single-module.tsv" ]; then
	{ printf 'stack\tname\titers\tbase\tmodern\tdelta\tratio\n'; cat "$out/single-module.tsv"; } | tsv2csv >"$out/single-module.csv"
	counts=$(cut -f3 "$out/single-module.tsv" | sort -nu | paste -sd/ -)
	same=$(for n in $(iter_counts "$idir"); do cat "$idir/$n/det.tsv"; done |
		boot_identity '$4 == "ns_per_op" && ($1 == "base" || $1 == "modern")')
	echo "\`analysis/bench-iters.sh\`: the base and modern bench kernels with AppArmor alone and Smack alone,"
	echo "microbenchmarks in deterministic mode, once with each iteration count ($counts; $same)."
	echo "Within a count a figure is exact; across counts it moves"
	echo "with where the timer ticks and deferred frees fall in the loop. Δ = modern − base in instructions"
	echo "per operation at each count; **ratio** = 1 + median Δ / median base figure across the counts (what"
	echo "most counts agree on: a cost that is code shows at every count, a tick or a deferred free that"
	echo "lands in one count's loop does not); issue 16's goal is ≤ 1.01 (\`single-module.csv\`, also with no"
	echo "major module)."
	echo
	single_module_ratios "$out/single-module.tsv" >"$out/.single-ratio"
	awk -F'\t' 'FNR == NR { r[$1, $2] = $3; next }
		{ k = $2; if (!(k in seen)) { seen[k] = 1; ord[++n] = k }
			d[$1, k] = d[$1, k] (d[$1, k] == "" ? "" : " / ") sprintf("%+.1f", $6) }
		END { print "benchmark\tAppArmor Δ\tAppArmor ratio\tSmack Δ\tSmack ratio"
			split("apparmor smack", S, " ")
			for (i = 1; i <= n; i++) { k = ord[i]; l = k
				for (j = 1; j <= 2; j++) { s = S[j]
					if ((s, k) in r) l = l "\t" d[s, k] "\t" sprintf("%.4f%s", r[s, k], r[s, k] > 1.01 ? " **>1.01**" : "")
					else l = l "\t–\t–" }
				print l } }' "$out/.single-ratio" "$out/single-module.tsv" | md_table
	echo
	awk -F'\t' '$1 == "apparmor" || $1 == "smack" { t++; if ($3 <= 1.01) ok++ }
		END { printf "%d of %d single-module figures within 1.01 of base.\n", ok, t }' "$out/.single-ratio"
	echo
	# Issue 16 holds the socket and file paths to 1.002 (sockets, TCP,
	# open/stat/read, and a pipe's read and write through the file hooks).
	awk -F'\t' '($1 == "apparmor" || $1 == "smack") && $2 ~ /^(socket_|socketpair_|tcp_|file_|pipe_)/ {
			t++; if ($3 <= 1.002) ok++; else over = over sprintf("%s%s %s %.4f", over == "" ? "" : ", ", $1, $2, $3) }
		END { if (t) printf "%d of %d socket and file figures within 1.002 of base%s.\n\n", ok, t, over == "" ? "" : " (over: " over ")" }' "$out/.single-ratio"
fi
tdet=$idir/throughput/det.tsv
: >"$out/single-module-throughput.tsv"
[ -s "$tdet" ] && single_module_throughput "$tdet" >"$out/single-module-throughput.tsv"
if [ -s "$out/single-module-throughput.tsv" ]; then
	{ printf 'stack\tworkload\tmetric\tbase\tmodern\tcost\n'; cat "$out/single-module-throughput.tsv"; } |
		tsv2csv >"$out/single-module-throughput.csv"
	same=$(boot_identity 1 <"$tdet")
	echo "Throughput workloads (\`analysis/bench-iters.sh\`, \`throughput/\`: sockperf UDP and TCP round-trip"
	echo "time, dbench and tbench throughput; one pair of boots per row, $same)."
	echo "**cost** = modern / base for a round-trip time, base / modern for a throughput (above 1: modern is"
	# The stack/workload pairs booted but without a figure on both kernels.
	missing=$(awk -F'\t' 'FNR == NR { have[$1 "\t" $2] = 1; next }
		FNR > 1 && ($1 == "base" || $1 == "modern") && !(($2 "\t" $3) in have) && !seen[$2, $3]++ {
			printf "%s%s %s", n++ ? ", " : "", $2, $3 }' "$out/single-module-throughput.tsv" "$tdet")
	why=
	case ", $missing," in *", smack sockperf_tcp,"*)
		why="; Smack refuses sockperf TCP's \`sendto()\` on a connected socket" ;;
	esac
	echo "slower); issue 16's goal is ≤ 1.002 (\`single-module-throughput.csv\`). A workload that fails on"
	echo "either kernel has no row${missing:+ (here: $missing$why)}."
	echo
	awk -F'\t' 'BEGIN { print "workload\tmetric\tstack\tbase\tmodern\tcost" }
		{ printf "%s\t%s\t%s\t%s\t%s\t%.4f%s\n", $2, $3, $1, $4, $5, $6, ($6 > 1.002 ? " **>1.002**" : "") }' \
		"$out/single-module-throughput.tsv" | md_table
	echo
	awk -F'\t' '{ t++; if ($6 <= 1.002) ok++ }
		END { printf "%d of %d single-module throughput figures within 1.002 of base.\n", ok, t }' "$out/single-module-throughput.tsv"
	echo
fi
if [ ! -s "$out/single-module.tsv" ] && [ ! -s "$out/single-module-throughput.tsv" ]; then
	echo "$NM (\`analysis/bench-iters.sh\` writes \`build/bench-iters/N/det.tsv\`)."
	echo
fi
fd=$idir/fn-diff.txt
if [ -s "$fd" ] && grep -q '^fn-diff: ' "$fd"; then
	{ printf 'status\tfunction\tbase_instructions\tmodern_instructions\n'; awk '!/^fn-diff: /' "$fd"; } |
		tsv2csv >"$out/fn-diff.csv"
	echo "Functions whose instructions differ between the two bench kernels (\`analysis/fn-diff.sh\`: \`objdump -d\`"
	echo "of both vmlinux, every address written as the symbol it falls in, padding after a function left out;"
	echo "\`fn-diff.csv\`): **$(tail -n1 "$fd" | sed 's/^fn-diff: //')**. A figure that moves while no function on"
	echo "its path is listed runs the same instructions on the same objects in both kernels (one blind spot: a"
	echo "reference to data no symbol covers, such as a string literal, reads as \`<data>\` whichever it is)."
	echo
	echo "<details><summary>The functions</summary>"
	echo
	awk -F'\t' 'NF == 4 { l[$1] = l[$1] (l[$1] == "" ? "" : ", ") "`" $2 "`" }
		END { for (s in l) print s "\t" l[s] }' "$fd" | sort |
		awk -F'\t' '{ printf "- %s: %s\n", $1, $2 }'
	echo
	echo "</details>"
	echo
fi
} >>"$R"

# ------------------------------------------------------------ resolution
# Section 2.7 (issue 35): analysis/resolution.sh's figures, written by
# analysis/report_resolution.py (CSV read by column name).
"$TOP/analysis/report_resolution.py" "$resolution" "$out" >>"$R"

# ------------------------------------------------------- wall against det
# Section 2.8 (issue 35): how far the two modes' ratios agree, written by
# analysis/report_walldet.py from ratios.csv and bench-wall.csv.
"$TOP/analysis/report_walldet.py" "$out/ratios.csv" "$out/bench-wall.csv" "$out" >>"$R"

# ---------------------------------------------------------------- memory
{
echo "## 3. Memory: slab bytes per object (10,000 sockets, files or open files; 500 processes)"
echo
if [ -f "$bench/det.tsv" ] && grep -q $'\tslab_' "$bench/det.tsv"; then
	echo "Sum of active_objs × objsize over every cache in \`/proc/slabinfo\` (after shrinking"
	echo "every cache), after minus before opening the sockets (creating the tmpfs files, opening"
	echo "one file, forking the processes), divided by their number; allocations = slab objects"
	echo "per socket, file, open file or process (\`cred\`: everything a sleeping process costs, not"
	echo "only its cred). Deterministic mode, run 1. \`slab.csv\` also"
	echo "has /proc/meminfo's Slab difference per socket (page granularity: noisy, can be negative)."
	echo
	awk -F'\t' -v sre="$SYNTH_RE" 'NR > 1 && $1 !~ sre && $3 ~ /^slab_/ && $4 ~ /^(bytes|objs|meminfo_bytes)_per_(socket|object)$/ {
			printf "%s\t%s\t%s\t%s\t%s\n", $1, $2, substr($3, 6), $4, $5 }' "$bench/det.tsv" >"$out/slab.tsv"
	{ printf 'kernel\tstack\tsockets\tmetric\tvalue\n'; cat "$out/slab.tsv"; } | tsv2csv >"$out/slab.csv"
	awk -F'\t' '{ k = $1 "/" $2 "\t" $3; if (!(k in seen)) { seen[k] = 1; ord[++n] = k } v[k, $4] = $5 }
		END { print "kernel/stack\tobjects\tbytes per object\tallocations per object"
			for (i = 1; i <= n; i++) printf "%s\t%s\t%s\n", ord[i], v[ord[i], "bytes_per_socket"] v[ord[i], "bytes_per_object"],
				v[ord[i], "objs_per_socket"] v[ord[i], "objs_per_object"] }' \
		"$out/slab.tsv" | md_table
	echo
	echo "Caches that grow by at least one object per 100 sockets, TCP sockets:"
	echo
	awk -F'\t' -v sre="$SYNTH_RE" 'NR > 1 && $1 !~ sre && $3 ~ /^slabcache_inet_tcp:/ && $4 == "bytes_per_socket" {
			c = $3; sub(/^slabcache_inet_tcp:/, "", c); k = $1 "/" $2
			if (!(k in seen)) { seen[k] = 1; ks[++nk] = k } if (!(c in sc)) { sc[c] = 1; cs[++ncs] = c } v[c, k] = $5 }
		END { h = "cache (bytes per socket)"; for (j = 1; j <= nk; j++) h = h "\t" ks[j]; print h
			for (i = 1; i <= ncs; i++) { l = cs[i]; for (j = 1; j <= nk; j++) l = l "\t" (((cs[i], ks[j]) in v) ? v[cs[i], ks[j]] : "–"); print l } }' \
		"$bench/det.tsv" | md_table
else
	echo "$NM (no slab figures in \`build/bench/det.tsv\`)."
fi
echo
} >>"$R"

# ------------------------------------------------------ cost vs modules
# The synthetic figures: benchmark<TAB>metric<TAB>label<TAB>unit
synth_measures() {
	cat <<'EOF'
socket_inet_tcp	ns_per_op	TCP socket()+close()	instructions
socket_unix_stream	ns_per_op	unix socket()+close()	instructions
getsockopt_peersec	ns_per_op	getsockopt(SO_PEERSEC), one accessor call per module	instructions
tcp_connect_accept	ns_per_op	TCP connect+accept+close	instructions
tcp_pingpong	ns_per_op	TCP ping-pong, one byte each way	instructions
file_open_close	ns_per_op	open()+close() of a tmpfs file	instructions
file_stat	ns_per_op	stat() of a tmpfs file	instructions
file_read_4k	ns_per_op	pread() of 4 KiB	instructions
fork_exit	ns_per_op	fork()+_exit()+waitpid()	instructions
fork_exec	ns_per_op	fork()+execve()+waitpid()	instructions
pipe_roundtrip	ns_per_op	pipe round trip	instructions
msg_sndrcv	ns_per_op	SysV msgsnd()+msgrcv()	instructions
shm_attach	ns_per_op	SysV shmat()+shmdt()	instructions
slab_inet_tcp	bytes_per_socket	slab bytes per TCP socket	bytes
slab_inet_tcp	objs_per_socket	slab allocations per TCP socket	allocations
slab_inode	bytes_per_object	slab bytes per tmpfs inode	bytes
slab_file	bytes_per_object	slab bytes per open file	bytes
slab_cred	bytes_per_object	slab bytes per process	bytes
EOF
}
# synth_vs_real: section 4.1's 1- and 2-module points (apparmor,
# smack+apparmor on VARIANT:synth) beside the same stacks on the real
# VARIANT kernel, and what differs between the two measurements.
synth_vs_real() {
	local t
	t=$(awk -F'\t' -v sre="$SYNTH_RE" 'FNR == NR { lab[$1 "\t" $2] = $3 " (" $4 ")"; ord[++no] = $1 "\t" $2; next }
		FNR > 1 && ($2 == "apparmor" || $2 == "smack+apparmor") && (($3 "\t" $4) in lab) && $5 ~ /^-?[0-9.]+$/ {
			v[$1, $2, $3 "\t" $4] = $5; if ($1 ~ sre && !(($1) in sk)) { sk[$1] = 1; ks[++nk] = $1 } }
		END {
			print "measure\tkernel\tstack\tSYNTHETIC kernel\treal kernel\tdifference"
			for (o = 1; o <= no; o++) for (j = 1; j <= nk; j++) for (s = 1; s <= 2; s++) {
				st = (s == 1) ? "apparmor" : "smack+apparmor"; k = ks[j]; r = k; if (!sub(/:synth$/, "", r)) sub(/:synth-/, ":", r)
				if (!((k, st, ord[o]) in v) || !((r, st, ord[o]) in v)) continue
				a = v[k, st, ord[o]]; b = v[r, st, ord[o]]
				printf "%s\t%s\t%s\t%s\t%s\t%+.1f (%+.1f%%)\n", lab[ord[o]], r, st, a, b, a - b, b ? 100 * (a - b) / b : 0
			} }' "$out/.synthm" "$bench/det.tsv")
	[ "$(wc -l <<<"$t")" -gt 1 ] || return 0
	echo "The 1- and 2-module points are measured again on the real kernels (section 2, \`apparmor\`"
	echo "and \`smack+apparmor\` rows). The two are different measurements of the same stack: the"
	echo "SYNTHETIC rows run $(iters_of '~') microbenchmark iterations ($(iters_of '!~') on the real kernels), so a"
	echo "call's fixed setup and the timer ticks in its loop are spread differently, and the SYNTHETIC"
	echo "kernel is another build (four more LSMs compiled in, not active: code and data placed"
	echo "elsewhere). Compare the points of one kernel with each other, not across the two kernels:"
	echo
	md_table <<<"$t"
	echo
}
# iters_of '~'|'!~': the microbenchmark iterations of the SYNTHETIC rows
# (~) or of the others (!~), as det.tsv's iters figures give them.
iters_of() {
	awk -F'\t' -v sre="$SYNTH_RE" "NR > 1 && \$1 $1 sre && \$4 == \"iters\" && \$5 > 0 { print \$5 }" "$bench/det.tsv" |
		sort -nu | paste -sd/
}
{
echo "## 4. Cost as the work grows: modules holding socket blobs"
echo
# Modules holding socket blobs in a stack: its '+'-separated modules
# (apparmor, smack, selinux, synthN all hold one); none for stack none.
if [ -f "$bench/det.tsv" ]; then
	awk -F'\t' -v sre="$SYNTH_RE" 'NR > 1 && $1 !~ sre && $4 == "ns_per_op" && ($3 == "socket_inet_tcp" || $3 == "socket_unix_stream" || $3 == "getsockopt_peersec") {
			n = ($2 == "none") ? 0 : split($2, m, "+"); printf "%s\t%s\t%d\t%s\t%s\n", $1, $2, n, $3, $5 }' "$bench/det.tsv" >"$out/modules.tsv"
fi
if [ -s "$out/modules.tsv" ]; then
	{ printf 'kernel\tstack\tmodules_with_socket_blobs\tname\tns_per_op\n'; cat "$out/modules.tsv"; } | tsv2csv >"$out/modules.csv"
	echo "Instructions per operation (deterministic mode) against the number of modules that"
	echo "hold socket blobs in the stack (0: none; 1: one of apparmor, smack, selinux; 2: two of them):"
	echo
	{ printf 'kernel/stack\tmodules\tbenchmark\tinstructions per op\n'; awk -F'\t' '{ printf "%s/%s\t%s\t%s\t%s\n", $1, $2, $3, $4, $5 }' "$out/modules.tsv"; } | md_table
	echo
fi
echo "### 4.1 Beyond two modules: SYNTHETIC modules"
echo
if [ -f "$bench/det.tsv" ] && awk -F'\t' -v sre="$SYNTH_RE" '$1 ~ sre { f = 1 } END { exit !f }' "$bench/det.tsv"; then
	synth_measures >"$out/.synthm"
	awk -F'\t' -v sre="$SYNTH_RE" 'FNR == NR { want[$1 "\t" $2] = 1; next }
		FNR > 1 && $1 ~ sre && (($3 "\t" $4) in want) && $5 ~ /^-?[0-9.]+$/ {
			n = split($2, m, "+"); printf "%s\t%s\t%d\t%s\t%s\t%s\n", $1, $2, n, $3, $4, $5 }' \
		"$out/.synthm" "$bench/det.tsv" >"$out/synth.tsv"
	{ printf 'kernel\tstack\tmodules\tname\tmetric\tvalue\n'; cat "$out/synth.tsv"; } | tsv2csv >"$out/synthetic-modules.csv"
	echo "**SYNTHETIC.** Kernels \`VARIANT:synth\` are the variant plus the SYNTHETIC modules"
	echo "synth1..synth4 of \`analysis/synthetic/\` (benchmarks only: they enforce nothing). Each holds a"
	echo "blob on every object type (cred, task, inode, file, superblock, IPC object, message, socket),"
	echo "as large as the largest real module's there, and reads it where the real modules read theirs:"
	echo "the current cred's and the object's in the file, exec, IPC and socket access hooks."
	echo "\`legacy:synth-rcu\` is the same on legacy's RCU read side. Every point is measured on one"
	echo "kernel: 1 = apparmor, 2 = smack+apparmor, 3, 4, 6 = smack+apparmor plus 1, 2, 4 SYNTHETIC"
	echo "modules. Deterministic mode, run 1 (\`synthetic-modules.csv\`)."
	echo
	awk -F'\t' 'FNR == NR { lab[$1 "\t" $2] = $3 " (" $4 ")"; ord[++no] = $1 "\t" $2; next }
		{ key = $4 "\t" $5; k = $1; if (!((key, k) in seenk)) { seenk[key, k] = 1; ks[key] = ks[key] " " k }
		  if (!($3 in seenn)) { seenn[$3] = 1; ns[++nn] = $3 } v[key, k, $3] = $6 }
		END {
			for (i = 1; i <= nn; i++) for (j = i + 1; j <= nn; j++) if (ns[j] + 0 < ns[i] + 0) { t = ns[i]; ns[i] = ns[j]; ns[j] = t }
			h = "SYNTHETIC: measure\tkernel"; for (i = 1; i <= nn; i++) h = h "\t" ns[i] " module" (ns[i] == 1 ? "" : "s"); h = h "\tper module beyond 2\tstep per module"; print h
			for (o = 1; o <= no; o++) {
				key = ord[o]; nk = split(ks[key], kk, " ")
				for (j = 1; j <= nk; j++) {
					l = lab[key] "\t" kk[j]; lo = ""; hi = ""; nhi = 0
					for (i = 1; i <= nn; i++) {
						c = ((key, kk[j], ns[i]) in v) ? v[key, kk[j], ns[i]] : "–"; l = l "\t" c
						if (ns[i] == 2 && c != "–") lo = c
						if (ns[i] > 2 && c != "–") { hi = c; nhi = ns[i] }
					}
					l = l "\t" ((lo != "" && hi != "") ? sprintf("%+.1f", (hi - lo) / (nhi - 2)) : "–")
					# The shape: the cost of each added module from 2 on,
					# (figure(n) - figure(previous n)) / (n - previous n).
					st = ""; pv = ""; pn = 0
					for (i = 1; i <= nn; i++) {
						c = ((key, kk[j], ns[i]) in v) ? v[key, kk[j], ns[i]] : ""
						if (c == "" || ns[i] < 2) continue
						if (pv != "") st = st (st == "" ? "" : ", ") sprintf("%d→%d: %+.1f", pn, ns[i], (c - pv) / (ns[i] - pn))
						pv = c; pn = ns[i]
					}
					l = l "\t" (st == "" ? "–" : st)
					print l
				}
			}
		}' "$out/.synthm" "$out/synth.tsv" | md_table
	echo
	echo "\"per module beyond 2\": (figure with the most modules − figure with 2) / (modules − 2), the"
	echo "average. \"step per module\": the same between neighbouring points (2→3, 3→4, 4→6), the"
	echo "curve's shape: equal steps are a linear cost, growing steps a superlinear one. In legacy every"
	echo "module finds its node by walking the chain from its head, in its accessor and again in its"
	echo "free hook (\`security_del_value()\`), so an operation every module does once walks"
	echo "1 + 2 + … + n nodes: its cost has a term in the square of the number of modules, whose size"
	echo "at these points the steps show."
	echo
	synth_vs_real
else
	echo "$NM (no \`VARIANT:synth\` rows in \`build/bench/det.tsv\`: \`analysis/bench.sh --build modern:synth:apparmor ...\`, see \`analysis/synthetic/README.md\`)."
fi
echo
} >>"$R"

# -------------------------------------------------------- design table
size_of() {	# size_of KERNEL: text data bss of its bench vmlinux (VARIANT or VARIANT:FLAVOUR)
	local k=${1//:/_} v=${1%%:*} f var o
	var=VMLINUX_${k//-/_}
	o=$LINUX/O-$v-bench; case $1 in *:*) o=$o-$v-${1#*:} ;; esac
	f=${!var:-$o/vmlinux}
	[ -f "$f" ] && size "$f" | awk 'NR == 2 { printf "%s\t%s\t%s", $1, $2, $3 }'
}
lines_of() {	# lines_of VARIANT: "+A -D in F files" against its parent
	local p
	case $1 in modern) p=base ;; legacy) p=modern ;; *) return ;; esac
	[ -n "$(branch "$1")" ] && [ -n "$(branch "$p")" ] || return
	git -C "$LINUX" diff --shortstat "$p..$1" | awk '{ f = $1; a = 0; d = 0
		for (i = 1; i <= NF; i++) { if ($i ~ /^insertion/) a = $(i - 1); if ($i ~ /^deletion/) d = $(i - 1) }
		printf "+%d −%d in %d files", a, d, f }'
}
det_val() {	# det_val KERNEL STACK NAME METRIC: run 1, "(error path: ERRNO)" after a figure of a failing call
	[ -f "$bench/det.tsv" ] && awk -F'\t' -v k="$1" -v s="$2" -v n="$3" -v m="$4" '
		$1 == k && $2 == s && $3 == n && $4 == "result" { r = $5 }
		$1 == k && $2 == s && $3 == n && $4 == m { v = $5 }
		END { if (v != "") print v ((r != "" && r != "ok" && m != "result") ? " (error path: " r ")" : "") }' "$bench/det.tsv"
}
sparse_of() {
	[ -f "$sparse/summary.tsv" ] && awk -F'\t' -v v="$1" '$1 == v { printf "%d diagnostics, +%d −%d vs base", $3, $4, $5 }' "$sparse/summary.tsv"
}
cocci_of() {
	[ -f "$cocci/summary.csv" ] || return
	awk -F, -v v="$1" 'NR == 1 { for (i = 2; i <= NF; i++) if ($i == v) c = i; next }
		c && $1 == "sk_security.total.hook_sites" { h = $c } c && $1 == "blob_accessor.total.raw_reads" { r = $c }
		END { if (c) printf "%s hook sites, %s raw blob reads", h, r }' "$cocci/summary.csv"
}
or_nm() { [ -n "$1" ] && echo "$1" || echo "not measured yet"; }
locks=$bench/locks.tsv
# locks_cell KERNEL STACK NAME: acquisitions of the security_list lock per
# operation NAME, with the classes it is made of ("2 (rwlock-R 1, rwlock-W 1)").
locks_cell() {
	[ -f "$locks" ] && awk -F'\t' -v k="$1" -v s="$2" -v n="$3" '
		$1 == k && $2 == s && $3 == n && $4 == "security_list" { t = $5 }
		$1 == k && $2 == s && $3 == n && $4 ~ /^security_list./ { d = d sprintf("%s%s %g", (d == "" ? "" : ", "), substr($4, 15), $5) }
		END { if (t != "") { printf "%g", t; if (d != "") printf " (%s)", d } }' "$locks"
}

{
echo "## 5. Design comparison"
echo
echo "Every cell is measured (deterministic bench figures for stack apparmor unless said);"
echo "\"not measured yet\" where the inputs do not exist. \`legacy:rcu\` is the same legacy source"
echo "built with the RCU read-side choice (\`vm/config/legacy-rcu.config\`) instead of the rwlock."
echo
{
	printf 'measure\tbase\tmodern\tlegacy\tlegacy:rcu\n'
	row() { local l=$1; shift; for v in base modern legacy legacy:rcu; do l="$l	$(or_nm "$("$@" "$v")")"; done; echo "$l"; }
	same() { [ "$1" = legacy:rcu ] && echo "as legacy (same source)"; }
	d() { local v=$3; det_val "$v" apparmor "$1" "$2"; }
	ds() { local st=$1 v=$4; [ "$v" = base ] && [ "${st#*+}" != "$st" ] && { echo "n/a (exclusive modules)"; return; }; det_val "$v" "$st" "$2" "$3"; }
	# Each row names, last and in brackets, the object types whose blobs
	# the measured path allocates, frees or reads.  The socket rows come
	# first (the socket-only comparison), then one row per path.
	row "slab allocations per TCP socket [sock]" d slab_inet_tcp objs_per_socket
	row "slab bytes per TCP socket [sock]" d slab_inet_tcp bytes_per_socket
	row "slab bytes per unix socket [sock]" d slab_unix_stream bytes_per_socket
	row "slab allocations per TCP socket, smack+apparmor [sock]" ds smack+apparmor slab_inet_tcp objs_per_socket
	row "slab bytes per TCP socket, smack+apparmor [sock]" ds smack+apparmor slab_inet_tcp bytes_per_socket
	row "instructions per socket()+close() (TCP) [sock, inode, file]" d socket_inet_tcp ns_per_op
	row "instructions per socket()+close() (TCP), smack+apparmor [sock, inode, file]" ds smack+apparmor socket_inet_tcp ns_per_op
	row "instructions per SO_PEERSEC call (smack: returns a context) [sock]" ds smack getsockopt_peersec ns_per_op
	row "instructions per SO_PEERSEC call, smack+apparmor [sock]" ds smack+apparmor getsockopt_peersec ns_per_op
	row "instructions per SO_PEERCONTEXT call (smack+apparmor) [sock]" ds smack+apparmor getsockopt_peercontext ns_per_op
	row "instructions per TCP ping-pong round trip [sock]" d tcp_pingpong ns_per_op
	row "instructions per TCP ping-pong round trip, smack+apparmor [sock]" ds smack+apparmor tcp_pingpong ns_per_op
	row "instructions per attr/current read [cred, task]" d attr_current_read ns_per_op
	row "instructions per open()+close() of a tmpfs file [inode, file, cred]" d file_open_close ns_per_op
	row "instructions per open()+close(), smack+apparmor [inode, file, cred]" ds smack+apparmor file_open_close ns_per_op
	row "instructions per open()+close(), selinux+apparmor [inode, file, cred]" ds selinux+apparmor file_open_close ns_per_op
	row "instructions per stat() [inode]" d file_stat ns_per_op
	row "instructions per 4 KiB pread() [file, inode]" d file_read_4k ns_per_op
	row "instructions per fork()+exit()+wait() [cred, task]" d fork_exit ns_per_op
	row "instructions per fork()+exec() of a static binary [cred, task, inode, file]" d fork_exec ns_per_op
	row "instructions per pipe round trip [file, inode]" d pipe_roundtrip ns_per_op
	row "instructions per msgsnd()+msgrcv(), smack+apparmor [ipc, msg_msg]" ds smack+apparmor msg_sndrcv ns_per_op
	row "instructions per msgsnd()+msgrcv(), selinux+apparmor [ipc, msg_msg]" ds selinux+apparmor msg_sndrcv ns_per_op
	row "instructions per shmat()+shmdt() [ipc, file, inode]" d shm_attach ns_per_op
	row "slab bytes per inode (10,000 tmpfs files) [inode]" d slab_inode bytes_per_object
	row "slab bytes per open file [file]" d slab_file bytes_per_object
	row "slab bytes per process (creds) [cred, task]" d slab_cred bytes_per_object
	lk() { local st=$1 v=$3; [ "$v" = base ] && [ "${st#*+}" != "$st" ] && { echo "n/a (exclusive modules)"; return; }; locks_cell "$v" "$st" "$2"; }
	row "locks taken per TCP socket()+close(): security_list lock (test kernel)" lk apparmor socket_inet_tcp
	row "locks taken per TCP socket()+close(), smack+apparmor" lk smack+apparmor socket_inet_tcp
	row "locks taken per getsockopt(SO_PEERSEC), smack+apparmor" lk smack+apparmor getsockopt_peersec
	row "locks taken per attr/current read" lk apparmor attr_current_read
	sz() { size_of "$1" | awk -F'\t' '{ printf "text %s, data %s, bss %s", $1, $2, $3 }'; }
	row "kernel size (size vmlinux, bench)" sz
	ln() { [ "$1" = base ] && echo "—" || same "$1" || lines_of "$1"; }
	row "lines changed by the series (vs parent)" ln
	sp() { same "$1" || sparse_of "$1"; }
	row "sparse (touched files)" sp
	co() { same "$1" || cocci_of "$1"; }
	row "cocci: sk_security hook sites, raw blob reads" co
} | md_table
echo
echo "### 5.1 Locks per hook (\`analysis/locks.sh\`: test kernels, \`/proc/lock_stat\`)"
echo
if [ -f "$locks" ] && [ "$(wc -l <"$locks")" -gt 1 ]; then
	tsv2csv <"$locks" >"$out/locks.csv"
	echo "Lock acquisitions per operation, counted by lockdep's lock statistics on the test kernels"
	echo "(CONFIG_LOCK_STAT; one CPU, ${LOCKS_ITERS:-200} operations after a warm-up, the cost of"
	echo "clearing and reading \`/proc/lock_stat\` subtracted). Each cell: acquisitions per operation of the"
	echo "legacy chains' global lock (class \`security_list_rwlock\`, read side -R and write side -W; with the"
	echo "RCU choice \`security_list_lock\`, the writers' spinlock; RCU readers take no lock), an exact count."
	echo "Rows on \`VARIANT:synth\` kernels are **SYNTHETIC** (section 4.1). \`locks.csv\` also has, per"
	echo "operation, every lock class taken at least once per two operations and their sum (\`all\`): those"
	echo "are whole-system-call figures of a debug kernel (lockdep-only maps such as \`fs_reclaim\`, kmemleak's"
	echo "lock) and move with timer interrupts, which a wall-clock TCG boot takes more of on a loaded host."
	echo
	echo "How to read the legacy columns: each module that holds a socket blob takes the write side once"
	echo "in \`sk_alloc_security\` (chaining its blob) and once in \`sk_free_security\` (unlinking it), so a"
	echo "socket()+close() costs 2 write acquisitions per module; every accessor call (\`selinux_sock()\`,"
	echo "\`smack_sock()\`, \`aa_sock()\`, the SYNTHETIC modules') is one read acquisition with the rwlock and"
	echo "none with RCU readers. Modern has no such lock: a module finds its blob at a fixed offset."
	echo
	awk -F'\t' 'NR > 1 { c = $1 "/" $2; if (!(c in sc)) { sc[c] = 1; cs[++nc] = c } if (!($3 in sn)) { sn[$3] = 1; ns[++nn] = $3 }
			if ($4 == "security_list") t[$3, c] = $5
			else if ($4 == "all") a[$3, c] = $5
			else if ($4 ~ /^security_list./) d[$3, c] = d[$3, c] sprintf("%s%s %g", (d[$3, c] == "" ? "" : ", "), substr($4, 15), $5) }
		END { h = "operation"; for (j = 1; j <= nc; j++) h = h "\t" cs[j] (cs[j] ~ /:synth\// ? " (SYNTHETIC)" : ""); print h
			for (i = 1; i <= nn; i++) { l = ns[i]
				for (j = 1; j <= nc; j++) {
					if (!((ns[i], cs[j]) in t)) { l = l "\t–"; continue }
					cell = sprintf("%g", t[ns[i], cs[j]]); if (d[ns[i], cs[j]] != "") cell = cell " (" d[ns[i], cs[j]] ")"
					l = l "\t" cell }
				print l } }' "$locks" | md_table
	echo
fi
skipped_rows "$bench/locks-skipped.tsv" locks-plan.txt
if [ -f "$bench/locks-status.tsv" ] && grep -qv $'\tok\t' "$bench/locks-status.tsv"; then
	echo "**Lock-count boots that failed** (figures shown all the same):"
	echo
	awk -F'\t' '$3 != "ok" { printf "- %s/%s: %s (`%s`)\n", $1, $2, $3, $4 }' "$bench/locks-status.tsv"
	echo
fi
[ -f "$locks" ] || { echo "$NM (no \`build/bench/locks.tsv\`: run \`analysis/locks.sh\`)."; echo; }
} >>"$R"

# ----------------------------------------------------------------- size
{
echo "## 6. Kernel size (\`size vmlinux\`, bench kernels)"
echo
: >"$out/size.tsv"
for v in $VARIANTS legacy:rcu legacy:nostacker; do
	s=$(size_of "$v") && [ -n "$s" ] && printf '%s\t%s\n' "$v" "$s" >>"$out/size.tsv"
done
if [ -s "$out/size.tsv" ]; then
	{ printf 'variant\ttext\tdata\tbss\n'; cat "$out/size.tsv"; } | tsv2csv >"$out/size.csv"
	{ printf 'variant\ttext\tdata\tbss\ttext vs base\n'
	  awk -F'\t' '$1 == "base" { b = $2 } { printf "%s\t%s\t%s\t%s\t%s\n", $1, $2, $3, $4, (b ? sprintf("%+d", $2 - b) : "–") }' "$out/size.tsv"; } | md_table
else
	echo "$NM (no bench vmlinux: \`make bench-kernels\`)."
fi
echo
} >>"$R"

# --------------------------------------------------------------- sparse
{
echo "## 7. sparse (\`analysis/sparse.sh\`: make C=2 CF=-fdiagnostic-prefix on every file a series touches)"
echo
if [ -f "$sparse/summary.tsv" ]; then
	tsv2csv <"$sparse/summary.tsv" >"$out/sparse.csv"
	md_table <"$sparse/summary.tsv"
	echo
	echo "Our standard: zero added."
	for v in $(awk -F'\t' 'NR > 1 && $1 != "base" { print $1 }' "$sparse/summary.tsv"); do
		f=$sparse/$v-added.tsv
		[ -f "$f" ] || continue
		if [ -s "$f" ]; then
			echo
			echo "Added in $v (count, file, message):"
			echo
			sed 's/^/    /' "$f"
		else
			echo "- $v: none added."
		fi
	done
else
	echo "$NM (no \`build/analysis/sparse/summary.tsv\`: run \`make sparse\`)."
fi
echo
} >>"$R"

# ---------------------------------------------------------------- cocci
{
echo "## 8. Coccinelle (\`make -C cocci report\`)"
echo
if [ -f "$cocci/summary.csv" ]; then
	sed "s|$TOP/||g" "$cocci/summary.csv" >"$out/cocci.csv"	# paths relative to the project
	grep -E '^(key|sk_security\.total\.[a-z_]+|blob_accessor\.total\.[a-z_]+|reconstruct\.roundtrip|status),' "$cocci/summary.csv" | tr ',' '\t' | md_table
	echo
	echo "All counts: \`cocci.csv\`."
else
	echo "$NM (no \`build/cocci/report/summary.csv\`: run \`make cocci\`)."
fi
echo
} >>"$R"

# ---------------------------------------------------------------- plots
{
echo "## 9. Plots"
echo
if [ $have_gnuplot = 0 ]; then
	echo "$NM (gnuplot is not installed)."
fi
np=0
for mode in det wall; do
	awk -F'\t' -v m="$mode" '$1 == m && $8 != "" && $2 != "base" { printf "%s\t%s/%s\t%s\n", $4, $2, $3, $8 }' "$out/ratios.tsv" >"$out/.r-$mode" 2>/dev/null || true
	[ -s "$out/.r-$mode" ] || continue
	# Matrix: workloads down, kernel/stack across.
	awk -F'\t' '{ if (!($2 in s)) { s[$2] = 1; c[++nc] = $2 } if (!($1 in w)) { w[$1] = 1; r[++nr] = $1 } v[$1, $2] = $3 }
		END { h = "workload"; for (j = 1; j <= nc; j++) h = h "\t\"" c[j] "\""; print h
			for (i = 1; i <= nr; i++) { l = r[i]; for (j = 1; j <= nc; j++) l = l "\t" (((r[i], c[j]) in v) ? v[r[i], c[j]] : "NaN"); print l } }' \
		"$out/.r-$mode" >"$out/ratio-$mode.dat"
	# Horizontal clustered bars: workload names read across (rotated
	# x labels are unreadable in several SVG viewers), one bar per
	# kernel/stack; the height grows with rows x columns.
	ncols=$(head -n1 "$out/ratio-$mode.dat" | awk -F'\t' '{ print NF }')
	nrows=$(($(wc -l <"$out/ratio-$mode.dat") - 1))
	cat >"$out/ratio-$mode.gp" <<EOF
set terminal svg size 1100,$((90 + nrows * ((ncols - 1) * 9 + 6))) dynamic font "sans,10"
$PALETTE
set datafile separator "\t"
set title "Ratio to base, same LSM stack ($mode mode; 1 = same as base)"
h = 0.8 / ($ncols - 1)
set style fill solid 0.8 border -1
set ytics noenhanced nomirror
set key autotitle columnhead noenhanced outside right top
set grid xtics
set xrange [0:*]
set yrange [$nrows - 0.4:-0.6]
set xlabel "variant / base"
set arrow from 1, graph 0 to 1, graph 1 nohead dt 2 lc "black" front
plot "$out/ratio-$mode.dat" using (0):(\$0):ytic(1) with points ps 0 notitle, \\
	for [i=2:$ncols] "$out/ratio-$mode.dat" using (column(i) / 2):(\$0 - 0.4 + (i - 1.5) * h):(column(i) / 2):(h / 2) with boxxyerror lc (i - 1) title columnheader(i)
EOF
	if plot "ratio-$mode"; then echo "![ratio to base, $mode mode](ratio-$mode.svg)"; echo; np=$((np + 1)); fi
done
if [ -s "$out/slab.tsv" ]; then
	awk -F'\t' '$4 == "bytes_per_socket" { k = $1 "/" $2; if (!(k in s)) { s[k] = 1; c[++nc] = k } if (!($3 in w)) { w[$3] = 1; r[++nr] = $3 } v[$3, k] = $5 }
		END { h = "sockets"; for (j = 1; j <= nc; j++) h = h "\t" c[j]; print h
			for (i = 1; i <= nr; i++) { l = r[i]; for (j = 1; j <= nc; j++) l = l "\t" (((r[i], c[j]) in v) ? v[r[i], c[j]] : "NaN"); print l } }' \
		"$out/slab.tsv" >"$out/bytes-per-socket.dat"
	ncols=$(head -n1 "$out/bytes-per-socket.dat" | awk -F'\t' '{ print NF }')
	cat >"$out/bytes-per-socket.gp" <<EOF
set terminal svg size 1000,480 dynamic font "sans,10"
$PALETTE
set datafile separator "\t"
set title "Slab bytes per open socket (10,000 sockets, deterministic mode)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set key noenhanced outside right
set xtics noenhanced
set grid ytics
set yrange [0:*]
set ylabel "bytes per socket"
plot for [i=2:$ncols] "$out/bytes-per-socket.dat" using i:xtic(1) title columnheader(i)
EOF
	if plot bytes-per-socket; then echo "![bytes per socket](bytes-per-socket.svg)"; echo; np=$((np + 1)); fi
fi
if [ -s "$out/modules.tsv" ]; then
	# One panel per operation, one line per kernel along one path of real
	# stacks: 1 = apparmor, 2 = smack+apparmor (selinux+apparmor, a different
	# second module, stays in the table).
	: >"$out/modules.dat"
	kernels=$(cut -f1 "$out/modules.tsv" | awk '!s[$0]++')
	nk=$(wc -l <<<"$kernels")
	panels="" mi=0
	for op in "socket_inet_tcp:TCP socket()+close()" "socket_unix_stream:unix socket()+close()" \
		  "getsockopt_peersec:getsockopt(SO_PEERSEC)"; do
		for k in $kernels; do
			awk -F'\t' -v k="$k" -v n="${op%%:*}" '$1 == k && $4 == n && ($2 == "apparmor" || $2 == "smack+apparmor") { print $3 "\t" $5 }' \
				"$out/modules.tsv" | sort -n | dat_block "$out/modules.dat" "$k"
		done
		panels+=$(panel "$out/modules.dat" $mi "$nk" "${op#*:}" 1)$'\n'
		mi=$((mi + 1))
	done
	multiplot_gp cost-vs-modules 1300,460 "$(tr '\n' ' ' <<<"$kernels")" "1,$mi" \
		"Instructions per operation vs modules holding socket blobs (1 = apparmor, 2 = smack+apparmor; deterministic mode; beyond 2: the SYNTHETIC plot)" \
		"set xlabel \"modules holding socket blobs\"
set ylabel \"instructions per operation\"
set xrange [0.5:2.5]
set xtics 1" "$panels"
	if plot cost-vs-modules; then echo "![cost vs modules](cost-vs-modules.svg)"; echo; np=$((np + 1)); fi
fi
if [ -s "$out/synth.tsv" ]; then
	# SYNTHETIC: one panel per measure, one line per kernel; blocks of
	# "modules value" in synthetic-modules.dat, block = measure x kernel.
	synth_measures >"$out/.synthm"
	: >"$out/synthetic-modules.dat"
	kernels=$(cut -f1 "$out/synth.tsv" | sort -u)
	nk=$(wc -l <<<"$kernels")
	panels=""
	mi=0
	while IFS=$'\t' read -r name metric label unit; do
		case "$name $metric" in
		"socket_inet_tcp ns_per_op"|"getsockopt_peersec ns_per_op"|"file_open_close ns_per_op"|\
		"file_stat ns_per_op"|"fork_exit ns_per_op"|"slab_inode bytes_per_object") ;;
		*) continue ;;
		esac
		for k in $kernels; do
			awk -F'\t' -v k="$k" -v n="$name" -v m="$metric" '$1 == k && $4 == n && $5 == m { print $3 "\t" $6 }' \
				"$out/synth.tsv" | sort -n | dat_block "$out/synthetic-modules.dat" "$k"
		done
		panels+=$(panel "$out/synthetic-modules.dat" $mi "$nk" "$label" 1 "set ylabel \"$unit\"; ")$'\n'
		mi=$((mi + 1))
	done <"$out/.synthm"
	multiplot_gp cost-vs-modules-synthetic 1300,820 "$(tr '\n' ' ' <<<"$kernels")" "2,$(((mi + 1) / 2))" \
		"SYNTHETIC: cost vs modules in the stack (1, 2 real; 3, 4, 6 with SYNTHETIC modules synth1..4, each holding a blob on every object type)" \
		"set xlabel \"modules in the stack\"
set xrange [0.5:6.5]
set xtics 1" "$panels"
	if plot cost-vs-modules-synthetic; then echo "![SYNTHETIC: cost vs modules](cost-vs-modules-synthetic.svg)"; echo; np=$((np + 1)); fi
fi
[ $np -gt 0 ] || echo "$NM (no benchmark figures to plot)."
echo
echo "Data beside this report: $(cd "$out" && ls *.csv 2>/dev/null | tr '\n' ' ')"
} >>"$R"
# ---------------------------------------------------------------- summary
# "At a glance", put after the header: the headline lines of the sections
# above and a few rows of the design and SYNTHETIC tables, quoted from the
# report itself (so it can never disagree with them).
{
echo "## At a glance"
echo
echo "Quoted from the sections below (each line names its section)."
echo
lines=$(
	l=$(grep -m1 -E '^[0-9]+ passed, [0-9]+ failed' "$R") && echo "- Functional matrix (§1): $l"
	l=$(grep -m1 '^Every row booted twice' "$R") && echo "- Repeatability of deterministic mode (§2.1; not accuracy, see §2.7): ${l#Every row booted twice: }"
	l=$(grep -m1 '^In short: ' "$R") && echo "- The v11 cover letter's claim, sockperf and dbench within 0.8% of base (§2.1): ${l#In short: }"
	l=$(awk '/^## 7\. sparse/ { s = 1 } s && /^- [a-z:]+: / { t = substr($0, 3); sub(/\.$/, "", t); printf "%s%s", (n++ ? "; " : ""), t } /^## 8/ { exit }' "$R")
	[ -z "$l" ] || echo "- sparse against base (§7): $l."
	l=$(grep -m1 ' single-module figures within 1.01 of base\.$' "$R" || true)
	t=$(grep -E '^[0-9]+ of [0-9]+ (socket and file figures|single-module throughput figures) within 1\.002 of base' "$R" | paste -sd' ' - || true)
	# Issue 16's 1.01 and 1.002 goals are below what the amortised
	# figures resolve: at a glance only with the measured resolution
	# beside them (§2.7), else not at all.
	r=$(grep -m1 '^Resolution (§2.7): ' "$R" || true)
	[ -z "$r" ] || echo "- ${r/Resolution (§2.7): /Resolution of the figures (§2.7, issue 35): }"
	r=$(grep -m1 ' pairs (a kernel, stack, workload and metric' "$R" || true)
	[ -z "$r" ] || echo "- Wall-clock against deterministic ratios (§2.8): ${r%% (a kernel*}, Pearson's r ${r#*over all pairs: }"
)
echo "${lines:-$NM (no matrix, benchmark or sparse results).}"
echo
rows=$(awk -F' \\| ' '/^## 5\. Design comparison/ { s = 1 } /^### 5\.1/ { s = 0 }
	s && /^\| (slab allocations per TCP socket, smack\+apparmor|slab bytes per TCP socket, smack\+apparmor|instructions per socket\(\)\+close\(\) \(TCP\), smack\+apparmor|instructions per SO_PEERCONTEXT call|instructions per open\(\)\+close\(\), smack\+apparmor|instructions per msgsnd\(\)\+msgrcv\(\), smack\+apparmor|locks taken per TCP socket\(\)\+close\(\), smack\+apparmor|kernel size) / { print }' "$R")
if [ -n "$rows" ]; then
	echo "Design comparison (§5, deterministic instructions and slab figures; locks from the test kernels):"
	echo
	awk '/^## 5\. Design comparison/ { s = 1 } s && /^\| measure / { print; getline; print; exit }' "$R"
	echo "$rows"
	echo
fi
rows=$(awk '/^### 2\.5/ { s = 1 } /^(## 3\.|### 2\.6)/ { s = 0 }
	s && /^\| (socket_inet_tcp|getsockopt_peersec|getsockopt_peercontext|attr_context_read|file_open_close|file_stat|slab_inet_tcp) / { print }' "$R")
if [ -n "$rows" ]; then
	echo "SELinux, Smack and AppArmor at once (\`arbitrary\`, §2.5): what each third module adds:"
	echo
	awk '/^### 2\.5/ { s = 1 } s && /^\| benchmark / { print; getline; print; exit }' "$R"
	echo "$rows"
	echo
fi
# The rows of §4.1's SYNTHETIC table only (its vs-real table follows it).
rows=$(awk '/^### 4\.1/ { s = 1 } /^## 5\./ { s = 0 }
	s && /^\| SYNTHETIC: measure / { t = 1; getline; next } t && !/^\|/ { t = 0 }
	t && /^\| (TCP socket\(\)\+close\(\) |getsockopt\(SO_PEERSEC\),|slab bytes per TCP socket |slab allocations per TCP socket )/ { print }' "$R")
if [ -n "$rows" ]; then
	echo "Each module beyond two (**SYNTHETIC** modules, §4.1):"
	echo
	awk '/^### 4\.1/ { s = 1 } s && /^\| SYNTHETIC: measure / { print; getline; print; exit }' "$R"
	echo "$rows"
	echo
fi
} >"$out/.glance"
awk -v g="$out/.glance" '/^## 1\. / && !done { while ((getline l < g) > 0) print l; done = 1 } { print }' "$R" >"$R.new" && mv "$R.new" "$R"
rm -f "$out/.glance"

rm -f "$out"/.r-* "$out/.m" "$out/.headline" "$out/.synthm" "$out/.single-ratio" "$out"/*.tsv
progress "report: ${R#$TOP/}"

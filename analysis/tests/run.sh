#!/bin/bash
# run.sh: host-side tests of the analysis parsers on saved outputs of real
# runs (analysis/tests/data/, see its README).  Each case of expected.tsv
# (EXPECTED=FILE to use another) runs one parser on one saved output and
# compares one figure with the value written by hand; a mismatch prints
# "not ok CASE (expected X, got Y)".  Last, the runner checks that it can
# fail: run on expected-wrong.tsv (one deliberately wrong value) it must
# exit non-zero and name that case.
# Prints KTAP-like lines and "analysis parsers: N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
A=$(dirname "$here")
data=$here/data
expected=${EXPECTED:-$here/expected.tsv}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# report_only OUT [VAR=DIR...]: analysis/report.sh into OUT with every
# input folder empty but those given (none read from the developer's
# build/), quiet; its exit status.
report_only() {
	local out=$1 e=$tmp/empty
	shift
	mkdir -p "$e"
	env RUNS_DIR="$e" BENCH_DIR="$e" SPARSE_DIR="$e" COCCI_DIR="$e" BOUND_DIR="$e" RESOLUTION_DIR="$e" \
		PREFIX_DIR="$e" ITERS_DIR="$e" "$@" "$A/report.sh" "$out" >/dev/null 2>&1
}

# csv_ok DIR NAME: csv-check.py finds DIR/NAME.csv as DATA.md documents it.
csv_ok() {
	grep -q "^ok .*/$2\.csv\$" <<<"$("$here/csv-check.py" "$1" 2>/dev/null)"
}

# report_dir INPUT: analysis/report.sh run once on a det.tsv of data/ (INPUT
# DET.tsv, DET.tsv,BOUND.tsv with a bound-summary.tsv, or
# DET.tsv,BOUND.tsv,PREFIXES.tsv with bench-prefixes.sh's prefixes.tsv of
# modern), no other inputs; prints its output directory (empty when
# report.sh failed).
report_dir() {
	local r=$tmp/report-${1//[,\/]/_} f
	if [ ! -f "$r.ok" ]; then
		IFS=, read -r -a f <<<"$1"
		mkdir -p "$r.in/bench" "$r.in/bound" "$r.in/prefixes/modern"
		cp "$data/${f[0]}" "$r.in/bench/det.tsv"
		[ -z "${f[1]:-}" ] || cp "$data/${f[1]}" "$r.in/bound/bound-summary.tsv"
		[ -z "${f[2]:-}" ] || cp "$data/${f[2]}" "$r.in/prefixes/modern/prefixes.tsv"
		report_only "$r" BENCH_DIR="$r.in/bench" BOUND_DIR="$r.in/bound" PREFIX_DIR="$r.in/prefixes" &&
			touch "$r.ok" || return
	fi
	echo "$r"
}

# result PARSER INPUT KEY: print what the parser gives for KEY.
result() {
	local parser=$1 input=$2 key=$3 out rc
	case $parser in
	sockperf|dbench)
		out=$(awk -f "$A/parse/$parser.awk" "$data/$input" 2>/dev/null); rc=$?
		if [ "$key" = exit ]; then echo "$rc"; return; fi
		awk -F'\t' -v k="$key" '$1 == k { print $2 }' <<<"$out"
		;;
	sparse)
		out=$(awk -f "$A/parse/sparse.awk" "$data/$input")
		case $key in
		count) [ -z "$out" ] && echo 0 || wc -l <<<"$out" ;;
		count:*) awk -F'\t' -v f="${key#count:}" '$1 == f' <<<"$out" | wc -l ;;
		line:*) sed -n "${key#line:}p" <<<"$out" ;;
		esac
		;;
	compare)
		"$A/parse/sparse-compare.sh" "$data/${input%,*}" "$data/${input#*,}" "$tmp/added" "$tmp/removed" || { echo "exit $?"; return; }
		awk 'NR > 1 { printf " | " } { printf "%s", $0 } END { print "" }' "$tmp/$key"
		;;
	benchlog)
		out=$("$A/parse/bench-log.sh" "$data/$input" "$tmp/raw") || { echo "exit $?"; return; }
		awk -F'\t' -v n="${key%/*}" -v m="${key#*/}" '$1 == n && $2 == m { print $3 }' <<<"$out"
		;;
	check)	# key "KERNEL ACTIVE": the boot's results against analysis/bench-expect.txt
		"$A/parse/bench-log.sh" "$data/$input" "$tmp/raw" >"$tmp/check.tsv" || { echo "exit $?"; return; }
		out=$("$A/bench-check.py" "$tmp/check.tsv" ${key% *} ${key#* }); rc=$?
		echo "exit $rc$(awk '/^not ok/ { printf " %s", $3 }' <<<"$out")"
		;;
	bound)	# input A.tsv,B.tsv (two det.tsv); key KERNEL/STACK/NAME or summary:NAME
		case $key in
		summary:*) awk -v summary=1 -f "$A/parse/det-bound.awk" "$data/${input%,*}" "$data/${input#*,}" |
			awk -F'\t' -v n="${key#summary:}" '$1 == n { print $3 }' ;;
		*) awk -f "$A/parse/det-bound.awk" "$data/${input%,*}" "$data/${input#*,}" |
			awk -F'\t' -v k="$key" '$1 "/" $2 "/" $3 == k { print $6 }' ;;
		esac
		;;
	combine)	# input MIX[,REBUILD] (two bound-summary.tsv); key NAME: its bound and where
		IFS=, read -r -a f <<<"$input"
		awk -f "$A/parse/bound-combine.awk" "${f[@]/#/$data/}" |
			awk -F'\t' -v n="$key" '$1 == n { print $2 " " $3 " " $4 }'
		;;
	cell)	# input BOUND,RATIOS (bound-summary.tsv or -, ratios.tsv); key KERNEL/STACK/NAME
		b=/dev/null; [ "${input%,*}" = - ] || b=$data/${input%,*}
		awk -f "$A/parse/ratio-cell.awk" "$b" "$data/${input#*,}" |
			awk -F'\t' -v k="$key" '$1 "/" $2 == k { print $4 }'
		;;
	report)	# input as report_dir; key FILE:PREFIX, the first line of the
		# report's FILE (REPORT.md, a CSV) that starts with PREFIX (nothing
		# when there is no such file)
		r=$(report_dir "$input")
		[ -n "$r" ] || { echo "report.sh failed"; return; }
		P=${key#*:} awk 'index($0, ENVIRON["P"]) == 1 { print; exit }' "$r/${key%%:*}" 2>/dev/null
		;;
	*) echo "unknown parser $parser" ;;
	esac
}

while IFS= read -r line; do
	case $line in '#'*|'') continue ;; esac
	name=$(cut -f1 <<<"$line"); parser=$(cut -f2 <<<"$line")
	input=$(cut -f3 <<<"$line"); key=$(cut -f4 <<<"$line"); want=$(cut -f5- <<<"$line")
	got=$(result "$parser" "$input" "$key")
	if [ "$got" = "$want" ]; then
		echo "ok $name"; pass=$((pass + 1))
	else
		echo "not ok $name (expected '$want', got '$got')"; fail=$((fail + 1))
	fi
done <"$expected"

# The at-a-glance SYNTHETIC block copies the rows of section 4.1's
# SYNTHETIC table, each with that table's columns, and none of the
# vs-real table that follows it (the block once took both).
r=$(report_dir synth-det.tsv)
if [ -n "$r" ] && n=$(awk '/^## At a glance/ { g = 1 } /^## 1\./ { g = 0 }
	g && /^\| SYNTHETIC: measure / { t = 1; c = split($0, a, "|"); getline; next }
	t && !/^\|/ { t = 0 } t { rows++; if (split($0, a, "|") != c) bad++ }
	END { if (!rows || bad) exit 1; print rows }' "$r/REPORT.md"); then
	echo "ok report.glance_synthetic_rows ($n rows)"; pass=$((pass + 1))
else
	echo "not ok report.glance_synthetic_rows (no block, or rows with other columns)"; fail=$((fail + 1))
fi

# report.sh with no result files at all: every section says so.
if [ -z "${EXPECTED:-}" ]; then
	if report_only "$tmp/report" &&
	   n=$(grep -c 'not measured yet' "$tmp/report/REPORT.md") && [ "$n" -ge 7 ]; then
		echo "ok report.empty_inputs ($n sections not measured yet)"; pass=$((pass + 1))
	else
		echo "not ok report.empty_inputs (report.sh failed or did not mark missing sections)"; fail=$((fail + 1))
	fi
fi

# Section 2.6 (analysis/bench-iters.sh's output, two iteration counts):
# the ratio is 1 + median delta / median base across the counts (with two
# counts, their means), a figure beyond 1.01 is marked, a socket or file
# figure beyond 1.002 is named, and single-module.csv is as DATA.md
# documents it.
if [ -z "${EXPECTED:-}" ]; then
	i=$tmp/iters
	mkdir -p "$i/2000" "$i/3000"
	printf 'kernel\tstack\tname\tmetric\trun1\trun2\tsame\n' | tee "$i/2000/det.tsv" >"$i/3000/det.tsv"
	printf '%s\tsmack\tattr_current_read\tns_per_op\t%s\t%s\tyes\n' base 100 100 modern 103 103 >>"$i/2000/det.tsv"
	printf '%s\tapparmor\tattr_current_read\tns_per_op\t%s\t%s\tyes\n' base 200 200 modern 201 201 >>"$i/2000/det.tsv"
	printf '%s\tsmack\tsocket_inet_tcp\tns_per_op\t%s\t%s\tyes\n' base 1000 1000 modern 1003 1003 | tee -a "$i/3000/det.tsv" >>"$i/2000/det.tsv"
	printf '%s\tsmack\tattr_current_read\tns_per_op\t%s\t%s\tyes\n' base 100 100 modern 100 100 >>"$i/3000/det.tsv"
	printf '%s\tapparmor\tattr_current_read\tns_per_op\t%s\t%s\tyes\n' base 200 200 modern 200 200 >>"$i/3000/det.tsv"
	if report_only "$tmp/report-iters" ITERS_DIR="$i" &&
	   grep -q '^| attr_current_read | +1.0 / +0.0 | 1.0025 | +3.0 / +0.0 | 1.0150 \*\*>1.01\*\* |$' "$tmp/report-iters/REPORT.md" &&
	   grep -q '^2 of 3 single-module figures within 1.01 of base.$' "$tmp/report-iters/REPORT.md" &&
	   grep -q '^0 of 1 socket and file figures within 1.002 of base (over: smack socket_inet_tcp 1.0030).$' "$tmp/report-iters/REPORT.md" &&
	   csv_ok "$tmp/report-iters" single-module; then
		echo "ok report.single_module"; pass=$((pass + 1))
	else
		echo "not ok report.single_module (section 2.6 or single-module.csv not as expected)"; fail=$((fail + 1))
	fi
fi

# Section 2.4 for legacy: one table per stack, with legacy's per-object
# figures (open()+close() among them), and prefixes-legacy.csv as DATA.md
# documents it.
if [ -z "${EXPECTED:-}" ]; then
	p=$tmp/prefixes-legacy
	mkdir -p "$p/legacy"
	{
		printf 'series\tprefix\tcommit\tsubject\tstack\tname\tmetric\tvalue\tsame\n'
		printf 'legacy\t0\tc0\t(modern)\t%s\tfile_open_close\tns_per_op\t%s\tyes\n' apparmor 4000.0 smack+apparmor 5000.0
		printf 'legacy\t1\tc1\tchain files\t%s\tfile_open_close\tns_per_op\t%s\tyes\n' apparmor 4100.0 smack+apparmor 5200.0
	} >"$p/legacy/prefixes.tsv"
	if report_only "$tmp/report-pl" PREFIX_DIR="$p" &&
	   f=$tmp/report-pl/REPORT.md &&
	   grep -q '^legacy with \*\*apparmor\*\*:$' "$f" && grep -q '^legacy with \*\*smack+apparmor\*\*:$' "$f" &&
	   grep -q '^| prefix | patch | apparmor: TCP socket()+close() | apparmor: B per TCP socket | apparmor: open()+close() |' "$f" &&
	   grep -q '^| 1 | chain files | – | – | 4100.0 (+100.0) | – | – | – | – | – | – |$' "$f" &&
	   grep -q '^| 1 | chain files | – | – | 5200.0 (+200.0) | – | – | – | – | – | – |$' "$f" &&
	   csv_ok "$tmp/report-pl" prefixes-legacy; then
		echo "ok report.prefixes_legacy"; pass=$((pass + 1))
	else
		echo "not ok report.prefixes_legacy (section 2.4's legacy tables or prefixes-legacy.csv not as expected)"; fail=$((fail + 1))
	fi
fi

# analysis/fn-diff.sh on two programs linked here (-nostdlib -static, the
# second with a function ahead of the rest, so every address moves): a
# function that calls another and reads a global stays "same"; one that
# reads another global, and one that returns another errno (an immediate
# of six or more hex digits), are "changed"; one added, one removed; a
# static name defined in several files pairs its identical bodies first
# (the new one is the added one).  FUNC mode, --show and report.sh's
# section 2.6 list (after the line that says its figures are not measured),
# and fn-diff.csv as DATA.md documents it.
if [ -z "${EXPECTED:-}" ]; then
	d=$tmp/fn-diff
	mkdir -p "$d/iters"
	cat >"$d/a1.c" <<'C'
int ga = 1, gb = 2;
__attribute__((noinline)) static int helper(int x) { return x * 5; }
int same_fn(int x) { return helper(x) + ga; }
int changed_global(int x) { return x + ga; }
int changed_errno(void) { return -22; }
int removed_fn(int x) { return x - 7; }
__attribute__((noinline)) static int dup(int x) { return x + 1; }
int call_dup1(int x) { return dup(x) * 3; }
C
	printf '%s\n' '__attribute__((noinline)) static int dup(int x) { return x ^ 2; }' \
		'int call_dup2(int x) { return dup(x) * 3; }' >"$d/a2.c"
	printf '%s\n' 'int pad_fn(int x) { asm volatile(".skip 64, 0x90"); return x; }' \
		'__attribute__((noinline)) static int dup(int x) { return x - 9; }' \
		'int call_dup0(int x) { return dup(x) * 3; }' >"$d/b0.c"
	{ sed -e 's/return x + ga; }/return x + gb; }/' -e 's/return -22;/return -13;/' -e '/removed_fn/d' "$d/a1.c"
	  echo 'int added_fn(int x) { return x ^ 5; }'; } >"$d/b1.c"
	ld_flags="-O2 -fno-pic -no-pie -nostdlib -static -Wl,-e,same_fn"
	want="added	added_fn
added	call_dup0
changed	changed_errno
changed	changed_global
added	dup#1
added	pad_fn
removed	removed_fn
fn-diff: 2 changed, 4 added, 1 removed of 13 functions"
	# shellcheck disable=SC2086
	if gcc $ld_flags -o "$d/a" "$d/a1.c" "$d/a2.c" && gcc $ld_flags -o "$d/b" "$d/b0.c" "$d/b1.c" "$d/a2.c" &&
	   "$A/fn-diff.sh" "$d/a" "$d/b" >"$d/iters/fn-diff.txt" &&
	   [ "$(cut -f1,2 "$d/iters/fn-diff.txt")" = "$want" ] &&
	   [ "$("$A/fn-diff.sh" "$d/a" "$d/b" same_fn changed_global dup | cut -f1,2 | tr "\t" " " | paste -sd" " -)" = \
	     "same same_fn changed changed_global same dup#2 same dup#3 added dup#1" ] &&
	   ! "$A/fn-diff.sh" "$d/a" "$d/b" same_fn changed_global >/dev/null &&
	   "$A/fn-diff.sh" "$d/a" "$d/b" same_fn >/dev/null &&
	   { show=$("$A/fn-diff.sh" --show "$d/a" "$d/b" changed_errno same_fn) || true; } &&
	   [ "$(grep -c '^[-+]' <<<"$show")" = 4 ] &&
	   grep -q '^-mov $0xffffffea,%eax$' <<<"$show" && grep -q '^+mov $0xfffffff3,%eax$' <<<"$show" &&
	   report_only "$d/report" ITERS_DIR="$d/iters" &&
	   grep -q '^`fn-diff.csv`): \*\*2 changed, 4 added, 1 removed of 13 functions\*\*\. ' "$d/report/REPORT.md" &&
	   grep -q '^- changed: `changed_errno`, `changed_global`$' "$d/report/REPORT.md" &&
	   awk '/^### 2\.6/ { s = 1 } /^(## 3\.|### 2\.7)/ { s = 0 } s && /not measured/ { nm = NR } s && /^Functions whose/ { fl = NR }
		END { exit !(nm && fl && nm < fl) }' "$d/report/REPORT.md" &&
	   csv_ok "$d/report" fn-diff; then
		echo "ok analysis.fn_diff"; pass=$((pass + 1))
	else
		echo "not ok analysis.fn_diff (fn-diff.sh or section 2.6's function list not as expected)"; fail=$((fail + 1))
	fi
	# Nothing differs: the list is empty, the report still has the line.
	if "$A/fn-diff.sh" "$d/a" "$d/a" >"$d/iters/fn-diff.txt" &&
	   [ "$(cat "$d/iters/fn-diff.txt")" = "fn-diff: 0 changed, 0 added, 0 removed of 9 functions" ] &&
	   report_only "$d/report0" ITERS_DIR="$d/iters" &&
	   grep -q '\*\*0 changed, 0 added, 0 removed of 9 functions\*\*' "$d/report0/REPORT.md"; then
		echo "ok analysis.fn_diff_none"; pass=$((pass + 1))
	else
		echo "not ok analysis.fn_diff_none (two equal kernels: fn-diff.sh or report.sh failed)"; fail=$((fail + 1))
	fi
fi

# Section 2.6's throughput table (bench-iters.sh's throughput/det.tsv): the
# cost is modern / base for a round-trip time and base / modern for a
# throughput, a cost beyond 1.002 is marked, a workload that failed on
# either kernel has no row and is named, a figure whose two boots differ is
# counted, single-module-throughput.csv is as DATA.md documents it, and
# "At a glance" does not quote the 1.002 goal (below the resolution, §2.7).
if [ -z "${EXPECTED:-}" ]; then
	i=$tmp/iters-tput
	mkdir -p "$i/throughput"
	{
		printf 'kernel\tstack\tname\tmetric\trun1\trun2\tsame\n'
		printf '%s\tapparmor\tsockperf_udp\trtt_avg_usec\t%s\t%s\tyes\n' base 20.000 20.000 modern 20.020 20.020
		printf 'modern\tapparmor\tsockperf_udp\trtt_max_usec\t30\t31\tno\n'
		printf '%s\tapparmor\tdbench\tthroughput_mbps\t%s\t%s\tyes\n' base 250 250 modern 245 245
		printf '%s\tsmack\tsockperf_tcp\terror\t1\t1\tyes\n' base modern
		printf '%s\tsmack\ttbench\tthroughput_mbps\t%s\t%s\tyes\n' base 100 100 modern 100.5 100.5
	} >"$i/throughput/det.tsv"
	if report_only "$tmp/report-tput" ITERS_DIR="$i" &&
	   f=$tmp/report-tput/REPORT.md &&
	   grep -q '^| sockperf_udp | rtt_avg_usec | apparmor | 20.000 | 20.020 | 1.0010 |$' "$f" &&
	   grep -q '^| dbench | throughput_mbps | apparmor | 250 | 245 | 1.0204 \*\*>1.002\*\* |$' "$f" &&
	   grep -q '^| tbench | throughput_mbps | smack | 100 | 100.5 | 0.9950 |$' "$f" &&
	   ! grep -q '^| sockperf_tcp |' "$f" &&
	   grep -q 'one pair of boots per row, \*\*1 figures differ between the two boots of their row\*\*)' "$f" &&
	   grep -q "^either kernel has no row (here: smack sockperf_tcp; Smack refuses sockperf TCP's" "$f" &&
	   grep -q '^2 of 3 single-module throughput figures within 1.002 of base.$' "$f" &&
	   ! grep -q '^- One module, modern against base (§2.6' "$f" &&
	   csv_ok "$tmp/report-tput" single-module-throughput; then
		echo "ok report.single_module_throughput"; pass=$((pass + 1))
	else
		echo "not ok report.single_module_throughput (section 2.6's throughput table or its CSV not as expected)"; fail=$((fail + 1))
	fi
fi

# Result files: RFC 4180 CSV with the columns analysis/results/DATA.md
# documents (the committed snapshot, and build/report when it exists).
if [ -z "${EXPECTED:-}" ]; then
	if out=$("$here/csv-check.py" 2>&1); then
		echo "ok csv.results ($(grep -c '^ok' <<<"$out") files load as documented)"; pass=$((pass + 1))
	else
		grep '^not ok' <<<"$out"
		echo "not ok csv.results"; fail=$((fail + 1))
	fi
	# Every Python example of DATA.md runs on the snapshot it documents (one
	# read a non-numeric "result" record as a float and raised); a file it
	# reads that the snapshot lacks fails it, and so does finding none.
	if out=$(cd "$A/.." && python3 - "$A/results/DATA.md" 2>&1 <<'PY'
import contextlib, io, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks, skipped = [], 0
for sec in re.split(r"^## ", text, flags=re.M):
    later = "Not in the committed snapshot yet" in sec
    blocks += [(later, b) for b in re.findall(r"^```python\n(.*?)^```", sec, re.S | re.M)]
for i, (later, code) in enumerate(blocks):
    names = re.findall(r'"(?:analysis/results/)?([^"/]+\.csv)"', code)
    try:
        c = compile(code, "DATA.md example %d" % (i + 1), "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(c, {})
    except FileNotFoundError as e:
        if later:
            skipped += 1
            continue  # its section says the snapshot has no such file yet
        print("%s: %s" % (",".join(names), e))
        sys.exit(1)
    except Exception as e:
        print("%s: %s: %s" % (",".join(names), type(e).__name__, e))
        sys.exit(1)
if not blocks:
    print("no Python example found")
    sys.exit(1)
print("%d examples run, %d of a file not in the snapshot yet skipped" % (len(blocks) - skipped, skipped))
PY
	); then
		echo "ok csv.data_examples ($out)"; pass=$((pass + 1))
	else
		echo "not ok csv.data_examples ($out)"; fail=$((fail + 1))
	fi
	# A report of synthetic data writes stack-cost.csv and prefixes-modern.csv
	# as DATA.md documents them.
	r=$(report_dir stack-cost-det.tsv,det-bound-summary.tsv,prefixes-modern.tsv)
	for f in stack-cost prefixes-modern; do
		if [ -n "$r" ] && out=$("$here/csv-check.py" "$r" 2>&1) && grep -q "^ok .*/$f\.csv\$" <<<"$out"; then
			echo "ok csv.${f//-/_}"; pass=$((pass + 1))
		else
			grep '^not ok' <<<"${out:-}"
			echo "not ok csv.${f//-/_} (no $f.csv, or not as DATA.md documents it)"; fail=$((fail + 1))
		fi
	done
	# tsv2csv quotes what needs quoting: Python's csv reads the fields back.
	got=$(printf 'a\tb,c\td"e\n' | awk -f "$A/parse/tsv2csv.awk" |
		python3 -c 'import csv, sys; print("|".join(next(csv.reader(sys.stdin))))')
	if [ "$got" = 'a|b,c|d"e' ]; then
		echo "ok csv.tsv2csv_quoting"; pass=$((pass + 1))
	else
		echo "not ok csv.tsv2csv_quoting (read back '$got')"; fail=$((fail + 1))
	fi
	# The check can fail: a tab-separated file named .csv, and an
	# undocumented column.
	mkdir -p "$tmp/csv"
	printf 'variant\tfiles\tdiagnostics\tadded\tremoved\nbase\t1\t2\t0\t0\n' >"$tmp/csv/sparse.csv"
	printf 'variant,text,data,bss,extra\nbase,1,2,3,4\n' >"$tmp/csv/size.csv"
	out=$("$here/csv-check.py" "$tmp/csv" 2>&1)
	if [ $? -ne 0 ] && grep -q '^not ok .*sparse.csv' <<<"$out" && grep -q '^not ok .*size.csv' <<<"$out"; then
		echo "ok csv.can_fail"; pass=$((pass + 1))
	else
		echo "not ok csv.can_fail (a tab-separated or undocumented file passed)"; fail=$((fail + 1))
	fi
fi

# A figure of a call that failed is labelled "error path" where the design
# table (§5) shows it (issue 35: SO_PEERCONTEXT timed ENOPROTOOPT for weeks).
if [ -z "${EXPECTED:-}" ]; then
	e=$tmp/errpath
	mkdir -p "$e"
	{ printf 'kernel\tstack\tname\tmetric\trun1\trun2\tsame\n'
	  printf 'modern\tsmack+apparmor\tgetsockopt_peercontext\t%s\t%s\t%s\tyes\n' ns_per_op 468.0 468.0 result ENOPROTOOPT ENOPROTOOPT
	  printf 'legacy\tsmack+apparmor\tgetsockopt_peercontext\t%s\t%s\t%s\tyes\n' ns_per_op 580.0 580.0 result ok ok
	} >"$e/det.tsv"
	if report_only "$tmp/report-errpath" BENCH_DIR="$e" &&
	   grep -q '^| instructions per SO_PEERCONTEXT call (smack+apparmor) \[sock\] | [^|]* | 468.0 (error path: ENOPROTOOPT) | 580.0 |' "$tmp/report-errpath/REPORT.md"; then
		echo "ok report.error_path_label"; pass=$((pass + 1))
	else
		echo "not ok report.error_path_label (the design table does not label the failing call)"; fail=$((fail + 1))
	fi
fi

# The Python analysis programs' own tests (test_*.py: resolution.py,
# bench-check.py), Debian's python3 and pytest: one line per test.
if [ -z "${EXPECTED:-}" ]; then
	while read -r status name; do
		case $status in
		PASSED) echo "ok py.$name"; pass=$((pass + 1)) ;;
		FAILED|ERROR) echo "not ok py.$name"; fail=$((fail + 1)) ;;
		esac
	done < <(cd "$here" && /usr/bin/python3 -m pytest -q -rA -p no:cacheprovider test_*.py 2>&1 |
		sed -n 's/^\(PASSED\|FAILED\|ERROR\) \([^ ]*\).*/\1 \2/p')
	if ! (cd "$here" && /usr/bin/python3 -m pytest -q -p no:cacheprovider test_*.py >/dev/null 2>&1); then
		echo "not ok py.pytest (pytest exits non-zero: /usr/bin/python3 -m pytest -q $here)"; fail=$((fail + 1))
	fi
fi

# The runner must be able to fail, and name the failing case.
if [ -z "${EXPECTED:-}" ]; then
	if out=$(EXPECTED=$here/expected-wrong.tsv "$0" 2>&1); then
		echo "not ok runner.can_fail (a wrong expected value passed)"; fail=$((fail + 1))
	elif ! grep -q '^not ok sockperf_udp.avg_wrong ' <<<"$out"; then
		echo "not ok runner.can_fail (the failing case is not named)"; fail=$((fail + 1))
	else
		echo "ok runner.can_fail"; pass=$((pass + 1))
	fi
fi
echo "analysis parsers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/bash
# bench.sh [OPTIONS] [KERNEL:STACK...]: boot bench kernels and run the
# benchmark workloads in the guest (analysis/boot.sh, vm/bench/).
#
# Rows come from analysis/bench-plan.txt (kernel, stack, lsm=, expected
# /sys/kernel/security/lsm, optionally MODE:WORKLOADS;... to run the row in
# those modes only, with those workloads, and iters:N for its own
# microbenchmark iterations), all of them or those named
# KERNEL:STACK.  Kernel VARIANT:synth is VARIANT with the SYNTHETIC
# blob-holding modules (analysis/synthetic/build.sh), VARIANT:synth-F the
# same over VARIANT's flavour F (legacy:synth-rcu).
#   det mode   -icount shift=0,sleep=off -smp 1: each row boots twice, both
#              runs' figures are printed side by side and must be identical
#              (guest time = instructions executed).  Independent of the
#              host's load, so two boots run at once (BENCH_JOBS, 2).
#   wall mode  multi-threaded TCG, -smp 2: ROUNDS rounds of every row,
#              interleaved (A B C A B C ...), one boot at a time; median,
#              min and max per figure.
# Options:
#   --mode det|wall|both   (default both)
#   --rounds N             wall-mode rounds (default 3)
#   --det-workloads LIST   default micro,slab,sockperf_udp,sockperf_tcp,dbench,tbench
#   --wall-workloads LIST  default micro,churn,sockperf_udp,sockperf_tcp,dbench,tbench
#   --build                (re)build every bench kernel the rows need with
#                          vm/kbuild.sh (incremental; checks variants out in
#                          build/linux); without it a missing kernel skips its rows
#   --out DIR              default build/bench
# Environment: BENCH_TIME (seconds of sockperf/dbench/tbench in wall-clock
# mode, default 3), BENCH_DET_TIME (the same in deterministic mode, where the
# figures are exact and a guest second costs ~15 s of host time: default 2),
# BENCH_ITERS (microbenchmark iterations, 2000), BENCH_SOCKETS (10000),
# BENCH_CLIENTS (2), BENCH_KERNEL_<kernel>=PATH uses that bzImage (kernel
# names with ':' and '-' spelt '_': BENCH_KERNEL_legacy_rcu),
# BENCH_INITRAMFS=PATH skips building one, BENCH_PREFIX=NN says the kernels
# are prefix NN of their series (analysis/bench-expect.txt).
# Outputs in DIR: det.tsv (kernel stack name metric run1 run2 same),
# wall.tsv (kernel stack name metric median min max n), status.tsv (every
# boot and its verdict), skipped.tsv, info.txt (date, versions, commands),
# runs/MODE/KERNEL-STACK-rN/ (console.log, tap.log, bench.tsv, raw-*.txt).
# Exit status 1 when a det pair differs or a boot failed.
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
mode=both rounds=3 build=0 out=$BUILD/bench
detw=micro,slab,sockperf_udp,sockperf_tcp,dbench,tbench
wallw=micro,churn,sockperf_udp,sockperf_tcp,dbench,tbench
sel=()
while [ $# -gt 0 ]; do
	case $1 in
	--mode) mode=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--det-workloads) detw=$2; shift 2 ;;
	--wall-workloads) wallw=$2; shift 2 ;;
	--build) build=1; shift ;;
	--out) out=$2; shift 2 ;;
	-*) die "unknown option $1" ;;
	*) sel+=("$1"); shift ;;
	esac
done
case $mode in det|wall|both) ;; *) die "--mode det|wall|both" ;; esac
out=$(realpath -m "$out")
export BENCH_TIME=${BENCH_TIME:-3}
det_time=${BENCH_DET_TIME:-2}
mkdir -p "$out/runs"
: >"$out/skipped.tsv"

# The rows to run.
rows=$(sed 's/#.*//' "$A/bench-plan.txt" | awk 'NF == 4 || NF == 5')
if [ ${#sel[@]} -gt 0 ]; then
	want=$(printf '%s\n' "${sel[@]}")
	rows=$(awk 'NR == FNR { w[$0] = 1; next } ($1 ":" $2) in w' <(echo "$want") <(echo "$rows"))
	[ -n "$rows" ] || die "no row of analysis/bench-plan.txt matches: ${sel[*]}"
fi

same_commit() { [ "$(git -C "$LINUX" rev-parse -q --verify "refs/heads/$1" 2>/dev/null)" = \
	"$(git -C "$LINUX" rev-parse -q --verify "refs/heads/$2" 2>/dev/null)" ]; }
kvar() { local k=${1//:/_}; echo "BENCH_KERNEL_${k//-/_}"; }
# is_synth KERNEL: is it a SYNTHETIC kernel (VARIANT:synth, VARIANT:synth-F)?
is_synth() { case $1 in *:synth|*:synth-*) return 0 ;; esac; return 1; }
# synth_vflavour FLAVOUR: the variant flavour of a SYNTHETIC kernel (rcu of
# synth-rcu), nothing for synth.
synth_vflavour() { case $1 in synth-*) echo "${1#synth-}" ;; esac; }
kernel_path() {	# kernel_path KERNEL: its bzImage (KERNEL = VARIANT or VARIANT:FLAVOUR)
	local k=$1 var v f
	var=$(kvar "$k")
	if [ -n "${!var:-}" ]; then echo "${!var}"; return; fi
	v=${k%%:*}; f=; case $k in *:*) f=${k#*:} ;; esac
	if is_synth "$k"; then "$A/synthetic/build.sh" --path "$v" bench $(synth_vflavour "$f"); return; fi
	[ -z "$f" ] || f=$(frags_name $(flavour_frag "$v" "$f"))
	echo "$LINUX/O-$v-bench${f:+-$f}/arch/x86/boot/bzImage"
}
build_kernel() {	# like vm/matrix.sh: FLAVOUR adds vm/config/VARIANT-FLAVOUR.config
	local k=$1 v f
	v=${k%%:*}; f=; case $k in *:*) f=${k#*:} ;; esac
	if is_synth "$k"; then "$A/synthetic/build.sh" "$v" bench $(synth_vflavour "$f"); return; fi
	local frags=()
	[ -z "$f" ] || mapfile -t frags < <(flavour_frag "$v" "$f")
	"$TOP/vm/kbuild.sh" "$v" bench "${frags[@]}"
}
# row_workloads MODE OPTS: the workloads of a row in MODE (det|wall): the
# mode's default without OPTS, else the list OPTS gives for MODE ("det:a,b;
# wall:c"); nothing when OPTS leaves MODE out (the row does not run in it).
row_workloads() {
	local m=$1 o=${2:-} d
	d=$detw; [ "$m" = wall ] && d=$wallw
	if [ -z "$o" ]; then echo "$d"; return; fi
	tr ';' '\n' <<<"$o" | sed -n "s/^$m://p"
}
row_iters() { tr ';' '\n' <<<"${1:-}" | sed -n 's/^iters://p'; }	# row_iters OPTS

# Resolve kernels; drop rows that cannot run, saying why.
runnable=""
declare -A kpath
while read -r k stack lsm expect opts; do
	[ -n "$k" ] || continue
	v=${k%%:*}
	var=$(kvar "$k")
	if [ "$v" = legacy ] && [ -z "${!var:-}" ] && same_commit legacy modern; then
		printf '%s\t%s\t%s\n' "$k" "$stack" "legacy-chain-port/series is empty (legacy = modern)" >>"$out/skipped.tsv"
		continue
	fi
	if [ -z "${kpath[$k]:-}" ]; then
		p=$(kernel_path "$k")
		if [ $build = 1 ] && [ -z "${!var:-}" ] && ! build_kernel "$k"; then
			# A SYNTHETIC kernel (benchmarks only) that fails to build
			# skips its rows; the real kernels' do not.
			if is_synth "$k"; then p=FAILED; else die "cannot build bench kernel $k"; fi
		fi
		kpath[$k]=$p
	fi
	if [ "${kpath[$k]}" = FAILED ]; then
		printf '%s	%s	%s
' "$k" "$stack" "SYNTHETIC kernel build failed (analysis/synthetic/build.sh, build/logs/)" >>"$out/skipped.tsv"
		continue
	fi
	if [ ! -f "${kpath[$k]}" ]; then
		printf '%s\t%s\t%s\n' "$k" "$stack" "no kernel ${kpath[$k]#$TOP/} (make bench-kernels)" >>"$out/skipped.tsv"
		continue
	fi
	cfg=$(dirname "${kpath[$k]}")/../../../.config
	if [ -f "$cfg" ] && ! grep -q '^CONFIG_POSIX_TIMERS=y' "$cfg"; then
		echo "warning: kernel $k has no CONFIG_POSIX_TIMERS: sockperf, dbench and tbench fail on it (setitimer/alarm)" >&2
	fi
	runnable+="$k $stack $lsm $expect ${opts:-}"$'\n'
done <<<"$rows"
if [ -s "$out/skipped.tsv" ]; then
	progress "bench: skipped rows:"
	sed 's/^/  /' "$out/skipped.tsv"
fi
runnable=$(echo "$runnable" | sed '/^$/d')
[ -n "$runnable" ] || die "nothing to run"
# Rows of one mode: KERNEL STACK LSM EXPECT WORKLOADS ITERS ("-": BENCH_ITERS).
mode_rows() {
	local k stack lsm expect opts w i
	while read -r k stack lsm expect opts; do
		w=$(row_workloads "$1" "$opts") i=$(row_iters "$opts")
		[ -z "$w" ] || echo "$k $stack $lsm $expect $w ${i:--}"
	done <<<"$runnable"
}

initrd=${BENCH_INITRAMFS:-$out/initramfs.cpio}
if [ -z "${BENCH_INITRAMFS:-}" ]; then
	progress "bench: building the initramfs"
	INITRAMFS_WORK=$out "$TOP/vm/mkinitramfs.sh" "$initrd"
fi

{
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "base: $(make -s -C "$LINUX" kernelversion 2>/dev/null || echo unknown) ($(sed -n 's/^tarball=//p' "$TOP/vm/base-tree.txt"))"
	for v in $VARIANTS; do
		echo "commit $v: $(git -C "$LINUX" rev-parse -q --verify "refs/heads/$v" 2>/dev/null || echo none)"
	done
	echo "project commit: $(git -C "$TOP" rev-parse HEAD 2>/dev/null || echo none)"
	echo "cpu: $(sed -n "s/^model name[[:space:]]*: //p" /proc/cpuinfo | head -n1)"
	echo "qemu: $(qemu-system-x86_64 --version | head -n1)"
	echo "sockperf: $(sockperf --version 2>&1 | head -n1)"
	echo "host: $(nproc) CPUs, $(uname -r), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "BENCH_TIME=$BENCH_TIME (wall) BENCH_DET_TIME=$det_time (det) BENCH_ITERS=${BENCH_ITERS:-2000} BENCH_SOCKETS=${BENCH_SOCKETS:-10000} BENCH_CLIENTS=${BENCH_CLIENTS:-2}"
	echo "command: analysis/bench.sh --mode $mode --rounds $rounds --det-workloads $detw --wall-workloads $wallw ${sel[*]}"
	# A kernel given by BENCH_KERNEL_* was not built here: the "commit"
	# line names the branch in build/linux, not what that image holds.
	for k in "${!kpath[@]}"; do
		var=$(kvar "$k")
		cfg=$(dirname "${kpath[$k]}")/../../../.config h=unknown
		[ ! -f "$cfg" ] || h=$(sha256sum <"$cfg" | cut -c1-16)
		echo "kernel $k: ${kpath[$k]#$TOP/}${!var:+ (given by $var, not built from commit ${k%%:*} above)}, config sha256 $h"
	done | sort
	for k in "${!kpath[@]}"; do
		is_synth "$k" || continue
		v=${k%%:*}
		echo "SYNTHETIC $k: ${kpath[$k]#$TOP/}, analysis/synthetic/$v/ sha256 $(cat "$A/synthetic/$v"/*.patch | sha256sum | cut -c1-16)"
	done | sort
} >"$out/info.txt"

: >"$out/status.tsv"
boot() {	# boot MODE ROUND KERNEL STACK LSM EXPECT WORKLOADS ITERS
	local m=$1 r=$2 k=$3 stack=$4 lsm=$5 expect=$6 w=$7 it=$8 d v
	d=$out/runs/$m/$k-$stack-r$r
	local t=$BENCH_TIME
	[ "$m" = det ] && t=$det_time
	[ "$it" != - ] || it=${BENCH_ITERS:-}
	if BENCH_VARIANT=${k%%:*}${BENCH_PREFIX:+@$BENCH_PREFIX} BENCH_TIME=$t BENCH_ITERS=$it "$A/boot.sh" "$d" "${kpath[$k]}" "$initrd" "$lsm" "$expect" "$w" "$m" >/dev/null 2>&1; then
		v=ok
	else
		v=FAILED
	fi
	grep -q $'\terror\t' "$d/bench.tsv" 2>/dev/null && v="$v (a workload failed: $(awk -F'\t' '$2 == "error" {printf "%s ", $1}' "$d/bench.tsv"))"
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$k" "$stack" "$r" "$v" "${d#$TOP/}" >>"$out/status.tsv"
	progress "bench: $m $k $stack run $r: $v ($(cat "$d/wall-seconds" 2>/dev/null || echo '?') s)"
}

rc=0
detrows=$(mode_rows det) wallrows=$(mode_rows wall)
if [ "$mode" != wall ] && [ -n "$detrows" ]; then
	progress "bench: deterministic mode, $(wc -l <<<"$detrows") rows x 2 boots, ${BENCH_JOBS:-2} at a time ($detw, unless the row says otherwise)"
	while read -r k stack lsm expect w it; do
		for r in 1 2; do
			while [ "$(jobs -rp | wc -l)" -ge "${BENCH_JOBS:-2}" ]; do wait -n || true; done
			boot det "$r" "$k" "$stack" "$lsm" "$expect" "$w" "$it" &
		done
	done <<<"$detrows"
	wait
	printf 'kernel\tstack\tname\tmetric\trun1\trun2\tsame\n' >"$out/det.tsv"
	while read -r k stack _; do
		d1=$out/runs/det/$k-$stack-r1 d2=$out/runs/det/$k-$stack-r2
		join -t$'\t' -a1 -a2 -e MISSING -o 0,1.2,2.2 \
			<(awk -F'\t' '{print $1 "\x1f" $2 "\t" $3}' "$d1/bench.tsv" 2>/dev/null | LC_ALL=C sort -t$'\t' -k1,1) \
			<(awk -F'\t' '{print $1 "\x1f" $2 "\t" $3}' "$d2/bench.tsv" 2>/dev/null | LC_ALL=C sort -t$'\t' -k1,1) |
		awk -F'\t' -v k="$k" -v s="$stack" '{
			split($1, nm, "\x1f")
			printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k, s, nm[1], nm[2], $2, $3, ($2 == $3 ? "yes" : "NO")
		}' >>"$out/det.tsv"
	done <<<"$detrows"
	echo
	echo "Deterministic mode (guest ns = instructions), both runs of every row:"
	awk -F'\t' 'NR == 1 || $4 ~ /^(ns_per_op|bytes_per_socket|objs_per_socket|bytes_per_object|objs_per_object|rtt_avg_usec|rtt_p50_usec|throughput_mbps|result)$/' "$out/det.tsv" |
		grep -v '^[^	]*	[^	]*	slabcache_' | column -t -s$'\t'
	ndiff=$(awk -F'\t' 'NR > 1 && $7 != "yes"' "$out/det.tsv" | wc -l)
	nsame=$(awk -F'\t' 'NR > 1 && $7 == "yes"' "$out/det.tsv" | wc -l)
	echo "deterministic: $nsame figures identical in both runs, $ndiff differ"
	[ "$ndiff" -eq 0 ] || rc=1
fi
if [ "$mode" != det ] && [ -n "$wallrows" ]; then
	progress "bench: wall-clock mode, $rounds rounds x $(wc -l <<<"$wallrows") rows, interleaved ($wallw, unless the row says otherwise)"
	for r in $(seq 1 "$rounds"); do
		while read -r k stack lsm expect w it; do
			boot wall "$r" "$k" "$stack" "$lsm" "$expect" "$w" "$it"
		done <<<"$wallrows"
	done
	printf 'kernel\tstack\tname\tmetric\tmedian\tmin\tmax\tn\n' >"$out/wall.tsv"
	while read -r k stack _; do
		for r in $(seq 1 "$rounds"); do
			f=$out/runs/wall/$k-$stack-r$r/bench.tsv
			[ -f "$f" ] && awk -F'\t' '$3 ~ /^-?[0-9.]+$/ {print $1 "\t" $2 "\t" $3}' "$f"
		done | LC_ALL=C sort -t$'\t' -k1,1 -k2,2 -k3,3g |
		awk -F'\t' -v k="$k" -v s="$stack" '
			function flush() {
				if (n == 0) return
				med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
				printf "%s\t%s\t%s\t%s\t%g\t%g\t%g\t%d\n", k, s, pn, pm, med, v[1], v[n], n
			}
			{ if ($1 != pn || $2 != pm) { flush(); n = 0; pn = $1; pm = $2 } v[++n] = $3 }
			END { flush() }' >>"$out/wall.tsv"
	done <<<"$wallrows"
	echo
	echo "Wall-clock mode (-smp 2, $rounds rounds): median [min-max]"
	awk -F'\t' 'NR > 1 && $4 ~ /^(ns_per_op|rtt_avg_usec|throughput_mbps)$/ {
		printf "%s\t%s\t%s\t%s\t%s [%s-%s]\n", $1, $2, $3, $4, $5, $6, $7 }' "$out/wall.tsv" | column -t -s$'\t'
fi
if grep -q $'\tFAILED' "$out/status.tsv"; then
	echo "bench: some boots failed:"; grep $'\tFAILED' "$out/status.tsv" | sed 's/^/  /'
	rc=1
fi
exit $rc

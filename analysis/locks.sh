#!/bin/bash
# locks.sh [--build] [--out DIR] [KERNEL:STACK...]: locks taken per hook,
# measured.  Boots the TEST kernel (CONFIG_LOCK_STAT; KASAN and the rest do
# not change which locks are taken) of each row of analysis/locks-plan.txt,
# or of the rows named, one CPU (analysis/boot.sh wall with BENCH_SMP=1: a
# deterministic boot of a KASAN kernel takes 6 min, this one under a
# minute; counts do not depend on time, except timer interrupts' share of
# "all"), two at a time, with the workload "locks": for every microbenchmark operation,
# lock acquisitions per operation and per lock class from /proc/lock_stat
# (vm/bench/lsmbench.c).  The legacy chains' global lock is the class
# security_list_rwlock (rwlock read side: -R, write side: -W) or
# security_list_lock (the RCU choice's writers' spinlock); modern takes none.
#   --build   build missing test kernels (vm/kbuild.sh, like vm/matrix.sh;
#             VARIANT:synth with analysis/synthetic/build.sh VARIANT test);
#             without it a missing kernel skips its rows
#   --out DIR default build/bench (where report.sh reads)
# Environment: LOCKS_ITERS (operations per figure, default 200; the
# figures are exact counts, timer interrupts add a few hundredths to "all").
# Outputs in DIR: locks.tsv (kernel stack name class per_op),
# locks-status.tsv, locks-skipped.tsv, runs/locks/KERNEL-STACK/.
# Exit status 1 when a boot failed.
. "$(dirname "$0")/../vm/lib.sh"
A=$TOP/analysis
build=0 out=$BUILD/bench sel=()
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=1; shift ;;
	--out) out=$2; shift 2 ;;
	-*) die "unknown option $1" ;;
	*) sel+=("$1"); shift ;;
	esac
done
out=$(realpath -m "$out")
mkdir -p "$out/runs/locks"
: >"$out/locks-skipped.tsv"
rows=$(sed 's/#.*//' "$A/locks-plan.txt" | awk 'NF == 4')
if [ ${#sel[@]} -gt 0 ]; then
	rows=$(awk 'NR == FNR { w[$0] = 1; next } ($1 ":" $2) in w' <(printf '%s\n' "${sel[@]}") <(echo "$rows"))
	[ -n "$rows" ] || die "no row of analysis/locks-plan.txt matches: ${sel[*]}"
fi

test_kernel() {	# test_kernel KERNEL: its bzImage path (VARIANT or VARIANT:FLAVOUR)
	local v=${1%%:*} f=
	case $1 in *:*) f=${1#*:} ;; esac
	case $f in
	synth) "$A/synthetic/build.sh" --path "$v" test ;;
	'') echo "$LINUX/O-$v-test/arch/x86/boot/bzImage" ;;
	*) echo "$LINUX/O-$v-test-$v-$f/arch/x86/boot/bzImage" ;;
	esac
}
build_test_kernel() {
	local v=${1%%:*} f=
	case $1 in *:*) f=${1#*:} ;; esac
	case $f in
	synth) "$A/synthetic/build.sh" "$v" test ;;
	'') "$TOP/vm/kbuild.sh" "$v" test ;;
	*) "$TOP/vm/kbuild.sh" "$v" test "$TOP/vm/config/$v-$f.config" ;;
	esac
}
same_commit() { [ "$(git -C "$LINUX" rev-parse -q --verify "refs/heads/$1" 2>/dev/null)" = \
	"$(git -C "$LINUX" rev-parse -q --verify "refs/heads/$2" 2>/dev/null)" ]; }

declare -A kpath
runnable=""
while read -r k stack lsm expect; do
	[ -n "$k" ] || continue
	skip() { printf '%s\t%s\t%s\n' "$k" "$stack" "$1" >>"$out/locks-skipped.tsv"; }
	if [ "${k%%:*}" = legacy ] && same_commit legacy modern; then
		skip "legacy-chain-port/series is empty (legacy = modern)"; continue
	fi
	if [ -z "${kpath[$k]:-}" ]; then
		kpath[$k]=$(test_kernel "$k")
		if [ $build = 1 ] && ! build_test_kernel "$k"; then
			# A SYNTHETIC kernel that fails to build skips its rows.
			case $k in *:synth) kpath[$k]=FAILED ;; *) die "cannot build test kernel $k" ;; esac
		fi
	fi
	p=${kpath[$k]}
	if [ "$p" = FAILED ]; then skip "SYNTHETIC test kernel build failed (analysis/synthetic/build.sh, build/logs/)"; continue; fi
	if [ ! -f "$p" ]; then skip "no test kernel ${p#$TOP/}"; continue; fi
	if ! grep -q '^CONFIG_LOCK_STAT=y' "$(dirname "$p")/../../../.config" 2>/dev/null; then
		skip "test kernel ${p#$TOP/} has no CONFIG_LOCK_STAT (rebuild it: vm/config/test.config)"; continue
	fi
	runnable+="$k $stack $lsm $expect"$'\n'
done <<<"$rows"
if [ -s "$out/locks-skipped.tsv" ]; then
	progress "locks: skipped rows:"
	sed 's/^/  /' "$out/locks-skipped.tsv"
fi
runnable=$(sed '/^$/d' <<<"$runnable")
[ -n "$runnable" ] || { progress "locks: nothing to run"; exit 0; }

initrd=$out/initramfs.cpio
progress "locks: building the initramfs"
INITRAMFS_WORK=$out "$TOP/vm/mkinitramfs.sh" "$initrd"

: >"$out/locks-status.tsv"
boot() {	# boot KERNEL STACK LSM EXPECT
	local d=$out/runs/locks/$1-$2 v=ok
	BENCH_VARIANT=${1%%:*} BENCH_SMP=1 BENCH_ITERS=${LOCKS_ITERS:-200} "$A/boot.sh" "$d" "${kpath[$1]}" "$initrd" "$3" "$4" locks wall 600 \
		>/dev/null 2>&1 || v=FAILED
	grep -q '^bencherror' "$d/bench.tsv" 2>/dev/null && v="$v ($(awk -F'\t' '$1 == "bencherror" { print $2; exit }' "$d/bench.tsv"))"
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$v" "${d#$TOP/}" >>"$out/locks-status.tsv"
	progress "locks: $1 $2: $v ($(cat "$d/wall-seconds" 2>/dev/null || echo '?') s)"
}
progress "locks: $(wc -l <<<"$runnable") boots, 2 at a time (test kernels, one CPU)"
while read -r k stack lsm expect; do
	while [ "$(jobs -rp | wc -l)" -ge "${BENCH_JOBS:-2}" ]; do wait -n || true; done
	boot "$k" "$stack" "$lsm" "$expect" &
done <<<"$runnable"
wait

printf 'kernel\tstack\tname\tclass\tper_op\n' >"$out/locks.tsv"
while read -r k stack _; do
	f=$out/runs/locks/$k-$stack/bench.tsv
	[ -f "$f" ] && awk -F'\t' -v k="$k" -v s="$stack" '$1 ~ /^locks_/ && $2 != "result" {
		printf "%s\t%s\t%s\t%s\t%s\n", k, s, substr($1, 7), $2, $3 }' "$f"
done <<<"$runnable" >>"$out/locks.tsv"
echo
echo "Lock acquisitions per operation: security_list (the legacy chains' lock, exact) / all (every class; timer interrupts included)"
awk -F'\t' 'NR > 1 && ($4 == "security_list" || $4 == "all") {
	k = $1 "/" $2; if (!(k in s)) { s[k] = 1; ks[++nk] = k } if (!($3 in n)) { n[$3] = 1; ns[++nn] = $3 } v[$3, k, $4] = $5 }
	END { printf "operation"; for (j = 1; j <= nk; j++) printf "\t%s", ks[j]; print ""
		for (i = 1; i <= nn; i++) { printf "%s", ns[i]; for (j = 1; j <= nk; j++) printf "\t%s / %s", v[ns[i], ks[j], "security_list"], v[ns[i], ks[j], "all"]; print "" } }' \
	"$out/locks.tsv" | column -t -s$'\t'
if grep -q $'\tFAILED' "$out/locks-status.tsv"; then
	echo "locks: some boots failed:"; grep $'\tFAILED' "$out/locks-status.tsv" | sed 's/^/  /'
	exit 1
fi

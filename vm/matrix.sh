#!/bin/bash
# matrix.sh [VARIANT...]: build the test kernels and the initramfs, boot
# every row of vm/matrix.txt for each variant (two guests at a time), print
# a summary per variant x stack and end with "N passed, N failed".
. "$(dirname "$0")/lib.sh"
variants=${*:-$VARIANTS}
initrd=$BUILD/initramfs.cpio
jobs=${TEST_JOBS:-2}

"$TOP/vm/tree.sh" base
for v in $variants; do "$TOP/vm/tree.sh" variant "$v"; done

# A variant equal to its parent (empty series) is tested on its parent's kernel
# with its parent's rows.
src_of() {
	local v=$1 p
	while p=$(parent_of "$v") && [ -n "$p" ] &&
	      [ "$(git -C "$LINUX" rev-parse "$v")" = "$(git -C "$LINUX" rev-parse "$p")" ]; do
		v=$p
	done
	echo "$v"
}
# Reference flavours, left out unless asked for (make test-reference):
# their results are committed, their kernels kept out of make test for its
# cold build time (vm/matrix.txt).  MATRIX_ONLY="V:F ...": only those.
MATRIX_EXCLUDE=${MATRIX_EXCLUDE-base:distro blobs:distro legacy legacy:nostacker legacy:rcu legacy:distro+kcsan modern:distro+kcsan}
MATRIX_ONLY=${MATRIX_ONLY:-}
rows_of() {	# rows of the matrix for variant $1 (V or V:FLAVOUR)
	local v=$1
	awk -v v="$v" -v ex=" $MATRIX_EXCLUDE " -v only=" $MATRIX_ONLY " \
		'($1 == v || index($1, v ":") == 1) && index(ex, " " $1 " ") == 0 &&
		 (only == "  " || index(only, " " $1 " ") > 0)' "$TOP/vm/matrix.txt"
}
# kernel_for V[:FLAVOUR]: build the test kernel, print its bzImage.  A
# flavour adds the fragment vm/config/V-FLAVOUR.config or FLAVOUR.config.
kernel_for() {
	local v=${1%%:*} f=
	case $1 in *:*) f=${1#*:} ;; esac
	if [ -z "$f" ]; then
		"$TOP/vm/kbuild.sh" "$v" test >&2 || return 1
		echo "$LINUX/O-$v-test/arch/x86/boot/bzImage"
	else
		local frags
		mapfile -t frags < <(flavour_frag "$v" "$f")
		"$TOP/vm/kbuild.sh" "$v" test "${frags[@]}" >&2 || return 1
		echo "$LINUX/O-$v-test-$(frags_name "${frags[@]}")/arch/x86/boot/bzImage"
	fi
}

declare -A kern
for v in $variants; do
	s=$(src_of "$v")
	if [ -z "$(MATRIX_EXCLUDE= MATRIX_ONLY= rows_of "$v")" ] && [ "$s" = "$v" ]; then
		die "vm/matrix.txt has no rows for variant '$v'"
	fi
	# Every row of the variant is a reference flavour left out: no kernel.
	[ -n "$(rows_of "$v")" ] || [ "$s" != "$v" ] || continue
	if [ "$s" != "$v" ]; then
		[ -n "${kern[$s]:-}" ] || kern[$s]=$(kernel_for "$s") || exit 1
		kern[$v]=${kern[$s]}
		continue
	fi
	# One kernel per flavour the variant's rows name.
	for vf in $(rows_of "$v" | awk '{print $1}' | sort -u); do
		[ -n "${kern[$vf]:-}" ] || kern[$vf]=$(kernel_for "$vf") || exit 1
	done
done
progress "building the initramfs"
"$TOP/vm/mkinitramfs.sh" "$initrd"

list=$BUILD/runs/matrix.list
mkdir -p "$BUILD/runs"; : >"$list"
info=$BUILD/runs/matrix-info.txt
{
	echo "start: $(date -u '+%Y-%m-%d %H:%M UTC')"
	for v in $VARIANTS; do echo "commit $v: $(git -C "$LINUX" rev-parse -q --verify "refs/heads/$v" || echo none)"; done
	echo "project commit: $(git -C "$TOP" rev-parse HEAD 2>/dev/null || echo none)$(git -C "$TOP" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
	echo "command: vm/matrix.sh $*"
} >"$info"
for v in $variants; do
	s=$(src_of "$v")
	rows=$(rows_of "$v")
	[ -n "$rows" ] || [ "$s" != "$v" ] || continue
	if [ -n "$rows" ]; then
		while read -r vf stack lsm expect suites params; do
			echo "$vf $stack $lsm $expect $suites $params" >>"$list"
		done <<<"$rows"
	else
		while read -r _ stack lsm expect suites params; do
			kern[$v]=${kern[$s]}
			echo "$v $stack $lsm $expect $suites $params" >>"$list"
		done <<<"$(rows_of "$s")"
	fi
done
total=$(wc -l <"$list")
progress "booting $total guests, $jobs at a time"
n=0
while read -r v stack lsm expect suites params; do
	n=$((n + 1))
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
	(
		# A row's sixth column: more kernel parameters, ';'-separated;
		# "qemu:smp=N" among them boots the guest with N vCPUs instead
		# (multi-threaded TCG).
		row_params "${params:-}"
		[ -z "$row_smp" ] || export QEMU_SMP=$row_smp
		export QEMU_APPEND="${QEMU_APPEND:-}$row_kparams"
		# Several vCPUs share the two host cores: more time.
		tmo=600; [ "${QEMU_SMP:-1}" -le 1 ] || tmo=900
		if "$TOP/vm/run-qemu.sh" "$v-$stack" "${kern[$v]}" "$initrd" "$lsm" "$expect" "$suites" "$tmo" \
			>/dev/null 2>&1; then r=ok; else r=FAILED; fi
		progress "guest $v $stack: $r"
	) &
done <"$list"
wait

# Summary.
pass=0 fail=0
printf '\n%-16s %-24s %6s %6s %6s\n' variant stack passed failed skipped
while read -r v stack _; do
	res=$BUILD/runs/$v-$stack/results.tsv
	[ -f "$res" ] || printf 'FAIL\tharness.run (the runner did not finish)\n' >"$res"
	p=$(grep -c '^PASS' "$res" || true); f=$(grep -c '^FAIL' "$res" || true)
	s=$(grep -c '^SKIP' "$res" || true)
	printf '%-16s %-24s %6d %6d %6d\n' "$v" "$stack" "$p" "$f" "$s"
	pass=$((pass + p)); fail=$((fail + f))
done <"$list"
if [ "$fail" -gt 0 ]; then
	echo
	echo "Failed:"
	while read -r v stack _; do
		d=$BUILD/runs/$v-$stack
		grep '^FAIL' "$d/results.tsv" | cut -f2- | while read -r c _; do
			echo "  $v/$stack: $c"
			# The case's KTAP diagnostics, printed just before its result.
			awk -v c="$c" '/^# /{d = d "      " $0 "\n"; next}
				$NF == c && /^not ok/{printf "%s", d} {d = ""}' "$d/tap.log" 2>/dev/null || true
		done
		grep -q '^FAIL' "$d/results.tsv" && echo "    console: ${d#$TOP/}/console.log"
	done <"$list"
fi
echo "$pass passed, $fail failed"
echo "end: $(date -u '+%Y-%m-%d %H:%M UTC'): $pass passed, $fail failed" >>"$info"
[ "$fail" -eq 0 ]

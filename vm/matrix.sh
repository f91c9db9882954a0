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
rows_of() {	# rows of the matrix for variant $1
	local v=$1
	awk -v v="$v" '$1 == v' "$TOP/vm/matrix.txt"
}

declare -A kern
for v in $variants; do
	s=$(src_of "$v")
	if [ -z "$(rows_of "$v")" ] && [ "$s" = "$v" ]; then
		die "vm/matrix.txt has no rows for variant '$v'"
	fi
	[ -n "${kern[$s]:-}" ] || { "$TOP/vm/kbuild.sh" "$s" test; kern[$s]=$LINUX/O-$s-test/arch/x86/boot/bzImage; }
	kern[$v]=${kern[$s]}
done
progress "building the initramfs"
"$TOP/vm/mkinitramfs.sh" "$initrd"

list=$BUILD/runs/matrix.list
mkdir -p "$BUILD/runs"; : >"$list"
for v in $variants; do
	s=$(src_of "$v")
	rows=$(rows_of "$v"); [ -n "$rows" ] || rows=$(rows_of "$s")
	while read -r _ stack lsm expect suites; do
		echo "$v $stack $lsm $expect $suites" >>"$list"
	done <<<"$rows"
done
total=$(wc -l <"$list")
progress "booting $total guests, $jobs at a time"
n=0
while read -r v stack lsm expect suites; do
	n=$((n + 1))
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
	(
		if "$TOP/vm/run-qemu.sh" "$v-$stack" "${kern[$v]}" "$initrd" "$lsm" "$expect" "$suites" 300 \
			>/dev/null 2>&1; then r=ok; else r=FAILED; fi
		progress "guest $v $stack: $r"
	) &
done <"$list"
wait

# Summary.
pass=0 fail=0
printf '\n%-8s %-18s %6s %6s %6s\n' variant stack passed failed skipped
while read -r v stack _; do
	res=$BUILD/runs/$v-$stack/results.tsv
	[ -f "$res" ] || printf 'FAIL\tharness.run (the runner did not finish)\n' >"$res"
	p=$(grep -c '^PASS' "$res" || true); f=$(grep -c '^FAIL' "$res" || true)
	s=$(grep -c '^SKIP' "$res" || true)
	printf '%-8s %-18s %6d %6d %6d\n' "$v" "$stack" "$p" "$f" "$s"
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
[ "$fail" -eq 0 ]

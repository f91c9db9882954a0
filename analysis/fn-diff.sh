#!/bin/bash
# fn-diff.sh [--brief] [--show] A_VMLINUX B_VMLINUX [FUNC...]
# Which functions does a series change in the compiled kernel?  Disassembles
# both vmlinux files (objdump -d) and compares every function's instructions
# once what a link decides is written as symbols: call and jump targets as
# <symbol+offset> (objdump's), rip-relative operands, absolute kernel
# addresses ($0xffffffff8..., sign-extended displacements) and per-CPU
# offsets (%gs:0x...) as the symbol they fall in (nm -S), and the padding
# after a function's last instruction (int3, nop) left out.  Immediates,
# struct offsets, registers and the order of instructions stay, so a
# function listed as "same" executes the same instructions on the same
# objects in both kernels.  One thing is not told apart: a reference into
# data no symbol covers (a string literal) is written <data>, so a function
# that only passes another string reads as "same".  A region holding
# padding only (the gap after a section marker such as __kprobes_text_end)
# is no function and is left out.  A name defined more than once (static
# functions of different files) pairs identical bodies first, then the rest
# in order; its instances are NAME#1, NAME#2... (B's rank; A's for a
# removed one).
# Prints one line per function that differs:
#   changed|added|removed<TAB>FUNCTION<TAB>instructions in A<TAB>in B
# then "fn-diff: N changed, N added, N removed of N functions".  With FUNC
# arguments, prints "same|changed|added|removed|absent<TAB>FUNCTION<TAB>..."
# for each of them instead (every instance of a name defined more than
# once; absent: in neither), and exits 1 when one is not "same"; --show
# adds a unified diff of the normalised instructions of each that differs
# (its first instance).  --brief prints the summary line only.
# Used for REPORT.md's single-module verdicts (issue 16): a figure that
# moves between base and modern while no function on its path differs is
# the timer ticks and deferred work landing elsewhere in the loop.
. "$(dirname "$0")/../vm/lib.sh"
brief= show=
while [ $# -gt 0 ]; do
	case $1 in
	--brief) brief=1 ;;
	--show) show=1 ;;
	*) break ;;
	esac
	shift
done
[ $# -ge 2 ] || die "usage: fn-diff.sh [--brief] [--show] A_VMLINUX B_VMLINUX [FUNC...]"
a=$1 b=$2; shift 2
for v in "$a" "$b"; do [ -f "$v" ] || die "no vmlinux at $v"; done
command -v objdump >/dev/null || die "objdump missing (apt-get install binutils)"

# normalize VMLINUX: one line per function, "NAME<TAB>COUNT<TAB>BODY".
normalize() {
	nm -n -S "$1" >"$tmp/nm.$2" || die "nm failed on $1"
	objdump -d --no-show-raw-insn "$1" >"$tmp/dis.$2" || die "objdump failed on $1"
	awk -v nmfile="$tmp/nm.$2" '
		function hexval(h,   k, v) {
			v = 0
			for (k = 1; k <= length(h); k++)
				v = v * 16 + index("0123456789abcdef", substr(h, k, 1)) - 1
			return v
		}
		function pad16(h) {
			sub(/^0x/, "", h)
			while (length(h) < 16) h = "0" h
			return h
		}
		# sym(ADDR16): the symbol ADDR falls in, as <NAME> or <NAME+0xOFF>;
		# <data> past the end of the nearest symbol below it.
		function sym(x,   lo, hi, mid, off) {
			lo = 1; hi = ns
			if (ns == 0 || x < addr[1]) return "<data>"
			while (lo < hi) {
				mid = int((lo + hi + 1) / 2)
				if (addr[mid] <= x) lo = mid; else hi = mid - 1
			}
			if (substr(x, 1, 4) != substr(addr[lo], 1, 4)) return "<data>"
			off = hexval(substr(x, 5)) - hexval(substr(addr[lo], 5))
			if (off == 0) return "<" sname[lo] ">"
			if (off < ssize[lo]) return sprintf("<%s+0x%x>", sname[lo], off)
			return "<data>"
		}
		function pad(ins) {
			return ins == "int3" || ins ~ /^nop/ || ins ~ /^cs nop/ ||
			       ins ~ /^data16/ || ins == "xchg %ax,%ax" ||
			       ins == "add %al,(%rax)" || ins == "(bad)"
		}
		# The body is kept in chunks of about 16 KiB and printed chunk by
		# chunk: appending to one string is quadratic, and a region after a
		# section marker can hold 70,000 instructions.
		function flush(   j) {
			if (name == "" || n == 0) return
			printf "%s\t%d\t", name, n
			for (j = 1; j <= np; j++) printf "%s", part[j]
			printf "%s\n", body
		}
		function add(ins) {
			n++; body = body ";" ins
			if (length(body) > 16384) { part[++np] = body; body = "" }
		}
		BEGIN {
			while ((getline l < nmfile) > 0) {
				k = split(l, f, " ")
				if (k == 4) { a = f[1]; z = hexval(substr(f[2], 5)); t = f[3]; nmn = f[4] }
				else if (k == 3) { a = f[1]; z = 0; t = f[2]; nmn = f[3] }
				else continue
				if (t ~ /^[aAUw]$/ || length(a) != 16) continue
				# a local object numbered by its compilation unit
				# (CSWTCH.281, __already_done.13): the number goes
				if (nmn ~ /\.[0-9]+$/ && nmn !~ /\.(constprop|isra|part|cold|lto_priv)\.[0-9]+$/)
					sub(/\.[0-9]+$/, ".N", nmn)
				if (ns && addr[ns] == a) {
					if (z > ssize[ns]) { sname[ns] = nmn; ssize[ns] = z }
					continue
				}
				addr[++ns] = a; sname[ns] = nmn; ssize[ns] = z
			}
		}
		/^[0-9a-f]+ <[^>]+>:$/ {
			flush()
			name = $2; sub(/^</, "", name); sub(/>:$/, "", name)
			n = 0; np = 0; body = ""; npend = 0; next
		}
		/^ *[0-9a-f]+:\t/ {
			i = $0
			sub(/^ *[0-9a-f]+:\t/, "", i)
			c = ""
			if (match(i, /#.*$/)) { c = substr(i, RSTART + 1); i = substr(i, 1, RSTART - 1) }
			gsub(/[ \t]+/, " ", i); sub(/ $/, "", i)
			if (c != "" && match(i, /-?0x[0-9a-f]+\(%rip\)/)) {
				split(c, cf, " ")
				i = substr(i, 1, RSTART - 1) sym(pad16(cf[1])) "(%rip)" substr(i, RSTART + RLENGTH)
			}
			# call/jump targets: objdump names them; the address goes.
			while (match(i, / [0-9a-f]+ </))
				i = substr(i, 1, RSTART - 1) " <" substr(i, RSTART + RLENGTH)
			# absolute kernel addresses, as immediates or displacements
			while (match(i, /0xffffffff[89][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/))
				i = substr(i, 1, RSTART - 1) sym(substr(i, RSTART + 2, 16)) substr(i, RSTART + RLENGTH)
			while (match(i, /-0x[67][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\(/))
				i = substr(i, 1, RSTART - 1) sym("ffffffff" sprintf("%08x", 4294967296 - hexval(substr(i, RSTART + 3, 8)))) "(" substr(i, RSTART + RLENGTH)
			# per-CPU offsets
			while (match(i, /%gs:0x[0-9a-f]+/) && substr(i, RSTART + RLENGTH, 1) != "(")
				i = substr(i, 1, RSTART - 1) "%gs:" sym(pad16(substr(i, RSTART + 4, RLENGTH - 4))) substr(i, RSTART + RLENGTH)
			# Padding counts only when a real instruction follows it.
			if (pad(i)) { pend[++npend] = i; next }
			for (j = 1; j <= npend; j++) add(pend[j])
			npend = 0
			add(i)
		}
		END { flush() }' "$tmp/dis.$2"
	rm -f "$tmp/nm.$2" "$tmp/dis.$2"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
normalize "$a" a >"$tmp/a" & pa=$!
normalize "$b" b >"$tmp/b" || die "normalizing $b failed"
wait $pa || die "normalizing $a failed"
[ -s "$tmp/a" ] && [ -s "$tmp/b" ] || die "objdump gave no functions"

# Every instance's verdict: "STATUS<TAB>NAME<TAB>COUNT_A<TAB>COUNT_B".
# Names defined once in each are compared as they stream by; a name
# defined more than once in either kernel waits for the end.
{ cut -f1 "$tmp/a" | sort | uniq -d; cut -f1 "$tmp/b" | sort | uniq -d; } | sort -u >"$tmp/dup"
awk -F'\t' 'FILENAME == ARGV[1] { dup[$1] = 1; next }
	FILENAME == ARGV[2] {
		if ($1 in dup) { k = ++ca[$1]; DA[$1, k] = $3; dna[$1, k] = $2 }
		else { A[$1] = $3; na[$1] = $2 }
		next }
	{ if ($1 in dup) { k = ++cb[$1]; DB[$1, k] = $3; dnb[$1, k] = $2; next }
	  if (!($1 in A)) printf "added\t%s\t0\t%d\n", $1, $2
	  else { printf "%s\t%s\t%d\t%d\n", (A[$1] == $3 ? "same" : "changed"), $1, na[$1], $2; delete A[$1] } }
	END {
		for (f in A) printf "removed\t%s\t%d\t0\n", f, na[f]
		for (f in dup) {
			for (j = 1; j <= cb[f]; j++)	# identical bodies first
				for (i = 1; i <= ca[f]; i++)
					if (!(i in usedA) && DA[f, i] == DB[f, j]) {
						usedA[i] = 1; usedB[j] = 1
						printf "same\t%s#%d\t%d\t%d\n", f, j, dna[f, i], dnb[f, j]
						break
					}
			i = 1
			for (j = 1; j <= cb[f]; j++) {
				if (j in usedB) continue
				while (i <= ca[f] && (i in usedA)) i++
				if (i <= ca[f]) { usedA[i] = 1; printf "changed\t%s#%d\t%d\t%d\n", f, j, dna[f, i], dnb[f, j] }
				else printf "added\t%s#%d\t0\t%d\n", f, j, dnb[f, j]
			}
			for (i = 1; i <= ca[f]; i++)
				if (!(i in usedA)) printf "removed\t%s#%d\t%d\t0\n", f, i, dna[f, i]
			delete usedA; delete usedB
		}
	}' "$tmp/dup" "$tmp/a" "$tmp/b" >"$tmp/all"

if [ $# -gt 0 ]; then
	rc=0
	printf '%s\n' "$@" >"$tmp/want"
	awk -F'\t' 'FILENAME == ARGV[1] { ord[++k] = $1; next }
		{ f = $2; sub(/#[0-9]+$/, "", f); hit[f] = hit[f] $0 "\n"; if ($1 != "same") bad[f] = 1 }
		END { for (i = 1; i <= k; i++) {
				f = ord[i]
				if (f in hit) printf "%s", hit[f]
				else { printf "absent\t%s\t0\t0\n", f; bad[f] = 1 }
				if (f in bad) rc = 1 }
			exit rc }' "$tmp/want" "$tmp/all" || rc=$?
	if [ -n "$show" ]; then
		# One pass over each kernel: the first instance of every FUNC,
		# one instruction per line, into show.a.N / show.b.N.
		for v in a b; do
			awk -F'\t' -v out="$tmp/show.$v." 'FILENAME == ARGV[1] { if (!($1 in want)) want[$1] = FNR; next }
				($1 in want) && !done[$1]++ { f = out want[$1]; n = split($3, l, ";")
					for (i = 2; i <= n; i++) print l[i] >f
					close(f) }' "$tmp/want" "$tmp/$v"
		done
		i=0
		for f in "$@"; do
			i=$((i + 1))
			touch "$tmp/show.a.$i" "$tmp/show.b.$i"
			cmp -s "$tmp/show.a.$i" "$tmp/show.b.$i" ||
				diff -u --label "$f (A)" --label "$f (B)" "$tmp/show.a.$i" "$tmp/show.b.$i" || true
		done
	fi
	exit $rc
fi
[ -n "$brief" ] || awk -F'\t' '$1 != "same"' "$tmp/all" | sort -t$'\t' -k2,2
awk -F'\t' '{ t++; c[$1]++ }
	END { printf "fn-diff: %d changed, %d added, %d removed of %d functions\n", c["changed"], c["added"], c["removed"], t }' "$tmp/all"

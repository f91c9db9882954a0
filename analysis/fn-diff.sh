#!/bin/bash
# fn-diff.sh [--brief] A_VMLINUX B_VMLINUX [FUNC...]
# Which functions does a series change in the compiled kernel?  Disassembles
# both vmlinux files (objdump -d) and compares every function's instructions
# with what moves between two links taken out: addresses and symbol offsets
# of jump and call targets, rip-relative displacements and absolute
# addresses (six or more hex digits).  Struct offsets, immediates, registers
# and the order of instructions stay, so a function listed as "same"
# executes the same instructions in both kernels.  A name defined more than
# once (static functions of different files) is told apart by its rank:
# NAME#2, NAME#3...
# Prints one line per function that differs:
#   changed|added|removed<TAB>FUNCTION<TAB>instructions in A<TAB>in B
# then "fn-diff: N changed, N added, N removed of N functions".  With FUNC
# arguments, prints "same|changed|added|removed|absent FUNCTION ..." for
# each of them instead (absent: in neither), and exits 1 when one is not
# "same".  --brief prints the summary line only.
# Used for REPORT.md's single-module verdicts (issue 16): a figure that
# moves between base and modern while no function on its path changed is
# the timer ticks and deferred work landing elsewhere in the loop, not code.
. "$(dirname "$0")/../vm/lib.sh"
brief=
[ "${1:-}" != --brief ] || { brief=1; shift; }
[ $# -ge 2 ] || die "usage: fn-diff.sh [--brief] A_VMLINUX B_VMLINUX [FUNC...]"
a=$1 b=$2; shift 2
for v in "$a" "$b"; do [ -f "$v" ] || die "no vmlinux at $v"; done
command -v objdump >/dev/null || die "objdump missing (apt-get install binutils)"

# normalize VMLINUX: one line per function, "NAME<TAB>COUNT<TAB>BODY".
normalize() {
	objdump -d --no-show-raw-insn "$1" | awk '
		# The body is kept in chunks of 256 instructions and printed chunk by
		# chunk: appending to one string is quadratic, and the last "function"
		# of a section can hold 70,000 instructions.
		function flush(   j) {
			if (name == "") return
			printf "%s\t%d\t", name, n
			for (j = 1; j <= np; j++) printf "%s", part[j]
			printf "%s\n", body
		}
		/^[0-9a-f]+ <[^>]+>:$/ {
			flush()
			name = $2; sub(/^</, "", name); sub(/>:$/, "", name)
			if (++seen[name] > 1) name = name "#" seen[name]
			n = 0; np = 0; body = ""; next
		}
		/^ *[0-9a-f]+:\t/ {
			i = $0
			sub(/^ *[0-9a-f]+:\t/, "", i)
			sub(/ *#.*$/, "", i)
			gsub(/\+0x[0-9a-f]+>/, ">", i)
			gsub(/-?0x[0-9a-f]+\(%rip\)/, "X(%rip)", i)
			gsub(/(0x)?[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+/, "A", i)
			gsub(/[ \t]+/, " ", i); sub(/ $/, "", i)
			n++; body = body ";" i
			if (n % 256 == 0) { part[++np] = body; body = "" }
		}
		END { flush() }'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
normalize "$a" >"$tmp/a" & normalize "$b" >"$tmp/b"; wait
[ -s "$tmp/a" ] && [ -s "$tmp/b" ] || die "objdump gave no functions"

if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$tmp/want"
	awk -F'\t' 'FILENAME == ARGV[1] { want[$1] = 1; ord[++k] = $1; next }
		FILENAME == ARGV[2] { if ($1 in want) { A[$1] = $3; na[$1] = $2 } next }
		{ if ($1 in want) { B[$1] = $3; nb[$1] = $2 } }
		END { for (i = 1; i <= k; i++) { f = ord[i]
				s = (f in A) ? ((f in B) ? (A[f] == B[f] ? "same" : "changed") : "removed") : ((f in B) ? "added" : "absent")
				if (s != "same") bad = 1
				printf "%s\t%s\t%d\t%d\n", s, f, na[f], nb[f] }
			exit bad }' "$tmp/want" "$tmp/a" "$tmp/b"
	exit
fi
awk -F'\t' -v brief="$brief" -v sum="$tmp/sum" 'FILENAME == ARGV[1] { A[$1] = $3; na[$1] = $2; next }
	{ t++
	  if (!($1 in A)) { add++; if (!brief) printf "added\t%s\t0\t%d\n", $1, $2 }
	  else { if (A[$1] != $3) { ch++; if (!brief) printf "changed\t%s\t%d\t%d\n", $1, na[$1], $2 }; delete A[$1] } }
	END { for (f in A) { rm++; t++; if (!brief) printf "removed\t%s\t%d\t0\n", f, na[f] }
		printf "fn-diff: %d changed, %d added, %d removed of %d functions\n", ch, add, rm, t >sum }' \
	"$tmp/a" "$tmp/b" | sort -t$'\t' -k2,2
cat "$tmp/sum"

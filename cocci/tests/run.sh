#!/bin/sh
# Unit tests for the semantic patches in cocci/.
#
# Each tests/NAME.c starts with
#   /* cocci: SCRIPT.cocci [spatch options] [path=REL/PATH.c] */
# and may carry
#   /* report: N */        report mode must print N WARNING lines on NAME.c
#                          and none on NAME.res (everything converted)
#   /* roundtrip: SCRIPT.cocci [spatch options] */
#                          SCRIPT applied to NAME.res must give NAME.c back
#   /* log: TEXT */        spatch's output in patch mode on NAME.c must
#                          contain TEXT (a diagnostic the script prints)
# and options extra=FILE:REL/PATH (FILE from tests/ placed beside the
# input, as a header it includes).  A file tests/NAME.multi is a
# multi-file case: its first line "# cocci: SCRIPT.cocci [options]", then
# lines "CASE REL/PATH.c"; spatch --dir over a tree of every CASE.c at its
# path must give the tree of the CASE.res files exactly.  With a second
# line "# args: TEXT" the files are instead given together on one spatch
# command line, in the order listed (spatch then treats them as one group),
# and the script must refuse: exit non-zero, print TEXT, change no file.
#
# The case passes when, in patch mode, the script turns NAME.c into exactly
# NAME.res, applying it again to NAME.res changes nothing (idempotence), and
# the optional checks above hold.  path= places the input at that relative
# path (the accessor is chosen from it).  Every cocci/*.cocci must parse.
#
# Usage: tests/run.sh [-v] [CASE...]   (exit 1 naming the failing cases)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
COCCI=$(dirname "$HERE")
SPATCH=${SPATCH:-spatch}
VERBOSE=0
[ "${1:-}" = "-v" ] && { VERBOSE=1; shift; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/cocci-tests.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
failed=""
npass=0
nfail=0
RUNS=0

fail() { # case what
	echo "FAIL: $1: $2"
	failed="$failed $1"
	nfail=$((nfail + 1))
}

# run_spatch SCRIPT OPTS MODE INFILE RELPATH OUTFILE
# Copies INFILE to RELPATH under a scratch root and runs spatch there.
run_spatch() {
	RUNS=$((RUNS + 1)); root=$TMP/run.$RUNS
	mkdir -p "$root/$(dirname "$5")"
	cp "$4" "$root/$5"
	for x in $EXTRA; do
		mkdir -p "$root/$(dirname "${x#*:}")"
		cp "$HERE/${x%%:*}" "$root/${x#*:}"
	done
	# shellcheck disable=SC2086
	(cd "$root" && $SPATCH --very-quiet --no-show-diff --sp-file "$COCCI/$1" \
		-D "$3" $2 "$5" -o "$root/out.c") >"$root/log" 2>&1
	rc=$?
	if [ "$3" = report ]; then
		grep -c 'WARNING' "$root/log" >"$6"
	elif [ -f "$root/out.c" ]; then
		cp "$root/out.c" "$6"
	else
		cp "$root/$5" "$6"
	fi
	[ $VERBOSE = 1 ] && sed "s|^|    spatch: |" "$root/log" | grep -v 'should sk_alloc_security' >&2
	cp "$root/log" "$6.log"
	rm -rf "$root"
	return $rc
}

# directive FILE KEY -> text of /* KEY: ... */
directive() {
	sed -n "s|^/\* $2: \(.*\) \*/\$|\1|p" "$1" | head -n 1
}

# 1. every script parses
for f in "$COCCI"/*.cocci; do
	# -D values only satisfy the parameterised scripts' dependencies
	if ! $SPATCH --parse-cocci -D patch -D stype=x -D fld=x -D acc=x -D blob=x "$f" >"$TMP/parse.log" 2>&1 ||
	   grep -q 'parse error\|semantic error' "$TMP/parse.log"; then
		fail "parse:$(basename "$f")" "spatch --parse-cocci failed"
		[ $VERBOSE = 1 ] && cat "$TMP/parse.log"
	else
		npass=$((npass + 1))
	fi
done

# 2. the cases
cd "$HERE" || exit 2
if [ $# -gt 0 ]; then cases="$*"; else cases=$(ls ./*.c | sed 's|^\./||; s|\.c$||'); fi
for name in $cases; do
	in=$HERE/$name.c
	res=$HERE/$name.res
	[ -f "$in" ] || { fail "$name" "no $name.c"; continue; }
	[ -f "$res" ] || { fail "$name" "no $name.res"; continue; }
	spec=$(directive "$in" cocci)
	[ -n "$spec" ] || { fail "$name" "no /* cocci: */ line"; continue; }
	script=${spec%% *}
	opts=""
	rel=$name.c
	EXTRA=""
	for w in ${spec#"$script"}; do
		case $w in
		path=*) rel=${w#path=} ;;
		extra=*) EXTRA="$EXTRA ${w#extra=}" ;;
		*) opts="$opts $w" ;;
		esac
	done
	ok=1
	out=$TMP/$name.out
	if ! run_spatch "$script" "$opts" patch "$in" "$rel" "$out"; then
		fail "$name" "spatch exited non-zero"; ok=0
	elif ! diff -u "$res" "$out" >"$TMP/$name.diff"; then
		fail "$name" "output differs from $name.res"; ok=0
		sed 's/^/    /' "$TMP/$name.diff" | head -40
	fi
	# idempotence
	if ! run_spatch "$script" "$opts" patch "$res" "$rel" "$out.2"; then
		fail "$name" "spatch exited non-zero on $name.res (idempotence run)"; ok=0
	elif ! diff -u "$res" "$out.2" >"$TMP/$name.diff2"; then
		fail "$name" "not idempotent (script changes $name.res)"; ok=0
		sed 's/^/    /' "$TMP/$name.diff2" | head -20
	fi
	wlog=$(directive "$in" log)
	if [ -n "$wlog" ] && ! grep -qF -- "$wlog" "$out.log"; then
		fail "$name" "spatch did not print \"$wlog\""; ok=0
	fi
	want=$(directive "$in" report)
	if [ -n "$want" ]; then
		run_spatch "$script" "$opts" report "$in" "$rel" "$TMP/$name.cnt" ||
			{ fail "$name" "spatch exited non-zero in report mode on $name.c"; ok=0; }
		got=$(cat "$TMP/$name.cnt")
		[ "$got" = "$want" ] || { fail "$name" "report mode: $got warnings on input, expected $want"; ok=0; }
		run_spatch "$script" "$opts" report "$res" "$rel" "$TMP/$name.cnt2" ||
			{ fail "$name" "spatch exited non-zero in report mode on $name.res"; ok=0; }
		got=$(cat "$TMP/$name.cnt2")
		if [ "$want" != 0 ] && [ "$got" != 0 ]; then
			fail "$name" "report mode: $got warnings left on $name.res"; ok=0
		fi
	fi
	rt=$(directive "$in" roundtrip)
	if [ -n "$rt" ]; then
		rscript=${rt%% *}
		ropts=${rt#"$rscript"}
		if ! run_spatch "$rscript" "$ropts" patch "$res" "$rel" "$out.rt"; then
			fail "$name" "spatch ($rscript) exited non-zero in the round trip"; ok=0
		elif ! diff -u "$in" "$out.rt" >"$TMP/$name.diff3"; then
			fail "$name" "round trip through $rscript does not give $name.c back"; ok=0
			sed 's/^/    /' "$TMP/$name.diff3" | head -20
		fi
	fi
	if [ $ok = 1 ]; then
		npass=$((npass + 1))
		[ $VERBOSE = 1 ] && echo "ok: $name"
	fi
done

# 3. multi-file cases (spatch --dir, as make coccicheck M= runs it)
if [ $# -eq 0 ]; then
	for m in "$HERE"/*.multi; do
		[ -f "$m" ] || continue
		name=$(basename "$m" .multi)
		RUNS=$((RUNS + 1)); root=$TMP/run.$RUNS
		mkdir -p "$root/in" "$root/want"
		cmd=$(sed -n '1s|^# cocci: ||p' "$m")
		refuse=$(sed -n '2s|^# args: ||p' "$m")
		script=${cmd%% *}
		grep -v '^#' "$m" | while read -r case rel; do
			mkdir -p "$root/in/$(dirname "$rel")" "$root/want/$(dirname "$rel")"
			cp "$HERE/$case.c" "$root/in/$rel"
			if [ -n "$refuse" ]; then
				cp "$HERE/$case.c" "$root/want/$rel"
			else
				cp "$HERE/$case.res" "$root/want/$rel"
			fi
		done
		if [ -n "$refuse" ]; then
			files=$(grep -v '^#' "$m" | while read -r case rel; do printf '%s ' "$rel"; done)
			# shellcheck disable=SC2086
			(cd "$root/in" && $SPATCH --very-quiet --no-show-diff --in-place \
				--sp-file "$COCCI/$script" -D patch ${cmd#"$script"} $files) >"$TMP/$name.log" 2>&1
			rc=$?
			if [ $rc = 0 ]; then
				fail "$name" "spatch exited 0 with several files on one command line (must refuse)"
				sed 's/^/    /' "$TMP/$name.log" | head -20
			elif ! grep -qF -- "$refuse" "$TMP/$name.log"; then
				fail "$name" "spatch (exit $rc) did not print \"$refuse\""
				sed 's/^/    /' "$TMP/$name.log" | head -20
			elif ! diff -ru "$root/want" "$root/in" >"$TMP/$name.diff"; then
				fail "$name" "a file was changed although the script refused"
				sed 's/^/    /' "$TMP/$name.diff" | head -40
			else
				npass=$((npass + 1))
				[ $VERBOSE = 1 ] && echo "ok: $name"
			fi
			continue
		fi
		# shellcheck disable=SC2086
		if ! (cd "$root/in" && $SPATCH --very-quiet --no-show-diff --in-place \
			--sp-file "$COCCI/$script" -D patch ${cmd#"$script"} --dir .) >"$TMP/$name.log" 2>&1; then
			fail "$name" "spatch exited non-zero"
			sed 's/^/    /' "$TMP/$name.log" | head -20
		elif ! diff -ru "$root/want" "$root/in" >"$TMP/$name.diff"; then
			fail "$name" "output tree differs from the .res files"
			sed 's/^/    /' "$TMP/$name.diff" | head -40
		else
			npass=$((npass + 1))
			[ $VERBOSE = 1 ] && echo "ok: $name"
		fi
	done
fi

echo "cocci tests: $npass passed, $nfail failed"
if [ $nfail -gt 0 ]; then
	echo "failed:$failed"
	exit 1
fi
exit 0

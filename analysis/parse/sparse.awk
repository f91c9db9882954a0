# sparse.awk: read the output of a kernel build with C=1/C=2
# CF=-fdiagnostic-prefix and print one line per sparse diagnostic:
#   FILE<TAB>MESSAGE
# with line and column numbers stripped, so the lines of two trees compare
# (as multisets: a header's warning repeats once per file that includes it).
# Lines without the "sparse: " prefix (compiler warnings, make's chatter)
# are ignored.  Continuation lines ("sparse:    expected ...") are kept,
# as messages of their own, with their indentation squeezed to one space.
# FILE is made relative to the source tree: leading "../" (O= builds with
# the output directory inside the tree) and absolute paths up to "/O-*/../"
# or the tree given as -v tree=DIR are removed.
{
	sub(/\r$/, "")
	if (!match($0, /:[0-9]+:[0-9]+: sparse: /))
		next
	file = substr($0, 1, RSTART - 1)
	msg = substr($0, RSTART + RLENGTH)
	if (tree != "" && index(file, tree "/") == 1)
		file = substr(file, length(tree) + 2)
	sub(/^.*\/O-[^\/]*\/\.\.\//, "", file)
	while (sub(/^\.\.\//, "", file))
		;
	sub(/^\.\//, "", file)
	gsub(/[ \t]+/, " ", msg)
	sub(/^ /, "", msg)
	sub(/ $/, "", msg)
	printf "%s\t%s\n", file, msg
}

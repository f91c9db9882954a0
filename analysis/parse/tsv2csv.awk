# tsv2csv.awk: tab-separated lines to RFC 4180 CSV: comma-separated, a
# field holding a comma, a double quote or CR is quoted and its quotes
# doubled.  Records end in LF rather than RFC 4180's CRLF: Python's csv,
# pandas, R and spreadsheets read both, and LF keeps the files diffable.
# (A TSV field cannot hold LF.)
BEGIN { FS = "\t"; OFS = "," }
{
	for (i = 1; i <= NF; i++)
		if ($i ~ /[,"\r]/) {
			gsub(/"/, "\"\"", $i)
			$i = "\"" $i "\""
		}
	$1 = $1		# rebuild $0 with OFS even when no field was quoted
	print
}

#!/usr/bin/env python3
"""csv-check.py [DIR...]: every result file is CSV a standard reader loads.

For each DIR (default: analysis/results, and build/report when it exists)
every *.csv is read with Python's csv module and must have:
  - a header equal to the column table of its section in DATA.md
    (analysis/results/DATA.md, or DATA=FILE),
  - at least one record, every record with the header's number of fields,
  - no tab in any field (a tab means a tab-separated file named .csv).
Every file needs a section in DATA.md and, in analysis/results, every
section of DATA.md a file, except a section that says "**Not in the
committed snapshot yet**" (a file added since the last snapshot: checked
wherever it exists).  Prints "ok NAME" / "not ok NAME (why)" lines and
exits 1 when one fails.
"""
import csv
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(os.path.dirname(here))
data_md = os.environ.get("DATA", os.path.join(top, "analysis/results/DATA.md"))


def documented_columns(path):
    """{file name: [column, ...]} from DATA.md's '## `FILE`' sections, and
    the set of files whose section says they are not in the snapshot yet."""
    cols, pending, cur = {}, set(), None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^## `([^`]+\.csv)`", line)
            if m:
                cur = m.group(1)
                cols[cur] = []
                continue
            if line.startswith("## "):
                cur = None
                continue
            if cur and line.startswith("**Not in the committed snapshot yet**"):
                pending.add(cur)
            m = re.match(r"^\| `([^`]+)` \|", line)
            if cur and m:
                cols[cur].append(m.group(1))
    return cols, pending


def check_file(path, want):
    """None when the file is fine, else why not."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f, strict=True))
    if not rows:
        return "empty file"
    header = rows[0]
    if want is None:
        return "no section in DATA.md"
    if header != want:
        return "header %s, DATA.md documents %s" % (header, want)
    if len(rows) < 2:
        return "no records"
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            return "record %d has %d fields, the header %d" % (n, len(row), len(header))
        for field in row:
            if "\t" in field:
                return "record %d holds a tab (tab-separated?)" % n
    return None


def main():
    dirs = sys.argv[1:]
    if not dirs:
        dirs = [os.path.join(top, "analysis/results")]
        rep = os.path.join(top, "build/report")
        if os.path.isdir(rep):
            dirs.append(rep)
    cols, pending = documented_columns(data_md)
    if not cols:
        print("not ok csv.data_md (no file sections in %s)" % data_md)
        return 1
    failed = 0
    for d in dirs:
        names = sorted(n for n in os.listdir(d) if n.endswith(".csv"))
        label = os.path.relpath(d, top)
        if not names:
            print("not ok csv.%s (no .csv files)" % label)
            failed += 1
        for n in names:
            try:
                why = check_file(os.path.join(d, n), cols.get(n))
            except (csv.Error, UnicodeDecodeError) as e:
                why = "unreadable: %s" % e
            if why:
                print("not ok csv.%s/%s (%s)" % (label, n, why))
                failed += 1
            else:
                print("ok csv.%s/%s" % (label, n))
        if os.path.samefile(os.path.dirname(data_md), d):
            for n in sorted(set(cols) - set(names) - pending):
                print("not ok csv.%s/%s (documented in DATA.md, no such file)" % (label, n))
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""bench-check.py BENCH.TSV KERNEL ACTIVE: check a benchmark boot's results.

BENCH.TSV is analysis/parse/bench-log.sh's output for one boot (name, metric,
value; no header).  KERNEL is the kernel's variant, "@NN" appended for a
prefix of its series; ACTIVE the comma-separated list
/sys/kernel/security/lsm showed.  Every benchmark with a "result" must give
"ok", or the error analysis/bench-expect.txt names for it, and must have
result_changes 0 when it reports it.  Prints one line per benchmark checked
("ok NAME RESULT", "ok NAME RESULT error path: WHY", "not ok NAME ...");
exits 1 when any is not ok or when there is nothing to check.
Options: --expect FILE (default analysis/bench-expect.txt).
"""
import argparse
import csv
import os
import re
import sys

MAJORS = ("selinux", "smack", "apparmor")
HERE = os.path.dirname(os.path.abspath(__file__))


def load_rules(path):
    """The rules of FILE, in order: (kernel, majors, benchmark, result, why)."""
    rules = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            cols = line.split(None, 4)
            if len(cols) != 5:
                raise SystemExit(f"{path}: a rule needs five columns: {line}")
            kernel, majors, bench, result, why = cols
            rules.append((re.compile(kernel), re.compile(majors),
                          re.compile(bench), result, why))
    return rules


def majors_of(active):
    """'lockdown,capability,smack,apparmor' -> 'smack+apparmor' ('none')."""
    got = [m for m in active.split(",") if m in MAJORS]
    return "+".join(got) if got else "none"


def expected(rules, kernel, majors, bench):
    """(result, why) the first matching rule gives, else ('ok', '')."""
    for k, m, b, result, why in rules:
        if k.fullmatch(kernel) and m.fullmatch(majors) and b.fullmatch(bench):
            return result, why
    return "ok", ""


def read_results(path):
    """{benchmark: {metric: value}} for every benchmark with a result."""
    figs = {}
    with open(path, newline="") as f:
        for row in csv.reader(f, delimiter="\t"):
            if len(row) != 3:
                continue
            name, metric, value = row
            if name.startswith("locks_"):
                name = name[len("locks_"):]
            figs.setdefault(name, {})[metric] = value
    return {n: m for n, m in figs.items() if "result" in m}


def check(results, rules, kernel, majors):
    """Lines for every benchmark, and whether all are ok."""
    lines, ok = [], True
    for name in sorted(results):
        got = results[name]
        want, why = expected(rules, kernel, majors, name)
        changes = got.get("result_changes", "0")
        if got["result"] != want:
            ok = False
            lines.append(f"not ok {name} gave {got['result']}, the plan expects {want}"
                         f" ({kernel}, {majors})")
        elif changes != "0":
            ok = False
            lines.append(f"not ok {name} {want}: {changes} calls gave another result")
        elif want != "ok":
            lines.append(f"ok {name} {want} error path: {why}")
        else:
            lines.append(f"ok {name} ok")
    if not results:
        ok = False
        lines.append("not ok no benchmark result to check")
    return lines, ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("bench_tsv")
    ap.add_argument("kernel")
    ap.add_argument("active")
    ap.add_argument("--expect", default=os.path.join(HERE, "bench-expect.txt"))
    a = ap.parse_args()
    lines, ok = check(read_results(a.bench_tsv), load_rules(a.expect),
                      a.kernel, majors_of(a.active))
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""report_resolution.py RESDIR OUTDIR: REPORT.md's section 2.7 (issue 35).

Reads analysis/resolution.sh's output in RESDIR (figures.csv, compare.csv,
summary.csv, runs.txt, info.txt; columns by name), copies the three CSV
files to OUTDIR as resolution-figures.csv, resolution-compare.csv and
resolution-summary.csv, and prints the section in Markdown on stdout.  The
line that starts "Resolution (§2.7):" is the one "At a glance" quotes.
Without RESDIR/compare.csv it prints the section's heading and "not
measured yet".
"""
import csv
import os
import shutil
import sys

HEADING = "### 2.7 Resolution: which differences the figures can tell (`analysis/resolution.sh`, issue 35)"
NM = "**not measured yet**"


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def interval(lo, hi, fmt="{:+g}"):
    lo, hi = float(lo), float(hi)
    return fmt.format(lo) if lo == hi else f"[{fmt.format(lo)}, {fmt.format(hi)}]"


def result_note(result):
    """'' for ok, else the label the report uses: an error path on both
    kernels, or two different operations (KERNEL/BASE results differ)."""
    if result in ("ok", ""):
        return ""
    if "/" in result:
        k, b = result.split("/", 1)
        return f"not comparable: {k} on the kernel, {b} on base"
    return f"error path: {result}"


def runs_line(resdir):
    labels = []
    with open(os.path.join(resdir, "runs.txt")) as f:
        for line in f:
            if line.strip():
                labels.append(line.split("\t", 1)[0])
    return labels


def summary_table(summary):
    out = ["| statistic | figures | identical in every run | median spread | largest spread |",
           "|---|---|---|---|---|"]
    names = {"path_ns": "path cost (mode of per-operation samples)",
             "ns_per_op": "amortised cost (mean of the batch)"}
    for s in summary:
        out.append(f"| {names.get(s['metric'], s['metric'])} | {s['figures']} | {s['exact']} "
                   f"| {float(s['median_spread_pct']):.2f}% | {float(s['max_spread_pct']):.2f}% |")
    return out


def compare_table(compare, figures):
    """One row per (kernel, stack, name): path delta and amortised ratio."""
    ref = {(f["kernel"], f["stack"], f["name"], f["metric"]): f for f in figures}
    rows = {}
    for c in compare:
        rows.setdefault((c["kernel"], c["base"], c["stack"], c["name"]), {})[c["metric"]] = c
    out = ["| kernel | stack | benchmark | base path | path delta | path verdict "
           "| amortised ratio | amortised verdict | note |",
           "|---|---|---|---|---|---|---|---|---|"]
    for (kernel, base, stack, name), m in sorted(rows.items()):
        p, a = m.get("path_ns"), m.get("ns_per_op")
        bref = ref.get((base, stack, name, "path_ns"))
        cells = [kernel, stack, name,
                 f"{float(bref['ref']):g}" if bref else "–",
                 interval(p["delta_min"], p["delta_max"]) if p else "–",
                 p["verdict"] if p else "–",
                 interval(a["ratio_min"], a["ratio_max"], "{:.4f}") if a else "–",
                 a["verdict"] if a else "–",
                 result_note((p or a)["result"])]
        out.append("| " + " | ".join(cells) + " |")
    return out


def section(resdir, outdir):
    lines = [HEADING, ""]
    if not os.path.exists(os.path.join(resdir, "compare.csv")):
        return lines + [f"{NM} (`make resolution`).", ""]
    figures = read(os.path.join(resdir, "figures.csv"))
    compare = read(os.path.join(resdir, "compare.csv"))
    summary = read(os.path.join(resdir, "summary.csv"))
    for n in ("figures", "compare", "summary"):
        shutil.copy(os.path.join(resdir, f"{n}.csv"), os.path.join(outdir, f"resolution-{n}.csv"))
    labels = runs_line(resdir)
    lines += [
        f"The same rows under {len(labels)} perturbations that leave the code on every path "
        f"as it is ({', '.join(f'`{x}`' for x in labels)}: the iteration count, another "
        "workload before the microbenchmarks, a rebuild from a second clone path, and a "
        "rebuild with a never-called function added to `kernel/panic.c`). Each figure is run 1 "
        "of its two boots (both boots agree in every run). Two statistics per benchmark:",
        "",
        "- **path cost** (`path_ns`): each operation timed alone, the most frequent count "
        "(guest ns = instructions under icount). Deferred work lands in a minority of the "
        "samples instead of in the figure.",
        "- **amortised cost** (`ns_per_op`): the batch mean, what the operation costs with the "
        "deferred work it causes (RCU frees, slab flushes, timer ticks).",
        "",
        "A difference between two kernels is stated only when its interval over the runs "
        "(each run's kernel paired with the base kernel of the same run) excludes zero; "
        "every other difference is within the resolution and is not stated anywhere in "
        "this report.",
        "",
    ]
    lines += summary_table(summary) + [""]
    exact = sorted({f["name"] for f in figures if f["metric"] == "path_ns" and f["exact"] == "yes"})
    inexact = {}
    for f in figures:
        if f["metric"] == "path_ns" and f["exact"] != "yes":
            inexact.setdefault(f["name"], []).append(f"{f['kernel']}/{f['stack']} {float(f['spread_pct']):.2f}%")
    exact_all = [n for n in exact if n not in inexact]
    lines += [f"Exact path costs (the same count in every run, on every kernel and stack): "
              f"{', '.join(exact_all) if exact_all else 'none'}.", ""]
    if inexact:
        lines += ["Path costs that moved (spread per kernel/stack): " +
                  "; ".join(f"{n}: {', '.join(v)}" for n, v in sorted(inexact.items())) + ".", ""]
    lines += compare_table(compare, figures) + [""]
    lines += ["Read an amortised verdict with the path column beside it: an amortised difference "
              "on a path whose cost is the same to the instruction comes from where deferred work "
              "lands, and says that five perturbations do not span every layout.", ""]
    pd = [c for c in compare if c["metric"] == "path_ns"]
    ad = [c for c in compare if c["metric"] == "ns_per_op"]
    pdiff = [c for c in pd if c["verdict"] == "differs"]
    adiff = [c for c in ad if c["verdict"] == "differs"]
    amax = max((float(s["max_spread_pct"]) for s in summary if s["metric"] == "ns_per_op"), default=0)
    named = "; ".join(f"{c['kernel']} {c['stack']} {c['name']} {interval(c['delta_min'], c['delta_max'])}"
                      + (f" ({result_note(c['result'])})" if result_note(c["result"]) else "")
                      for c in pdiff)
    lines += [f"Resolution (§2.7): path costs identical in every run for {len(exact_all)} benchmarks; "
              f"amortised costs move by up to {amax:.2f}% with layout and workload alone. "
              f"Against base: {len(pdiff)} of {len(pd)} path costs differ beyond their interval"
              f"{' (' + named + ')' if named else ''}; {len(adiff)} of {len(ad)} amortised costs do.", ""]
    return lines


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n")[0])
    print("\n".join(section(sys.argv[1], sys.argv[2])))


if __name__ == "__main__":
    main()

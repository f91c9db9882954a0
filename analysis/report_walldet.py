#!/usr/bin/env python3
"""report_walldet.py RATIOS WALL OUTDIR: how far the wall-clock and the
deterministic ratios agree (REPORT.md section 2.8, issue 35 item 6).

RATIOS is report.sh's ratios.csv (mode, kernel, stack, name, metric,
value, base, ratio); WALL is bench-wall.csv (kernel, stack, name, metric,
median, min, max, n).  Columns are read by name.  A pair is a kernel,
stack, workload and metric that has a ratio to base in both modes.  The
wall ratio's interval is the widest the boots allow: the kernel's minimum
over base's maximum to the kernel's maximum over base's minimum.  A pair
agrees when the deterministic ratio lies inside that interval.

Writes OUTDIR/wall-det.csv (one row per pair; none without pairs) and prints the section in
Markdown: the pairs' Pearson correlation, how many agree, and per workload
the pairs, their correlation (three pairs or more) and the agreeing share.
"""
import csv
import math
import os
import sys

HEADING = "### 2.8 Wall-clock against deterministic ratios (issue 35)"


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def pearson(xs, ys):
    """Pearson's r of two equal-length sequences, None when undefined."""
    n = len(xs)
    if n < 3:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def wall_interval(wall, kernel, stack, name, metric):
    """(lo, hi) of the wall ratio from the boots' extremes, or None."""
    k = wall.get((kernel, stack, name, metric))
    b = wall.get(("base", stack, name, metric))
    if not k or not b:
        return None
    try:
        kmin, kmax = float(k["min"]), float(k["max"])
        bmin, bmax = float(b["min"]), float(b["max"])
    except ValueError:
        return None
    if bmin <= 0 or bmax <= 0:
        return None
    return kmin / bmax, kmax / bmin


def pairs(ratio_rows, wall_rows):
    """One dict per (kernel, stack, name, metric) with both ratios."""
    wall = {(r["kernel"], r["stack"], r["name"], r["metric"]): r for r in wall_rows}
    by_mode = {"det": {}, "wall": {}}
    for r in ratio_rows:
        if r["mode"] in by_mode and r["ratio"] not in ("", None):
            key = (r["kernel"], r["stack"], r["name"], r["metric"])
            by_mode[r["mode"]][key] = float(r["ratio"])
    out = []
    for key in sorted(set(by_mode["det"]) & set(by_mode["wall"])):
        d, w = by_mode["det"][key], by_mode["wall"][key]
        iv = wall_interval(wall, *key)
        agree = "" if iv is None else ("yes" if iv[0] <= d <= iv[1] else "no")
        out.append({
            "kernel": key[0], "stack": key[1], "name": key[2], "metric": key[3],
            "det_ratio": d, "wall_ratio": w,
            "wall_lo": "" if iv is None else round(iv[0], 4),
            "wall_hi": "" if iv is None else round(iv[1], 4),
            "det_in_wall_interval": agree,
        })
    return out


def fmt_r(r):
    return "n/a" if r is None else f"{r:.2f}"


def section(rows):
    lines = [HEADING, ""]
    if not rows:
        return lines + ["**not measured yet** (no workload has a ratio in both modes)", ""]
    r = pearson([p["det_ratio"] for p in rows], [p["wall_ratio"] for p in rows])
    judged = [p for p in rows if p["det_in_wall_interval"]]
    agree = sum(p["det_in_wall_interval"] == "yes" for p in judged)
    lines += [
        f"{len(rows)} pairs (a kernel, stack, workload and metric with a ratio to base in "
        f"both modes); Pearson's r of the two ratios over all pairs: **{fmt_r(r)}**. "
        f"The deterministic ratio lies inside the wall-clock ratio's interval (kernel's "
        f"min over base's max to kernel's max over base's min, over the wall boots) for "
        f"**{agree} of {len(judged)}** pairs.",
        "",
        "Read the deterministic ratio for what the code costs (instructions, "
        "repeatable to the instruction for path costs, §2.7); read the wall-clock "
        "ratio, with its interval, for what a user's run costs on this host (caches, "
        "TCG's translation, the host's load). A difference that only one mode shows "
        "is not a result.",
        "",
        "| workload | metric | pairs | r | det inside wall interval |",
        "|---|---|---:|---:|---:|",
    ]
    groups = {}
    for p in rows:
        groups.setdefault((p["name"], p["metric"]), []).append(p)
    for (name, metric), ps in sorted(groups.items()):
        rr = pearson([p["det_ratio"] for p in ps], [p["wall_ratio"] for p in ps])
        j = [p for p in ps if p["det_in_wall_interval"]]
        a = sum(p["det_in_wall_interval"] == "yes" for p in j)
        lines.append(f"| {name} | {metric} | {len(ps)} | {fmt_r(rr)} | {a}/{len(j)} |")
    lines.append("")
    return lines


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    ratios, wall, outdir = argv
    rows = pairs(read(ratios) if os.path.exists(ratios) else [],
                 read(wall) if os.path.exists(wall) else [])
    os.makedirs(outdir, exist_ok=True)
    # No CSV without data (the report's other tables do the same).
    if rows:
        with open(os.path.join(outdir, "wall-det.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    print("\n".join(section(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

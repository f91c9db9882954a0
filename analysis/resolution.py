#!/usr/bin/env python3
"""resolution.py: the measured resolution of the deterministic figures.

One kernel build and one workload set give the same deterministic figures
on every boot (make test checks it); that is repeatability, not accuracy.
A figure also moves with things that have nothing to do with the code on
its path: the iteration count, what ran before it, where the linker put
the code.  This program takes the det.tsv files of several runs of the
same rows (analysis/bench.sh --mode det), each under one such
perturbation, and says for every figure how far it moved, and for every
comparison of two kernels the interval of their ratio and difference over
the perturbations.  A difference is called only when its interval
excludes no difference (1 for a ratio, 0 for a delta).

Usage:
  resolution.py --out DIR LABEL=DET.TSV [LABEL=DET.TSV...]

The first LABEL is the reference (its figures are the ones printed); each
run contributes run 1 of its det.tsv (columns by name: kernel, stack, name,
metric, run1).  Metrics: path_ns (the mode of the per-operation samples:
the path cost) and ns_per_op (the amortised cost).  Kernels are compared
with base (--base NAME to change it) on every stack both have.

Writes, in DIR:
  figures.csv   kernel stack name metric result ref min max spread_pct
                runs exact: every figure, its value in the reference run,
                the extremes over all runs, (max-min)/min in percent, how
                many runs had it, exact=yes when every run gave the same
                value
  compare.csv   kernel base stack name metric result delta_ref delta_min
                delta_max ratio_ref ratio_min ratio_max runs verdict:
                kernel minus base and kernel / base per run (the runs
                paired by label); verdict "differs" when [min, max] of
                the delta excludes 0, else "within resolution"
  summary.csv   metric figures exact max_spread_pct median_spread_pct
"""
import argparse
import csv
import os
import statistics
import sys

METRICS = ("path_ns", "ns_per_op")


def read_det(path):
    """{(kernel, stack, name, metric): run1} and {(kernel, stack, name): result}."""
    figs, results = {}, {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["kernel"], row["stack"], row["name"])
            if row["metric"] == "result":
                results[key] = row["run1"]
            elif row["metric"] in METRICS:
                try:
                    figs[key + (row["metric"],)] = float(row["run1"])
                except ValueError:
                    pass  # MISSING: the row did not give this figure
    return figs, results


def figure_rows(runs):
    """One dict per figure of the reference run (runs[0]), over all runs."""
    ref_label, (ref, results) = runs[0]
    out = []
    for key in sorted(ref):
        vals = [figs[key] for _, (figs, _) in runs if key in figs]
        lo, hi = min(vals), max(vals)
        out.append({
            "kernel": key[0], "stack": key[1], "name": key[2], "metric": key[3],
            "result": results.get(key[:3], ""),
            "ref": ref[key], "min": lo, "max": hi,
            "spread_pct": 100.0 * (hi - lo) / lo if lo > 0 else 0.0,
            "runs": len(vals), "exact": "yes" if lo == hi and len(vals) == len(runs) else "no",
        })
    return out


def compare_rows(runs, base):
    """Every kernel but BASE against BASE, per stack, name and metric."""
    ref = runs[0][1][0]
    results = runs[0][1][1]
    out = []
    for key in sorted(ref):
        kernel, stack, name, metric = key
        bkey = (base, stack, name, metric)
        if kernel == base or bkey not in ref:
            continue
        deltas, ratios = [], []
        for _, (figs, _) in runs:
            if key in figs and bkey in figs and figs[bkey] > 0:
                deltas.append(figs[key] - figs[bkey])
                ratios.append(figs[key] / figs[bkey])
        if not deltas:
            continue
        dlo, dhi = min(deltas), max(deltas)
        kres = results.get(key[:3], "")
        bres = results.get(bkey[:3], "")
        out.append({
            "kernel": kernel, "base": base, "stack": stack, "name": name, "metric": metric,
            "result": kres if kres == bres else f"{kres}/{bres}",
            "delta_ref": deltas[0], "delta_min": dlo, "delta_max": dhi,
            "ratio_ref": ratios[0], "ratio_min": min(ratios), "ratio_max": max(ratios),
            "runs": len(deltas),
            "verdict": "differs" if dlo > 0 or dhi < 0 else "within resolution",
        })
    return out


def summary_rows(figs):
    out = []
    for m in METRICS:
        sp = [f["spread_pct"] for f in figs if f["metric"] == m]
        if not sp:
            continue
        out.append({
            "metric": m, "figures": len(sp),
            "exact": sum(1 for f in figs if f["metric"] == m and f["exact"] == "yes"),
            "max_spread_pct": max(sp), "median_spread_pct": statistics.median(sp),
        })
    return out


def write_csv(path, rows, fields):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: (f"{v:.4f}" if isinstance(v, float) and k.startswith("ratio")
                            else f"{v:.3f}" if isinstance(v, float) and k.endswith("pct")
                            else f"{v:g}" if isinstance(v, float) else v)
                        for k, v in r.items()})


FIG_FIELDS = ["kernel", "stack", "name", "metric", "result", "ref", "min", "max",
              "spread_pct", "runs", "exact"]
CMP_FIELDS = ["kernel", "base", "stack", "name", "metric", "result", "delta_ref",
              "delta_min", "delta_max", "ratio_ref", "ratio_min", "ratio_max", "runs",
              "verdict"]
SUM_FIELDS = ["metric", "figures", "exact", "max_spread_pct", "median_spread_pct"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--base", default="base")
    ap.add_argument("runs", nargs="+", metavar="LABEL=DET.TSV")
    a = ap.parse_args(argv)
    runs = []
    for spec in a.runs:
        label, sep, path = spec.partition("=")
        if not sep or not label:
            ap.error(f"'{spec}' is not LABEL=DET.TSV")
        runs.append((label, read_det(path)))
    if len(runs) < 2:
        ap.error("a resolution needs at least two runs")
    os.makedirs(a.out, exist_ok=True)
    figs = figure_rows(runs)
    write_csv(os.path.join(a.out, "figures.csv"), figs, FIG_FIELDS)
    write_csv(os.path.join(a.out, "compare.csv"), compare_rows(runs, a.base), CMP_FIELDS)
    write_csv(os.path.join(a.out, "summary.csv"), summary_rows(figs), SUM_FIELDS)
    with open(os.path.join(a.out, "runs.txt"), "w") as f:
        for label, path in (s.partition("=")[::2] for s in a.runs):
            f.write(f"{label}\t{path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

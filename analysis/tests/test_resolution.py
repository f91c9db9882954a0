"""analysis/resolution.py: figures, their spread, and kernel comparisons
over perturbation runs (det.tsv files written here, columns as
analysis/bench.sh writes them)."""
import csv
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("resolution", os.path.join(HERE, "..", "resolution.py"))
resolution = importlib.util.module_from_spec(spec)
spec.loader.exec_module(resolution)

HEADER = "kernel\tstack\tname\tmetric\trun1\trun2\tsame\n"


def det(tmp_path, label, rows):
    """A det.tsv with ROWS (kernel, stack, name, metric, value)."""
    p = tmp_path / f"{label}.tsv"
    with open(p, "w") as f:
        f.write(HEADER)
        for k, s, n, m, v in rows:
            f.write(f"{k}\t{s}\t{n}\t{m}\t{v}\t{v}\tyes\n")
    return f"{label}={p}"


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run(tmp_path, runs):
    out = tmp_path / "out"
    assert resolution.main(["--out", str(out)] + runs) == 0
    return {n: read(out / f"{n}.csv") for n in ("figures", "compare", "summary")}


def rows(base_path, mod_path, base_amort, mod_amort, result="ok"):
    return [
        ("base", "smack", "getppid", "path_ns", base_path),
        ("modern", "smack", "getppid", "path_ns", mod_path),
        ("base", "smack", "getppid", "ns_per_op", base_amort),
        ("modern", "smack", "getppid", "ns_per_op", mod_amort),
        ("base", "smack", "getppid", "result", result),
        ("modern", "smack", "getppid", "result", result),
    ]


def test_exact_path_and_moving_mean(tmp_path):
    r = run(tmp_path, [det(tmp_path, "a", rows(7171, 7171, 7300.5, 7320.0)),
                       det(tmp_path, "b", rows(7171, 7171, 7410.0, 7290.0)),
                       det(tmp_path, "c", rows(7171, 7171, 7350.0, 7360.0))])
    fig = {(f["kernel"], f["metric"]): f for f in r["figures"]}
    assert fig[("base", "path_ns")]["exact"] == "yes"
    assert fig[("base", "path_ns")]["spread_pct"] == "0.000"
    assert fig[("base", "ns_per_op")]["exact"] == "no"
    # (7410 - 7300.5) / 7300.5
    assert fig[("base", "ns_per_op")]["spread_pct"] == "1.500"
    cmp = {c["metric"]: c for c in r["compare"]}
    assert cmp["path_ns"]["verdict"] == "within resolution"
    assert cmp["path_ns"]["delta_min"] == "0" and cmp["path_ns"]["delta_max"] == "0"
    # Amortised deltas per run: +19.5, -120, +10: the interval holds 0.
    assert cmp["ns_per_op"]["delta_min"] == "-120"
    assert cmp["ns_per_op"]["delta_max"] == "19.5"
    assert cmp["ns_per_op"]["verdict"] == "within resolution"
    s = {x["metric"]: x for x in r["summary"]}
    assert s["path_ns"]["exact"] == "2" and s["path_ns"]["figures"] == "2"
    assert s["ns_per_op"]["exact"] == "0"


def test_difference_called_only_outside_the_interval(tmp_path):
    r = run(tmp_path, [det(tmp_path, "a", rows(7171, 7194, 100, 101)),
                       det(tmp_path, "b", rows(7180, 7203, 100, 99))])
    cmp = {c["metric"]: c for c in r["compare"]}
    assert cmp["path_ns"]["verdict"] == "differs"
    assert cmp["path_ns"]["delta_ref"] == "23"
    assert cmp["path_ns"]["ratio_min"] == "1.0032"
    assert cmp["ns_per_op"]["verdict"] == "within resolution"


def test_error_path_result_is_carried(tmp_path):
    r = run(tmp_path, [det(tmp_path, "a", rows(500, 500, 510, 510, "ENOPROTOOPT")),
                       det(tmp_path, "b", rows(500, 500, 510, 510, "ENOPROTOOPT"))])
    assert {f["result"] for f in r["figures"]} == {"ENOPROTOOPT"}
    assert {c["result"] for c in r["compare"]} == {"ENOPROTOOPT"}


def test_a_figure_missing_from_a_run_is_not_exact(tmp_path):
    a = rows(7171, 7171, 1, 1)
    b = [x for x in rows(7171, 7171, 1, 1) if not (x[0] == "modern" and x[3] == "path_ns")]
    r = run(tmp_path, [det(tmp_path, "a", a), det(tmp_path, "b", b)])
    fig = {(f["kernel"], f["metric"]): f for f in r["figures"]}
    assert fig[("modern", "path_ns")]["runs"] == "1"
    assert fig[("modern", "path_ns")]["exact"] == "no"


def test_one_run_is_refused(tmp_path):
    import pytest
    with pytest.raises(SystemExit):
        resolution.main(["--out", str(tmp_path / "o"), det(tmp_path, "a", rows(1, 1, 1, 1))])


def test_report_section(tmp_path):
    """analysis/report_resolution.py on resolution.py's output: the at-a-glance
    line counts what differs, error paths are labelled, the CSVs are copied."""
    spec2 = importlib.util.spec_from_file_location(
        "report_resolution", os.path.join(HERE, "..", "report_resolution.py"))
    rr = importlib.util.module_from_spec(spec2)
    spec2.loader.exec_module(rr)
    rows_a = rows(7171, 7194, 100, 101) + [
        ("base", "smack", "peercontext", "path_ns", 500),
        ("modern", "smack", "peercontext", "path_ns", 500),
        ("base", "smack", "peercontext", "result", "ENOPROTOOPT"),
        ("modern", "smack", "peercontext", "result", "ENOPROTOOPT")]
    rows_b = rows(7171, 7194, 100, 99) + rows_a[6:]
    out = tmp_path / "res"
    assert resolution.main(["--out", str(out), det(tmp_path, "i2000", rows_a),
                            det(tmp_path, "pad", rows_b)]) == 0
    rep = tmp_path / "rep"
    rep.mkdir()
    text = "\n".join(rr.section(str(out), str(rep)))
    assert ("Against base: 1 of 2 path costs differ beyond their interval "
            "(modern smack getppid +23); 0 of 1 amortised costs do.") in text
    assert "| modern | smack | peercontext | 500 | +0 | within resolution | – | – | error path: ENOPROTOOPT |" in text
    assert "`i2000`, `pad`" in text
    assert sorted(os.listdir(rep)) == ["resolution-compare.csv", "resolution-figures.csv",
                                       "resolution-summary.csv"]
    assert "not measured yet" in "\n".join(rr.section(str(tmp_path / "none"), str(rep)))

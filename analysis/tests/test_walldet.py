"""analysis/report_walldet.py: pairs of wall-clock and deterministic
ratios, the wall interval from the boots' extremes, the agreement count
and the correlation (CSV files written here, columns by name)."""
import csv
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("walldet", os.path.join(HERE, "..", "report_walldet.py"))
walldet = importlib.util.module_from_spec(spec)
spec.loader.exec_module(walldet)


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return str(path)


def files(tmp_path, det_ratios, wall_ratios, wall_rows):
    ratios = [("det", k, "smack", n, "ns_per_op", "", "", r) for k, n, r in det_ratios]
    ratios += [("wall", k, "smack", n, "ns_per_op", "", "", r) for k, n, r in wall_ratios]
    # A figure without a ratio (base itself) is not a pair.
    ratios.append(("det", "base", "smack", "getppid", "ns_per_op", "100", "", ""))
    r = write(tmp_path / "ratios.csv",
              ["mode", "kernel", "stack", "name", "metric", "value", "base", "ratio"], ratios)
    w = write(tmp_path / "wall.csv", ["kernel", "stack", "name", "metric", "median", "min", "max", "n"],
              [(k, "smack", n, "ns_per_op", med, lo, hi, 3) for k, n, med, lo, hi in wall_rows])
    return r, w


def run(tmp_path, capsys, *a):
    out = tmp_path / "out"
    assert walldet.main([*a, str(out)]) == 0
    with open(out / "wall-det.csv", newline="") as f:
        return list(csv.DictReader(f)), capsys.readouterr().out


def test_interval_decides_agreement(tmp_path, capsys):
    r, w = files(tmp_path,
                 [("modern", "getppid", 1.0), ("legacy", "getppid", 1.3)],
                 [("modern", "getppid", 0.9), ("legacy", "getppid", 1.05)],
                 [("base", "getppid", 100, 90, 110), ("modern", "getppid", 90, 85, 120),
                  ("legacy", "getppid", 105, 100, 115)])
    rows, md = run(tmp_path, capsys, r, w)
    got = {x["kernel"]: x for x in rows}
    assert set(got) == {"modern", "legacy"}
    # modern: [85/110, 120/90] = [0.7727, 1.3333] holds 1.0
    assert got["modern"]["wall_lo"] == "0.7727" and got["modern"]["wall_hi"] == "1.3333"
    assert got["modern"]["det_in_wall_interval"] == "yes"
    # legacy: [100/110, 115/90] = [0.9091, 1.2778] does not hold 1.3
    assert got["legacy"]["det_in_wall_interval"] == "no"
    assert "**1 of 2** pairs" in md


def test_correlation(tmp_path, capsys):
    names = ["a", "b", "c", "d"]
    r, w = files(tmp_path,
                 [("modern", n, 1 + i / 10) for i, n in enumerate(names)],
                 [("modern", n, 1 + i / 5) for i, n in enumerate(names)], [])
    rows, md = run(tmp_path, capsys, r, w)
    assert len(rows) == 4 and all(x["det_in_wall_interval"] == "" for x in rows)
    assert "over all pairs: **1.00**" in md
    assert "**0 of 0** pairs" in md
    assert walldet.pearson([1, 2, 3], [3, 2, 1]) == -1.0
    assert walldet.pearson([1, 1, 1], [1, 2, 3]) is None


def test_no_data(tmp_path, capsys):
    out = tmp_path / "out"
    assert walldet.main([str(tmp_path / "none.csv"), str(tmp_path / "none2.csv"), str(out)]) == 0
    assert not (out / "wall-det.csv").exists()
    assert "not measured yet" in capsys.readouterr().out

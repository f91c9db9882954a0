"""analysis/bench-check.py: a boot's lsmbench results against
analysis/bench-expect.txt (the project's own rules file)."""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_check", os.path.join(HERE, "..", "bench-check.py"))
bc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bc)
RULES = bc.load_rules(os.path.join(HERE, "..", "bench-expect.txt"))

CASES = [
    # kernel, active LSMs, benchmark, expected result
    ("base", "capability,yama,apparmor", "getsockopt_peercontext", "ENOPROTOOPT"),
    ("base", "capability,yama,smack", "attr_context_read", "ENOENT"),
    ("modern", "capability,yama,smack", "getsockopt_peercontext", "ok"),
    ("modern", "capability,yama,apparmor", "getsockopt_peercontext", "ENOPROTOOPT"),
    ("modern", "capability,smack,apparmor", "getsockopt_peercontext", "ok"),
    ("modern", "capability,smack,apparmor", "getsockopt_peersec", "ok"),
    ("modern", "capability,apparmor,selinux", "getsockopt_peersec", "ENOPROTOOPT"),
    ("modern", "capability,yama", "attr_current_read", "EINVAL"),
    ("modern@21", "capability,yama,smack", "getsockopt_peercontext", "ENOPROTOOPT"),
    ("modern@22", "capability,yama,smack", "getsockopt_peercontext", "ok"),
    ("modern@22", "capability,yama,smack", "attr_context_read", "ENOENT"),
    ("modern@23", "capability,yama,smack", "attr_context_read", "ok"),
    ("legacy@00", "capability,yama,smack", "getsockopt_peercontext", "ok"),
    ("modern", "lockdown,capability,landlock,yama,apparmor,tomoyo,bpf", "getsockopt_peersec", "ENOPROTOOPT"),
    ("modern", "capability,yama,smack", "file_stat", "ok"),
]


def test_rules():
    for kernel, active, bench, want in CASES:
        got = bc.expected(RULES, kernel, bc.majors_of(active), bench)[0]
        assert got == want, (kernel, active, bench)


def write(tmp_path, lines):
    p = tmp_path / "bench.tsv"
    p.write_text("".join("\t".join(x) + "\n" for x in lines))
    return str(p)


def test_unexpected_error_fails(tmp_path):
    # The old benchmark's option 76 on modern: ENOPROTOOPT where the plan expects ok.
    p = write(tmp_path, [("getsockopt_peercontext", "result", "ENOPROTOOPT"),
                         ("getsockopt_peercontext", "result_changes", "0")])
    lines, ok = bc.check(bc.read_results(p), RULES, "modern", "smack")
    assert not ok and lines[0].startswith("not ok getsockopt_peercontext gave ENOPROTOOPT")


def test_expected_error_is_labelled(tmp_path):
    p = write(tmp_path, [("getsockopt_peersec", "result", "ENOPROTOOPT")])
    lines, ok = bc.check(bc.read_results(p), RULES, "modern", "apparmor")
    assert ok and "error path" in lines[0]


def test_changing_result_fails(tmp_path):
    p = write(tmp_path, [("file_stat", "result", "ok"), ("file_stat", "result_changes", "3")])
    lines, ok = bc.check(bc.read_results(p), RULES, "modern", "smack")
    assert not ok and "3 calls" in lines[0]


def test_nothing_to_check_fails(tmp_path):
    p = write(tmp_path, [("slab_inet_tcp", "bytes_per_socket", "1000")])
    assert not bc.check(bc.read_results(p), RULES, "modern", "smack")[1]

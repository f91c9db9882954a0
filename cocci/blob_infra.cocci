// SPDX-License-Identifier: GPL-2.0-only
/// Move a module-managed security blob under infrastructure management.
///
/// Given an object type (-D obj=key, perf_event, tun_dev or ib), converts a
/// module's side of the blob the way seed 002 converted the sock blob:
///  - the alloc hook (registered as OBJ_alloc or OBJ_alloc_security) fills
///    the blob the infrastructure allocated instead of allocating it;
///  - the free hook (OBJ_free, OBJ_free_security) loses the kfree() and the
///    NULL store; when nothing else is left, the function, its comment and
///    its LSM_HOOK_INIT entry go;
///  - every raw access goes through the accessor LSM_OBJ() (selinux_key,
///    smack_key, ...), which is added before its first user unless the
///    file defines or calls it, or a header it reaches (beside it, through
///    -I, through the ccflags-y of its Makefile) declares it.  An existing
///    accessor of another shape than the one below is an ERROR, and then
///    nothing in that file is converted;
///  - .lbs_OBJ = sizeof(BLOB) joins the module's struct lsm_blob_sizes.
/// The blob's shape is read off the alloc hook:
///  - value blob: the hook kzalloc()s a struct T and stores it:
///    the accessor returns T *, reads E->security become LSM_OBJ(E);
///  - pointer blob: the hook stores a pointer V of type P (Smack keys store
///    a struct smack_known *): the accessor returns P *, every read becomes
///    *LSM_OBJ(E) and the store *LSM_OBJ(E) = V;
///  - parameter blob: the alloc hook takes void **p (tun_dev, ib): it now
///    takes void *p, the blob itself, and every void * parameter of the
///    module's OBJ_* hooks is reached through LSM_OBJ(p).
/// The module is the directory (security/selinux, smack, apparmor) unless
/// -D lsm=NAME says otherwise.  The infrastructure side (lbs_OBJ in
/// struct lsm_blob_sizes, the allocation in security.c, the hook
/// prototypes of tun_dev/ib) is cocci/generic/OBJ.diff, written by hand.
///
/// Types are needed to tell a struct key * from any other ->security:
/// without the kernel's include paths a site cannot be typed, and the
/// script then prints "ERROR: untyped" for it (cocci/series.sh fails on
/// that line) rather than missing it silently.
///
/// One file per spatch run: use --dir (as make coccicheck does) or one
/// run per file.  Several files on one command line are one spatch group,
/// in which the per-file conversion cannot work; the script refuses them
/// (ERROR, exit status 2, nothing changed).  Report mode flags every raw
/// read of a module file, also once its alloc hook has been converted.
//
// Confidence: High
// Copyright: (C) 2026 LSM stacking port project.
// Options: --include-headers-for-types --all-includes

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os
import re
import sys

MODULES = ("selinux", "smack", "apparmor")
FORCE = None     # -D lsm=NAME
OBJ = None       # -D obj=NAME
FLD = "security"
HOOKS = {}       # (file, function) -> "alloc" | "free" | "user"
SHAPE = {}       # file -> ("value" | "pointer" | "param", blob type, param name)
FIRST = {}       # file -> (line, function) of the first converted function
BLOBVAR = {}     # file -> name of the struct lsm_blob_sizes of the module
HASACC = {}      # file -> True when the accessor exists or is called
TYPED = set()    # (file, line, column) of ->security sites whose base is typed
REFUSED = set()  # files with an existing accessor of another shape (D3)
GROUP = set()    # the files spatch hands over together (one group)
TEXT = {}        # path -> text without comments, None if unreadable
DECLS = {}       # (file, acc) -> [(where, return tokens, parameter tokens)]

CUR = None       # the file being converted

def fkey(p):
    # The file a position is in.  Once a rule has changed the file,
    # positions name the temporary copy of it: map that back to the
    # file the rules before the first change saw: the file of the group
    # (below) with the same base name, else the last file seen (spatch
    # converts one file after the other, every rule on it in turn; the
    # rule grp below refuses several files at once).
    global CUR
    f = p[0].file
    m = re.search(r"cocci[^/]*output-[0-9]+-[0-9a-f]+-([^/]*)$", f)
    if m:
        same = [g for g in GROUP if os.path.basename(g) == m.group(1)]
        return same[0] if len(same) == 1 else CUR
    CUR = f
    return f

def lsm_for(filename):
    if FORCE:
        return FORCE
    f = "/" + filename.lstrip("./")
    for m in MODULES:
        if "/security/" + m + "/" in f:
            return m
    return None

def acc_for(filename):
    m = lsm_for(filename)
    return None if m is None else m + "_" + OBJ

def is_acc(a):
    return OBJ is not None and any(a == m + "_" + OBJ for m in MODULES)

def hook_kind(h):
    if h in (OBJ + "_alloc", OBJ + "_alloc_security"):
        return "alloc"
    if h in (OBJ + "_free", OBJ + "_free_security"):
        return "free"
    if h.startswith(OBJ + "_"):
        return "user"
    return None

def is_hook(fn, kind):
    # fn is registered as a hook of this kind in the file being converted
    # (or a header of it that spatch parses with it: the group)
    return any(HOOKS.get((g, fn)) == kind for g in GROUP)

def converting(f):
    return f in SHAPE and f not in REFUSED

def first(p, fn):
    f = fkey(p)
    site = (int(p[0].line), fn)
    if f not in FIRST or site < FIRST[f]:
        FIRST[f] = site

def accessor_site(file, f, shapes):
    # (acc, blob sizes variable, lbs field, return type, parameter name)
    # when the accessor of one of these shapes goes before f in file,
    # else None.
    a = acc_for(file)
    if (a is None or not converting(file)
            or SHAPE[file][0] not in shapes
            or FIRST.get(file, (0, None))[1] != f or file not in BLOBVAR
            or HASACC.get(file) or declarations(file, a)):
        return None
    HASACC[file] = True
    return (cocci.make_ident(a), cocci.make_ident(BLOBVAR[file]),
            cocci.make_ident("lbs_" + OBJ),
            cocci.make_type(SHAPE[file][1] + " *"),
            cocci.make_ident(SHAPE[file][2]))

# ---- headers: where the compiler would look (D2) ----------------------

def spatch_options():
    # The -I directories and --include files of this spatch run.  The
    # python side has no other way to see them: read the command line of
    # the process (spatch runs this python in its own process).
    dirs, forced = [], []
    try:
        argv = open("/proc/self/cmdline", "rb").read().split(b"\0")
        argv = [a.decode(errors="replace") for a in argv]
    except OSError:
        return dirs, forced
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-I", "--include-dir") and i + 1 < len(argv):
            dirs.append(argv[i + 1])
            i += 1
        elif a.startswith("-I") and len(a) > 2:
            dirs.append(a[2:])
        elif a == "--include" and i + 1 < len(argv):
            forced.append(argv[i + 1])
            i += 1
        i += 1
    return dirs, forced

INCDIRS, FORCED = spatch_options()

def text_of(path):
    # The file without comments (newlines kept, so line numbers hold) and
    # with every preprocessor line replaced by a semicolon.
    if path not in TEXT:
        try:
            t = open(path, errors="replace").read()
        except OSError:
            TEXT[path] = None
            return None
        t = re.sub(r"/\*.*?\*/|//[^\n]*",
                   lambda m: "\n" * m.group(0).count("\n"), t, flags=re.S)
        TEXT[path] = t
    return TEXT[path]

INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]", re.M)

def kbuild_dirs(filename):
    # The -I directories kbuild adds for this file (ccflags-y and
    # subdir-ccflags-y of the Makefile beside it, as in
    # security/selinux/Makefile): make coccicheck passes only the global
    # ones, so "objsec.h" would otherwise not be found from hooks.c.
    d = os.path.dirname(filename) or "."
    top = os.path.abspath(d)
    while not os.path.isfile(os.path.join(top, "scripts", "Kbuild.include")):
        if top == os.path.dirname(top):
            return []         # not in a kernel tree
        top = os.path.dirname(top)
    top = os.path.relpath(top)
    out = []
    for mk in ("Makefile", "Kbuild"):
        try:
            text = open(os.path.join(d, mk), errors="replace").read()
        except OSError:
            continue
        text = text.replace("\\\n", " ")
        for line in re.findall(r"^\s*(?:subdir-)?ccflags-y\s*[:+]?=(.*)$", text, re.M):
            for inc in re.findall(r"-I\s*(\S+)", line):
                inc = inc.replace("$(srctree)", top).replace("$(src)", d)
                if "$" not in inc:
                    out.append(os.path.normpath(inc))
    return out

def headers(filename):
    # Every header the file reaches: "x.h" beside the including file, then
    # through -I (spatch options, then the kbuild flags of the file);
    # <x.h> through -I; and the --include files.
    incdirs = INCDIRS + kbuild_dirs(filename)
    seen = []
    todo = [filename] + [f for f in FORCED if os.path.isfile(f)]
    done = set()
    while todo:
        f = todo.pop()
        if f in done:
            continue
        done.add(f)
        if f != filename:
            seen.append(f)
        try:
            raw = open(f, errors="replace").read()
        except OSError:
            continue
        for q, name in INCLUDE.findall(raw):
            dirs = ([os.path.dirname(f) or "."] if q == "\"" else []) + incdirs
            for d in dirs:
                h = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(h):
                    todo.append(h)
                    break
    return seen

STORAGE = {"static", "inline", "extern", "__inline", "__inline__",
           "__always_inline", "__maybe_unused", "noinline", "__init"}
NOTDECL = {"return", "else", "do", "case", "goto", "sizeof", "typeof",
           "if", "while", "for", "switch"}

def tokens(s):
    return re.findall(r"[A-Za-z_][A-Za-z_0-9]*|\*", s)

def decls_in(path, acc):
    # [(line, return tokens, parameter tokens)] of every declaration or
    # definition of the function acc in path.
    t = text_of(path)
    if t is None or acc not in t:
        return []
    t = re.sub(r"^[ \t]*#[^\n]*(\\\n[^\n]*)*",
               lambda m: ";" + "\n" * m.group(0).count("\n"), t, flags=re.M)
    out = []
    for m in re.finditer(r"\b" + re.escape(acc) + r"\s*\(", t):
        i = j = m.end()
        depth = 1
        while j < len(t) and depth:
            depth += {"(": 1, ")": -1}.get(t[j], 0)
            j += 1
        rest = t[j:].lstrip()
        if depth or not rest or rest[0] not in "{;":
            continue
        k = m.start()
        b = max(t.rfind(c, 0, k) for c in ";{}=(),?!&|+-/<>[]:")
        ret = [x for x in tokens(t[b + 1:k]) if x not in STORAGE]
        if ret == [] or ret[0] == "*" or any(x in NOTDECL for x in ret):
            continue          # a call (x = *acc(e);), not a declaration
        par = tokens(t[i:j - 1])
        if (len(par) > 1 and par[-1] != "*"
                and par[-2] not in ("struct", "union", "enum")):
            par = par[:-1]    # drop the parameter name
        out.append((t.count("\n", 0, k) + 1, ret, par))
    return out

def declarations(filename, acc):
    # [(where, return tokens, parameter tokens)] of acc in the file and in
    # every header it reaches.
    key = (filename, acc)
    if key not in DECLS:
        DECLS[key] = [("%s:%d" % (f, line), r, q)
                      for f in [filename] + headers(filename)
                      for (line, r, q) in decls_in(f, acc)]
    return DECLS[key]

def c_type(toks):
    # ["struct", "x", "*", "*"] -> "struct x **"
    return re.sub(r"(?<=\*) (?=\*)", "", " ".join(toks))

def show(ret, acc, par):
    r = c_type(ret)
    return "%s%s%s(%s)" % (r, "" if r.endswith("*") else " ", acc, c_type(par))

def check_accessor(f, kind, T):
    # D3: an existing accessor must have the shape the script would give
    # it, else the calls the script adds would compile and be wrong.
    a = acc_for(f)
    want_ret = tokens(T) + ["*"]
    want_par = ["void", "*"] if kind == "param" else ["struct", OBJ, "*"]
    ok = True
    for where, ret, par in declarations(f, a):
        if ret != want_ret or [x for x in par if x != "const"] != want_par:
            print("%s: ERROR: existing accessor %s at %s is %s, but the %s blob of this file needs %s: nothing converted in %s"
                  % (f, a, where, show(ret, a, par), kind, show(want_ret, a,
                     (["void", "*"] if kind == "param" else ["const"] + want_par)), f))
            ok = False
    return ok

def set_shape(p, kind, T, e, fa):
    # The shape of the blob in this file, from its alloc hook.  False
    # when the file is not converted (an existing accessor of another
    # shape: REFUSED).
    f = fkey(p)
    if f in REFUSED:
        return False
    if f in SHAPE:
        return True
    if not check_accessor(f, kind, T):
        REFUSED.add(f)
        return False
    SHAPE[f] = (kind, T, e)
    first(p, fa)
    return True

@script:python@
l << virtual.lsm;
@@
FORCE = l

@script:python@
o << virtual.obj;
@@
OBJ = o

// ---------------------------------------------------------------------
// One file per run (D1).  spatch hands the files of one command line
// over together, as one group, and applies each rule to all of them
// before the next rule: the per-file state above (shapes, first users,
// temporary names mapped back through CUR) and every "depends on" would
// then mix the files.  --dir (make coccicheck) hands over one file at a
// time.  A group of several files is refused before anything changes.

@script:python@
@@
GROUP.clear()

@grp@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python@
p << grp.p;
@@
GROUP.add(fkey(p))
# Headers the .c file includes are parsed and matched with it (without
# --include-headers-for-types): only several .c files are a problem.
cfiles = [g for g in GROUP if g.endswith(".c")] or list(GROUP)
if len(cfiles) > 1:
    sys.stderr.write("ERROR: blob_infra.cocci converts one file per run, and spatch was given %d files at once (%s): their conversions would mix.  Run spatch once per file, or use --dir DIR (as make coccicheck does).  Nothing was changed.\n"
                     % (len(cfiles), ", ".join(sorted(cfiles))))
    sys.stderr.flush()
    sys.exit(2)


// ---------------------------------------------------------------------
// Which functions are the module's hooks for this object.

@reg@
identifier H, h, fn;
position p;
@@
struct security_hook_list H[] = { ..., LSM_HOOK_INIT(h, fn@p), ... };

@script:python@
h << reg.h;
fn << reg.fn;
p << reg.p;
@@
k = hook_kind(str(h)) if OBJ else None
if k and acc_for(fkey(p)):
    HOOKS[(fkey(p), str(fn))] = k

@blobvar@
identifier B;
position p;
@@
struct lsm_blob_sizes B@p = { ... };

@script:python@
B << blobvar.B;
p << blobvar.p;
@@
BLOBVAR[fkey(p)] = str(B)

// Does the file define or call the accessor already (before this script
// adds any call)?  Declarations in headers are found by declarations(),
// which also checks their shape (check_accessor, D3).
@accdef@
identifier a : script:python() { is_acc(a) };
position p;
@@
 a@p(...) { ... }

@acccall@
identifier a : script:python() { is_acc(a) };
position p;
@@
 a@p(...)

@script:python@
a << accdef.a;
p << accdef.p;
@@
if acc_for(fkey(p)) == str(a):
    HASACC[fkey(p)] = True

@script:python@
a << acccall.a;
p << acccall.p;
@@
if acc_for(fkey(p)) == str(a):
    HASACC[fkey(p)] = True

// ---------------------------------------------------------------------
// The shape, from the alloc hook.

@valloc@
identifier fa : script:python() { is_hook(fa, "alloc") };
identifier e;
identifier virtual.obj;
type T;
T *x;
position p;
@@
fa@p(..., struct obj *e, ...)
{
  ...
  x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
  ...
  e->security = x;
  ...
}

@palloc@
identifier fa : script:python() { is_hook(fa, "alloc") };
identifier e;
identifier virtual.obj;
type P;
P V;
position p;
@@
fa@p(..., struct obj *e, ...)
{
  ...
  e->security = V;
  ...
}

@parama@
identifier fa : script:python() { is_hook(fa, "alloc") };
identifier q;
type T;
T *x;
position p;
@@
fa@p(void **q)
{
  ...
  x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
  ...
  *q = x;
  ...
}

@script:python sva@
T << valloc.T;
e << valloc.e;
p << valloc.p;
fa << valloc.fa;
acc;
@@
if set_shape(p, "value", str(T), str(e), str(fa)):
    coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))
else:
    cocci.include_match(False)

@script:python spa depends on !valloc@
P << palloc.P;
e << palloc.e;
p << palloc.p;
fa << palloc.fa;
acc;
@@
if set_shape(p, "pointer", str(P), str(e), str(fa)):
    coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))
else:
    cocci.include_match(False)

@script:python spar@
T << parama.T;
p << parama.p;
fa << parama.fa;
acc;
@@
if set_shape(p, "param", str(T), "blob", str(fa)):
    coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))
else:
    cocci.include_match(False)

// The shape of a file whose alloc hook is converted already (it fills
// the blob through the accessor): raw reads left elsewhere in it are
// still reported and converted (D4).  Only when no rule above found an
// unconverted alloc hook.

@vallocc depends on !valloc && !palloc && !parama@
identifier fa : script:python() { is_hook(fa, "alloc") };
identifier a : script:python() { is_acc(a) };
identifier e, y;
identifier virtual.obj;
type T;
T *x;
position p;
@@
fa@p(..., struct obj *e, ...)
{
  ... when any
(
  T *y = a(e);
|
  x = a(e);
)
  ... when any
}

@pallocc depends on !valloc && !palloc && !parama@
identifier fa : script:python() { is_hook(fa, "alloc") };
identifier a : script:python() { is_acc(a) };
identifier e;
identifier virtual.obj;
type P;
P V;
position p;
@@
fa@p(..., struct obj *e, ...)
{
  ... when any
  *a(e) = V;
  ... when any
}

@paramac depends on !valloc && !palloc && !parama@
identifier fa : script:python() { is_hook(fa, "alloc") };
identifier a : script:python() { is_acc(a) };
identifier q, y;
type T;
T *x;
position p;
@@
fa@p(void *q)
{
  ... when any
(
  T *y = a(q);
|
  x = a(q);
)
  ... when any
}

@script:python@
T << vallocc.T;
e << vallocc.e;
a << vallocc.a;
p << vallocc.p;
fa << vallocc.fa;
@@
if acc_for(fkey(p)) == str(a):
    set_shape(p, "value", str(T), str(e), str(fa))

@script:python@
P << pallocc.P;
e << pallocc.e;
a << pallocc.a;
p << pallocc.p;
fa << pallocc.fa;
@@
if acc_for(fkey(p)) == str(a):
    set_shape(p, "pointer", str(P), str(e), str(fa))

@script:python@
T << paramac.T;
a << paramac.a;
p << paramac.p;
fa << paramac.fa;
@@
if acc_for(fkey(p)) == str(a):
    set_shape(p, "param", str(T), "blob", str(fa))

// ---------------------------------------------------------------------
// Sites of the object's blob that are not plain reads.

@excl@
identifier virtual.obj;
struct obj *E;
expression V, X;
position p;
@@
(
 E->security@p = V
|
 &E->security@p
|
 E->security@p + X
)

@exclfn@
identifier acc : script:python() { is_acc(acc) };
expression E;
position p;
@@
acc(...) { <... E->security@p ...> }

@raw@
identifier virtual.obj;
struct obj *E;
position p != {excl.p, exclfn.p};
identifier fn;
@@
fn(...) { <... E->security@p ...> }

@script:python sraw@
p << raw.p;
fn << raw.fn;
acc;
@@
# Every raw read of a module file is reported (D4: also when the shape
# is unknown, the alloc hook converted or elsewhere); it is converted
# only in a file with a shape (converting).
a = acc_for(fkey(p))
if a is None or is_hook(str(fn), "free"):
    cocci.include_match(False)   # the free rules below remove these
else:
    if converting(fkey(p)):
        first(p, str(fn))
    coccinelle.acc = cocci.make_ident(a)

// Every ->security whose base has no known type: a struct key * the script
// cannot see.  Loud, never silent (typed sites of other structs, such as
// cred->security, are known and left alone).
@anyfld@
expression E;
position p;
@@
E->security@p

@typedfld@
type T;
T *E;
position p;
@@
E->security@p

@script:python@
p << typedfld.p;
@@
TYPED.add((fkey(p), p[0].line, p[0].column))

@script:python@
p << anyfld.p;
E << anyfld.E;
@@
if OBJ and acc_for(fkey(p)) and (fkey(p), p[0].line, p[0].column) not in TYPED:
    print("%s:%s:%s-%s: ERROR: untyped %s->%s: the type of %s is unknown, so it may be a struct %s the script cannot convert; give spatch the kernel include paths (-I include -I arch/x86/include ... --all-includes)"
          % (fkey(p), p[0].line, p[0].column, p[0].column_end, E, FLD, E, OBJ))

// ---------------------------------------------------------------------
// report / org / context

@script:python depends on report@
p << raw.p;
E << raw.E;
acc << sraw.acc;
@@
kind = SHAPE.get(fkey(p), ("",))[0]
star = "*" if kind == "pointer" else ""
why = "" if kind else " (blob shape unknown: no alloc hook of this file says)"
for q in p:
    coccilib.report.print_report(q,
      "WARNING: raw %s access of %s, use %s%s(%s)%s" % (FLD, E, star, acc, E, why))

@script:python depends on report@
p << valloc.p;
fa << valloc.fa;
@@
coccilib.report.print_report(p[0],
  "WARNING: %s allocates the %s blob itself; the LSM infrastructure owns it" % (fa, OBJ))

@script:python depends on report@
p << palloc.p;
fa << palloc.fa;
@@
if SHAPE.get(fkey(p), ("",))[0] == "pointer":
    coccilib.report.print_report(p[0],
      "WARNING: %s stores the %s blob pointer itself; the LSM infrastructure owns it" % (fa, OBJ))

@script:python depends on report@
p << parama.p;
fa << parama.fa;
@@
coccilib.report.print_report(p[0],
  "WARNING: %s allocates the %s blob itself; the LSM infrastructure owns it" % (fa, OBJ))

@freerep depends on report@
identifier fr : script:python() { is_hook(fr, "free") };
position p;
@@
fr@p(...) { ... }

@script:python depends on report@
p << freerep.p;
fr << freerep.fr;
@@
coccilib.report.print_report(p[0],
  "WARNING: %s frees the %s blob itself; the LSM infrastructure owns it" % (fr, OBJ))

@script:python depends on org@
p << raw.p;
E << raw.E;
acc << sraw.acc;
@@
cocci.print_main("raw blob access of %s, use %s()" % (E, acc), p)

@depends on context@
identifier virtual.obj;
struct obj *raw.E;
position raw.p;
@@
* E->security@p

// ---------------------------------------------------------------------
// patch: the reads (acc(E) for a value blob, *acc(E) for a pointer blob)

@depends on patch@
identifier virtual.obj;
struct obj *raw.E;
position raw.p;
position pv : script:python() { converting(fkey(pv)) and SHAPE[fkey(pv)][0] == "value" };
position pp : script:python() { converting(fkey(pp)) and SHAPE[fkey(pp)][0] == "pointer" };
identifier sraw.acc;
@@
(
- E->security@p@pv
+ acc(E)
|
- E->security@p@pp
+ *acc(E)
)

// ---------------------------------------------------------------------
// patch: the alloc hook

@depends on patch@
identifier valloc.fa, valloc.e, sva.acc;
identifier x;
@@
fa(...)
{
  ...
- x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
- if (\(!x\|x == NULL\|unlikely(!x)\))
-	return -ENOMEM;
+ x = acc(e);
  ...
- e->security = x;
  ...
}

@depends on patch@
identifier palloc.fa, palloc.e, spa.acc;
expression V;
@@
fa(...)
{
  ...
- e->security = V;
+ *acc(e) = V;
  ...
}

@depends on patch@
identifier parama.fa, parama.q, spar.acc;
identifier x;
@@
fa(
-   void **q
+   void *q
  )
{
  ...
- x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
- if (\(!x\|x == NULL\|unlikely(!x)\))
-	return -ENOMEM;
+ x = acc(q);
  ...
- *q = x;
  ...
}

// ---------------------------------------------------------------------
// patch: the free hook

@freeloc depends on patch@
identifier fr : script:python() { is_hook(fr, "free") };
position pf : script:python() { converting(fkey(pf)) };
identifier e, x;
type T;
@@
fr@pf(...)
{
  ...
- T *x = e->security;
  <...
(
- e->security = NULL;
|
- kfree(x);
)
  ...>
}

@freedirect depends on patch@
identifier fr : script:python() { is_hook(fr, "free") };
position pf : script:python() { converting(fkey(pf)) };
expression e;
@@
fr@pf(...)
{
  <...
(
- e->security = NULL;
|
- kfree(e->security);
)
  ...>
}

@freeparam depends on patch@
identifier fr : script:python() { is_hook(fr, "free") };
position pf : script:python() { converting(fkey(pf)) };
identifier q;
@@
fr@pf(void *q)
{
  <...
- kfree(q);
  ...>
}

@emptyfree depends on patch@
identifier fr : script:python() { is_hook(fr, "free") };
position pf : script:python() { converting(fkey(pf)) };
@@
- void fr@pf(...) { }

@depends on patch && emptyfree@
identifier emptyfree.fr;
identifier H, h;
@@
struct security_hook_list H[] = {
	...,
-	LSM_HOOK_INIT(h, fr),
	...
};

// The accessor of a parameter blob: every use of a void * parameter of
// the module's OBJ_* hooks (the alloc hook has been converted above),
// except one that is already the argument of the accessor (pudone).
@pudone@
identifier a : script:python() { is_acc(a) };
identifier q;
position pp;
@@
a(q@pp)

@pu@
identifier fn : script:python() { is_hook(fn, "user") };
identifier q;
position pp != pudone.pp;
@@
fn(..., void *q, ...)
{
  <... q@pp ...>
}

@script:python spu@
p << pu.pp;
fn << pu.fn;
acc;
@@
if not converting(fkey(p)) or SHAPE[fkey(p)][0] != "param":
    cocci.include_match(False)
else:
    first(p, str(fn))
    coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))

@depends on patch@
identifier pu.q;
position pu.pp;
identifier spu.acc;
@@
- q@pp
+ acc(q)

// ---------------------------------------------------------------------
// patch: the blob size.  Types come from the scripts (cocci.make_type):
// a rule cannot inherit a type from valloc/palloc once earlier rules
// have changed the file, and include_match(False) in a script drops the
// binding for every later rule, so each shape gets no rule of its own.

@blobvar2@
identifier B;
position p;
@@
struct lsm_blob_sizes B@p = { ... };

@script:python slbs@
p << blobvar2.p;
lbs;
T;
@@
f = fkey(p)
if OBJ is None or not converting(f):
    cocci.include_match(False)
else:
    coccinelle.lbs = cocci.make_ident("lbs_" + OBJ)
    coccinelle.T = cocci.make_type(SHAPE[f][1])

@haslbs@
identifier blobvar2.B, slbs.lbs;
expression M;
@@
struct lsm_blob_sizes B = { ..., .lbs = M, ... };

@depends on patch && !haslbs@
identifier blobvar2.B, slbs.lbs;
type slbs.T;
@@
struct lsm_blob_sizes B = {
	...,
+	.lbs = sizeof(T),
};

// ---------------------------------------------------------------------
// patch: the accessor, before the first function that uses it (so it is
// inside the same #ifdef CONFIG_KEYS block), unless it exists already.

@fst depends on patch@
identifier f : script:python() { any(f == v[1] for v in FIRST.values()) };
position p;
@@
f@p(...) { ... }

@script:python sfst@
p << fst.p;
f << fst.f;
acc;
B;
lbs;
R;
N;
@@
r = accessor_site(fkey(p), str(f), ("value", "pointer"))
if r is None:
    cocci.include_match(False)
else:
    coccinelle.acc, coccinelle.B, coccinelle.lbs, coccinelle.R, coccinelle.N = r

@depends on patch@
identifier fst.f;
position fst.p;
identifier sfst.acc, sfst.B, sfst.lbs, sfst.N;
identifier virtual.obj;
type sfst.R;
@@
+static inline R acc(const struct obj *N)
+{
+	return N->security + B.lbs;
+}
+
 f@p(...) { ... }

@fstq depends on patch@
identifier f : script:python() { any(f == v[1] for v in FIRST.values()) };
position p;
@@
f@p(...) { ... }

@script:python sfstq@
p << fstq.p;
f << fstq.f;
acc;
B;
lbs;
R;
N;
@@
r = accessor_site(fkey(p), str(f), ("param",))
if r is None:
    cocci.include_match(False)
else:
    coccinelle.acc, coccinelle.B, coccinelle.lbs, coccinelle.R, coccinelle.N = r

@depends on patch@
identifier fstq.f;
position fstq.p;
identifier sfstq.acc, sfstq.B, sfstq.lbs, sfstq.N;
type sfstq.R;
@@
+static inline R acc(void *N)
+{
+	return N + B.lbs;
+}
+
 f@p(...) { ... }

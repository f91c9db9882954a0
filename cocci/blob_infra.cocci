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
///    file already has or calls it;
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
/// script then prints "ERROR: untyped" for it (cocci/convert.sh fails on
/// that line) rather than missing it silently.
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

MODULES = ("selinux", "smack", "apparmor")
FORCE = None     # -D lsm=NAME
OBJ = None       # -D obj=NAME
FLD = "security"
HOOKS = {}       # (file, function) -> "alloc" | "free" | "user"
SHAPE = {}       # file -> ("value" | "pointer" | "param", blob type)
FIRST = {}       # file -> (line, function) of the first converted function
BLOBVAR = {}     # file -> name of the struct lsm_blob_sizes of the module
HASACC = {}      # file -> True when the accessor exists or is called
TYPED = set()    # (file, line, column) of ->security sites whose base is typed

CUR = None       # the file being converted

def fkey(p):
    # The file a position is in.  Once a rule has changed the file,
    # positions name the temporary copy of it: map that back to the
    # file the rules before the first change saw (spatch converts one
    # file after the other, every rule on it in turn).
    global CUR
    f = p[0].file
    if re.search(r"cocci[^/]*output-[0-9]+-[0-9a-f]+-[^/]*$", f):
        return CUR
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

def hook_kind(h):
    if h in (OBJ + "_alloc", OBJ + "_alloc_security"):
        return "alloc"
    if h in (OBJ + "_free", OBJ + "_free_security"):
        return "free"
    if h.startswith(OBJ + "_"):
        return "user"
    return None

def is_hook(fn, kind):
    return any(k == kind and f == fn for (_, f), k in HOOKS.items())

def first(p, fn):
    f = fkey(p)
    site = (int(p[0].line), fn)
    if f not in FIRST or site < FIRST[f]:
        FIRST[f] = site

def accessor_site(file, f, shapes):
    # (acc, blob sizes variable, lbs field, return type) when the accessor
    # of one of these shapes goes before f in file, else None.
    a = acc_for(file)
    if (a is None or SHAPE.get(file, ("",))[0] not in shapes
            or FIRST.get(file, (0, None))[1] != f or file not in BLOBVAR
            or HASACC.get(file) or accessor_in_headers(file, a)):
        return None
    HASACC[file] = True
    return (cocci.make_ident(a), cocci.make_ident(BLOBVAR[file]),
            cocci.make_ident("lbs_" + OBJ),
            cocci.make_type(SHAPE[file][1] + " *"),
            cocci.make_ident(SHAPE[file][2]))

def accessor_in_headers(filename, acc):
    # A definition or declaration of acc in the file or in a header it
    # includes with "" (looked up beside it, as the compiler does).
    pat = re.compile(r"\b" + re.escape(acc) + r"\s*\([^;{)]*\)\s*[;{]")
    seen = set()
    todo = [filename]
    while todo:
        f = todo.pop()
        if f in seen or not os.path.isfile(f):
            continue
        seen.add(f)
        text = open(f, errors="replace").read()
        if f != filename and pat.search(text):
            return True
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            todo.append(os.path.normpath(os.path.join(os.path.dirname(f), inc)))
    return False

@script:python@
l << virtual.lsm;
@@
FORCE = l

@script:python@
o << virtual.obj;
@@
OBJ = o


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
// adds any call)?  Or does a header it includes declare it?
@accdef@
identifier a : script:python() { OBJ and any(a == m + "_" + OBJ for m in MODULES) };
position p;
@@
 a@p(...) { ... }

@acccall@
identifier a : script:python() { OBJ and any(a == m + "_" + OBJ for m in MODULES) };
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
SHAPE[fkey(p)] = ("value", str(T), str(e))
first(p, str(fa))
coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))

@script:python spa depends on !valloc@
P << palloc.P;
e << palloc.e;
p << palloc.p;
fa << palloc.fa;
acc;
@@
SHAPE[fkey(p)] = ("pointer", str(P), str(e))
first(p, str(fa))
coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))

@script:python spar@
T << parama.T;
p << parama.p;
fa << parama.fa;
acc;
@@
SHAPE[fkey(p)] = ("param", str(T), "blob")
first(p, str(fa))
coccinelle.acc = cocci.make_ident(acc_for(fkey(p)))

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
identifier acc : script:python() { OBJ and any(acc == a for a in
	[m + "_" + OBJ for m in MODULES]) };
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
a = acc_for(fkey(p))
if a is None or fkey(p) not in SHAPE:
    cocci.include_match(False)
elif is_hook(str(fn), "free"):
    cocci.include_match(False)   # the free rules below remove these
else:
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
star = "*" if SHAPE[fkey(p)][0] == "pointer" else ""
for q in p:
    coccilib.report.print_report(q,
      "WARNING: raw %s access of %s, use %s%s(%s)" % (FLD, E, star, acc, E))

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
position pv : script:python() { SHAPE[fkey(pv)][0] == "value" };
identifier sraw.acc;
@@
(
- E->security@p@pv
+ acc(E)
|
- E->security@p
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
identifier e, x;
type T;
@@
fr(...)
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
expression e;
@@
fr(...)
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
identifier q;
@@
fr(void *q)
{
  <...
- kfree(q);
  ...>
}

@emptyfree depends on patch@
identifier fr : script:python() { is_hook(fr, "free") };
@@
- void fr(...) { }

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
// the module's OBJ_* hooks (the alloc hook has been converted above).
@pu@
identifier fn : script:python() { is_hook(fn, "user") };
identifier q;
position pp;
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
if SHAPE.get(fkey(p), ("",))[0] != "param":
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
if OBJ is None or f not in SHAPE:
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

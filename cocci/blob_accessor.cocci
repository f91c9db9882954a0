// SPDX-License-Identifier: GPL-2.0-only
/// Reach a module-managed security blob through an accessor.
///
/// Generalises sk_security.cocci to any "struct STYPE { void *FLD; }"
/// blob that 6.1 still leaves to the modules.  Every read E->FLD, E a
/// struct STYPE *, becomes ACC(E).  Writes (the module's own alloc/free
/// hooks: E->FLD = x, E->FLD = NULL) are kept, because 6.1's
/// infrastructure does not allocate these blobs yet; once it does, the
/// accessor body is the only thing that changes (add the lbs_ offset).
///
/// Parameters (all required, spatch -D NAME=VALUE):
///   stype  struct tag of the object         key          perf_event
///   fld    blob field in it                 security     security
///   acc    accessor name                    selinux_key  selinux_perf_event
///   blob   struct tag the accessor returns  key_security_struct
///                                           (smack_known for Smack keys)
/// e.g. spatch -D patch -D stype=key -D fld=security -D acc=selinux_key
///        -D blob=key_security_struct --sp-file blob_accessor.cocci FILE
///
/// If no function named ACC is defined in the file, patch mode adds
///   static inline struct BLOB *ACC(const struct STYPE *STYPE)
///   { return STYPE->FLD; }
/// right before the first function that it converts (so it sits inside
/// the same #ifdef CONFIG_KEYS / CONFIG_PERF_EVENTS block as its users).
/// Left alone: the accessor's own body, &E->FLD, E->FLD + offset, writes,
/// and fields of the same name in other structs (E's type must be known).
//
// Confidence: High
// Copyright: (C) 2025 LSM stacking port project.
// Comments: the void * blobs handed to hooks as parameters (tun_dev_*,
//  ib_*: "void *security", "void **security") are not struct fields and
//  are out of reach of this rule; see README.md.
// Options: --include-headers-for-types --all-includes

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re
FIRST = {}        # file -> (line, function) of the first converted site

def norm_type(t):
    t = re.sub(r"\bconst\b", "", str(t))
    return " ".join(t.split())

// ---------------------------------------------------------------------
// Sites that must not be converted.

@excl@
identifier virtual.fld;
expression E, V, X;
position p;
@@
(
 E->fld@p = V
|
 &E->fld@p
|
 E->fld@p + X
)

@exclfn@
identifier virtual.fld;
identifier virtual.acc;
expression E;
position p;
@@
acc(...) { <... E->fld@p ...> }

@raw@
identifier virtual.fld;
type T;
T *E;
position p != {excl.p, exclfn.p};
@@
E->fld@p

@script:python keep@
T << raw.T;
p << raw.p;
stype << virtual.stype;
ok;
@@
if norm_type(T) != "struct " + stype:
    cocci.include_match(False)
else:
    f = p[0].file
    site = (int(p[0].line), p[0].current_element)
    if f not in FIRST or site < FIRST[f]:
        FIRST[f] = site
    coccinelle.ok = cocci.make_ident("ok")

// ---------------------------------------------------------------------
// report / org / context

@script:python depends on report@
p << raw.p;
E << raw.E;
_k << keep.ok;
acc << virtual.acc;
fld << virtual.fld;
@@
coccilib.report.print_report(p[0],
  "WARNING: raw %s read of %s, use %s(%s)" % (fld, E, acc, E))

@script:python depends on org@
p << raw.p;
E << raw.E;
_k << keep.ok;
acc << virtual.acc;
@@
cocci.print_main("raw blob read of %s, use %s()" % (E, acc), p)

@depends on context@
type raw.T;
T *raw.E;
position raw.p;
identifier keep.ok;
identifier virtual.fld;
@@
* E->fld@p

// ---------------------------------------------------------------------
// patch

@conv depends on patch@
type raw.T;
T *raw.E;
position raw.p;
identifier keep.ok;
identifier virtual.fld;
identifier virtual.acc;
@@
- E->fld@p
+ acc(E)

@hasacc@
identifier virtual.acc;
@@
acc(...) { ... }

@adddef depends on patch && conv && !hasacc@
identifier virtual.stype;
identifier virtual.blob;
identifier virtual.acc;
identifier virtual.fld;
identifier f : script:python() { any(f == s[1] for s in FIRST.values()) };
@@
+static inline struct blob *acc(const struct stype *stype)
+{
+	return stype->fld;
+}
+
 f(...) { ... }

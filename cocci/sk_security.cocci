// SPDX-License-Identifier: GPL-2.0-only
/// Reach the socket security blob through the LSM's accessor.
///
/// Since "LSM: Infrastructure management of the sock security" the LSM
/// infrastructure (security/security.c) allocates sk->sk_security for all
/// modules and each module owns a slice of it at offset lbs_sock.  A module
/// must therefore never read E->sk_security itself (E a struct sock *): it
/// has to call its accessor, which adds the module's offset:
///   security/selinux/  -> selinux_sock(E)
///   security/smack/    -> smack_sock(E)
///   security/apparmor/ -> aa_sock(E)      (also replaces SK_CTX(E))
/// The accessor is chosen from the path of the file being processed; -D
/// selinux, -D smack or -D apparmor forces one (files outside those
/// directories, e.g. test inputs).  Files outside the three module
/// directories (security/security.c, net/core/sock.c, ...) are never
/// touched: they are the infrastructure.
///
/// In patch mode the script also drops the module's own management of the
/// blob: the kzalloc()/-ENOMEM check and the "sk->sk_security = x"
/// assignment in <lsm>_sk_alloc_security (the whole hook and its
/// LSM_HOOK_INIT entry when nothing else is left in it, as for AppArmor),
/// the "sk->sk_security = NULL" and kfree() in <lsm>_sk_free_security,
/// the SK_CTX() macro definition, and it adds ".lbs_sock = sizeof(T)" to
/// the module's struct lsm_blob_sizes (T: the type the alloc hook
/// allocated).
///
/// Left alone: the accessor's own body (a function named like an accessor,
/// or any "E->sk_security + offset"), &E->sk_security, writes outside the
/// alloc/free hooks, and fields called sk_security in any other struct
/// (E must have type struct sock *, so type information is needed: see
/// Options).
//
// Confidence: High
// Copyright: (C) 2025 LSM stacking port project.
// Comments: the type of E must be known.  Under coccicheck the Options
//  below make struct socket (include/linux/net.h) and the directly included
//  headers visible; without them sock->sk->sk_security is not recognised.
// Options: --include-headers-for-types --all-includes --include include/linux/net.h

virtual patch
virtual context
virtual org
virtual report
virtual selinux
virtual smack
virtual apparmor

@initialize:python@
@@
FORCE = None
TYPED = set()    # (file, line, column) of typed E->sk_security sites
MODULES = (("security/selinux/", "selinux_sock"),
           ("security/smack/", "smack_sock"),
           ("security/apparmor/", "aa_sock"))

def accessor_for(filename):
    # accessor to use in filename, None outside the three LSMs
    if FORCE:
        return FORCE
    f = "/" + filename.lstrip("./")
    for d, a in MODULES:
        if "/" + d in f:
            return a
    return None

// Every E->sk_security whose base has no known type (no include paths,
// or a function the headers do not declare): the typed rules below cannot
// see it.  Said loudly, never skipped silently.  Before any rule changes
// the file, so positions name the file itself.
@anysk@
expression E;
position p;
@@
E->sk_security@p

@typedsk@
type T;
T *E;
position p;
@@
E->sk_security@p

@script:python@
p << typedsk.p;
@@
TYPED.add((p[0].file, p[0].line, p[0].column))

@script:python@
p << anysk.p;
E << anysk.E;
@@
if (p[0].file, p[0].line, p[0].column) not in TYPED:
    print("%s:%s:%s-%s: ERROR: untyped %s->sk_security: the type of %s is unknown and the site is not converted; give spatch the kernel include paths (-I include -I arch/x86/include ... --all-includes)"
          % (p[0].file, p[0].line, p[0].column, p[0].column_end, E, E))

@script:python depends on selinux@
@@
FORCE = "selinux_sock"

@script:python depends on smack@
@@
FORCE = "smack_sock"

@script:python depends on apparmor@
@@
FORCE = "aa_sock"

// ---------------------------------------------------------------------
// The module's own alloc/free hooks.

@ah@
identifier fa =~ "_sk_alloc_security$";
position p;
@@
fa@p(...) { ... }

@script:python cha@
p << ah.p;
acc;
@@
a = accessor_for(p[0].file)
if a is None:
    cocci.include_match(False)
else:
    coccinelle.acc = cocci.make_ident(a)

@fh@
identifier fr =~ "_sk_free_security$";
position p;
@@
fr@p(...) { ... }

@script:python chf@
p << fh.p;
acc;
@@
a = accessor_for(p[0].file)
if a is None:
    cocci.include_match(False)
else:
    coccinelle.acc = cocci.make_ident(a)

// The type the module allocates for its socket blob.
@bt depends on cha@
identifier ah.fa;
identifier sk, x;
type T;
@@
fa(struct sock *sk, ...)
{
  ...
  T *x;
  ...
  x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
  ...
}

// An alloc hook that only allocates and attaches goes away altogether.
@alloc_trivial depends on patch && cha@
identifier ah.fa;
identifier sk, x;
type T;
@@
- fa(struct sock *sk, ...)
- {
-	T *x;
-
-	x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
-	if (\(!x\|x == NULL\|unlikely(!x)\))
-		return -ENOMEM;
-
-	\(sk->sk_security\|SK_CTX(sk)\) = x;
-
-	return 0;
- }

@depends on patch && alloc_trivial@
identifier ah.fa;
identifier H;
@@
struct security_hook_list H[] = {
	...,
-	LSM_HOOK_INIT(sk_alloc_security, fa),
	...
};

@alloc depends on patch && !alloc_trivial@
identifier ah.fa, cha.acc;
identifier sk, x;
type T;
@@
fa(struct sock *sk, ...)
{
  ...
- T *x;
+ T *x = acc(sk);
  ... when != x
- x = \(kzalloc\|kmalloc\|kmem_cache_zalloc\)(...);
- if (\(!x\|x == NULL\|unlikely(!x)\))
-	return -ENOMEM;
  ...
- \(sk->sk_security\|SK_CTX(sk)\) = x;
  ...
}

// free: the blob pointer kept in a local, then kfree()d.
@free_local depends on patch@
identifier fh.fr, chf.acc;
identifier sk, x;
type T;
@@
fr(struct sock *sk, ...)
{
  ...
- T *x = \(sk->sk_security\|SK_CTX(sk)\);
+ T *x = acc(sk);
  <...
- kfree(x);
  ...>
}

@free_direct depends on patch && chf@
identifier fh.fr;
identifier sk;
@@
fr(struct sock *sk, ...)
{
  <...
(
- \(sk->sk_security\|SK_CTX(sk)\) = NULL;
|
- kfree(\(sk->sk_security\|SK_CTX(sk)\));
)
  ...>
}

// .lbs_sock in the module's blob sizes (only if the module allocated).
@haslbs@
identifier B;
expression M;
@@
struct lsm_blob_sizes B = {
	...,
	.lbs_sock = M,
	...
};

@lbs1 depends on patch && bt && !haslbs@
type bt.T;
identifier B;
expression M;
@@
struct lsm_blob_sizes B = {
	...,
	.lbs_msg_msg = M,
+	.lbs_sock = sizeof(T),
	...
};

@lbs2 depends on patch && bt && !haslbs && !lbs1@
type bt.T;
identifier B;
expression M;
@@
struct lsm_blob_sizes B = {
	...,
	.lbs_task = M,
+	.lbs_sock = sizeof(T),
	...
};

@lbs3 depends on patch && bt && !haslbs && !lbs1 && !lbs2@
type bt.T;
identifier B;
expression M;
@@
struct lsm_blob_sizes B = {
	...,
	.lbs_cred = M,
+	.lbs_sock = sizeof(T),
	...
};

// ---------------------------------------------------------------------
// Raw reads E->sk_security.  Sites that must not be converted first.

// The accessor's own body: pointer arithmetic on the raw blob;
// &E->sk_security, which has no accessor form; kfree(E->sk_security),
// which frees the whole blob (the free hooks' copy is removed above and
// reported as a hook site).
@accdef@
struct sock *E;
expression X;
position p;
@@
(
 E->sk_security@p + X
|
 &E->sk_security@p
|
 kfree(E->sk_security@p)
)

// Anything inside a function named like one of the accessors.
@accfn@
identifier f =~ "^(selinux_sock|smack_sock|aa_sock)$";
struct sock *E;
position p;
@@
f(...) { <... E->sk_security@p ...> }

// Writes outside the alloc/free hooks are not reads: left alone.
@wr@
struct sock *E;
expression V;
position p;
@@
E->sk_security@p = V

@rd@
struct sock *E;
position p != {accdef.p, accfn.p, wr.p};
@@
E->sk_security@p

@script:python chr@
p << rd.p;
acc;
@@
a = accessor_for(p[0].file)
if a is None:
    cocci.include_match(False)
else:
    coccinelle.acc = cocci.make_ident(a)

@script:python depends on report@
p << rd.p;
E << rd.E;
acc << chr.acc;
@@
coccilib.report.print_report(p[0],
  "WARNING: raw sk_security read of %s, use %s(%s)" % (E, acc, E))

@script:python depends on org@
p << rd.p;
E << rd.E;
acc << chr.acc;
@@
cocci.print_main("raw sk_security read of %s, use %s()" % (E, acc), p)

@depends on patch@
struct sock *rd.E;
position rd.p;
identifier chr.acc;
@@
- E->sk_security@p
+ acc(E)

@depends on context@
struct sock *rd.E;
position rd.p;
identifier chr.acc;
@@
* E->sk_security@p

// ---------------------------------------------------------------------
// AppArmor's pre-accessor macro: #define SK_CTX(X) ((X)->sk_security)

@wrm@
expression E, V;
position p;
@@
SK_CTX(E)@p = V

@rdm@
expression E;
position p != wrm.p;
@@
SK_CTX(E)@p

@script:python chm@
p << rdm.p;
acc;
@@
a = accessor_for(p[0].file)
if a is None:
    cocci.include_match(False)
else:
    coccinelle.acc = cocci.make_ident(a)

@script:python depends on report@
p << rdm.p;
E << rdm.E;
acc << chm.acc;
@@
coccilib.report.print_report(p[0],
  "WARNING: raw sk_security read SK_CTX(%s), use %s(%s)" % (E, acc, E))

@script:python depends on org@
p << rdm.p;
E << rdm.E;
acc << chm.acc;
@@
cocci.print_main("SK_CTX(%s), use %s()" % (E, acc), p)

@depends on patch@
expression rdm.E;
position rdm.p;
identifier chm.acc;
@@
- SK_CTX(E)@p
+ acc(E)

@depends on context@
expression rdm.E;
position rdm.p;
identifier chm.acc;
@@
* SK_CTX(E)@p

@depends on patch@
identifier X;
@@
- #define SK_CTX(X) ((X)->sk_security)

// ---------------------------------------------------------------------
// The module managing the blob itself (report/org/context only; patch
// mode removes these sites above).

@hookwr depends on !patch@
identifier fa =~ "_sk_(alloc|free)_security$";
identifier sk;
expression V;
position p;
@@
fa(struct sock *sk, ...)
{
  <...
(
 sk->sk_security@p = V
|
 SK_CTX(sk)@p = V
|
 kfree(sk->sk_security@p)
|
 kfree(SK_CTX(sk)@p)
)
  ...>
}

@depends on context@
expression X;
position hookwr.p;
@@
* X@p

@script:python depends on report@
p << hookwr.p;
fa << hookwr.fa;
@@
if accessor_for(p[0].file) is not None:
    coccilib.report.print_report(p[0],
      "WARNING: %s manages the socket blob itself; the LSM infrastructure owns it" % fa)

@script:python depends on org@
p << hookwr.p;
fa << hookwr.fa;
@@
if accessor_for(p[0].file) is not None:
    cocci.print_main("%s manages the socket blob itself" % fa, p)


// SPDX-License-Identifier: GPL-2.0-only
/// Reverse of sk_security.cocci: rebuild the pre-"infrastructure managed
/// sock blob" shape of the three LSMs from a tree that uses accessors.
///
/// This is a fixture generator, not a clean-up: it exists so that
/// sk_security.cocci can be shown to convert real 6.1 files.  It rewrites
///   selinux_sock(E), smack_sock(E)  -> E->sk_security
///   aa_sock(E)                      -> SK_CTX(E)  (and defines SK_CTX)
/// gives <lsm>_sk_alloc_security its kzalloc()/-ENOMEM/attach back,
/// gives <lsm>_sk_free_security its "= NULL"/kfree() back, recreates
/// AppArmor's allocating apparmor_sk_alloc_security() with its
/// LSM_HOOK_INIT entry, and removes .lbs_sock from struct lsm_blob_sizes.
/// The accessor definitions themselves are kept (sk_security.cocci assumes
/// they exist), and the infrastructure (security/security.c,
/// include/linux/lsm_hooks.h) is not touched, so the result is a textual
/// fixture: it is not meant to be built.
//
// Confidence: Moderate
// Copyright: (C) 2025 LSM stacking port project.
// Comments: matches accessor calls by name, no type information needed.
// Options: --smpl-spacing

virtual patch
virtual context
virtual org
virtual report

// The alloc hook of SELinux/Smack: blob pointer from the accessor.
@alloc depends on patch@
identifier fa =~ "_sk_alloc_security$";
identifier acc =~ "^(selinux_sock|smack_sock|aa_sock)$";
identifier sk, fam, g, x;
type T;
@@
fa(struct sock *sk, int fam, gfp_t g)
{
  ...
- T *x = acc(sk);
+ T *x;
+
+ x = kzalloc(sizeof(*x), g);
+ if (!x)
+	return -ENOMEM;
  ...
+ sk->sk_security = x;
  return 0;
}

// The free hook with the blob pointer in a local (SELinux, AppArmor).
@free_local depends on patch@
identifier fr =~ "_sk_free_security$";
identifier acc =~ "^(selinux_sock|smack_sock)$";
identifier sk, x;
type T;
@@
void fr(struct sock *sk)
{
  T *x = acc(sk);
+ sk->sk_security = NULL;
  ...
+ kfree(x);
}

@free_local_aa depends on patch@
identifier fr =~ "_sk_free_security$";
identifier sk, x;
type T;
@@
void fr(struct sock *sk)
{
  T *x = aa_sock(sk);
+ SK_CTX(sk) = NULL;
  ...
+ kfree(x);
}

// The free hook without such a local (Smack).
@free_direct depends on patch && !free_local && !free_local_aa@
identifier fr =~ "_sk_free_security$";
identifier sk;
@@
void fr(struct sock *sk)
{
  ... when != kfree(...)
+ kfree(sk->sk_security);
}

// AppArmor had an alloc hook that only allocated the blob.
@aa_noalloc@
identifier fa =~ "^apparmor_sk_alloc_security$";
@@
fa(...) { ... }

@aa_alloc depends on patch && !aa_noalloc@
identifier fr =~ "^apparmor_sk_free_security$";
identifier s;
@@
+/**
+ * apparmor_sk_alloc_security - allocate and attach the sk_security field
+ */
+static int apparmor_sk_alloc_security(struct sock *sk, int family, gfp_t flags)
+{
+	struct aa_sk_ctx *ctx;
+
+	ctx = kzalloc(sizeof(*ctx), flags);
+	if (!ctx)
+		return -ENOMEM;
+
+	SK_CTX(sk) = ctx;
+
+	return 0;
+}
+
 void fr(struct sock *s)
 {
 ...
 }

@depends on patch && aa_alloc@
identifier aa_alloc.fr;
identifier H;
@@
struct security_hook_list H[] = {
	...,
+	LSM_HOOK_INIT(sk_alloc_security, apparmor_sk_alloc_security),
	LSM_HOOK_INIT(sk_free_security, fr),
	...
};

// The blob size: the module allocates for itself again.
@depends on patch@
identifier B;
expression M;
@@
struct lsm_blob_sizes B = {
	...,
-	.lbs_sock = M,
	...
};

// Reads.  Function definitions named like accessors are not calls.
@depends on patch@
identifier acc =~ "^(selinux_sock|smack_sock)$";
expression E;
@@
- acc(E)
+ E->sk_security

@depends on patch@
expression E;
@@
- aa_sock(E)
+ SK_CTX(E)

@hasskctx@
identifier X;
expression E;
@@
#define SK_CTX(X) E

@depends on patch && !hasskctx@
identifier X;
@@
 #define SOCK_ctx(X) SOCK_INODE(X)->i_security
+#define SK_CTX(X) ((X)->sk_security)

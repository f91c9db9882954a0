# SPDX-License-Identifier: GPL-2.0
# security/selinux/Makefile (6.1, trimmed): the include path of objsec.h.
obj-$(CONFIG_SECURITY_SELINUX) := selinux.o
selinux-y := avc.o hooks.o

ccflags-y := -I$(srctree)/security/selinux -I$(srctree)/security/selinux/include

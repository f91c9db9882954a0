# LSM stacking: modern (infrastructure blobs) vs legacy (Hallyn's chaining)
# on Debian's linux-source-6.1.  `make help` lists the targets.
SHELL := /bin/bash
TOP := $(CURDIR)
export TOP
VARIANT ?= modern

.PHONY: all test-reference test-kcsan distro-config help deps tree variants cocci test-bench test-cocci-series sparse bench bench-iters bench-prefixes resolution report snapshot kernels bench-kernels initramfs test \
	test-host test-guest bisect-check compile-touched checkpatch export-modern export-legacy clean distclean

## all: the main job: every variant, the functional matrix, cocci, sparse, benchmarks, the report
all:
	@$(MAKE) -k test cocci sparse bench; rc=$$?; $(MAKE) report; exit $$rc

help:
	@echo "Targets:"
	@grep -hE '^## ' $(MAKEFILE_LIST) | sed -e 's/^## /  /' -e 's/: /\t/' | expand -t 22

## deps: install the Debian packages needed (as root), else print the apt-get line
deps:
	@vm/deps.sh

## tree: extract /usr/src/linux-source-6.1.tar.xz into build/linux (git, branch base)
tree: deps
	@vm/tree.sh base

## variants: (re)create branches modern, legacy, blobs and arbitrary by git am of their series
variants: tree
	@vm/tree.sh variant legacy
	@vm/tree.sh variant arbitrary

## kernels: build the test kernels (KASAN, kmemleak, lockdep) of every variant
kernels: variants
	@for v in base modern legacy; do vm/kbuild.sh $$v test || exit 1; done

## bench-kernels: build the bench kernels (no debugging) of every variant
bench-kernels: variants
	@for v in base modern legacy; do vm/kbuild.sh $$v bench || exit 1; done

## initramfs: build build/initramfs.cpio (busybox, init, in-guest tests)
initramfs: deps
	@vm/mkinitramfs.sh build/initramfs.cpio

## test: run every test: host self-tests, a deterministic benchmark twice, the QEMU matrix
test: deps test-host test-cocci-series test-bench test-guest

## test-host: host-side tests: the run judge on synthetic output, the semantic patches
test-host: deps
	@vm/config/mkdistro.sh --check
	@vm/selftest.sh
	@$(MAKE) -s -C cocci test
	@analysis/tests/run.sh

## test-bench: a short deterministic benchmark boots twice with identical figures (base test kernel)
test-bench: deps
	@analysis/tests/det-repeat.sh

## sparse: sparse (make C=2) on every file a series touches, base/modern/legacy vs base
sparse: variants
	@analysis/sparse.sh

## bench: benchmarks on the bench kernels (deterministic x2, wall-clock x3), the deterministic reproducibility bound, locks per hook on the test kernels, the resolution
bench: variants
	@rc=0; analysis/bench.sh --build || rc=1; analysis/det-bound.sh --full build/bench || rc=1; \
	analysis/locks.sh --build || rc=1; analysis/bench-iters.sh --build || rc=1; \
	analysis/resolution.sh --build || rc=1; exit $$rc

## resolution: base and modern, AppArmor and Smack alone, under five perturbations (iteration counts, workload mix, two rebuilds): how far each path and amortised figure moves (part of bench)
resolution: variants
	@analysis/resolution.sh --build

## bench-iters: base and modern with one module or none at five microbenchmark iteration counts (which single-module costs are code), the throughput workloads with one module, the functions that differ (part of bench)
bench-iters: variants
	@analysis/bench-iters.sh --build

## bench-prefixes: deterministic figures on the bench kernel of every prefix of modern-series and legacy-chain-port (the cost of each patch)
bench-prefixes: variants
	@rc=0; analysis/bench-prefixes.sh modern || rc=1; analysis/bench-prefixes.sh legacy || rc=1; exit $$rc

## report: build/report/REPORT.md with CSV and SVG plots from whatever results exist
report:
	@analysis/report.sh

## snapshot: copy build/report into analysis/results/ (commit it afterwards)
snapshot: report
	@analysis/snapshot.sh

## cocci: run every semantic patch on every variant in report mode (counts in build/cocci/report)
cocci: variants
	@$(MAKE) -s -C cocci report
	@$(MAKE) -s -C cocci reconstruct

## test-guest: boot every variant x LSM stack of vm/matrix.txt and run the in-guest tests
## test-cocci-series: regenerate modern-series/blobs/ from cocci/ and fail if it differs from the committed series
test-cocci-series: variants
	@$(MAKE) -s -C cocci series-check

test-guest: deps
	@vm/matrix.sh

## test-reference: the reference flavours kept out of test (base:distro, blobs:distro, legacy on tinyconfig, legacy:nostacker, legacy:rcu); summary to analysis/results/reference-matrix.txt
test-reference: deps
	@MATRIX_EXCLUDE= MATRIX_ONLY="base:distro blobs:distro legacy legacy:nostacker legacy:rcu" vm/matrix.sh base blobs legacy \
		>build/runs-reference.txt; rc=$$?; \
		cat build/runs-reference.txt; \
		cp build/runs-reference.txt analysis/results/reference-matrix.txt; exit $$rc

## test-kcsan: the KCSAN rows (legacy:distro+kcsan, modern:distro+kcsan; four vCPUs, stress and race); summary to analysis/results/kcsan-matrix.txt
test-kcsan: deps
	@MATRIX_EXCLUDE= MATRIX_ONLY="legacy:distro+kcsan modern:distro+kcsan" vm/matrix.sh modern legacy \
		>build/runs-kcsan.txt; rc=$$?; \
		cat build/runs-kcsan.txt; \
		cp build/runs-kcsan.txt analysis/results/kcsan-matrix.txt; exit $$rc

## distro-config: regenerate vm/config/distro.config from Debian's linux-config-6.1
distro-config: deps
	@vm/config/mkdistro.sh

## bisect-check: at every prefix of the modern, legacy and arbitrary series compile all objects they touch (slow; not in test)
bisect-check: variants
	@vm/bisect-check.sh modern legacy arbitrary

## compile-touched: compile every object the series touch under vm/config/touched.config
compile-touched: variants
	@vm/compile-touched.sh modern
	@vm/compile-touched.sh legacy
	@vm/compile-touched.sh blobs
	@vm/compile-touched.sh arbitrary

## checkpatch: scripts/checkpatch.pl --strict on every patch of every series (modern, legacy, blobs, arbitrary); kernel-doc -v adds no warning
checkpatch: variants
	@rc=0; vm/checkpatch.sh || rc=1; vm/kerneldoc.sh || rc=1; exit $$rc

## export-modern: write branch modern's commits back to modern-series/ (git format-patch)
export-modern:
	@vm/tree.sh export modern

## export-legacy: write branch legacy's commits back to legacy-chain-port/
export-legacy:
	@vm/tree.sh export legacy

## clean: remove build outputs (kernels, initramfs, runs, logs); keep build/linux
clean:
	rm -rf build/linux/O-* build/initramfs* build/tests build/runs build/selftest build/logs build/report build/bench

## distclean: remove all of build/, the extracted kernel tree included
distclean:
	rm -rf build

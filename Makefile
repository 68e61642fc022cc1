# The two entry points of the README. Both set up the machine first (idempotent).
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE := 1
# build/ and the Python package's tree (build-python/, pyproject.toml) compile the library with
# identical flags: ccache (scripts/setup.sh installs it) then compiles it once. Paths under the
# checkout are hashed relative to the build directory, which is why both trees sit one level
# below it, and the directory itself (in the debug info) is left out of the hash.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

# The sanitizer tree (docs/reliability.md): clang, ASan + UBSan at -O1, no RTL, no CLI, no Python;
# it also holds the libFuzzer targets of tests/fuzz.
SANITIZE_BUILD_DIR ?= build-asan
FUZZ_SECONDS ?= 10

.PHONY: setup build python wheel demo test sanitize-configure sanitize-test fuzz-test release clean

setup:
	@scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The Python package (bindings/ + the C++ library, built by scikit-build-core into
# build-python/) installed into .venv; reinstalled only when a source it is built from changed.
PYTHON_STAMP := .venv/.ssdtlm-package.stamp
PYTHON_PACKAGE_SOURCES := CMakeLists.txt pyproject.toml $(shell find bindings models platforms \
  -name __pycache__ -prune -o \( -name '*.cpp' -o -name '*.h' -o -name '*.py' -o -name '*.json' \
  -o -name CMakeLists.txt -o -name py.typed \) -print)

python: setup
	@$(MAKE) --no-print-directory $(PYTHON_STAMP)

$(PYTHON_STAMP): $(PYTHON_PACKAGE_SOURCES)
	@echo "python: building and installing the ssdtlm package into .venv"
	.venv/bin/python -m pip install -q --no-build-isolation .
	@touch $@

# A wheel that installs where Debian's libsystemc is not (docs/python.md, "Installing"): the
# package built from build-python/ as `make python` builds it, then `auditwheel repair` copies
# the shared libraries it links beyond the manylinux policy's system ones (libsystemc) into
# ssdtlm.libs/ under hashed names, points the extension at them (RUNPATH $$ORIGIN/../ssdtlm.libs),
# strips debug info and tags the wheel with the oldest manylinux policy its symbol versions
# allow (manylinux_2_35 on Debian bookworm). Rebuilt only when a source of the package changed.
WHEEL_DIR ?= dist
WHEEL_STAMP := $(WHEEL_DIR)/.ssdtlm-wheel.stamp

wheel: python
	@$(MAKE) --no-print-directory $(WHEEL_STAMP)

$(WHEEL_STAMP): $(PYTHON_PACKAGE_SOURCES)
	@echo "wheel: building and repairing the ssdtlm wheel into $(WHEEL_DIR)/"
	rm -rf $(WHEEL_DIR)/unrepaired $(WHEEL_DIR)/ssdtlm-*.whl
	.venv/bin/python -m pip wheel -q --no-build-isolation --no-deps -w $(WHEEL_DIR)/unrepaired .
	PATH="$(CURDIR)/.venv/bin:$$PATH" .venv/bin/auditwheel repair --strip -w $(WHEEL_DIR) \
	  $(WHEEL_DIR)/unrepaired/ssdtlm-*.whl
	rm -rf $(WHEEL_DIR)/unrepaired
	@touch $@
	@ls $(WHEEL_DIR)/ssdtlm-*.whl

demo: build
	$(BUILD_DIR)/ssdtlm run --config mlc-mqsim --precondition fill \
	  --workload mixed:qd=8,count=20000,read=0.3,size=4KiB --out $(BUILD_DIR)/demo --force

test: build python wheel
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	SSDTLM_BINARY=$(abspath $(BUILD_DIR))/ssdtlm .venv/bin/python -m pytest -q tests/python

sanitize-configure: setup
	@cmake -S . -B $(SANITIZE_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Sanitize -DCMAKE_CXX_COMPILER=clang++ \
	  -DSSDTLM_RTL=OFF -DSSDTLM_CLI=OFF -DSSDTLM_FUZZ=ON -DSSDTLM_FUZZ_SECONDS=$(FUZZ_SECONDS) >/dev/null

# The GoogleTest suite under AddressSanitizer + UndefinedBehaviorSanitizer, less the
# reproductions of the papers' tables (Reproduction*, docs/references.md): arithmetic of the
# functional engine, which the FunctionalEngine tests cover in a fraction of the time, but three quarters of the
# sanitized suite's run time (docs/performance.md, "CI time"). Also left out: the two
# ControllerRulesTest cases whose SC_REPORT_ERROR is rethrown by the kernel after the test's
# SC_THREAD has run: Debian's libsystemc switches coroutine stacks without telling ASan, so
# ASan's unwinding check misreads the stack ("False positive error reports may follow") —
# a report about the kernel's stack switching, not about ssdtlm's memory.
SANITIZE_EXCLUDED_TESTS := Reproduction|ControllerRulesTest\.(ReadOfAnErasedPage|ProgramOutOfOrder)StopsTheSimulationWithAnError
sanitize-test: sanitize-configure
	@cmake --build $(SANITIZE_BUILD_DIR) -j $(JOBS) --target ssdtlm_tests ssdtlm_reliability_tests user_die_example
	cd $(SANITIZE_BUILD_DIR) && LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizer/lsan_suppressions.txt \
	  ctest --output-on-failure -j $(JOBS) -LE fuzz -E '$(SANITIZE_EXCLUDED_TESTS)'

# The release command line (docs/performance.md, "The release build"): the same -O2 as build/,
# plus link-time optimisation and profile-guided optimisation trained by tests/bench/pgo_training.py.
# Two compiles of the library in one tree (instrumented, then optimised with the profile);
# outputs are byte-identical to build/ssdtlm's. Benchmark it with
# `tests/bench/bench.py --ssdtlm build-release/ssdtlm`.
RELEASE_BUILD_DIR ?= build-release
release: setup
	@cmake -S . -B $(RELEASE_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DSSDTLM_PGO=generate -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF >/dev/null
	@cmake --build $(RELEASE_BUILD_DIR) -j $(JOBS) --target ssdtlm
	rm -rf $(RELEASE_BUILD_DIR)/pgo-profile
	python3 tests/bench/pgo_training.py $(RELEASE_BUILD_DIR)/ssdtlm
	@cmake -S . -B $(RELEASE_BUILD_DIR) -DSSDTLM_PGO=use -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON >/dev/null
	@cmake --build $(RELEASE_BUILD_DIR) -j $(JOBS) --target ssdtlm

# Every libFuzzer target of tests/fuzz for FUZZ_SECONDS from its seed corpus.
fuzz-test: sanitize-configure
	@cmake --build $(SANITIZE_BUILD_DIR) -j $(JOBS) --target ssdtlm_fuzzers
	cd $(SANITIZE_BUILD_DIR) && ctest --output-on-failure -j $(JOBS) -L fuzz

clean:
	rm -rf $(BUILD_DIR) build-python $(WHEEL_DIR) $(SANITIZE_BUILD_DIR) $(RELEASE_BUILD_DIR)

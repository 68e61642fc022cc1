# The two entry points of the README. Both set up the machine first (idempotent).
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE := 1

.PHONY: setup build python demo test clean

setup:
	@scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# The Python package (bindings/ + the C++ library, built by scikit-build-core into
# build/python/) installed into .venv; reinstalled only when a source it is built from changed.
PYTHON_STAMP := .venv/.ssdtlm-package.stamp
PYTHON_PACKAGE_SOURCES := CMakeLists.txt pyproject.toml $(shell find bindings models platforms \
  -name __pycache__ -prune -o \( -name '*.cpp' -o -name '*.h' -o -name '*.py' -o -name '*.json' \
  -o -name CMakeLists.txt \) -print)

python: setup
	@$(MAKE) --no-print-directory $(PYTHON_STAMP)

$(PYTHON_STAMP): $(PYTHON_PACKAGE_SOURCES)
	@echo "python: building and installing the ssdtlm package into .venv"
	.venv/bin/python -m pip install -q --no-build-isolation .
	@touch $@

demo: build
	$(BUILD_DIR)/ssdtlm run --config mlc-mqsim --precondition fill \
	  --workload mixed:qd=8,count=20000,read=0.3,size=4KiB --out $(BUILD_DIR)/demo

test: build python
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	SSDTLM_BINARY=$(abspath $(BUILD_DIR))/ssdtlm .venv/bin/python -m pytest -q tests/python

clean:
	rm -rf $(BUILD_DIR)

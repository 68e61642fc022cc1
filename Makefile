# The two entry points of the README. Both set up the machine first (idempotent).
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE := 1

.PHONY: setup build demo test clean

setup:
	@scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

demo: build
	$(BUILD_DIR)/ssdtlm run --config mlc-mqsim --precondition fill \
	  --workload mixed:qd=8,count=20000,read=0.3,size=4KiB --out $(BUILD_DIR)/demo

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	.venv/bin/python -m pytest -q tests/python

clean:
	rm -rf $(BUILD_DIR)

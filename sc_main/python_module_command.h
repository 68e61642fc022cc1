#pragma once
// Commands whose work is done by the Python package (sweep, and the commands built on pandas,
// plotting or optimisation libraries) start `PYTHON -m ssdtlm.MODULE ARGS...`, with the
// interpreter found the same way for all of them.
#include <string>
#include <vector>

namespace ssdtlm::cli {

// $SSDTLM_PYTHON, else the project virtualenv beside the sources (where `make test` installs the
// package), else python3 on the PATH.
std::string python_interpreter();

// Replaces this process with `PYTHON -m MODULE ARGS...`; throws ConfigError when it cannot start.
[[noreturn]] void exec_python_module(const std::string& module, const std::vector<std::string>& args);

// Runs `PYTHON -m MODULE ARGS...` as a child and returns its exit status (2 when it cannot start
// or ends by a signal), for a command that goes on after it.
int run_python_module(const std::string& module, const std::vector<std::string>& args);

}  // namespace ssdtlm::cli

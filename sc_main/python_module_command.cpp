#include "sc_main/python_module_command.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "models/common/config/config_error.h"
#include "platforms/ssd_config.h"

namespace ssdtlm::cli {
namespace {

bool is_executable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

std::vector<std::string> command_line(const std::string& module, const std::vector<std::string>& args) {
  std::vector<std::string> line = {python_interpreter(), "-m", module};
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

std::vector<char*> argv_of(std::vector<std::string>& line) {
  std::vector<char*> argv;
  for (auto& arg : line) argv.push_back(arg.data());
  argv.push_back(nullptr);
  return argv;
}

std::string cannot_start(const std::string& python, int error) {
  return "cannot start " + python + ": " + std::strerror(error) +
         " (set SSDTLM_PYTHON to a Python with the ssdtlm package installed: make test does it)";
}

}  // namespace

std::string python_interpreter() {
  if (const char* env = std::getenv("SSDTLM_PYTHON"); env != nullptr && *env != '\0') return env;
  if (std::getenv("SSDTLM_PRESET_DIR") == nullptr) {
    const std::filesystem::path source = std::filesystem::path(preset_directory()).parent_path().parent_path();
    const std::string venv_python = (source / ".venv" / "bin" / "python").string();
    if (is_executable(venv_python)) return venv_python;
  }
  return "python3";
}

void exec_python_module(const std::string& module, const std::vector<std::string>& args) {
  std::vector<std::string> line = command_line(module, args);
  std::vector<char*> argv = argv_of(line);
  std::fflush(stdout);
  std::fflush(stderr);
  ::execvp(argv[0], argv.data());
  throw config_error(module, cannot_start(line.front(), errno));
}

int run_python_module(const std::string& module, const std::vector<std::string>& args) {
  std::vector<std::string> line = command_line(module, args);
  std::vector<char*> argv = argv_of(line);
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t child = ::fork();
  if (child < 0) throw config_error(module, std::string("cannot fork: ") + std::strerror(errno));
  if (child == 0) {
    ::execvp(argv[0], argv.data());
    std::fprintf(stderr, "ssdtlm: %s: %s\n", module.c_str(), cannot_start(line.front(), errno).c_str());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) throw config_error(module, std::string("cannot wait: ") + std::strerror(errno));
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status) == 127 ? 2 : WEXITSTATUS(status);
  return 2;
}

}  // namespace ssdtlm::cli

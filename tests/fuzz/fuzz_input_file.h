#pragma once
// The loaders under test read files (trace readers stream them, configurations name them), so
// each fuzz input is written to one scratch file per process, overwritten for every input.
// /dev/shm when there is one: a fuzzer writes thousands of inputs a second.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace ssdtlm::fuzz {

class FuzzInputFile {
 public:
  explicit FuzzInputFile(const std::string& suffix) {
    const std::filesystem::path dir =
        std::filesystem::is_directory("/dev/shm") ? std::filesystem::path("/dev/shm")
                                                  : std::filesystem::temp_directory_path();
    path_ = (dir / ("ssdtlm-fuzz-" + std::to_string(::getpid()) + suffix)).string();
  }
  ~FuzzInputFile() { std::remove(path_.c_str()); }
  FuzzInputFile(const FuzzInputFile&) = delete;
  FuzzInputFile& operator=(const FuzzInputFile&) = delete;

  // Replaces the file's content with the input; aborts if it cannot (not a finding of the target).
  const std::string& write(const std::uint8_t* data, std::size_t size) {
    std::FILE* file = std::fopen(path_.c_str(), "wb");
    if (file == nullptr || (size > 0 && std::fwrite(data, 1, size, file) != size) || std::fclose(file) != 0) {
      std::perror(path_.c_str());
      std::abort();
    }
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace ssdtlm::fuzz

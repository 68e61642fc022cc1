// Trace reader speed: writes a file of N realistic lines per format, then times a full read
// (detection excluded, format given) and prints lines per second. Built and run by
// trace_bench.sh; the target is at least 1 million lines per second per reader.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "models/common/rng.h"
#include "models/host/trace/trace_reader.h"

namespace {

// One line of `format` with pseudo-random fields shaped like the real traces.
std::string make_line(const std::string& format, std::uint64_t i, ssdtlm::Rng& rng) {
  char line[256];
  const std::uint64_t sector = rng.below(1ull << 31);
  const std::uint64_t sectors = 8u << rng.below(5);
  const bool read = rng.below(2) == 0;
  if (format == "msr") {
    std::snprintf(line, sizeof line, "%" PRIu64 ",wdev,3,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
                  128166410318061256ull + i * 7000, read ? "Read" : "Write", sector * 512, sectors * 512,
                  rng.below(100000));
  } else if (format == "spc") {
    std::snprintf(line, sizeof line, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%c,%" PRIu64 ".%06" PRIu64 "\n",
                  rng.below(24), sector, sectors * 512, read ? 'r' : 'w', i / 1000, i % 1000 * 1000);
  } else if (format == "mqsim") {
    std::snprintf(line, sizeof line, "%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %d\n",
                  938513000 + i * 1000, rng.below(16), sector, sectors, read ? 1 : 0);
  } else if (format == "disksim") {
    std::snprintf(line, sizeof line, "%" PRIu64 ".%03" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %d\n",
                  i / 10, i % 10 * 100, rng.below(16), sector, sectors, read ? 1 : 0);
  } else if (format == "blkparse") {
    std::snprintf(line, sizeof line,
                  "  8,0    3 %8" PRIu64 " %5" PRIu64 ".%09" PRIu64 "   697  %c  %s %" PRIu64 " + %" PRIu64
                  " [kjournald]\n",
                  i, i / 100000, i % 100000 * 10000, "QGIDC"[i % 5], read ? "R" : "WS", sector, sectors);
  } else if (format == "fiu") {
    std::snprintf(line, sizeof line,
                  "%" PRIu64 " 4253 nfsd %" PRIu64 " %" PRIu64 " %c 6 0 d6c75ba46e82326fefa545b57a12e221\n",
                  89966522969723ull + i * 4000, sector, sectors, read ? 'R' : 'W');
  } else {  // fio v3
    if (i == 0) return "fio version 3 iolog\n0 /dev/nvme0n1 add\n0 /dev/nvme0n1 open\n";
    std::snprintf(line, sizeof line, "%" PRIu64 " /dev/nvme0n1 %s %" PRIu64 " %" PRIu64 "\n", i * 3,
                  read ? "read" : "write", sector * 512, sectors * 512);
  }
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t lines = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2'000'000;
  const std::string dir = argc > 2 ? argv[2] : std::filesystem::temp_directory_path().string();
  std::printf("%-9s %10s %12s %9s\n", "format", "lines", "lines/s", "MB/s");
  for (const char* format : {"msr", "spc", "mqsim", "disksim", "blkparse", "fiu", "fio"}) {
    const std::string path = dir + "/ssdtlm-trace-bench." + format;
    {
      std::ofstream out(path, std::ios::binary);
      ssdtlm::Rng rng(1);
      for (std::uint64_t i = 0; i < lines; ++i) out << make_line(format, i, rng);
    }
    ssdtlm::TraceReaderOptions options;
    options.format = format;
    options.strict = true;  // every line must parse: the bench also checks the readers
    double best_seconds = 1e30;
    std::uint64_t read_lines = 0;
    for (int run = 0; run < 3; ++run) {  // best of three: the first run also warms the page cache
      ssdtlm::TraceReader reader(path, options);
      ssdtlm::TraceRecord record;
      std::uint64_t checksum = 0;
      const auto start = std::chrono::steady_clock::now();
      while (reader.next(record)) checksum += record.offset_bytes + record.size_bytes;
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      best_seconds = std::min(best_seconds, seconds);
      read_lines = reader.counts().lines;
      if (checksum == 0) std::printf("no records?\n");
    }
    const double megabytes = double(std::filesystem::file_size(path)) / 1e6;
    std::printf("%-9s %10" PRIu64 " %12.0f %9.0f\n", format, read_lines, double(read_lines) / best_seconds,
                megabytes / best_seconds);
    std::filesystem::remove(path);
  }
  return 0;
}

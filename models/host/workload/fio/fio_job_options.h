#pragma once
// One fio job as its options describe it (fio's meaning and units; docs/workloads.md "fio job
// files" lists every option): the [global] lines that precede the job, then its own, read
// into this struct. Nothing here knows the device yet; fio_job_stream resolves percentages,
// offsets and sizes against it.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "models/host/workload/fio/fio_job_file.h"
#include "models/host/workload/fio/fio_values.h"

namespace ssdtlm {

enum class FioDirection : std::uint8_t { Read = 0, Write = 1, Trim = 2 };
inline constexpr int kFioDirections = 3;

struct FioBlockSize {
  std::uint64_t bytes = 4096;
  double weight = 1.0;
};

// random_distribution: the model and its parameter (zipf theta, pareto h, normal deviation
// in percent of the range), or zoned's (access %, range %) pairs.
struct FioDistribution {
  enum class Kind : std::uint8_t { Uniform, Zipf, Pareto, Normal, Zoned };
  Kind kind = Kind::Uniform;
  double parameter = 0;
  std::vector<std::pair<double, double>> zones;  // zoned: (percent of accesses, percent of range)
};

struct FioJobOptions {
  std::string name;
  std::string location;  // "path:line" of the job's [section]
  // rw: which directions the job issues and how it walks the range.
  bool random = false;
  std::array<bool, kFioDirections> directions = {true, false, false};
  double read_percent = 50;  // rwmixread, for jobs that read and write
  std::array<std::vector<FioBlockSize>, kFioDirections> block_sizes = {
      std::vector<FioBlockSize>(1), std::vector<FioBlockSize>(1), std::vector<FioBlockSize>(1)};
  std::uint32_t iodepth = 1;
  std::uint32_t iodepth_batch_complete_min = 1;
  fio::SizeValue size;  // 0 bytes and no percentage: to the end of the device
  fio::SizeValue offset;
  fio::SizeValue offset_increment;
  std::uint64_t io_size_bytes = 0;  // 0: size
  std::uint64_t number_ios = 0;     // 0: no limit
  std::uint64_t runtime_us = 0;     // 0: no limit
  bool time_based = false;
  std::uint64_t ramp_time_us = 0;
  std::uint64_t startdelay_us = 0;
  FioDistribution distribution;
  bool norandommap = false;
  std::array<double, kFioDirections> percentage_random = {100, 100, 100};
  bool randseed_given = false;
  std::uint64_t randseed = 0;
  std::array<std::uint64_t, kFioDirections> rate_bytes_per_s = {0, 0, 0};
  std::array<std::uint64_t, kFioDirections> rate_iops = {0, 0, 0};
  bool rate_poisson = false;
  std::uint64_t thinktime_us = 0;
  std::uint32_t thinktime_blocks = 1;
  bool thinktime_on_issue = false;  // thinktime_blocks_type=issue (fio's default: complete)
  std::uint32_t fsync_every_writes = 0;  // fsync and fdatasync: a flush after every N writes
  std::uint32_t numjobs = 1;
  // The line of each option given, for errors only the device can reveal (size past its end).
  std::map<std::string, std::string> given_at;
  // Options accepted without effect on the simulated stream (ioengine, direct=0, ...), once
  // each with their line, for the run's notes.
  std::vector<std::string> ignored;

  bool mixed_read_write() const { return directions[0] && directions[1]; }
  // Where option `key` was set, else the job's section.
  std::string where(const std::string& key) const;
};

// Every job of the file in order ([global] sections apply to the jobs after them). Throws
// ConfigError "path:line: option: ..." for an unknown option (with a did-you-mean), a bad
// value, an option fio has but this model does not, and zonemode=zbd.
std::vector<FioJobOptions> read_fio_jobs(const FioJobFile& file);

// The name fio gives option `key` in its output (an alias such as "blocksize" is "bs"); `key`
// itself if it is no option of the table.
std::string fio_option_name(const std::string& key);

}  // namespace ssdtlm

#pragma once
// One running fio job (one of numjobs clones): which request it issues next and when, as
// fio's job loop decides it (backend.c do_io, io_u.c): up to iodepth I/Os in flight, the
// direction by rwmixread, the size by bs/bsrange/bssplit, the offset sequential per direction
// or random (a random map covering every block once per pass unless norandommap or a skewed
// random_distribution; percentage_random mixes in sequential ones), a flush after every fsync
// writes, rate/rate_iops pacing (linear or poisson), thinktime after thinktime_blocks I/Os
// (waiting for the job's in-flight I/O first, as fio quiesces), startdelay, and the end by
// runtime (after ramp_time), io_size/size or number_ios.
//
// Times are ns from the start of the workload. The owner (FioRequestSource) tells the job the
// current time with every call, so a job needs no clock of its own.
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "models/common/rng.h"
#include "models/host/workload/address_distribution.h"
#include "models/host/workload/fio/fio_job_options.h"
#include "models/common/host_request.h"
#include "models/host/workload/scatter_permutation.h"

namespace ssdtlm {

// The part of the device a job works on, resolved from size/offset/offset_increment.
struct FioJobRange {
  std::uint64_t start_bytes = 0;
  std::uint64_t end_bytes = 0;  // exclusive
  std::uint64_t block_bytes = 0;  // the smallest block size: random offsets are multiples of it
};

// Throws ConfigError naming the option's file:line when the range leaves the device or a
// block size is not whole logical blocks.
FioJobRange resolve_fio_job_range(const FioJobOptions& job, std::uint32_t subjob, std::uint64_t device_bytes,
                                  std::uint32_t logical_block_bytes);

class FioJobStream {
 public:
  // `seed`: the job's own (randseed, or the run's seed, mixed with the job's index).
  FioJobStream(const FioJobOptions& job, const FioJobRange& range, std::uint64_t seed);
  ~FioJobStream();

  // The next request with arrival_ns = when it may be issued (>= now_ns), or false when the
  // job cannot issue now (iodepth in flight, waiting for its I/O to drain before a
  // thinktime) or has finished. Counts the request as in flight.
  bool next(HostRequest& request, std::uint64_t now_ns);
  void completed(std::uint64_t now_ns);
  bool finished() const { return finished_; }
  std::uint32_t iodepth() const { return job_.iodepth; }
  std::uint64_t ramp_end_ns() const;
  std::uint64_t issued() const { return issued_ios_; }
  const FioJobOptions& options() const { return job_; }

 private:
  bool can_issue() const;
  bool limits_reached() const;
  FioDirection next_direction();
  std::uint64_t next_size(FioDirection direction);
  std::uint64_t next_offset(FioDirection direction, std::uint64_t size_bytes);
  std::uint64_t random_block();
  std::uint64_t paced_time_ns(FioDirection direction, std::uint64_t size_bytes);

  FioJobOptions job_;
  FioJobRange range_;
  std::uint64_t blocks_ = 0;
  std::uint64_t start_ns_ = 0;
  std::uint64_t end_ns_ = 0;  // 0: no time limit
  std::uint64_t io_limit_bytes_ = 0;
  bool use_random_map_ = false;
  Rng direction_rng_, size_rng_, offset_rng_, random_choice_rng_, pacing_rng_;
  std::unique_ptr<AddressDistribution> distribution_;
  // Random map: each pass visits every block once, in the order of a permutation keyed by
  // the seed and the pass.
  std::uint64_t map_seed_ = 0, map_pass_ = 0, map_position_ = 0;
  std::unique_ptr<ScatterPermutation> map_;
  std::array<std::uint64_t, kFioDirections> last_end_bytes_{};  // per direction, as fio's last_pos
  std::array<std::uint64_t, kFioDirections> issued_bytes_{};
  std::array<std::uint64_t, kFioDirections> issued_count_{};
  std::array<double, kFioDirections> poisson_time_ns_{};
  std::uint64_t issued_ios_ = 0;
  std::uint64_t issued_total_bytes_ = 0;
  std::uint64_t completed_ios_ = 0;
  std::uint64_t writes_since_flush_ = 0;
  std::uint32_t in_flight_ = 0;
  bool refilling_ = true;          // iodepth_batch_complete_min: filling up to iodepth
  bool waiting_to_think_ = false;  // thinktime due once the in-flight I/O has drained
  std::uint64_t ready_at_ns_ = 0;
  bool finished_ = false;
};

}  // namespace ssdtlm

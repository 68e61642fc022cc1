#include "models/host/workload/fio/fio_job_stream.h"

#include <algorithm>
#include <cmath>

#include "models/common/config/config_error.h"
#include "models/host/workload/fio/fio_address_distributions.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

constexpr std::uint64_t kNsPerUs = 1000;
constexpr double kNsPerSecond = 1e9;

// Independent random streams per aspect, so that e.g. adding a rate leaves offsets unchanged.
enum Stream : std::uint64_t { kDirections = 1, kSizes = 2, kOffsets = 3, kRandomChoice = 4, kPacing = 5, kMap = 6 };

std::uint64_t stream_seed(std::uint64_t seed, Stream stream) {
  return seed + static_cast<std::uint64_t>(stream) * 0xd1b54a32d192ed03ull;
}

std::uint64_t percent_of(std::uint64_t bytes, double percent) {
  return static_cast<std::uint64_t>(static_cast<long double>(bytes) * percent / 100.0L);
}

std::uint64_t resolve(const fio::SizeValue& value, std::uint64_t device_bytes, std::uint64_t align_bytes) {
  return value.is_percent() ? percent_of(device_bytes, value.percent) / align_bytes * align_bytes : value.bytes;
}

}  // namespace

FioJobRange resolve_fio_job_range(const FioJobOptions& job, std::uint32_t subjob, std::uint64_t device_bytes,
                                  std::uint32_t logical_block_bytes) {
  std::uint64_t smallest = 0, largest = 0;
  for (int d = 0; d < kFioDirections; ++d) {
    if (!job.directions[d]) continue;
    for (const FioBlockSize& size : job.block_sizes[d]) {
      if (size.bytes % logical_block_bytes != 0) {
        throw config_error(job.where(job.given_at.count("bssplit") ? "bssplit"
                                     : job.given_at.count("bsrange") ? "bsrange"
                                                                     : "bs"),
                           spec::format_bytes(size.bytes) + " is not a whole number of the device's " +
                               std::to_string(logical_block_bytes) + " B logical blocks");
      }
      smallest = smallest == 0 ? size.bytes : std::min(smallest, size.bytes);
      largest = std::max(largest, size.bytes);
    }
  }
  FioJobRange range;
  range.block_bytes = smallest;
  const std::uint64_t increment = resolve(job.offset_increment, device_bytes, smallest);
  range.start_bytes = resolve(job.offset, device_bytes, smallest) + std::uint64_t{subjob} * increment;
  if (range.start_bytes % logical_block_bytes != 0) {
    throw config_error(job.where("offset"), "starts at byte " + std::to_string(range.start_bytes) +
                                                ", not on a " + std::to_string(logical_block_bytes) +
                                                " B logical block");
  }
  if (range.start_bytes >= device_bytes) {
    throw config_error(job.where(subjob > 0 && increment > 0 ? "offset_increment" : "offset"),
                       "job " + job.name + (subjob > 0 ? " clone " + std::to_string(subjob) : "") +
                           " starts at byte " + std::to_string(range.start_bytes) +
                           ", past the simulated device's " + std::to_string(device_bytes) + " bytes");
  }
  std::uint64_t size_bytes = device_bytes - range.start_bytes;
  if (job.size.is_percent()) {
    size_bytes = std::min(size_bytes, percent_of(device_bytes, job.size.percent));
  } else if (job.size.bytes != 0) {
    if (job.size.bytes > size_bytes) {
      throw config_error(job.where("size"), spec::format_bytes(job.size.bytes) + " from byte " +
                                                std::to_string(range.start_bytes) +
                                                " runs past the simulated device's " + std::to_string(device_bytes) +
                                                " bytes");
    }
    size_bytes = job.size.bytes;
  }
  size_bytes = size_bytes / smallest * smallest;
  if (size_bytes < largest) {
    throw config_error(job.where("size"), "the job's range of " + std::to_string(size_bytes) +
                                              " bytes is smaller than its largest block (" +
                                              spec::format_bytes(largest) + ")");
  }
  range.end_bytes = range.start_bytes + size_bytes;
  return range;
}

FioJobStream::FioJobStream(const FioJobOptions& job, const FioJobRange& range, std::uint64_t seed)
    : job_(job),
      range_(range),
      blocks_((range.end_bytes - range.start_bytes) / range.block_bytes),
      start_ns_(job.startdelay_us * kNsPerUs),
      end_ns_(job.runtime_us != 0 ? (job.startdelay_us + job.ramp_time_us + job.runtime_us) * kNsPerUs : 0),
      io_limit_bytes_(job.io_size_bytes != 0 ? job.io_size_bytes : range.end_bytes - range.start_bytes),
      direction_rng_(stream_seed(seed, kDirections)),
      size_rng_(stream_seed(seed, kSizes)),
      offset_rng_(stream_seed(seed, kOffsets)),
      random_choice_rng_(stream_seed(seed, kRandomChoice)),
      pacing_rng_(stream_seed(seed, kPacing)),
      map_seed_(stream_seed(seed, kMap)),
      ready_at_ns_(start_ns_) {
  last_end_bytes_.fill(range.start_bytes);
  poisson_time_ns_.fill(static_cast<double>(start_ns_));
  if (job_.random) {
    // fio keeps a random map only for uniform offsets; skewed distributions draw freely.
    use_random_map_ = job_.distribution.kind == FioDistribution::Kind::Uniform && !job_.norandommap;
    if (!use_random_map_) {
      distribution_ = make_fio_address_distribution(job_.distribution, blocks_, job_.where("random_distribution"));
    }
  }
  job_.iodepth_batch_complete_min = std::min(std::max<std::uint32_t>(job_.iodepth_batch_complete_min, 1), job_.iodepth);
}

FioJobStream::~FioJobStream() = default;

std::uint64_t FioJobStream::ramp_end_ns() const {
  return job_.ramp_time_us != 0 ? (job_.startdelay_us + job_.ramp_time_us) * kNsPerUs : 0;
}

bool FioJobStream::limits_reached() const {
  if (job_.number_ios != 0 && issued_ios_ >= job_.number_ios) return true;
  return !job_.time_based && issued_total_bytes_ >= io_limit_bytes_;
}

bool FioJobStream::can_issue() const {
  if (finished_ || waiting_to_think_ || in_flight_ >= job_.iodepth) return false;
  // iodepth_batch_complete_min: once full, refill only after that many completions.
  return refilling_ || job_.iodepth - in_flight_ >= job_.iodepth_batch_complete_min;
}

FioDirection FioJobStream::next_direction() {
  if (job_.mixed_read_write()) {
    return direction_rng_.uniform01() * 100.0 < job_.read_percent ? FioDirection::Read : FioDirection::Write;
  }
  return job_.directions[0] ? FioDirection::Read : job_.directions[1] ? FioDirection::Write : FioDirection::Trim;
}

std::uint64_t FioJobStream::next_size(FioDirection direction) {
  const std::vector<FioBlockSize>& sizes = job_.block_sizes[static_cast<int>(direction)];
  if (sizes.size() == 1) return sizes[0].bytes;
  double total = 0;
  for (const FioBlockSize& size : sizes) total += size.weight;
  double pick = size_rng_.uniform01() * total;
  for (const FioBlockSize& size : sizes) {
    if (pick < size.weight) return size.bytes;
    pick -= size.weight;
  }
  return sizes.back().bytes;
}

std::uint64_t FioJobStream::random_block() {
  if (!use_random_map_) return distribution_->sample(offset_rng_);
  if (!map_ || map_position_ == blocks_) {
    map_ = std::make_unique<ScatterPermutation>(blocks_, map_seed_ + map_pass_++ * 0x9e3779b97f4a7c15ull);
    map_position_ = 0;
  }
  return (*map_)(map_position_++);
}

std::uint64_t FioJobStream::next_offset(FioDirection direction, std::uint64_t size_bytes) {
  const int d = static_cast<int>(direction);
  const bool random = job_.random && (job_.percentage_random[d] >= 100.0 ||
                                      random_choice_rng_.uniform01() * 100.0 < job_.percentage_random[d]);
  std::uint64_t offset;
  if (random) {
    offset = range_.start_bytes + random_block() * range_.block_bytes;
    if (offset + size_bytes > range_.end_bytes) {
      offset = (range_.end_bytes - size_bytes - range_.start_bytes) / range_.block_bytes * range_.block_bytes +
               range_.start_bytes;
    }
  } else {
    offset = last_end_bytes_[d];
    if (offset + size_bytes > range_.end_bytes) offset = range_.start_bytes;  // wrap, as fio does
  }
  last_end_bytes_[d] = offset + size_bytes;
  return offset;
}

// rate / rate_iops: linear pacing issues the direction's k-th I/O at start + (what came before
// it) / rate; poisson draws exponential gaps of that mean.
std::uint64_t FioJobStream::paced_time_ns(FioDirection direction, std::uint64_t size_bytes) {
  const int d = static_cast<int>(direction);
  const std::uint64_t bytes_rate = job_.rate_bytes_per_s[d];
  const std::uint64_t iops_rate = job_.rate_iops[d];
  if (bytes_rate == 0 && iops_rate == 0) return 0;
  if (job_.rate_poisson) {
    const double mean_ns = bytes_rate != 0 ? static_cast<double>(size_bytes) * kNsPerSecond / static_cast<double>(bytes_rate)
                                           : kNsPerSecond / static_cast<double>(iops_rate);
    const double at = poisson_time_ns_[d];
    poisson_time_ns_[d] += -std::log(1.0 - pacing_rng_.uniform01()) * mean_ns;
    return static_cast<std::uint64_t>(at);
  }
  const double done = bytes_rate != 0 ? static_cast<double>(issued_bytes_[d]) / static_cast<double>(bytes_rate)
                                      : static_cast<double>(issued_count_[d]) / static_cast<double>(iops_rate);
  return start_ns_ + static_cast<std::uint64_t>(done * kNsPerSecond);
}

bool FioJobStream::next(HostRequest& request, std::uint64_t now_ns) {
  if (!can_issue()) return false;
  const bool flush_due = job_.fsync_every_writes != 0 && writes_since_flush_ >= job_.fsync_every_writes;
  if (!flush_due && limits_reached()) {
    finished_ = true;
    return false;
  }
  request = HostRequest{};
  std::uint64_t at_ns = std::max(now_ns, ready_at_ns_);
  FioDirection direction = FioDirection::Read;
  if (flush_due) {
    request.op = HostOp::Flush;
  } else {
    direction = next_direction();
    request.op = direction == FioDirection::Read    ? HostOp::Read
                 : direction == FioDirection::Write ? HostOp::Write
                                                    : HostOp::Trim;
    request.size_bytes = static_cast<std::uint32_t>(next_size(direction));
    at_ns = std::max(at_ns, paced_time_ns(direction, request.size_bytes));
  }
  if (end_ns_ != 0 && at_ns >= end_ns_) {
    finished_ = true;
    return false;
  }
  if (flush_due) {
    writes_since_flush_ = 0;
  } else {
    request.offset_bytes = next_offset(direction, request.size_bytes);
    const int d = static_cast<int>(direction);
    issued_bytes_[d] += request.size_bytes;
    ++issued_count_[d];
    ++issued_ios_;
    issued_total_bytes_ += request.size_bytes;
    if (direction == FioDirection::Write) ++writes_since_flush_;
  }
  request.arrival_ns = at_ns;
  ++in_flight_;
  if (in_flight_ == job_.iodepth) refilling_ = false;
  if (job_.thinktime_us != 0 && job_.thinktime_on_issue && !flush_due && issued_ios_ % job_.thinktime_blocks == 0) {
    waiting_to_think_ = true;
  }
  return true;
}

void FioJobStream::completed(std::uint64_t now_ns) {
  --in_flight_;
  ++completed_ios_;
  if (job_.iodepth - in_flight_ >= job_.iodepth_batch_complete_min) refilling_ = true;
  if (job_.thinktime_us != 0 && !job_.thinktime_on_issue && completed_ios_ % job_.thinktime_blocks == 0) {
    waiting_to_think_ = true;
  }
  // fio waits for the job's I/O in flight to complete, then thinks.
  if (waiting_to_think_ && in_flight_ == 0) {
    waiting_to_think_ = false;
    ready_at_ns_ = std::max(ready_at_ns_, now_ns + job_.thinktime_us * kNsPerUs);
  }
}

}  // namespace ssdtlm

#pragma once
// The synthetic host workload: closed loop at a queue depth or open loop (fixed,
// Poisson, bursty); random (uniform, hot/cold, Zipf) or sequential addresses; reads and
// writes mixed by a fraction; fixed or weighted request sizes; stop after N requests and/or
// a simulated time. Deterministic per seed, and each aspect draws from its own random stream,
// so switching e.g. the arrival process leaves the address sequence unchanged.
#include <cstdint>
#include <memory>
#include <vector>

#include "models/common/rng.h"
#include "models/host/workload/address_distribution.h"
#include "models/host/workload/arrival_clock.h"
#include "models/host/workload/request_source.h"
#include "models/host/workload/workload_spec.h"

namespace ssdtlm {

// The workload's range and alignment resolved against a device (request_source_factory).
struct DeviceLayout {
  std::uint64_t range_start_bytes = 0;
  std::uint64_t range_end_bytes = 0;  // exclusive
  std::uint32_t alignment_bytes = 4096;
  std::uint64_t device_bytes = 0;  // the capacity the range is a part of (snapshot slots)
  std::uint64_t range_command_bytes = 0;  // range copy / move / delete: the size of each
};

class SyntheticRequestSource final : public RequestSource {
 public:
  // `spec` must be validated and its sizes checked against `layout` (the factory does both).
  SyntheticRequestSource(const WorkloadSpec& spec, const DeviceLayout& layout, std::uint64_t seed);

  bool next(HostRequest& request) override;
  ArrivalMode arrival_mode() const override;
  std::uint32_t queue_depth() const override { return spec_.queue_depth; }
  std::uint64_t stop_after_ns() const override { return spec_.has_warmup() ? 0 : spec_.duration_ns; }
  std::string describe() const override;

 private:
  std::uint32_t next_size();
  std::uint64_t next_offset(std::uint32_t size_bytes);
  // The range command due after the last request (range_copy_every and friends).
  void next_range_command(HostRequest& request);
  std::uint64_t random_range_place();

  WorkloadSpec spec_;
  DeviceLayout layout_;
  Rng op_rng_, address_rng_, size_rng_, arrival_rng_, sequential_rng_, range_rng_;
  std::unique_ptr<AddressDistribution> addresses_;  // random access only
  std::uint64_t slot_bytes_ = 0;                    // random access: distance between two candidate offsets
  std::unique_ptr<ArrivalClock> clock_;             // open loop only
  std::vector<double> cumulative_weights_;          // size mix
  std::uint64_t sequential_cursor_bytes_ = 0;
  std::uint64_t issued_ = 0;
  std::uint64_t since_snapshot_ = 0;  // requests since the last snapshot point (snapshot_every)
  std::uint32_t burst_left_ = 0;      // snapshots still to take at this point
  std::uint64_t snapshots_ = 0;
  std::uint8_t range_commands_due_ = 0;  // bit per HostOp::RangeCopy/Move/Delete, issued in that order
  std::uint64_t range_commands_ = 0;
  std::uint64_t last_arrival_ns_ = 0;
};

}  // namespace ssdtlm

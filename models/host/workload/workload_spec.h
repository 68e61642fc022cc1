#pragma once
// The host workload as configured: the JSON "workload" section and the compact command-line
// form (`--workload random-read:qd=1,count=2000,size=4KiB`) both become this struct, and it
// turns back into JSON for the effective configuration. The grammar and every key are in
// docs/workloads.md. Sizes and ranges stay in bytes here; resolving them against a device
// (logical block size, capacity) happens in make_request_source().
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "models/host/trace/trace_replay_options.h"

namespace ssdtlm {

// Where successive requests go. Whether they read or write is read_fraction's business, so
// "mixed" (fio's randrw) is Random with a read_fraction between 0 and 1; the JSON section
// accepts "mixed" as that.
enum class AccessPattern : std::uint8_t {
  Random,      // each request at an address drawn from address_distribution
  Sequential,  // each request right after the previous one, wrapping at the range's end
};

enum class ArrivalProcess : std::uint8_t {
  Closed,   // closed loop: queue_depth requests outstanding, the next when one completes
  Fixed,    // open loop, one request every 1/rate_iops
  Poisson,  // open loop, exponential gaps of mean 1/rate_iops
  Bursty,   // open loop, Poisson at rate_iops during burst_on, nothing during burst_off
};

struct SizeChoice {
  std::uint64_t size_bytes = 4096;
  double weight = 1.0;  // relative; weights need not sum to 1
};

// Where in the device's logical space requests go: bytes, or fractions of the capacity.
struct AddressRange {
  bool in_fractions = true;
  std::uint64_t offset_bytes = 0;
  std::uint64_t length_bytes = 0;  // 0: to the end of the device
  double start_fraction = 0.0;
  double length_fraction = 1.0;
};

struct WorkloadSpec {
  AccessPattern pattern = AccessPattern::Random;
  double read_fraction = 0.0;
  // Random access only: the probability that a request starts where the previous one ended
  // (DiskSim's "probability of sequential access"); otherwise its address is drawn.
  double sequential_fraction = 0.0;
  ArrivalProcess arrival = ArrivalProcess::Closed;
  // Closed loop: requests kept outstanding; 0 = the host's own host.queue_depth.
  // Open loop: a cap on outstanding requests; 0 = unbounded.
  std::uint32_t queue_depth = 0;
  double rate_iops = 0;  // open loop
  std::uint64_t burst_on_ns = 0;
  std::uint64_t burst_off_ns = 0;
  std::vector<SizeChoice> sizes = std::vector<SizeChoice>(1);  // one entry: fixed size, 4 KiB
  AddressRange range;
  std::string address_distribution = "uniform";  // address_distribution.h
  // Stop conditions; a synthetic workload needs at least one, a trace ends by itself.
  std::uint64_t request_count = 0;          // 0: no limit
  std::uint64_t duration_ns = 0;            // simulated time; 0: no limit
  std::uint32_t alignment_bytes = 0;        // request offsets are multiples of it; 0: the logical block
  // Warm-up (ramp=): the first ramp_requests requests to complete, or the first ramp_ns of
  // simulated time, left out of every statistic; count and time then count from its end
  // (docs/workloads.md, "Warm-up"). At most one of them is non-zero.
  std::uint64_t ramp_requests = 0;
  std::uint64_t ramp_ns = 0;
  std::uint64_t seed_offset = 0;            // added to the run's seed: two hosts, two streams
  // Multi-reference store (ftl.mode = mjolnir): after every snapshot_every requests a snapshot
  // of the workload's range; snapshot k goes to the same range in namespace slot
  // (k mod snapshot_slots) + 1, i.e. offset + slot x device capacity. 0: no snapshots.
  std::uint64_t snapshot_every = 0;
  std::uint32_t snapshot_slots = 1;
  std::uint32_t snapshot_burst = 1;  // snapshots taken at each snapshot point, into successive slots
  // Multi-reference store: after every range_copy_every requests an NVMe Simple Copy of
  // range_bytes from a random place in the workload's range to another (range_move_every: a
  // range move; range_delete_every: range_bytes at a random place unmapped). Places are
  // multiples of range_bytes from the range's start, drawn uniformly from their own random
  // stream. 0: none. range_bytes 0: the request size (the largest of a size mix).
  std::uint64_t range_copy_every = 0;
  std::uint64_t range_move_every = 0;
  std::uint64_t range_delete_every = 0;
  std::uint64_t range_bytes = 0;
  std::optional<TraceReplayOptions> trace;  // set: replay this trace instead of generating
  // Set: the jobs of this fio job file (docs/workloads.md "fio job files") instead of the
  // fields above, which stay at their defaults.
  std::string fio_job_file;

  bool is_trace() const { return trace.has_value(); }
  bool has_warmup() const { return ramp_requests != 0 || ramp_ns != 0; }
  bool is_fio() const { return !fio_job_file.empty(); }
};

bool operator==(const WorkloadSpec& a, const WorkloadSpec& b);
inline bool operator!=(const WorkloadSpec& a, const WorkloadSpec& b) {
  return !(a == b);
}

// The compact form (docs/workloads.md), e.g. "mixed:qd=8,count=20000,read=0.3,size=4KiB",
// "trace:/data/wdev_3.csv,replay=closed-loop,qd=16" or "fio:jobs/randread.fio". `where` (the flag, "--workload") starts
// every error message.
WorkloadSpec parse_workload_spec(const std::string& compact, const std::string& where);

// Inverse of parse_workload_spec: the shortest compact form that parses back to `spec`.
std::string to_compact(const WorkloadSpec& spec);

// The JSON section. Unknown keys, wrong types and out-of-range values throw ConfigError
// naming the full key path ("workload.read_fraction"); `key_path` is the section's own path.
WorkloadSpec workload_from_json(const nlohmann::json& section, const std::string& key_path);
// Every applicable key with its value (defaults filled in): workload_from_json reads it back
// to an equal spec.
nlohmann::json to_json(const WorkloadSpec& spec);

// The checks both forms share (ranges, stop condition, consistency). Throws ConfigError
// prefixed with `where`.
void validate(const WorkloadSpec& spec, const std::string& where);

const char* to_string(AccessPattern pattern);
const char* to_string(ArrivalProcess arrival);

}  // namespace ssdtlm

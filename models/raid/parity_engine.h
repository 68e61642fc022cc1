#pragma once
// The controller's parity engine: `engines` units working in parallel, each job occupying the
// earliest free one; jobs queue behind each other, so a slow engine shows up as queueing on
// parity-heavy workloads, not as an average delay. How long one job takes comes from a
// ParityJobTimer chosen by raid.parity_engine:
//   tlm  TlmParityJobTimer: XOR (P) and Reed-Solomon (Q) units with their own throughputs,
//        setup + xor_bytes / xor_mbps + rs_bytes / rs_mbps.
//   rtl  the Verilog P/Q block (models/rtl/raid, RtlRaidParity) run on the job's rows of
//        content tags (data mode), its P and Q checked against the controller's own parity;
//        cycles x rtl.clock_period_ns + rtl.transactor_overhead_ns per job.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "models/raid/parity_row.h"

namespace ssdtlm {

struct ParityEngineConfig {
  std::string kind = "tlm";  // raid.parity_engine: tlm | rtl
  double xor_mbps = 4000.0;  // MB/s of input the XOR unit consumes
  double rs_mbps = 1000.0;   // MB/s of input the GF(2^8) multiply-accumulate unit consumes
  std::uint32_t engines = 1;
  std::uint64_t setup_ns = 0;  // per job: descriptor fetch, DMA setup
  // rtl: the RAID document's rtl.* keys (same meaning as an SSD's).
  std::uint64_t rtl_clock_period_ps = 2500;
  std::uint64_t rtl_transactor_overhead_ps = 0;
  // rtl: each word of a ParityRow stands for one array block of this many bytes; the rtl timer
  // streams the whole block through the RTL (block_bytes / 8 words per unit).
  std::uint32_t block_bytes = 4096;
};

// Duration of one parity job. `rows` is what the job computes, filled in data mode (empty
// otherwise); the tlm timer ignores it, the rtl timer needs it.
class ParityJobTimer {
 public:
  virtual ~ParityJobTimer() = default;
  virtual std::uint64_t job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes, const std::vector<ParityRow>& rows) = 0;
  virtual std::uint64_t rtl_cycles() const { return 0; }  // total clock cycles of the RTL (0 for tlm)
};

class TlmParityJobTimer : public ParityJobTimer {
 public:
  explicit TlmParityJobTimer(const ParityEngineConfig& config) : config_(config) {}
  std::uint64_t job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes, const std::vector<ParityRow>& rows) override;

 private:
  ParityEngineConfig config_;
};

// The timer raid.parity_engine names; ConfigError for a kind this build does not have.
std::unique_ptr<ParityJobTimer> make_parity_job_timer(const ParityEngineConfig& config);

class ParityEngine {
 public:
  explicit ParityEngine(const ParityEngineConfig& config);
  // Reserves an engine from now for a job over the given input bytes (and, in data mode, the
  // rows it computes); returns its end time.
  sc_core::sc_time reserve(std::uint64_t xor_bytes, std::uint64_t rs_bytes,
                           const std::vector<ParityRow>& rows = {});
  std::uint64_t busy_ps() const { return busy_ps_; }
  std::uint64_t jobs() const { return jobs_; }
  std::uint64_t xor_bytes() const { return xor_bytes_; }
  std::uint64_t rs_bytes() const { return rs_bytes_; }
  std::uint64_t rtl_cycles() const { return timer_->rtl_cycles(); }

 private:
  std::unique_ptr<ParityJobTimer> timer_;
  std::vector<sc_core::sc_time> free_at_;
  std::uint64_t busy_ps_ = 0;
  std::uint64_t jobs_ = 0;
  std::uint64_t xor_bytes_ = 0;
  std::uint64_t rs_bytes_ = 0;
};

}  // namespace ssdtlm

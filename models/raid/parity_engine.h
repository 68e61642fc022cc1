#pragma once
// Timing of the controller's parity engine: XOR (P) and Reed-Solomon (Q) units with their own
// throughputs, `engines` of them working in parallel. A job occupies the earliest free engine
// for setup + xor_bytes / xor_mbps + rs_bytes / rs_mbps; jobs queue behind each other, so a
// slow engine shows up as queueing on parity-heavy workloads, not as an average delay.
#include <cstdint>
#include <vector>

#include <systemc>

namespace ssdtlm {

struct ParityEngineConfig {
  double xor_mbps = 4000.0;  // MB/s of input the XOR unit consumes
  double rs_mbps = 1000.0;   // MB/s of input the GF(2^8) multiply-accumulate unit consumes
  std::uint32_t engines = 1;
  std::uint64_t setup_ns = 0;  // per job: descriptor fetch, DMA setup
};

class ParityEngine {
 public:
  explicit ParityEngine(const ParityEngineConfig& config);
  // Reserves an engine from now for a job over the given input bytes; returns its end time.
  sc_core::sc_time reserve(std::uint64_t xor_bytes, std::uint64_t rs_bytes);
  std::uint64_t job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes) const;
  std::uint64_t busy_ps() const { return busy_ps_; }
  std::uint64_t jobs() const { return jobs_; }
  std::uint64_t xor_bytes() const { return xor_bytes_; }
  std::uint64_t rs_bytes() const { return rs_bytes_; }

 private:
  ParityEngineConfig config_;
  std::vector<sc_core::sc_time> free_at_;
  std::uint64_t busy_ps_ = 0;
  std::uint64_t jobs_ = 0;
  std::uint64_t xor_bytes_ = 0;
  std::uint64_t rs_bytes_ = 0;
};

}  // namespace ssdtlm

#pragma once
// RtlRaidParity: the pin-level driver of raid_parity_engine.v (Verilated). Streams a stripe
// row's units in, collects P and Q, and reports the clock cycles the RTL took. This is the
// pin side the RAID controller's parity-engine transactor calls (RtlParityJobTimer,
// raid.parity_engine = rtl, see docs/cosimulation.md).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/rtl/raid/raid_parity_reference.h"

namespace ssdtlm {

class RtlRaidParity {
 public:
  static constexpr std::size_t kMaxUnitWords = 512;  // the RTL's MAX_WORDS (4 KiB units)
  static constexpr std::size_t kMaxUnits = 255;

  RtlRaidParity(const std::string& instance, std::uint64_t clock_period_ps);
  ~RtlRaidParity();

  // P and Q of `units` (each unit_words words); returns the cycles from start to done, both
  // included. Throws std::invalid_argument for sizes the RTL does not take.
  std::uint64_t compute(const std::vector<ParityUnit>& units, std::size_t unit_words,
                        std::uint64_t* p, std::uint64_t* q);

  void start_at(std::uint64_t ps);  // VCD placement of the next job
  std::uint64_t clock_period_ps() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ssdtlm

#pragma once
// RtlSecdedCodec: the pin-level side of the RTL ECC engine. Drives ecc_secded512.v (Verilated)
// one sector at a time through its start / valid-ready / done ports and reports what the RTL
// computed and how many clock cycles it took. No Verilator header leaks out of this one.
#include <cstdint>
#include <memory>
#include <string>

#include "models/rtl/ecc/secded512_reference.h"

namespace ssdtlm {

class RtlSecdedCodec {
 public:
  struct SectorResult {
    std::uint32_t ecc = 0;  // check bits the RTL computed (ecc_out)
    SecdedStatus status = SecdedStatus::Clean;
    std::uint32_t error_address = 0;
    std::uint64_t cycles = 0;  // rising clock edges from start to done, both included
  };

  // `instance` names the block (and its VCD file, see rtl_harness.h).
  RtlSecdedCodec(const std::string& instance, std::uint64_t clock_period_ps);
  ~RtlSecdedCodec();

  SectorResult encode(const std::uint8_t* sector);
  // Decodes against `stored` check bits; a correctable data-bit error is corrected in `sector`
  // (the transactor applies the flip the RTL points at, as a controller's DMA engine would).
  SectorResult decode(std::uint8_t* sector, std::uint32_t stored);

  // Simulated time (ps) at which the next sector starts; only places the VCD samples.
  void start_at(std::uint64_t ps);
  std::uint64_t clock_period_ps() const;
  std::uint64_t total_cycles() const;

 private:
  SectorResult run(std::uint8_t* sector, bool decode, std::uint32_t stored);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ssdtlm

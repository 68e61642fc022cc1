#pragma once
// ECC engines of FlashController's data path: one per channel, each a loosely-timed TLM target
// that the controller calls for every page it programs (encode, before the page goes to the die
// queue) and every page it reads (decode, after the data is over the bus). The engine annotates
// the time the operation takes; the controller serializes the operations of one channel's
// engine first come, first served. docs/nand-and-controller.md and docs/cosimulation.md show
// where the time enters the timeline.
//
//   tlm  TlmEccEngine: latency_ns + bytes / throughput_mbps per page, no data processed.
//   rtl  RtlEccEngine (models/rtl/ecc/): the Verilog Hamming SEC-DED block, Verilated, fed
//        with the page's bytes; the time is its clock cycles × rtl clock period + the
//        transactor overhead.
//
// Payload: TLM_WRITE_COMMAND for an encode, TLM_READ_COMMAND for a decode, with an EccCommand
// extension. The data pointer may carry the page's bytes; without one the engine generates them
// from EccCommand::content (NandDie keeps a 64-bit tag per page, not the bytes).
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/controller/ecc_config.h"

namespace ssdtlm {

enum class EccOperation : std::uint8_t { Encode, Decode };

class EccCommand : public tlm::tlm_extension<EccCommand> {
 public:
  EccOperation operation = EccOperation::Encode;
  std::uint32_t bytes = 0;    // page bytes the operation covers (whole sectors are processed)
  std::uint64_t content = 0;  // seed of the page's bytes when the payload carries none
  // Check bits, one entry per sector: written by an encode; a decode reads them when there is
  // one per sector, otherwise it decodes against the check bits of the intact content.
  std::vector<std::uint32_t> check_bits;
  // Results.
  std::uint32_t sectors = 0;
  std::uint32_t corrected_bits = 0;         // data or check bits corrected
  std::uint32_t uncorrectable_sectors = 0;
  std::uint64_t rtl_cycles = 0;             // clock cycles of the RTL (0 for tlm)

  tlm::tlm_extension_base* clone() const override { return new EccCommand(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const EccCommand&>(other);
  }
};

class EccEngine : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<EccEngine> socket;

  explicit EccEngine(sc_core::sc_module_name name);
  // The operation starts at sim_now() + delay; its duration is added to delay.
  virtual void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) = 0;
};

class TlmEccEngine : public EccEngine {
 public:
  TlmEccEngine(sc_core::sc_module_name name, const EccConfig& config);
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) override;
  std::uint64_t duration_ps(std::uint32_t bytes) const;

 private:
  EccConfig config_;
};

// "tlm" or "rtl"; "rtl" needs a build with the Verilator blocks (SSDTLM_RTL=ON).
std::unique_ptr<EccEngine> make_ecc_engine(const char* name, const EccConfig& config);

// Sectors of `bytes` for the ECC (512-byte sectors, the last one padded).
inline std::uint32_t ecc_sectors(std::uint32_t bytes) { return (bytes + 511) / 512; }

}  // namespace ssdtlm

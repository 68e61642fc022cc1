#pragma once
// RtlEccEngine: the TLM-to-pin transactor that puts ecc_secded512.v in FlashController's data
// path in place of TlmEccEngine (controller.ecc_engine = rtl).
//
// TLM side: b_transport of an EccCommand (see models/controller/ecc_engine.h).
// Pin side: RtlSecdedCodec, one 512-byte sector after the other.
// Time: the RTL's clock cycles for all sectors × the clock period + the transactor overhead
// (EccConfig::rtl_overhead_ps, once per page operation), added to the annotated delay.
//
// Data: the payload's bytes when it carries them, otherwise the page's bytes generated from
// EccCommand::content (ecc_page_content). An encode writes the RTL's check bits into the
// command and reports any difference from the C++ reference model as an error (type
// "ssdtlm/rtl"). A decode checks against the command's check bits, or against those of the
// intact content when it carries none (the spare area is not modeled), and corrects the bytes
// in place.
#include <cstdint>
#include <vector>

#include "models/controller/ecc_engine.h"
#include "models/rtl/ecc/rtl_secded_codec.h"

namespace ssdtlm {

class RtlEccEngine : public EccEngine {
 public:
  RtlEccEngine(sc_core::sc_module_name name, const EccConfig& config);
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) override;

  const RtlSecdedCodec& codec() const { return codec_; }

 private:
  EccConfig config_;
  RtlSecdedCodec codec_;
  std::vector<std::uint8_t> buffer_;
};

// The bytes that stand for a page whose content is identified by `seed` (splitmix64 stream).
void ecc_page_content(std::uint64_t seed, std::uint8_t* bytes, std::size_t count);

}  // namespace ssdtlm

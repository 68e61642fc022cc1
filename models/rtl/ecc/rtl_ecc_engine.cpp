#include "models/rtl/ecc/rtl_ecc_engine.h"

#include <algorithm>
#include <sstream>

#include "models/rtl/common/rtl_vcd.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

void ecc_page_content(std::uint64_t seed, std::uint8_t* bytes, std::size_t count) {
  std::uint64_t state = seed;
  for (std::size_t i = 0; i < count; i += 8) {
    state += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    for (std::size_t j = 0; j < 8 && i + j < count; ++j) bytes[i + j] = std::uint8_t(z >> (8 * j));
  }
}

RtlEccEngine::RtlEccEngine(sc_core::sc_module_name name, const EccConfig& config)
    : EccEngine(name), config_(config), codec_(this->name(), config.rtl_clock_period_ps) {}

void RtlEccEngine::b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
  EccCommand* command = payload.get_extension<EccCommand>();
  if (command == nullptr) {
    SC_REPORT_ERROR(kRtlReportType, (std::string(name()) + ": transaction without an EccCommand").c_str());
    payload.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  const std::uint32_t sectors = ecc_sectors(command->bytes);
  const std::size_t padded = std::size_t(sectors) * kSecdedSectorBytes;
  const bool carries_data = payload.get_data_ptr() != nullptr && payload.get_data_length() >= command->bytes;
  std::uint8_t* data = nullptr;
  if (carries_data && payload.get_data_length() >= padded) {
    data = payload.get_data_ptr();
  } else {
    buffer_.assign(padded, 0xff);  // a short last sector is padded with erased bytes
    if (carries_data) {
      std::copy_n(payload.get_data_ptr(), command->bytes, buffer_.begin());
    } else {
      ecc_page_content(command->content, buffer_.data(), command->bytes);
    }
    data = buffer_.data();
  }

  const std::uint64_t start_ps = (sim_now() + delay).value();
  codec_.start_at(start_ps);
  command->sectors = sectors;
  command->corrected_bits = 0;
  command->uncorrectable_sectors = 0;
  std::uint64_t cycles = 0;
  const bool encode = command->operation == EccOperation::Encode;
  const bool stored_given = command->check_bits.size() == sectors;
  if (encode) command->check_bits.resize(sectors);
  for (std::uint32_t s = 0; s < sectors; ++s) {
    std::uint8_t* sector = data + std::size_t(s) * kSecdedSectorBytes;
    if (encode) {
      const RtlSecdedCodec::SectorResult result = codec_.encode(sector);
      cycles += result.cycles;
      command->check_bits[s] = result.ecc;
      const std::uint32_t reference = secded512_encode(sector);
      if (result.ecc != reference) {
        std::ostringstream message;
        message << name() << ": sector " << s << " check bits 0x" << std::hex << result.ecc
                << " differ from the reference model's 0x" << reference;
        SC_REPORT_ERROR(kRtlReportType, message.str().c_str());
      }
    } else {
      const std::uint32_t stored = stored_given ? command->check_bits[s] : secded512_encode(sector);
      const RtlSecdedCodec::SectorResult result = codec_.decode(sector, stored);
      cycles += result.cycles;
      if (result.status == SecdedStatus::CorrectedData || result.status == SecdedStatus::CorrectedCheck) {
        ++command->corrected_bits;
      } else if (result.status == SecdedStatus::Uncorrectable) {
        ++command->uncorrectable_sectors;
      }
    }
  }
  command->rtl_cycles = cycles;
  delay += sc_core::sc_time::from_value(cycles * config_.rtl_clock_period_ps + config_.rtl_overhead_ps);
  payload.set_response_status(tlm::TLM_OK_RESPONSE);
}

}  // namespace ssdtlm

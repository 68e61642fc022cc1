#pragma once
// C++ reference model of ecc_secded512.v: the Hamming SEC-DED code of one 512-byte sector with
// 24 check bits in the line/column parity layout (see the header of the Verilog for the code).
// Plain C++, no SystemC or Verilator: tests compare the RTL with it bit for bit, and the RTL
// ECC engine uses it for the check bits a read decodes against (the spare area is not modeled).
#include <cstddef>
#include <cstdint>

namespace ssdtlm {

inline constexpr std::size_t kSecdedSectorBytes = 512;

enum class SecdedStatus : std::uint8_t {
  Clean = 0,             // syndrome zero
  CorrectedData = 1,     // one data bit was flipped; corrected
  CorrectedCheck = 2,    // one check bit was flipped; the data is intact
  Uncorrectable = 3,     // two or more bits flipped (every double-bit error is detected)
};
const char* to_string(SecdedStatus status);

struct SecdedDecodeResult {
  SecdedStatus status = SecdedStatus::Clean;
  std::uint32_t error_address = 0;  // CorrectedData: byte * 8 + bit of the flipped bit
  std::uint32_t computed = 0;       // check bits of the data as received
};

// The 24 check bits of `sector` (kSecdedSectorBytes bytes): bit 2k + 1 is the parity of the
// data bits whose address (byte * 8 + bit) has bit k set, bit 2k the parity of the others.
std::uint32_t secded512_encode(const std::uint8_t* sector);

// Checks `sector` against the stored check bits and corrects a single flipped data bit in place.
SecdedDecodeResult secded512_decode(std::uint8_t* sector, std::uint32_t stored);

}  // namespace ssdtlm

#pragma once
// Where RTL blocks write their VCD: SSDTLM_RTL_VCD=DIR turns it on for every block.
#include <string>

namespace ssdtlm {

inline constexpr const char* kRtlVcdEnvironment = "SSDTLM_RTL_VCD";
inline constexpr const char* kRtlReportType = "ssdtlm/rtl";

// DIR/<instance>.vcd (dots of a SystemC name become underscores), or "" when VCD is off.
std::string rtl_vcd_path(const std::string& instance);

}  // namespace ssdtlm

#pragma once
// The logical capacity (1 - S) * physical pages, computed one way everywhere: by FtlCore (what
// workloads address), by the configuration checks and by the multi-reference store's volume size.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ssdtlm {

// Without losing a page to binary rounding (0.9 * 3200000 = 2879999.99...).
inline std::uint64_t logical_pages_for(double spare_factor, std::uint64_t total_pages) {
  const double exact = (1.0 - spare_factor) * static_cast<double>(total_pages);
  const double nearest = std::round(exact);
  if (std::fabs(exact - nearest) <= 1e-9 * std::max(1.0, exact)) return static_cast<std::uint64_t>(nearest);
  return static_cast<std::uint64_t>(std::floor(exact));
}

}  // namespace ssdtlm

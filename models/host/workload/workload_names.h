#pragma once
// The spelling of every enumerated workload setting, one table each, shared by the compact
// form, the JSON section and to_string(), so a value is spelled the same everywhere.
#include <string>
#include <utility>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_replay_options.h"
#include "models/host/workload/workload_spec.h"

namespace ssdtlm::workload_names {

template <typename Enum>
using NameTable = std::pair<const char*, Enum>;

inline constexpr NameTable<ArrivalProcess> kArrivals[] = {{"closed", ArrivalProcess::Closed},
                                                          {"fixed", ArrivalProcess::Fixed},
                                                          {"poisson", ArrivalProcess::Poisson},
                                                          {"bursty", ArrivalProcess::Bursty}};
inline constexpr NameTable<AccessPattern> kPatterns[] = {{"random", AccessPattern::Random},
                                                         {"sequential", AccessPattern::Sequential}};
inline constexpr NameTable<TraceTiming> kTimings[] = {{"recorded", TraceTiming::Recorded},
                                                      {"closed-loop", TraceTiming::ClosedLoop}};
inline constexpr NameTable<BeyondDevice> kBeyondDevice[] = {{"wrap", BeyondDevice::Wrap},
                                                            {"reject", BeyondDevice::Reject}};

template <typename Enum, std::size_t N>
const char* name_of(Enum value, const NameTable<Enum> (&table)[N]) {
  for (const auto& [name, entry] : table) {
    if (entry == value) return name;
  }
  return "?";
}

// Throws ConfigError "where: expected one of a, b, c, got 'x'".
template <typename Enum, std::size_t N>
Enum parse(const std::string& text, const NameTable<Enum> (&table)[N], const std::string& where) {
  std::string expected;
  for (const auto& [name, entry] : table) {
    if (text == name) return entry;
    expected += (expected.empty() ? "" : ", ") + std::string(name);
  }
  throw config_error(where, "expected one of " + expected + ", got '" + text + "'");
}

}  // namespace ssdtlm::workload_names

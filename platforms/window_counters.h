#pragma once
// The device's counters over the measured window. A platform takes a snapshot of its
// cumulative counters (a JSON tree of unsigned integers) when the window starts and when the
// host's last request completes; stats.json reports differences of snapshots: the window's
// warm-up, the window itself and the drain after it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ssdtlm {

// `now` with every unsigned integer leaf (and every array of them) less the same leaf of
// `then`; a leaf `then` lacks counts from 0. Other leaves (fractions, names, flags) and the
// dotted paths in `state_keys` (values that are a state, not a count) stay as in `now`.
nlohmann::json counters_since(const nlohmann::json& now, const nlohmann::json& then,
                              const std::vector<std::string>& state_keys = {});

// The counts stats.json's "warmup", "window" and "drain" give for the stretch between two
// snapshots of device counters (`from` null: the start of the timed run): flash_reads,
// flash_programs, flash_erases (every origin), gc_victims, gc_pages_moved.
nlohmann::json stretch_counts(const nlohmann::json& to, const nlohmann::json& from);

// Flash page programs over host page programs between two snapshots (0 without host programs).
double write_amplification_between(const nlohmann::json& to, const nlohmann::json& from);

}  // namespace ssdtlm

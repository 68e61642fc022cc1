#pragma once
// The output directory of a run (`ssdtlm run --out`, `ssdtlm raid --out`, Python's
// `simulate(out=...)`): a new or empty directory, so that the files of two runs never mix.
#include <filesystem>
#include <string>

namespace ssdtlm {

// Creates `out_dir`, or refuses it when it already holds files unless `force`, which first
// removes the files a run writes there (stats.json, timeline.csv, requests.csv,
// effective-config.json, wall.json, member_trace.csv, stats.vcd, report.html; other files stay).
// ConfigError naming the directory (as `out_option`) or the file otherwise; the message names
// `force_option` as the way to reuse a directory.
void claim_output_directory(const std::filesystem::path& out_dir, bool force, const std::string& out_option = "--out",
                            const std::string& force_option = "--force");

}  // namespace ssdtlm

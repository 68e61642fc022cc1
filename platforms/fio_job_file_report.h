#pragma once
// A fio job file as fio's JSON output names it: "global options" (every [global] section's
// options) and, since the model merges the file's jobs into one stream, one job as fio reports
// them with group_reporting: named after the first job section, with that section's own
// options. Options appear as fio prints them: its name for the option (an alias such as
// "blocksize" is "bs"), the value as written after ${VAR} expansion, "" for a bare flag; an
// option set twice keeps its first place and its last value.
#include <string>

#include <nlohmann/json.hpp>

#include "models/host/workload/fio/fio_job_file.h"

namespace ssdtlm {

struct FioJobFileReport {
  nlohmann::ordered_json global_options = nlohmann::ordered_json::object();
  std::string job_name;
  nlohmann::ordered_json job_options = nlohmann::ordered_json::object();
};

// ConfigError naming the file if it has no job section.
FioJobFileReport fio_job_file_report(const FioJobFile& file);

}  // namespace ssdtlm

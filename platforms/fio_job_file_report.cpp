#include "platforms/fio_job_file_report.h"

#include "models/common/config/config_error.h"
#include "models/host/workload/fio/fio_job_options.h"

namespace ssdtlm {
namespace {

void add_options(const FioSection& section, nlohmann::ordered_json& options) {
  for (const FioOptionLine& line : section.options) options[fio_option_name(line.key)] = line.value;
}

}  // namespace

FioJobFileReport fio_job_file_report(const FioJobFile& file) {
  FioJobFileReport report;
  const FioSection* first_job = nullptr;
  for (const FioSection& section : file.sections) {
    if (section.name == "global") {
      add_options(section, report.global_options);
    } else if (first_job == nullptr) {
      first_job = &section;
    }
  }
  if (first_job == nullptr) throw config_error(file.path, "no job section");
  report.job_name = first_job->name;
  add_options(*first_job, report.job_options);
  return report;
}

}  // namespace ssdtlm

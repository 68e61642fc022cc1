#pragma once
// A fio job file as text: its [sections] and their `key=value` lines, each remembering the
// file and line it came from, with fio's own file-level rules applied (HOWTO "Job file
// format"): ';' and '#' comment lines, `include FILE` (nested, no sections inside), and
// `${VARNAME}` environment expansion in values. What the options mean is fio_job_options'.
#include <cstdint>
#include <string>
#include <vector>

namespace ssdtlm {

struct FioOptionLine {
  std::string key;
  std::string value;
  bool has_value = false;  // "time_based" alone vs "time_based=1"
  std::string location;    // "path:line", for error messages
};

struct FioSection {
  std::string name;      // "global" or the job's name
  std::string location;  // "path:line" of the [name] header
  std::vector<FioOptionLine> options;
};

struct FioJobFile {
  std::string path;
  std::vector<FioSection> sections;  // in file order; several [global] sections may appear
};

// Throws ConfigError "path:line: ..." for a line that is neither a section, an option, a
// comment nor an include; for an option before any section; for an unset environment
// variable; and for fio's host-dependent keywords ($pagesize, $mb_memory, $ncpus) and
// arithmetic, which would make a run depend on the machine that simulates it.
FioJobFile read_fio_job_file(const std::string& path);

}  // namespace ssdtlm

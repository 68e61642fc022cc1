#include "sc_main/run_output.h"

#include <cstdio>
#include <fstream>
#include <system_error>

#include "models/common/config/config_error.h"

namespace ssdtlm::cli {

WorkloadSpec take_workload(nlohmann::json& document, const std::string& workload_flag) {
  WorkloadSpec spec;
  if (!workload_flag.empty()) {
    spec = parse_workload_spec(workload_flag, "--workload");
  } else if (document.contains("workload")) {
    spec = workload_from_json(document["workload"], "workload");
  } else {
    throw config_error("--workload", "no workload: give --workload SPEC or a \"workload\" section in the configuration");
  }
  document["workload"] = to_json(spec);
  return spec;
}

PreconditionMode take_precondition(nlohmann::json& document, const std::string& precondition_flag) {
  const PreconditionMode mode =
      precondition_flag.empty()
          ? parse_precondition_mode(document.value("precondition", std::string("none")), "precondition")
          : parse_precondition_mode(precondition_flag, "--precondition");
  document["precondition"] = to_string(mode);
  return mode;
}

std::filesystem::path prepare_output_directory(const std::string& out, nlohmann::json effective,
                                               const std::string& precondition) {
  std::filesystem::path out_dir(out);
  std::error_code error;
  std::filesystem::create_directories(out_dir, error);
  if (error) throw config_error("--out " + out, "cannot create directory: " + error.message());
  effective["precondition"] = precondition;
  write_json(out_dir / "effective-config.json", effective);
  return out_dir;
}

void write_json(const std::filesystem::path& path, const nlohmann::json& value) {
  std::ofstream out(path);
  if (!out) throw config_error(path.string(), "cannot write");
  out << value.dump(2) << "\n";
}

void print_warnings(const nlohmann::json& stats) {
  if (!stats.contains("warnings")) return;
  for (const nlohmann::json& warning : stats["warnings"]) {
    std::printf("  warning: %s\n", warning["message"].get<std::string>().c_str());
  }
}

}  // namespace ssdtlm::cli

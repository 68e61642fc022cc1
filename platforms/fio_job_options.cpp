#include "platforms/fio_job_options.h"

#include <cmath>
#include <cstdlib>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

std::string rw_option(const WorkloadSpec& spec) {
  const bool sequential = spec.pattern == AccessPattern::Sequential;
  if (spec.read_fraction >= 1.0) return sequential ? "read" : "randread";
  if (spec.read_fraction <= 0.0) return sequential ? "write" : "randwrite";
  return sequential ? "rw" : "randrw";
}

// fio's percentages are whole numbers in its job files; a fraction that is not prints as is.
std::string percent_text(double fraction) { return spec::format_number(fraction * 100.0); }

std::string bssplit_option(const WorkloadSpec& spec) {
  double total_weight = 0.0;
  for (const SizeChoice& choice : spec.sizes) total_weight += choice.weight;
  std::string text;
  for (const SizeChoice& choice : spec.sizes) {
    if (!text.empty()) text += ':';
    text += std::to_string(choice.size_bytes) + '/' + percent_text(choice.weight / total_weight);
  }
  return text;
}

// The value after "key=" in a distribution spec such as "hotcold:r=0.8,f=0.2"; NaN if absent.
double distribution_parameter(const std::string& distribution, const std::string& key) {
  const std::size_t at = distribution.find(key + '=');
  if (at == std::string::npos) return std::nan("");
  return std::strtod(distribution.c_str() + at + key.size() + 1, nullptr);
}

// zipf:theta=T is fio's zipf:T; hotcold:r=R,f=F (fraction R of the accesses to the first
// fraction F of the range) is fio's zoned:R%/F%:(1-R)%/(1-F)%. Empty for uniform (fio's
// default, random) and for anything fio has no name for.
std::string random_distribution_option(const std::string& distribution) {
  if (distribution.rfind("zipf", 0) == 0) {
    const double theta = distribution_parameter(distribution, "theta");
    if (!std::isnan(theta)) return "zipf:" + spec::format_number(theta);
  }
  if (distribution.rfind("hotcold", 0) == 0) {
    const double r = distribution_parameter(distribution, "r");
    const double f = distribution_parameter(distribution, "f");
    if (!std::isnan(r) && !std::isnan(f)) {
      return "zoned:" + percent_text(r) + '/' + percent_text(f) + ':' + percent_text(1.0 - r) + '/' +
             percent_text(1.0 - f);
    }
  }
  return "";
}

// fio reads a bare number as seconds; "us" keeps whole microseconds exact.
std::string runtime_option(std::uint64_t duration_ns) { return std::to_string((duration_ns + 999) / 1000) + "us"; }

}  // namespace

std::string fio_job_name(const WorkloadSpec& spec) { return to_compact(spec); }

nlohmann::ordered_json fio_job_options(const WorkloadSpec& spec, std::uint32_t queue_depth, std::uint64_t device_bytes,
                                       std::uint32_t logical_block_bytes, std::uint64_t seed) {
  nlohmann::ordered_json options;
  options["name"] = fio_job_name(spec);
  if (spec.is_trace()) {
    options["read_iolog"] = spec.trace->path;
    options["iodepth"] = std::to_string(queue_depth);
    return options;
  }
  options["rw"] = rw_option(spec);
  if (spec.read_fraction > 0.0 && spec.read_fraction < 1.0) options["rwmixread"] = percent_text(spec.read_fraction);
  if (spec.sizes.size() == 1) {
    options["bs"] = std::to_string(spec.sizes.front().size_bytes);
  } else {
    options["bssplit"] = bssplit_option(spec);
  }
  options["iodepth"] = std::to_string(queue_depth);
  options["numjobs"] = "1";  // one job per workload; fio-plot reads it from every job
  const DeviceLayout layout = resolve_device_layout(spec, device_bytes, logical_block_bytes);
  if (layout.range_start_bytes != 0) options["offset"] = std::to_string(layout.range_start_bytes);
  options["size"] = std::to_string(layout.range_end_bytes - layout.range_start_bytes);
  const std::string distribution = random_distribution_option(spec.address_distribution);
  if (!distribution.empty()) options["random_distribution"] = distribution;
  if (spec.request_count != 0) options["number_ios"] = std::to_string(spec.request_count);
  if (spec.duration_ns != 0) {
    options["runtime"] = runtime_option(spec.duration_ns);
    if (spec.request_count == 0) options["time_based"] = "1";
  }
  if (spec.arrival != ArrivalProcess::Closed) {
    options["rate_iops"] = spec::format_number(spec.rate_iops);
    if (spec.arrival == ArrivalProcess::Poisson) options["rate_process"] = "poisson";
  }
  options["randseed"] = std::to_string(seed + spec.seed_offset);
  return options;
}

}  // namespace ssdtlm

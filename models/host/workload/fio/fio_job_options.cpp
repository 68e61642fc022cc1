// The option table of fio job files: each supported option, with fio's meaning and units
// (HOWTO), applied to FioJobOptions. An option fio has but the model does not, and a misspelt
// one, are errors naming the file, the line and the option.
#include "models/host/workload/fio/fio_job_options.h"

#include <algorithm>
#include <functional>
#include <set>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

constexpr std::uint64_t kSecondUs = 1'000'000;
constexpr std::uint32_t kMaxIodepth = 65536;
constexpr std::uint32_t kMaxNumjobs = 4096;
constexpr std::size_t kMaxSplitEntries = 64;

// One option line being applied: its text and where to blame.
struct Setting {
  const FioOptionLine& line;
  unsigned kb_base;
  std::string where;  // "path:line: key"
  const std::string& value() const { return line.value; }
};

using Apply = std::function<void(FioJobOptions&, const Setting&)>;

struct Rule {
  std::vector<std::string> names;  // the option and fio's aliases
  Apply apply;
  bool bare_allowed = false;  // a bool option may be given without "=1"
};

std::uint32_t bounded_u32(const std::string& text, std::uint64_t low, std::uint64_t high, const std::string& where) {
  const std::uint64_t value = fio::parse_count(text, where);
  if (value < low || value > high) {
    throw config_error(where, "expected " + std::to_string(low) + " to " + std::to_string(high) + ", got " + text);
  }
  return static_cast<std::uint32_t>(value);
}

double percent_value(const std::string& text, const std::string& where) {
  return static_cast<double>(bounded_u32(text, 0, 100, where));
}

bool bool_value(const Setting& s) { return !s.line.has_value || fio::parse_bool(s.value(), s.where); }

// rw=: directions and access pattern.
void apply_rw(FioJobOptions& job, const Setting& s) {
  struct Mode {
    const char* name;
    bool random;
    std::array<bool, kFioDirections> directions;
  };
  static const Mode kModes[] = {
      {"read", false, {true, false, false}},     {"write", false, {false, true, false}},
      {"randread", true, {true, false, false}},  {"randwrite", true, {false, true, false}},
      {"rw", false, {true, true, false}},        {"readwrite", false, {true, true, false}},
      {"randrw", true, {true, true, false}},     {"trim", false, {false, false, true}},
      {"randtrim", true, {false, false, true}},
  };
  const std::string& value = s.value();
  if (value.find(':') != std::string::npos) {
    throw config_error(s.where, "'" + value + "': the ':N' offset modifier (holes between I/Os) is not supported");
  }
  std::vector<std::string> names;
  for (const Mode& mode : kModes) {
    if (value == mode.name) {
      job.random = mode.random;
      job.directions = mode.directions;
      return;
    }
    names.emplace_back(mode.name);
  }
  std::string expected;
  for (const std::string& name : names) expected += (expected.empty() ? "" : ", ") + name;
  throw config_error(s.where, "unsupported rw '" + value + "'" + did_you_mean(value, names) + ": expected " + expected);
}

// Applies `parse` to each direction the per-direction list sets.
template <typename Parse>
void per_direction(const Setting& s, Parse parse) {
  const auto values = fio::split_per_direction(s.value(), s.where);
  for (int d = 0; d < kFioDirections; ++d) {
    if (values[d]) parse(d, *values[d]);
  }
}

std::uint64_t block_size(const std::string& text, const Setting& s) {
  const std::uint64_t bytes = fio::parse_bytes(text, s.kb_base, s.where);
  if (bytes == 0 || bytes > 0xffffffffull) {
    throw config_error(s.where, "expected a block size in [1 B, 4 GiB), got '" + text + "'");
  }
  return bytes;
}

void apply_bs(FioJobOptions& job, const Setting& s) {
  per_direction(s, [&](int d, const std::string& text) {
    if (text.find_first_of(":-") != std::string::npos) {
      throw config_error(s.where, "'" + text + "' is a range: use bsrange=");
    }
    job.block_sizes[d] = {FioBlockSize{block_size(text, s), 1.0}};
  });
}

// bsrange=MIN-MAX: fio draws sizes uniformly among the multiples of MIN up to MAX.
void apply_bsrange(FioJobOptions& job, const Setting& s) {
  per_direction(s, [&](int d, const std::string& text) {
    const std::size_t dash = text.find_first_of(":-");
    if (dash == std::string::npos) throw config_error(s.where, "expected MIN-MAX, got '" + text + "'");
    std::uint64_t low = block_size(text.substr(0, dash), s);
    std::uint64_t high = block_size(text.substr(dash + 1), s);
    if (low > high) std::swap(low, high);  // fio swaps them too
    if (high % low != 0 || high / low > kMaxSplitEntries) {
      throw config_error(s.where, "expected MAX a multiple of MIN, at most " + std::to_string(kMaxSplitEntries) +
                                      " times it, got '" + text + "'");
    }
    job.block_sizes[d].clear();
    for (std::uint64_t size = low; size <= high; size += low) job.block_sizes[d].push_back({size, 1.0});
  });
}

// bssplit=4k/10:64k/50:32k/: blank percentages share what the others leave of 100.
void apply_bssplit(FioJobOptions& job, const Setting& s) {
  per_direction(s, [&](int d, const std::string& text) {
    std::vector<FioBlockSize> sizes;
    double given = 0;
    std::size_t blanks = 0;
    for (const std::string& item : spec::split(text, ':')) {
      const std::size_t slash = item.find('/');
      const std::string size_text = item.substr(0, slash);
      if (size_text.find('-') != std::string::npos) {
        throw config_error(s.where, "size ranges in bssplit ('" + item + "') are not supported");
      }
      FioBlockSize entry{block_size(size_text, s), 0.0};
      if (slash != std::string::npos && slash + 1 < item.size()) {
        entry.weight = percent_value(item.substr(slash + 1), s.where);
        given += entry.weight;
      } else {
        ++blanks;
        entry.weight = -1;
      }
      sizes.push_back(entry);
    }
    if (sizes.empty() || sizes.size() > kMaxSplitEntries) {
      throw config_error(s.where, "expected 1 to " + std::to_string(kMaxSplitEntries) + " SIZE/PERCENT entries");
    }
    if (given > 100) throw config_error(s.where, "percentages add up to " + spec::format_number(given) + " > 100");
    for (FioBlockSize& entry : sizes) {
      if (entry.weight < 0) entry.weight = (100 - given) / static_cast<double>(blanks);
    }
    sizes.erase(std::remove_if(sizes.begin(), sizes.end(), [](const FioBlockSize& e) { return e.weight <= 0; }),
                sizes.end());
    if (sizes.empty()) throw config_error(s.where, "no block size has a percentage above 0");
    job.block_sizes[d] = std::move(sizes);
  });
}

// random_distribution=random | zipf:θ | pareto:h | normal:σ | zoned:A/R:A/R...
void apply_distribution(FioJobOptions& job, const Setting& s) {
  const std::string& value = s.value();
  const std::size_t colon = value.find(':');
  const std::string kind = value.substr(0, colon);
  const std::string parameter = colon == std::string::npos ? "" : value.substr(colon + 1);
  FioDistribution distribution;
  const auto one_number = [&](const char* what) {
    if (parameter.empty()) throw config_error(s.where, kind + " needs its " + what + ": " + kind + ":VALUE");
    if (parameter.find(':') != std::string::npos) {
      throw config_error(s.where, "the optional centre of '" + value + "' is not supported");
    }
    return spec::parse_number(parameter, s.where);
  };
  if (kind == "random") {
    if (!parameter.empty()) throw config_error(s.where, "'random' takes no parameter");
  } else if (kind == "zipf") {
    distribution.kind = FioDistribution::Kind::Zipf;
    distribution.parameter = one_number("theta");
    if (!(distribution.parameter > 0.0) || distribution.parameter > 100.0) {
      throw config_error(s.where, "expected a Zipf theta in (0, 100], got " + parameter);
    }
  } else if (kind == "pareto") {
    distribution.kind = FioDistribution::Kind::Pareto;
    distribution.parameter = one_number("power h");
    if (!(distribution.parameter > 0.0 && distribution.parameter < 1.0)) {
      throw config_error(s.where, "expected a Pareto h in (0, 1), got " + parameter);
    }
  } else if (kind == "normal") {
    distribution.kind = FioDistribution::Kind::Normal;
    distribution.parameter = one_number("deviation");
    if (!(distribution.parameter >= 0.0 && distribution.parameter <= 100.0)) {
      throw config_error(s.where, "expected a deviation in [0, 100] percent of the range, got " + parameter);
    }
  } else if (kind == "zoned") {
    distribution.kind = FioDistribution::Kind::Zoned;
    double accesses = 0, range = 0;
    for (const std::string& zone : spec::split(parameter, ':')) {
      const std::size_t slash = zone.find('/');
      if (slash == std::string::npos) throw config_error(s.where, "expected ACCESS%/RANGE% pairs, got '" + zone + "'");
      const double a = percent_value(zone.substr(0, slash), s.where);
      const double r = percent_value(zone.substr(slash + 1), s.where);
      distribution.zones.emplace_back(a, r);
      accesses += a;
      range += r;
    }
    if (distribution.zones.empty() || distribution.zones.size() > 256) {
      throw config_error(s.where, "expected 1 to 256 zones");
    }
    if (accesses != 100 || range != 100) {
      throw config_error(s.where, "zone accesses and ranges must each add up to 100, got " +
                                      spec::format_number(accesses) + " and " + spec::format_number(range));
    }
  } else {
    const std::vector<std::string> kinds = {"random", "zipf", "pareto", "normal", "zoned"};
    throw config_error(s.where, "unsupported distribution '" + value + "'" + did_you_mean(kind, kinds) +
                                    ": expected random, zipf:THETA, pareto:H, normal:DEV or zoned:A/R:...");
  }
  job.distribution = distribution;
}

void apply_rate(std::array<std::uint64_t, kFioDirections>& rates, const Setting& s, bool bytes) {
  per_direction(s, [&](int d, const std::string& text) {
    rates[d] = bytes ? fio::parse_bytes(text, s.kb_base, s.where) : fio::parse_count(text, s.where);
  });
}

// Options the simulated stream does not depend on: accepted, noted once with their line.
Apply noted(const char* why) {
  return [why](FioJobOptions& job, const Setting& s) {
    const std::string note = s.line.key + "=" + s.value() + " (" + s.line.location + "): " + why;
    if (std::find(job.ignored.begin(), job.ignored.end(), note) == job.ignored.end()) job.ignored.push_back(note);
  };
}

Apply silent() {
  return [](FioJobOptions&, const Setting&) {};
}

const std::vector<Rule>& rules() {
  static const std::vector<Rule> table = {
      {{"name"}, [](FioJobOptions& j, const Setting& s) { j.name = s.value(); }},
      {{"description", "group_reporting", "percentile_list", "clat_percentiles", "lat_percentiles",
        "slat_percentiles", "unit_base", "thread", "invalidate", "iodepth_batch", "iodepth_batch_submit", "iodepth_batch_complete_max"},
       silent(), true},
      {{"kb_base"}, silent()},
      // Every simulated run repeats exactly; the seed is randseed or the run's (fio_job_stream).
      {{"randrepeat", "allrandrepeat"}, [](FioJobOptions&, const Setting& s) { bool_value(s); }, true},  // read before the other options (read_fio_jobs)
      {{"ioengine"}, noted("the simulated host submits straight to the device's queues")},
      {{"filename"}, noted("the simulated device stands in for it")},
      {{"numa_cpu_nodes", "cpus_allowed", "cpumask", "numa_mem_policy"},
       noted("host CPU placement does not change the simulated device")},
      {{"direct"},
       [](FioJobOptions& j, const Setting& s) {
         if (!bool_value(s)) noted("no page cache is modelled: I/O goes to the device as with direct=1")(j, s);
       },
       true},
      {{"buffered"},
       [](FioJobOptions& j, const Setting& s) {
         if (bool_value(s)) noted("no page cache is modelled: I/O goes to the device as with direct=1")(j, s);
       },
       true},
      {{"rw", "readwrite"}, apply_rw},
      {{"rwmixread"}, [](FioJobOptions& j, const Setting& s) { j.read_percent = percent_value(s.value(), s.where); }},
      {{"rwmixwrite"},
       [](FioJobOptions& j, const Setting& s) { j.read_percent = 100 - percent_value(s.value(), s.where); }},
      {{"bs", "blocksize"}, apply_bs},
      {{"bsrange", "blocksize_range"}, apply_bsrange},
      {{"bssplit"}, apply_bssplit},
      {{"blocksize_unaligned", "bs_unaligned"},
       [](FioJobOptions&, const Setting& s) {
         if (bool_value(s)) throw config_error(s.where, "requests are whole logical blocks: only 0 is supported");
       },
       true},
      {{"iodepth"},
       [](FioJobOptions& j, const Setting& s) { j.iodepth = bounded_u32(s.value(), 1, kMaxIodepth, s.where); }},
      {{"iodepth_batch_complete_min", "iodepth_batch_complete"},
       [](FioJobOptions& j, const Setting& s) {
         j.iodepth_batch_complete_min = bounded_u32(s.value(), 0, kMaxIodepth, s.where);
       }},
      {{"size"},
       [](FioJobOptions& j, const Setting& s) { j.size = fio::parse_size_or_percent(s.value(), s.kb_base, s.where); }},
      {{"filesize"},
       [](FioJobOptions& j, const Setting& s) {
         if (s.value().find_first_of(":-") != std::string::npos) {
           throw config_error(s.where, "file size ranges are not supported (one device, one size)");
         }
         j.size = fio::parse_size_or_percent(s.value(), s.kb_base, s.where);
       }},
      {{"offset"},
       [](FioJobOptions& j, const Setting& s) { j.offset = fio::parse_size_or_percent(s.value(), s.kb_base, s.where); }},
      {{"offset_increment"},
       [](FioJobOptions& j, const Setting& s) {
         j.offset_increment = fio::parse_size_or_percent(s.value(), s.kb_base, s.where);
       }},
      {{"io_size", "io_limit"},
       [](FioJobOptions& j, const Setting& s) { j.io_size_bytes = fio::parse_bytes(s.value(), s.kb_base, s.where); }},
      {{"number_ios"}, [](FioJobOptions& j, const Setting& s) { j.number_ios = fio::parse_count(s.value(), s.where); }},
      {{"runtime", "timeout"},
       [](FioJobOptions& j, const Setting& s) { j.runtime_us = fio::parse_time_us(s.value(), kSecondUs, s.where); }},
      {{"time_based"}, [](FioJobOptions& j, const Setting& s) { j.time_based = bool_value(s); }, true},
      {{"ramp_time"},
       [](FioJobOptions& j, const Setting& s) { j.ramp_time_us = fio::parse_time_us(s.value(), kSecondUs, s.where); }},
      {{"startdelay"},
       [](FioJobOptions& j, const Setting& s) {
         if (s.value().find_first_of(":-") != std::string::npos) {
           throw config_error(s.where, "a random start delay (a range) is not supported: give one value");
         }
         j.startdelay_us = fio::parse_time_us(s.value(), kSecondUs, s.where);
       }},
      {{"random_distribution"}, apply_distribution},
      {{"norandommap"}, [](FioJobOptions& j, const Setting& s) { j.norandommap = bool_value(s); }, true},
      {{"randseed"},
       [](FioJobOptions& j, const Setting& s) {
         j.randseed = fio::parse_count(s.value(), s.where);
         j.randseed_given = true;
       }},
      {{"percentage_random"},
       [](FioJobOptions& j, const Setting& s) {
         per_direction(s, [&](int d, const std::string& text) { j.percentage_random[d] = percent_value(text, s.where); });
       }},
      {{"rate"}, [](FioJobOptions& j, const Setting& s) { apply_rate(j.rate_bytes_per_s, s, true); }},
      {{"rate_iops"}, [](FioJobOptions& j, const Setting& s) { apply_rate(j.rate_iops, s, false); }},
      {{"rate_process"},
       [](FioJobOptions& j, const Setting& s) {
         if (s.value() != "linear" && s.value() != "poisson") {
           throw config_error(s.where, "expected linear or poisson, got '" + s.value() + "'");
         }
         j.rate_poisson = s.value() == "poisson";
       }},
      {{"thinktime"},
       [](FioJobOptions& j, const Setting& s) { j.thinktime_us = fio::parse_time_us(s.value(), 1, s.where); }},
      {{"thinktime_blocks"},
       [](FioJobOptions& j, const Setting& s) {
         j.thinktime_blocks = bounded_u32(s.value(), 1, 0xffffffffu, s.where);
       }},
      {{"thinktime_blocks_type"},
       [](FioJobOptions& j, const Setting& s) {
         if (s.value() != "complete" && s.value() != "issue") {
           throw config_error(s.where, "expected complete or issue, got '" + s.value() + "'");
         }
         j.thinktime_on_issue = s.value() == "issue";
       }},
      {{"fsync", "fdatasync"},
       [](FioJobOptions& j, const Setting& s) {
         j.fsync_every_writes = bounded_u32(s.value(), 0, 0xffffffffu, s.where);
       }},
      {{"numjobs"},
       [](FioJobOptions& j, const Setting& s) { j.numjobs = bounded_u32(s.value(), 1, kMaxNumjobs, s.where); }},
      {{"zonemode"},
       [](FioJobOptions&, const Setting& s) {
         if (s.value() != "none") throw config_error(s.where, "only zonemode=none is supported");
       }},
  };
  return table;
}

const Rule* find_rule(const std::string& key) {
  for (const Rule& rule : rules()) {
    if (std::find(rule.names.begin(), rule.names.end(), key) != rule.names.end()) return &rule;
  }
  return nullptr;
}

std::vector<std::string> known_names() {
  std::vector<std::string> names;
  for (const Rule& rule : rules()) names.insert(names.end(), rule.names.begin(), rule.names.end());
  return names;
}

std::string where_of(const FioOptionLine& line) { return line.location + ": " + line.key; }

void apply_line(FioJobOptions& job, const FioOptionLine& line, unsigned kb_base) {
  const Rule* rule = find_rule(line.key);
  if (rule == nullptr) {
    throw config_error(where_of(line), "unknown or unsupported fio option" + did_you_mean(line.key, known_names()) +
                                           " (docs/workloads.md lists the supported ones)");
  }
  if (!line.has_value && !rule->bare_allowed) throw config_error(where_of(line), "expected " + line.key + "=VALUE");
  if (line.has_value && line.value.empty()) throw config_error(where_of(line), "expected a value after '='");
  rule->apply(job, Setting{line, kb_base, where_of(line)});
  job.given_at[rule->names.front()] = line.location;
}

// zonemode=zbd first: its jobs also carry zone units and zone options, and the reason they
// cannot run is the zoned device, not those.
void refuse_zoned(const std::vector<const FioOptionLine*>& lines) {
  for (const FioOptionLine* line : lines) {
    if (line->key == "zonemode" && line->value == "zbd") {
      throw config_error(where_of(*line),
                         "zoned block devices (zonemode=zbd) are not supported until the model has ZNS namespaces");
    }
  }
}

unsigned kb_base_of(const std::vector<const FioOptionLine*>& lines) {
  unsigned kb_base = 1024;
  for (const FioOptionLine* line : lines) {
    if (line->key != "kb_base") continue;
    if (line->value != "1024" && line->value != "1000") {
      throw config_error(where_of(*line), "expected 1024 or 1000, got '" + line->value + "'");
    }
    kb_base = line->value == "1000" ? 1000 : 1024;
  }
  return kb_base;
}

void check_job(const FioJobOptions& job) {
  if (job.time_based && job.runtime_us == 0) {
    throw config_error(job.where("time_based"), "time_based needs a runtime");
  }
  for (int d = 0; d < kFioDirections; ++d) {
    if (job.rate_bytes_per_s[d] != 0 && job.rate_iops[d] != 0) {
      throw config_error(job.where("rate_iops"), "give rate or rate_iops for a direction, not both");
    }
  }
}

}  // namespace

std::string FioJobOptions::where(const std::string& key) const {
  const auto found = given_at.find(key);
  return (found != given_at.end() ? found->second : location) + ": " + key;
}

std::string fio_option_name(const std::string& key) {
  const Rule* rule = find_rule(key);
  return rule == nullptr ? key : rule->names.front();
}

std::vector<FioJobOptions> read_fio_jobs(const FioJobFile& file) {
  std::vector<const FioOptionLine*> global;
  std::vector<FioJobOptions> jobs;
  for (const FioSection& section : file.sections) {
    if (section.name == "global") {
      for (const FioOptionLine& line : section.options) global.push_back(&line);
      continue;
    }
    std::vector<const FioOptionLine*> lines = global;
    for (const FioOptionLine& line : section.options) lines.push_back(&line);
    refuse_zoned(lines);
    const unsigned kb_base = kb_base_of(lines);
    FioJobOptions job;
    job.name = section.name;
    job.location = section.location;
    for (const FioOptionLine* line : lines) apply_line(job, *line, kb_base);
    check_job(job);
    jobs.push_back(std::move(job));
  }
  if (jobs.empty()) throw config_error(file.path, "no job section (only [global])");
  return jobs;
}

}  // namespace ssdtlm

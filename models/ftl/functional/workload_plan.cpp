// --workload SPEC for the functional engine: the synthetic address distributions of
// models/host/workload (uniform, hotcold:r=,f=, zipf:theta=), and the place where trace replay
// plugs in.
#include <memory>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
#include "models/ftl/functional/write_stream.h"
#include "models/host/trace/trace_page_stream.h"
#include "models/host/trace/trace_reader.h"
#include "models/host/workload/address_distribution.h"

namespace ssdtlm {
namespace {

class DistributionWriteStream final : public WriteStream {
 public:
  DistributionWriteStream(std::unique_ptr<AddressDistribution> distribution, std::uint64_t seed)
      : distribution_(std::move(distribution)), rng_(seed) {}
  void next(Lpn* out, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<Lpn>(distribution_->sample(rng_));
  }
  std::string describe() const override { return distribution_->describe(); }
  bool page_update_probabilities(std::vector<float>& out) const override {
    return distribution_->item_probabilities(out);
  }

 private:
  std::unique_ptr<AddressDistribution> distribution_;
  Rng rng_;
};

// "uniform" drawn in a tight loop, the same draws as the shared UniformDistribution
// (rng.below(count)) without a virtual call per page: at 20 million writes per second the call
// is a tenth of the budget.
class UniformWriteStream final : public WriteStream {
 public:
  UniformWriteStream(std::unique_ptr<AddressDistribution> distribution, std::uint64_t count, std::uint64_t seed)
      : distribution_(std::move(distribution)), count_(count), rng_(seed) {}
  void next(Lpn* out, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<Lpn>(rng_.below(count_));
  }
  std::string describe() const override { return distribution_->describe(); }
  bool page_update_probabilities(std::vector<float>& out) const override {
    return distribution_->item_probabilities(out);
  }

 private:
  std::unique_ptr<AddressDistribution> distribution_;
  std::uint64_t count_;
  Rng rng_;
};

// [Van Houdt 2013] section 4.1: the trace's page writes (renumbered into the footprint 0..x-1),
// replayed cyclically. The stream is shared by the plan and every stream made from it.
class TraceWriteStream final : public WriteStream {
 public:
  TraceWriteStream(std::shared_ptr<const TracePageStream> pages, std::string description)
      : pages_(std::move(pages)), cyclic_(pages_->cyclic_writes()), description_(std::move(description)) {}
  void next(Lpn* out, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<Lpn>(cyclic_.next());
  }
  std::string describe() const override { return description_; }

 private:
  std::shared_ptr<const TracePageStream> pages_;
  TracePageStream::CyclicWrites cyclic_;
  std::string description_;
};

// trace:PATH[,format=NAME][,strict][,event=Q|D|C]
WorkloadPlan plan_trace_workload(const std::string& spec, const std::string& where) {
  const std::string body = spec.substr(6);
  const auto comma = body.find(',');
  const std::string path = body.substr(0, comma);
  if (path.empty()) throw config_error(where, "trace: needs a file path, e.g. trace:../shared/traces/wdev_3.csv");
  TraceReaderOptions reader_options;
  std::string rest = comma == std::string::npos ? std::string() : body.substr(comma + 1);
  while (comma != std::string::npos) {
    const auto next = rest.find(',');
    const std::string item = rest.substr(0, next);
    const auto equals = item.find('=');
    const std::string key = item.substr(0, equals);
    const std::string value = equals == std::string::npos ? std::string() : item.substr(equals + 1);
    if (key == "format" && !value.empty()) {
      reader_options.format = value;
    } else if (key == "strict" && (equals == std::string::npos || value == "true" || value == "false")) {
      reader_options.strict = equals == std::string::npos || value == "true";
    } else if (key == "event" && (value == "Q" || value == "D" || value == "C")) {
      reader_options.blkparse_event = value[0];
    } else {
      throw config_error(where, "trace option '" + item +
                                    "' not understood by the functional engine (accepted: format=NAME, strict, "
                                    "event=Q|D|C)");
    }
    if (next == std::string::npos) break;
    rest = rest.substr(next + 1);
  }
  TraceReader reader(path, reader_options);
  auto pages = std::make_shared<const TracePageStream>(TracePageStream::from_trace(reader));
  WorkloadPlan plan;
  plan.footprint_pages = pages->footprint_pages();
  plan.trace_format = reader.format_description();
  plan.trace_page_writes = pages->writes().size();
  const std::string description = "trace " + path + " (" + plan.trace_format + "; footprint " +
                                  std::to_string(plan.footprint_pages) + " pages; " +
                                  std::to_string(plan.trace_page_writes) + " page writes per pass, replayed cyclically)";
  plan.make_stream = [pages, description](std::uint64_t, std::uint64_t) -> std::unique_ptr<WriteStream> {
    return std::make_unique<TraceWriteStream>(pages, description);
  };
  return plan;
}

}  // namespace

WorkloadPlan plan_workload(const std::string& spec, const std::string& where) {
  if (spec.rfind("trace:", 0) == 0) {
    // The footprint (every page read or written, renumbered in order of first appearance) fixes
    // the logical space; the engine sizes the device from it and --spare-factor.
    return plan_trace_workload(spec, where);
  }
  // Parse now so that a bad spec fails before anything runs.
  make_address_distribution(spec, 2, where);
  WorkloadPlan plan;
  plan.make_stream = [spec, where](std::uint64_t logical_pages, std::uint64_t seed) -> std::unique_ptr<WriteStream> {
    auto distribution = make_address_distribution(spec, logical_pages, where);
    if (spec == "uniform") return std::make_unique<UniformWriteStream>(std::move(distribution), logical_pages, seed);
    return std::make_unique<DistributionWriteStream>(std::move(distribution), seed);
  };
  return plan;
}

}  // namespace ssdtlm

// libFuzzer target for the compact workload spec parser (`--workload KIND:key=value,...`,
// docs/workloads.md) and the JSON "workload" section (an input starting with '{'). An accepted
// spec must also survive what the CLI does with it next: its compact and JSON forms read back to
// an equal spec (the effective configuration reproduces the run), and a request source built
// from it on a small device yields requests inside the device. Only ConfigError may come out of a rejected spec; a broken round trip aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "models/common/config/config_error.h"
#include "models/common/config/json_document.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"

namespace {

constexpr std::uint64_t kDeviceBytes = std::uint64_t{1} << 30;
constexpr std::uint32_t kLogicalBlockBytes = 4096;
constexpr int kRequestsDrawn = 256;

void require(bool condition, const char* what, const std::string& text) {
  if (condition) return;
  std::fprintf(stderr, "workload spec fuzzer: %s for '%s'\n", what, text.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ssdtlm;
  const std::string text(reinterpret_cast<const char*>(data), size);
  WorkloadSpec spec;
  try {
    // An input that opens a JSON object is a "workload" section (a platform document's, or one
    // handed over by Python), read through the JSON reader every document goes through.
    spec = !text.empty() && text.front() == '{' ? workload_from_json(parse_json_text(text, "workload"), "workload")
                                                : parse_workload_spec(text, "--workload");
  } catch (const ConfigError&) {
    return 0;  // rejected with a message: the wanted outcome for bad text
  }
  if (spec.is_trace()) return 0;  // trace replay is the trace reader fuzzers' business
  const std::string compact = to_compact(spec);
  require(parse_workload_spec(compact, "--workload") == spec, "compact form does not read back", text);
  require(workload_from_json(to_json(spec), "workload") == spec, "JSON form does not read back", text);
  try {
    auto source = make_request_source(spec, kDeviceBytes, kLogicalBlockBytes, 1);
    HostRequest request;
    for (int n = 0; n < kRequestsDrawn && source->next(request); ++n) {
      require(request.size_bytes > 0 && request.offset_bytes + request.size_bytes <= kDeviceBytes,
              "request outside the device", text);
    }
  } catch (const ConfigError&) {
    // A spec valid on its own may not fit this device (a range past 1 GiB): rejected, fine.
  }
  return 0;
}

#include "platforms/run_warnings.h"

#include <string>

#include "platforms/spare_reservation.h"

namespace ssdtlm {

void RunFacts::add_workload_report(const nlohmann::json& report) {
  if (!report.is_object()) return;
  trace_requests_skipped += report.value("beyond_device", std::uint64_t{0});
  trace_requests_wrapped += report.value("wrapped_beyond_device", std::uint64_t{0});
  if (report.contains("ignored_options")) {
    for (const auto& note : report["ignored_options"]) fio_options_ignored.push_back(note.get<std::string>());
  }
}

nlohmann::json run_warnings(const RunFacts& facts) {
  nlohmann::json warnings = nlohmann::json::array();
  auto add = [&](const char* kind, const std::string& message) {
    warnings.push_back({{"kind", kind}, {"message", message}});
  };
  if (!facts.warmup_ended) {
    add("warmup_unfinished", "the workload ended inside its warm-up (ramp=): nothing was measured, every figure of "
                             "the window is empty; shorten the warm-up or lengthen the workload");
  }
  if (facts.precondition != "none" && facts.host_writes > 0 && facts.gc_victims == 0) {
    add("no_gc_after_precondition",
        std::to_string(facts.host_writes) + " host writes on a drive preconditioned with '" + facts.precondition +
            "' collected no GC victim: write amplification and latencies contain no garbage collection "
            "(the run ends before the free pool reaches the GC watermark)");
  }
  if (!facts.spare_mostly_reserved.empty()) add("spare_mostly_reserved", facts.spare_mostly_reserved);
  if (facts.reads_unmapped > 0) {
    add("unmapped_reads", std::to_string(facts.reads_unmapped) + " " + facts.reader +
                              " page reads hit never-written logical pages and read no flash: precondition "
                              "the drive (--precondition fill) or write before reading");
  }
  if (!facts.fio_options_ignored.empty()) {
    std::string notes;
    for (const std::string& note : facts.fio_options_ignored) notes += (notes.empty() ? "" : "; ") + note;
    add("fio_options_ignored", "fio job file options accepted without effect on the simulation: " + notes);
  }
  if (facts.trace_requests_wrapped > 0) {
    add("trace_requests_wrapped", std::to_string(facts.trace_requests_wrapped) +
                                      " trace requests lay beyond the device and were wrapped into it (beyond=wrap)");
  }
  if (facts.trace_requests_skipped > 0) {
    add("trace_requests_skipped", std::to_string(facts.trace_requests_skipped) +
                                      " trace requests lay beyond the device and were left out");
  }
  if (facts.host_read_errors + facts.host_write_errors > 0) {
    add("host_requests_failed",
        std::to_string(facts.host_read_errors + facts.host_write_errors) +
            " host requests ended with an error status (" + std::to_string(facts.host_read_errors) +
            " reads of uncorrectable or lost data, " + std::to_string(facts.host_write_errors) +
            " writes refused by the read-only device): the IOPS, bandwidth and latencies count them like "
            "completed ones");
  }
  if (facts.lost_pages > 0) {
    add("lost_pages", std::to_string(facts.lost_pages) +
                          " logical pages lost their only copy to uncorrectable reads (GC or read-modify-write): "
                          "host reads of them fail until they are written again");
  }
  if (facts.end_of_life) {
    add("end_of_life",
        "the device reached end of life: grown bad blocks left too little space for the logical capacity and "
        "the GC reserve, and it turned read-only (host writes fail from then on)");
  }
  return warnings;
}

void set_ssd_run_warnings(nlohmann::json& stats) {
  RunFacts facts;
  if (stats.contains("precondition")) facts.precondition = stats["precondition"].value("mode", "none");
  if (stats.contains("host")) facts.host_writes = stats["host"]["write"].value("count", std::uint64_t{0});
  if (stats.contains("gc")) facts.gc_victims = stats["gc"].value("victims", std::uint64_t{0});
  if (stats.contains("capacity")) facts.spare_mostly_reserved = spare_mostly_reserved_message(stats["capacity"], SpareKeys{});
  if (stats.contains("warmup")) facts.warmup_ended = stats["warmup"].value("ended", true);
  if (stats.contains("ftl")) facts.reads_unmapped = stats["ftl"].value("reads_unmapped", std::uint64_t{0});
  if (stats.contains("reliability")) {
    const nlohmann::json& reliability = stats["reliability"];
    facts.host_read_errors = reliability.value("host_read_errors", std::uint64_t{0});
    facts.host_write_errors = reliability.value("host_write_errors", std::uint64_t{0});
    facts.lost_pages = reliability.value("lost_pages", std::uint64_t{0});
    facts.end_of_life = reliability.value("end_of_life", false);
  }
  if (stats.contains("workload")) facts.add_workload_report(stats["workload"]);
  if (stats.contains("workloads")) {
    for (const nlohmann::json& report : stats["workloads"]) facts.add_workload_report(report);
  }
  nlohmann::json warnings = run_warnings(facts);
  if (warnings.empty()) {
    stats.erase("warnings");
  } else {
    stats["warnings"] = std::move(warnings);
  }
}

}  // namespace ssdtlm

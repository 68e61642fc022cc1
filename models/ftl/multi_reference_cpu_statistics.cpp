// MultiReferenceCpu's statistics: the timeline samples, stats.json's "mjolnir" section, and what the
// platform reads through FtlFirmware (free space, erases, the end-of-run data check).
#include "models/ftl/multi_reference_cpu.h"

namespace ssdtlm {

using sc_core::sc_time;

void MultiReferenceCpu::sample() {
  MultiReferenceTimelineSample s;
  s.time_ps = sim_now_ps();
  s.host_pages_read = host_pages_read_;
  s.host_pages_written = host_pages_written_;
  s.gc_copies = stats_.gc_copies;
  s.utilization = store_->utilization();
  const multi_reference::BandwidthShare share = store_->bandwidth_share(host_reads_.size() + host_writes_.size());
  s.host_share = share.host;
  s.gc_share = share.gc;
  s.panic = share.panic;
  s.segments_allocated = store_->log().segments_allocated();
  s.segments_reclaimed = store_->log().segments_trimmed();
  s.mappings = store_->translation_layer().mapping_count();
  // The samples are running totals and levels: where nothing changed over a stretch of
  // intervals only its first and last sample carry information, so the last one moves on
  // instead of a sample per interval piling up (an idle stretch of days would otherwise fill
  // memory and stats.json).
  const auto same_state = [&s](const MultiReferenceTimelineSample& other) {
    return other.host_pages_read == s.host_pages_read && other.host_pages_written == s.host_pages_written &&
           other.gc_copies == s.gc_copies && other.utilization == s.utilization && other.host_share == s.host_share &&
           other.gc_share == s.gc_share && other.panic == s.panic && other.segments_allocated == s.segments_allocated &&
           other.segments_reclaimed == s.segments_reclaimed && other.mappings == s.mappings;
  };
  const std::size_t n = samples_.size();
  if (n >= 2 && same_state(samples_[n - 1]) && same_state(samples_[n - 2])) {
    samples_[n - 1].time_ps = s.time_ps;
  } else {
    samples_.push_back(s);
  }
  if (!host_done_ && config_.timeline_interval_ps > 0) timer_.schedule_in(sc_time::from_value(config_.timeline_interval_ps), [this]() {
    if (!host_done_) sample();
  });
}

nlohmann::json MultiReferenceCpu::statistics_json() const {
  const auto& cleaner = store_->cleaner();
  const auto& reverse = store_->reverse_maps();
  nlohmann::json j = {
      {"segments", config_.store.segments},
      {"segment_pages", config_.store.segment_blocks},
      {"namespace_pages", config_.namespace_pages},
      {"volume_pages", config_.volume_pages},
      {"mappings", store_->translation_layer().mapping_count()},
      {"utilization", store_->utilization()},
      {"free_segments", store_->log().free_segments()},
      {"segments_allocated", store_->log().segments_allocated()},
      {"segments_reclaimed", store_->log().segments_trimmed()},
      {"segments_erased", stats_.segments_erased},
      {"range_commands", stats_.range_commands},
      {"host_writes_held", stats_.host_writes_held},
      {"scanner",
       {{"threads", config_.scanner_threads},
        {"scans", stats_.scans},
        {"mappings_scanned", stats_.mappings_scanned},
        {"busy_time_ns", stats_.scan_busy_ps / 1000},
        {"mean_scan_ns", stats_.scans ? double(stats_.scan_busy_ps) / 1000.0 / double(stats_.scans) : 0.0},
        {"reassignments", stats_.scan_reassignments}}},
      {"cleaner",
       {{"copies", stats_.gc_copies},
        {"blocks_skipped", cleaner.blocks_skipped()},
        {"copies_wasted", cleaner.copies_wasted()},
        {"mappings_updated", cleaner.mappings_updated()},
        {"blocks_dropped_by_callbacks", reverse.blocks_dropped_by_callbacks()},
        {"segments_abandoned", reverse.segments_abandoned()},
        {"mean_reclaim_ns", stats_.reclaims ? double(stats_.reclaim_ps_sum) / 1000.0 / double(stats_.reclaims) : 0.0},
        {"reclaims", stats_.reclaims}}},
      {"reverse_maps", {{"limit_bytes", reverse.limit_bytes()}, {"peak_bytes", reverse.peak_bytes()}}},
      {"data_mismatches", stats_.data_mismatches},
  };
  if (config_.measure_reclaim_at_end) {
    j["measured_reclaim"] = {
        {"completed", stats_.reclaim_measured},
        {"reclaim_ns", stats_.measured_reclaim_ps / 1000.0},
        {"mappings", stats_.measured_mappings},
        {"scan_ns", stats_.measured_scan_ps / 1000.0},
        {"scans", stats_.measured_scans},
        {"copies", stats_.measured_copies},
        {"segments", stats_.measured_segments},
    };
  }
  nlohmann::json timeline;
  for (const char* key : {"time_ns", "host_pages_read", "host_pages_written", "gc_copies", "utilization", "host_share",
                          "gc_share", "panic", "segments_allocated", "segments_reclaimed", "mappings"}) {
    timeline[key] = nlohmann::json::array();
  }
  for (const MultiReferenceTimelineSample& s : samples_) {
    timeline["time_ns"].push_back(s.time_ps / 1000.0);
    timeline["host_pages_read"].push_back(s.host_pages_read);
    timeline["host_pages_written"].push_back(s.host_pages_written);
    timeline["gc_copies"].push_back(s.gc_copies);
    timeline["utilization"].push_back(s.utilization);
    timeline["host_share"].push_back(s.host_share);
    timeline["gc_share"].push_back(s.gc_share);
    timeline["panic"].push_back(s.panic);
    timeline["segments_allocated"].push_back(s.segments_allocated);
    timeline["segments_reclaimed"].push_back(s.segments_reclaimed);
    timeline["mappings"].push_back(s.mappings);
  }
  j["timeline"] = timeline;
  return j;
}

std::uint64_t MultiReferenceCpu::blocks_erased() const {
  return flash_stats_.flash_commands[static_cast<int>(OpOrigin::Gc)][static_cast<int>(FlashOpcode::Erase)];
}

std::uint64_t MultiReferenceCpu::free_blocks() const {
  return std::uint64_t{store_->log().free_segments()} * geometry_.dies() * geometry_.planes_per_die;
}

nlohmann::json MultiReferenceCpu::verify_data(const FlashPageReader& read_flash) const {
  // Every block any mapping references must hold, on the die, the content the store's log
  // says it holds (and never an erased page).
  std::uint64_t checked = 0, mismatches = 0;
  const multi_reference::MultiReferenceStore& store = *store_;
  for (auto it = store.translation_layer().entries().begin(); it != store.translation_layer().entries().end(); ++it) {
    const multi_reference::Extent& e = *it;
    for (std::uint64_t i = 0; i < e.length; ++i) {
      const std::uint64_t actual = read_flash(flash_page(e.physical + i));
      const std::uint64_t expected = store.log().read(e.physical + i);
      ++checked;
      if (actual != expected || expected == multi_reference::kTrimmedTag) ++mismatches;
    }
  }
  return {{"checked_pages", checked}, {"mismatches", mismatches}};
}

}  // namespace ssdtlm

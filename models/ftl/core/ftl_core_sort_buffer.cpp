// FtlCore's host path for policies that track update frequency (mdc): the heat of a host write,
// exact page rates, and the sort buffer that stages host writes and programs them sorted by heat.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

double FtlCore::host_write_heat(Ppn old) const {
  if (old < total_pages_) return policy_->rewritten_page_heat(policy_->block_heat(block_of(old)));
  if (old >= kFlushBase && old != kInvalidPpn) return policy_->rewritten_page_heat(flushing_[old - kFlushBase].heat);
  if (old != kInvalidPpn) {
    const StagedWrite& staged = staged_[old - kStagedBase];
    return staged.first_write ? staged.heat : policy_->rewritten_page_heat(staged.heat);
  }
  return 0.0;  // first write, unsorted: the oldest possible u_p2 (treated as cold)
}

void FtlCore::set_page_update_rates(std::vector<float> rates) {
  if (rates.size() < logical_pages_) {
    throw std::invalid_argument("FtlCore::set_page_update_rates: " + std::to_string(rates.size()) +
                                " rates for " + std::to_string(logical_pages_) + " logical pages");
  }
  page_rates_ = std::move(rates);
}

double FtlCore::exact_rate(Lpn lpn) const {
  if (page_rates_.empty()) {
    throw config_error(exact_rates_key(),
                       "needs every page's exact update frequency, which only the functional engine (ssdtlm wa) "
                       "with a synthetic workload supplies");
  }
  return page_rates_[lpn];
}

std::string FtlCore::exact_rates_key() const {
  // mdc-oracle asks for the rates by its name, mdc by its `oracle` parameter.
  if (std::string(policy_->name()) == "mdc-oracle") return config_.policy_key;
  return config_.policy_params_key + "oracle";
}

std::uint32_t FtlCore::exact_rate_frontier(Lpn lpn) const {
  const double relative = exact_rate(lpn) * static_cast<double>(logical_pages_);  // 1 = the mean rate
  if (!(relative > 1.0)) return 0;
  const auto step = static_cast<std::uint32_t>(std::floor(std::log(relative) / std::log(4.0)));
  return std::min(host_frontiers_ - 1, 1 + step);
}

void FtlCore::write_host_slow(Lpn lpn, UnitId unit, Ppn old) {
  ++clock_;
  const double heat = !tracks_heat_ ? 0.0 : exact_rates_ ? exact_rate(lpn) : host_write_heat(old);
  if (old < total_pages_) {
    if (exact_rates_) policy_->on_page_invalidated(block_of(old), exact_rate(lpn));
    if (tracks_heat_) policy_->on_page_overwritten(block_of(old));
    invalidate(old);
  } else if (old < kFlushBase) {
    staged_[old - kStagedBase].lpn = kInvalidLpn;  // superseded before it reached flash
  }
  ++counters_.host_page_writes;
  const Ppn ppn = program(unit, host_frontier_of(lpn), lpn, heat);
  if (observer_ != nullptr) observer_->on_program(ppn, lpn, OpOrigin::Host);
}

void FtlCore::stage(Lpn lpn) {
  stage_host_write(lpn);
  if (staged_.size() >= sort_buffer_pages_) flush_host_sort_buffer();
}

void FtlCore::stage_host_write(Lpn lpn) {
  const Ppn old = map_.entry(lpn);
  ++clock_;
  if (old >= kStagedBase && old < kFlushBase) {
    StagedWrite& staged = staged_[old - kStagedBase];
    if (!staged.first_write && !exact_rates_) staged.heat = policy_->rewritten_page_heat(staged.heat);
    ++counters_.host_writes_absorbed;
    return;
  }
  StagedWrite write{lpn, true, 0.0};
  if (old < total_pages_) {
    write.first_write = false;
    write.heat = tracks_heat_ ? host_write_heat(old) : 0.0;
    if (exact_rates_) policy_->on_page_invalidated(block_of(old), exact_rate(lpn));
    if (tracks_heat_) policy_->on_page_overwritten(block_of(old));
    invalidate(old);
  } else if (old != kInvalidPpn) {  // in the batch being flushed (timed path): a rewrite
    write.first_write = false;
    write.heat = tracks_heat_ ? host_write_heat(old) : 0.0;
  }
  if (exact_rates_) {  // the exact frequency replaces both estimates (rewrite and first write)
    write.first_write = false;
    write.heat = exact_rate(lpn);
  }
  map_.set_entry(lpn, kStagedBase + static_cast<Ppn>(staged_.size()));
  staged_.push_back(write);
}

void FtlCore::flush_host_sort_buffer() {
  const std::uint32_t batch = begin_sort_buffer_flush();
  for (std::uint32_t index = 0; index < batch; ++index) {
    const UnitId unit = unit_count_ == 1 ? 0 : next_host_unit();
    while (gc_wanted(unit)) collect(unit);
    write_host_flushed(index, unit);
  }
  end_sort_buffer_flush();
}

std::uint32_t FtlCore::begin_sort_buffer_flush() {
  if (!flushing_.empty()) throw std::logic_error("FtlCore: a sort-buffer batch is still being flushed");
  if (staged_.empty()) return 0;
  // First writes take the oldest u_p2 of the batch (Lomet & Luo's MDC, sec 5.2).
  double oldest = std::numeric_limits<double>::infinity();
  for (const StagedWrite& w : staged_) {
    if (w.lpn != kInvalidLpn && !w.first_write) oldest = std::min(oldest, w.heat);
  }
  if (!std::isfinite(oldest)) oldest = 0.0;
  for (StagedWrite& w : staged_) {
    if (w.first_write) w.heat = oldest;
  }
  std::vector<std::uint32_t> order(staged_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return staged_[a].heat < staged_[b].heat; });
  for (const std::uint32_t index : order) {
    const StagedWrite& w = staged_[index];
    if (w.lpn == kInvalidLpn) continue;
    map_.set_entry(w.lpn, kFlushBase + static_cast<Ppn>(flushing_.size()));
    flushing_.push_back({w.lpn, w.heat});
  }
  staged_.clear();
  return static_cast<std::uint32_t>(flushing_.size());
}

Ppn FtlCore::write_host_flushed(std::uint32_t index, UnitId unit) {
  if (!flushing_current(index)) return kInvalidPpn;
  if (allocator_.starved_host_frontiers(unit) != 0) starved_write(unit);  // caller ignored can_accept
  const FlushingWrite& w = flushing_[index];
  ++counters_.host_page_writes;
  const Ppn ppn = program(unit, host_frontier_of(w.lpn), w.lpn, w.heat);
  if (observer_ != nullptr) observer_->on_program(ppn, w.lpn, OpOrigin::Host);
  return ppn;
}

void FtlCore::end_sort_buffer_flush() {
  for (std::uint32_t index = 0; index < flushing_.size(); ++index) {
    if (flushing_current(index)) {
      throw std::logic_error("FtlCore::end_sort_buffer_flush: entry " + std::to_string(index) + " (lpn " +
                             std::to_string(flushing_[index].lpn) + ") was never programmed");
    }
  }
  flushing_.clear();
}

}  // namespace ssdtlm

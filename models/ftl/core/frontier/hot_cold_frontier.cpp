// hot-cold: k host frontiers chosen by an update-frequency estimate, plus the GC frontier of
// the double layout (pages that survive until GC are cold by selection).
//
// Estimator: the rewrite interval of the page, i.e. host writes since its previous host write
// (one sample of 1 / update frequency, the u_now - u_p1 of [Lomet & Luo 2021] sec 4.3). The interval is
// compared with thresholds in units of the logical capacity L: it leaves the coldest frontier
// (0) when below hot_interval * L, and moves one frontier hotter each time it is below a further
// 1 / ratio of that. A page never written before is coldest. Under hotcold:r=0.8,f=0.2 the mean
// interval is 0.25 L for hot pages and 4 L for cold ones, so the default threshold 0.5 L sends
// 86% of hot rewrites and 12% of cold ones to the hot frontier.
//
// State: the last write time of every logical page, 4 bytes each, in ticks of L / 1024 host
// writes so that a 32-bit stamp wraps only after ~4 million logical capacities.
#include <algorithm>
#include <cmath>

#include "models/ftl/core/frontier_layout.h"
#include "models/ftl/core/huge_page_allocator.h"

namespace ssdtlm {
namespace {

class HotColdFrontier final : public FrontierLayout {
 public:
  HotColdFrontier(std::uint32_t frontiers, double hot_interval, double ratio)
      : frontiers_(frontiers), hot_interval_(hot_interval), ratio_(ratio) {}
  const char* name() const override { return "hot-cold"; }
  std::uint32_t host_frontiers() const override { return frontiers_; }
  bool separate_gc_frontier() const override { return true; }

  void attach(const FrontierContext& context) override {
    clock_ = context.host_write_clock;
    tick_ = std::max<std::uint64_t>(1, context.logical_pages / 1024);
    last_write_.assign(context.logical_pages, kNever);
    // Thresholds in ticks, hottest last: interval < thresholds_[i] means frontier >= i + 1.
    thresholds_.clear();
    double threshold = hot_interval_ * static_cast<double>(context.logical_pages) / tick_;
    for (std::uint32_t i = 1; i < frontiers_; ++i) {
      thresholds_.push_back(static_cast<std::uint32_t>(std::min(threshold, 4.0e9)));
      threshold /= ratio_;
    }
  }

  std::uint32_t host_frontier_for(Lpn lpn) override {
    const std::uint32_t now = static_cast<std::uint32_t>((*clock_ / tick_) & 0xffffffffu) | 1u;
    const std::uint32_t last = last_write_[lpn];
    last_write_[lpn] = now;
    if (last == kNever) return 0;
    const std::uint32_t interval = now - last;  // modulo 2^32: wrap-safe
    std::uint32_t frontier = 0;
    while (frontier < thresholds_.size() && interval < thresholds_[frontier]) ++frontier;
    return frontier;
  }
  std::uint64_t bytes() const override { return last_write_.size() * sizeof(std::uint32_t); }

 private:
  static constexpr std::uint32_t kNever = 0;  // stamps are odd, so 0 never is one
  std::uint32_t frontiers_;
  double hot_interval_;
  double ratio_;
  const std::uint64_t* clock_ = nullptr;
  std::uint64_t tick_ = 1;
  std::vector<std::uint32_t, HugePageAllocator<std::uint32_t>> last_write_;
  std::vector<std::uint32_t> thresholds_;
};

}  // namespace

std::unique_ptr<FrontierLayout> make_hot_cold_frontier(PolicyParams& params) {
  const auto frontiers = params.integer("frontiers", 2, 1, 16);
  const double hot_interval = params.number("hot_interval", 0.5, 1e-6, 1e6);
  const double ratio = params.number("ratio", 4.0, 1.0, 1e6);
  return std::make_unique<HotColdFrontier>(static_cast<std::uint32_t>(frontiers), hot_interval, ratio);
}

}  // namespace ssdtlm

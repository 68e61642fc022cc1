// mdc: minimum declining cost ([Lomet & Luo 2021]).
//
// Priority (sec 5.1.3): clean first the block whose cleaning cost declines slowest,
//   -dCost/du  ~  ((B - A) / A)^2 / (C * (u_now - u_p2)),
// with A the free (invalid) space, B the block size, C the valid pages and u_p2 the block's
// estimated penultimate update time; for fixed-size pages this is C / ((b - C)^2 (u_now - u_p2)).
// A full block (A = 0) reclaims nothing and comes last.
//
// u_p2 maintenance (sec 5.2): a block's u_p2 is the average u_p2 of the pages written into it.
// A page rewritten by the host gets new u_p2 = old u_p2 + (u_now - old u_p2) / 2, its old u_p2
// being its block's (rewritten_page_heat); a first write gets the oldest u_p2 of the batch of
// host writes it is sorted with (the core's sort buffer does that); a GC move keeps the u_p2 of
// its source block. Sorting (sec 5.3) is done by the core: host writes go through a sort buffer
// of `sort_buffer_segments` blocks and are programmed in u_p2 order, and the victims of one GC
// cycle are relocated in u_p2 order, so pages of like update frequency share blocks.
//
// `oracle=1` (or the policy name `mdc-oracle`) is [Lomet & Luo 2021]'s MDC-opt (sec 6.1.3): the same
// cleaning and sorting with each page's exact update frequency in place of the u_p2 estimate. A
// page's heat is then its probability of being the next host write (the workload supplies it), a
// block's heat the average over the pages it still holds, and the priority C * heat / (b - C)^2
// (heat ~ 1 / (u_now - u_p2)).
//
// `segment_updates=1` is not section 5 but a reading of sec 4.3's wording ("u_p1 as the time of
// the ultimate (last) segment update, and u_p2 as the time of the penultimate", "two updates to
// our segment over an update interval of u_now - u_p2"): a block's update frequency is measured
// from the times of the last two overwrites of its pages, which sec 5.2.1 does not maintain.
// The block's overwrite frequency is C U_pf (sec 4.2), so the priority becomes
// C U_pf / (b - C)^2 = 2 / ((b - C)^2 (u_now - t_2)), t_2 = the penultimate overwrite; until a
// block has seen two overwrites, the sec 5 estimate (C U_pf with U_pf = 2 / (u_now - u_p2)).
// u_p2 itself (rewrites, first writes, GC moves, sorting) is maintained as above either way.
//
// Priorities depend on u_now, so each activation scans the unit's candidates and takes the
// best `max_victims` ([Lomet & Luo 2021] cleans 64 segments per cycle, amortizing the scan).
#include <algorithm>
#include <limits>

#include "models/ftl/gc/scanning_policy.h"

namespace ssdtlm {
namespace {

class MdcPolicy final : public ScanningPolicy {
 public:
  MdcPolicy(const char* name, std::uint32_t sort_buffer_pages, bool oracle, bool segment_updates)
      : name_(name), sort_buffer_pages_(sort_buffer_pages), oracle_(oracle), segment_updates_(segment_updates) {}
  const char* name() const override { return name_; }
  void attach(const PolicyContext& context) override {
    ScanningPolicy::attach(context);
    heat_sum_.assign(context.blocks->blocks(), 0.0);
    heat_pages_.assign(context.blocks->blocks(), 0);
    if (segment_updates_) overwrites_.assign(context.blocks->blocks(), Overwrites{});
  }

  bool tracks_heat() const override { return true; }
  double block_heat(BlockId block) const override {
    return heat_pages_[block] == 0 ? 0.0 : heat_sum_[block] / heat_pages_[block];
  }
  double rewritten_page_heat(double old_heat) const override {
    return old_heat + 0.5 * (static_cast<double>(*context_.host_write_clock) - old_heat);
  }
  void on_page_programmed(BlockId block, double heat) override {
    heat_sum_[block] += heat;
    ++heat_pages_[block];
  }
  // MDC-opt: a block's update frequency is that of the pages it still holds (the dE/du of sec
  // 4.2 counts the current pages), so an overwritten page's rate leaves the block's sum.
  void on_page_invalidated(BlockId block, double heat) override {
    heat_sum_[block] -= heat;
    --heat_pages_[block];
  }
  void on_page_overwritten(BlockId block) override {
    if (!segment_updates_) return;
    Overwrites& o = overwrites_[block];
    o.penultimate = o.last;
    o.last = static_cast<double>(*context_.host_write_clock);
    if (o.seen < 2) ++o.seen;
  }
  void on_erased(BlockId block) override {
    heat_sum_[block] = 0.0;
    heat_pages_[block] = 0;
    if (segment_updates_) overwrites_[block] = Overwrites{};
  }
  std::uint32_t host_sort_buffer_pages() const override { return sort_buffer_pages_; }
  bool wants_exact_page_rates() const override { return oracle_; }

 private:
  // -dCost/du ~ C / ((b - C)^2 (u_now - u_p2)); a full block reclaims nothing and comes last.
  double score(BlockId block, double now) const override {
    const double valid = context_.blocks->valid_count(block);
    const double free = context_.pages_per_block - valid;
    if (free <= 0.0) return std::numeric_limits<double>::infinity();
    if (oracle_) return valid * block_heat(block) / (free * free);
    if (segment_updates_ && overwrites_[block].seen >= 2) {
      return 2.0 / (free * free * std::max(1.0, now - overwrites_[block].penultimate));
    }
    const double age = std::max(1.0, now - block_heat(block));
    return (segment_updates_ ? 2.0 : 1.0) * valid / (free * free * age);
  }

  struct Overwrites {
    double last = 0.0;
    double penultimate = 0.0;
    std::uint32_t seen = 0;  // overwrites counted, up to 2
  };
  const char* name_;
  std::uint32_t sort_buffer_pages_;
  bool oracle_;
  bool segment_updates_;
  std::vector<Overwrites> overwrites_;
  std::vector<double> heat_sum_;
  std::vector<std::uint32_t> heat_pages_;
};

std::uint32_t sort_buffer_pages(PolicyParams& params, std::uint32_t pages_per_block) {
  return static_cast<std::uint32_t>(params.integer("sort_buffer_segments", 16, 0, 1 << 16)) * pages_per_block;
}

}  // namespace

std::unique_ptr<VictimPolicy> make_mdc_policy(PolicyParams& params, std::uint32_t pages_per_block) {
  const std::uint32_t buffer_pages = sort_buffer_pages(params, pages_per_block);
  const bool oracle = params.boolean("oracle", false);
  const bool segment_updates = params.boolean("segment_updates", false);
  return std::make_unique<MdcPolicy>("mdc", buffer_pages, oracle, segment_updates);
}

// mdc with the exact frequencies by name, so it sits beside the others in `--policy` lists and
// sweeps; `segment_updates` has no meaning here (the exact rate replaces every estimate).
std::unique_ptr<VictimPolicy> make_mdc_oracle_policy(PolicyParams& params, std::uint32_t pages_per_block) {
  return std::make_unique<MdcPolicy>("mdc-oracle", sort_buffer_pages(params, pages_per_block), /*oracle=*/true,
                                     /*segment_updates=*/false);
}

}  // namespace ssdtlm

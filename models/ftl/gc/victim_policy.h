#pragma once
// VictimPolicy: which sealed block of an allocation unit GC collects next. One implementation
// per file in this folder, picked by name through the registry at the bottom; adding a policy is
// one new file plus one line in victim_policy_registry.cpp.
//
// Policies see the core's blocks through BlockView (block_view.h) and, for greedy, the
// ValidCountIndex; this folder includes nothing of models/ftl/core, which owns the policy.
//
// The core owns the block table and tells the policy when a block becomes a candidate
// (on_sealed); a block stops being a candidate only when the policy returns it from
// select_victims(). Per-invalidation bookkeeping is deliberately not a virtual hook: the one
// policy that needs it (greedy) uses the core's ValidCountIndex, updated inline on the hot path.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "models/ftl/gc/block_view.h"
#include "models/ftl/gc/valid_count_index.h"
#include "models/ftl/gc/policy_params.h"

namespace ssdtlm {

// What a policy may look at. Blocks of unit u are [u * blocks_per_unit, (u + 1) * blocks_per_unit).
struct PolicyContext {
  const BlockView* blocks = nullptr;
  std::uint32_t units = 1;
  std::uint32_t blocks_per_unit = 0;
  std::uint32_t pages_per_block = 0;
  const std::uint64_t* host_write_clock = nullptr;  // host page writes so far ("u_now" of Lomet & Luo's MDC)
  ValidCountIndex* valid_count_index = nullptr;     // set when needs_valid_count_index()
  std::uint64_t seed = 1;                           // for randomized policies
};

class VictimPolicy {
 public:
  virtual ~VictimPolicy() = default;
  virtual const char* name() const = 0;
  virtual bool needs_valid_count_index() const { return false; }
  virtual void attach(const PolicyContext& context) = 0;

  // `block` (full, its last program done) may now be selected.
  virtual void on_sealed(BlockId block) = 0;
  // Appends up to `max_victims` candidates of `unit` to `victims`, best first. They stop being
  // candidates. Appending none means nothing in the unit is collectable now.
  virtual void select_victims(UnitId unit, std::uint32_t max_victims,
                              std::vector<BlockId>& victims) = 0;
  // `block`, a candidate, was taken by the core itself (static wear leveling): forget it.
  virtual void on_withdrawn(BlockId /*block*/) {}

  // ---- update-frequency ("heat") hooks, used by mdc (Lomet & Luo's MDC, sec 5.2). The heat of
  // a page is its estimated penultimate update time u_p2; a block's heat summarizes its pages'.
  virtual bool tracks_heat() const { return false; }
  virtual double block_heat(BlockId) const { return 0.0; }
  // u_p2 of a page rewritten by the host whose previous copy had u_p2 = old_heat.
  virtual double rewritten_page_heat(double old_heat) const { return old_heat; }
  virtual void on_page_programmed(BlockId, double /*heat*/) {}
  // With exact page rates only: a page of `block` with rate `heat` was overwritten or trimmed.
  virtual void on_page_invalidated(BlockId, double /*heat*/) {}
  // A host write or trim made a page of `block` (a sealed or open block) invalid: an "update
  // to the segment" (mdc segment_updates=1).
  virtual void on_page_overwritten(BlockId) {}
  virtual void on_erased(BlockId) {}
  // Host writes are staged in a buffer of this many pages and sorted by heat before they are
  // programmed (0: programmed as they come).
  virtual std::uint32_t host_sort_buffer_pages() const { return 0; }
  // True when the heat of a page is to be its exact update probability per host write, which
  // the driver supplies (FtlCore::set_page_update_rates), instead of the u_p2 estimate: the
  // "-opt" variants of Lomet & Luo's MDC. Larger heat means hotter either way.
  virtual bool wants_exact_page_rates() const { return false; }
};

struct VictimPolicyInfo {
  const char* name;
  const char* summary;
  const char* parameters;  // "key=default: meaning; ..." for docs and error messages
  std::unique_ptr<VictimPolicy> (*make)(PolicyParams& params, std::uint32_t pages_per_block);
};

const std::vector<VictimPolicyInfo>& victim_policies();
std::string victim_policy_names();  // "fifo, greedy, ..."

// Throws ConfigError naming `where_policy` for an unknown name (listing the available ones) and
// "<params.where()><key>" for a bad or unknown parameter.
std::unique_ptr<VictimPolicy> make_victim_policy(const std::string& name, PolicyParams& params,
                                                 std::uint32_t pages_per_block,
                                                 const std::string& where_policy);

// Factories, one per policy file.
std::unique_ptr<VictimPolicy> make_fifo_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_greedy_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_random_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_windowed_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_d_choices_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_cost_benefit_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_mdc_policy(PolicyParams&, std::uint32_t);
std::unique_ptr<VictimPolicy> make_mdc_oracle_policy(PolicyParams&, std::uint32_t);

}  // namespace ssdtlm

// FtlCore: construction, frontier and free-pool mechanics, GC (functional and step API), the
// mdc sort buffer and the consistency check. The per-page hot path is inline in the header.
#include "models/ftl/core/ftl_core.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/ftl/core/logical_capacity.h"

namespace ssdtlm {

FtlCore::FtlCore(const FtlCoreConfig& config) : config_(config), geometry_(config.geometry) {
  const FlashGeometry& g = geometry_;
  if (g.channels == 0 || g.dies_per_channel == 0 || g.planes_per_die == 0 || g.blocks_per_plane == 0 ||
      g.pages_per_block == 0) {
    throw config_error("geometry", "every dimension (channels, dies, planes, blocks, pages) must be >= 1");
  }
  total_pages_ = g.total_pages();
  if (total_pages_ >= kStagedBase) {
    throw config_error("geometry", "more than " + std::to_string(kStagedBase) +
                                       " physical pages do not fit the 32-bit page numbers");
  }
  if (!(config.spare_factor > 0.0 && config.spare_factor < 1.0)) {
    throw config_error(config.spare_factor_key, "must be in (0, 1), got " + std::to_string(config.spare_factor));
  }
  pages_per_block_ = g.pages_per_block;
  pages_per_block_is_pow2_ = (pages_per_block_ & (pages_per_block_ - 1)) == 0;
  while ((1u << page_shift_) < pages_per_block_) ++page_shift_;
  unit_count_ = g.dies() * g.planes_per_die;
  blocks_per_unit_ = g.blocks_per_plane;
  logical_pages_ = logical_pages_for(config.spare_factor, total_pages_);
  if (logical_pages_ < pages_per_block_) {
    throw config_error(config.spare_factor_key, "leaves fewer logical pages than one block");
  }
  logical_pages_ += config.extra_logical_pages;
  host_reserve_blocks_ = config.keep_gc_reserve_block ? 1 : 0;
  if (config.gc_high_watermark_blocks < config.gc_low_watermark_blocks) {
    throw config_error(config.high_watermark_key, "must be >= the low watermark");
  }
  if (config.gc_victims_per_cycle == 0) throw config_error("ftl.gc.victims_per_cycle", "must be >= 1");
  low_watermark_ = config.gc_low_watermark_blocks;
  high_watermark_ = config.gc_high_watermark_blocks;
  victims_per_cycle_ = config.gc_victims_per_cycle;

  PolicyParams frontier_params(config.frontier_params, config.frontier_params_key);
  std::unique_ptr<FrontierLayout> layout =
      make_frontier_layout(config.frontier_layout, frontier_params, config.frontier_key);
  PolicyParams policy_params(config.policy_params, config.policy_params_key);
  policy_ = make_victim_policy(config.victim_policy, policy_params, pages_per_block_, config.policy_key);
  const std::uint32_t frontiers = layout->host_frontiers() + (layout->separate_gc_frontier() ? 1 : 0);

  // Besides the logical space, each unit holds its frontiers other than the one GC collects
  // into in place, and its high-watermark reserve; the rest must keep at least one invalid page,
  // or GC could find no victim worth collecting.
  const std::uint64_t reserved = std::uint64_t(unit_count_) * (frontiers - 1 + high_watermark_);
  if (reserved >= g.total_blocks() || logical_pages_ >= (g.total_blocks() - reserved) * pages_per_block_) {
    throw config_error(config.spare_factor_key,
                       "too small: " + std::to_string(logical_pages_) + " logical pages leave no spare page beside " +
                           std::to_string(reserved) + " reserved blocks (" + std::to_string(frontiers - 1) +
                           " extra frontiers + the high watermark, per unit) of " + std::to_string(g.total_blocks()));
  }

  map_.init(logical_pages_, total_pages_);
  blocks_.init(g.total_blocks(), pages_per_block_);
  words_per_block_ = blocks_.words_per_block();
  allocator_.init(std::move(layout), &blocks_, unit_count_, blocks_per_unit_, config.dynamic_wear_leveling);
  host_frontiers_ = allocator_.host_frontiers();
  gc_frontier_ = allocator_.gc_frontier();

  if (policy_->needs_valid_count_index()) {
    valid_index_.init(&blocks_, unit_count_, blocks_per_unit_);
    use_index_ = true;
  }
  PolicyContext context;
  context.blocks = &blocks_;
  context.units = unit_count_;
  context.blocks_per_unit = blocks_per_unit_;
  context.pages_per_block = pages_per_block_;
  context.host_write_clock = &clock_;
  context.valid_count_index = use_index_ ? &valid_index_ : nullptr;
  context.seed = config.seed;
  policy_->attach(context);
  tracks_heat_ = policy_->tracks_heat();
  sort_buffer_pages_ = policy_->host_sort_buffer_pages();
  exact_rates_ = tracks_heat_ && policy_->wants_exact_page_rates();
  if (sort_buffer_pages_ >= kFlushBase - kStagedBase) {
    throw config_error(config.policy_params_key + "sort_buffer_segments",
                       "a sort buffer of " + std::to_string(sort_buffer_pages_) + " pages is too large");
  }
  staged_.reserve(sort_buffer_pages_);
  flushing_.reserve(sort_buffer_pages_);
  FrontierContext frontier_context;
  frontier_context.logical_pages = logical_pages_;
  frontier_context.pages_per_block = pages_per_block_;
  frontier_context.host_write_clock = &clock_;
  allocator_.layout().attach(frontier_context);

  unit_state_.resize(unit_count_);
  mark_factory_bad_blocks();
  for (UnitId unit = 0; unit < unit_count_; ++unit) {
    UnitState& us = unit_state_[unit];
    for (BlockId block = first_block_of_unit(unit); block < first_block_of_unit(unit) + blocks_per_unit_; ++block) {
      if (blocks_.state(block) == BlockState::Retired) continue;  // factory bad
      allocator_.give_block(unit, block);
      ++us.good_blocks;
    }
    for (std::uint32_t f = 0; f < frontiers; ++f) refill(unit, f, /*check_watermark=*/false);
  }
  unit_valid_pages_.assign(unit_count_, 0);
  unit_fill_limit_.assign(unit_count_, 0);
  for (UnitId unit = 0; unit < unit_count_; ++unit) update_fill_limit(unit);
  check_good_capacity();
  // Stripe order: channel first (die ids interleave channels), then die, then plane.
  for (std::uint32_t plane = 0; plane < g.planes_per_die; ++plane) {
    for (DieId die = 0; die < g.dies(); ++die) stripe_order_.push_back(die * g.planes_per_die + plane);
  }
  gather_.reserve(pages_per_block_);
}

FtlCore::~FtlCore() = default;

// ------------------------------------------------------------------ host path (cold parts)

void FtlCore::starved_write(UnitId unit) const {
  throw std::logic_error("FtlCore::write_host: unit " + std::to_string(unit) +
                         " has a starved host frontier (check can_accept_host_write and collect first)");
}

UnitId FtlCore::emptiest_unit() const {
  return static_cast<UnitId>(std::min_element(unit_valid_pages_.begin(), unit_valid_pages_.end()) -
                             unit_valid_pages_.begin());
}

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
  // First writes take the oldest u_p2 of the batch (seed 002 sec 5.2).
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

void FtlCore::trim(Lpn lpn) {
  const Ppn old = map_.entry(lpn);
  if (old < total_pages_) {
    if (exact_rates_) policy_->on_page_invalidated(block_of(old), exact_rate(lpn));
    if (tracks_heat_) policy_->on_page_overwritten(block_of(old));
    invalidate(old);
  } else if (old < kFlushBase) {
    staged_[old - kStagedBase].lpn = kInvalidLpn;
  }  // (in the batch being flushed: the entry is no longer current, see flushing_current)
  map_.set_entry(lpn, kInvalidPpn);
  ++counters_.trims;
}

// ------------------------------------------------------------------ frontiers and free pool

void FtlCore::frontier_full(UnitId unit, std::uint32_t frontier) {
  const BlockId block = allocator_.frontier_block(unit, frontier);
  if (frontier < host_frontiers_) blocks_.set_data_stamp(block, clock_);  // youngest data: now
  allocator_.close_frontier(unit, frontier);
  if (config_.seal_blocks_on_close) {
    seal_block(block);
  } else {
    blocks_.set_state(block, BlockState::Closed);
  }
  refill(unit, frontier, /*check_watermark=*/true);
}

void FtlCore::refill(UnitId unit, std::uint32_t frontier, bool check_watermark) {
  UnitState& us = unit_state_[unit];
  if (frontier == gc_frontier_ && us.reserved_gc_block != kInvalidBlock) {
    const BlockId block = us.reserved_gc_block;
    us.reserved_gc_block = kInvalidBlock;
    allocator_.open_block(unit, frontier, block);
    return;
  }
  const std::uint32_t free = allocator_.free_blocks(unit);
  if (check_watermark && low_watermark_ > 0 && !us.collecting && free <= low_watermark_) {
    us.collecting = true;
    us.victims_in_cycle = 0;
  }
  // keep_gc_reserve_block: a host frontier that is not also the GC frontier leaves the last
  // free block to GC (it starves, GC runs and hands it the next erased victim).
  const bool reserved = frontier != gc_frontier_ && frontier < host_frontiers_ && free <= host_reserve_blocks_;
  if (free != 0 && !reserved) {
    allocator_.open_block(unit, frontier, allocator_.take_free_block(unit));
    return;
  }
  allocator_.starve(unit, frontier);
}

void FtlCore::seal_block(BlockId block) {
  blocks_.set_state(block, BlockState::Candidate);
  if (use_index_) valid_index_.push(unit_of_block(block), block, blocks_.valid_count(block));
  policy_->on_sealed(block);
}

void FtlCore::seal(BlockId block) {
  if (blocks_.state(block) == BlockState::Closed) seal_block(block);
}

void FtlCore::erase_block(BlockId block) {
  if (unit_count_ != 1) unit_valid_pages_[unit_of_block(block)] -= blocks_.valid_count(block);
  ++counters_.erases;
  blocks_.erase(block);
  blocks_.set_state(block, BlockState::Free);
  policy_->on_erased(block);
  if (observer_ != nullptr) observer_->on_erase(block);
  if (config_.static_wear_leveling) check_static_wear_leveling(unit_of_block(block));
}

// ------------------------------------------------------------------ GC

BlockId FtlCore::choose_victim(UnitId unit) {
  UnitState& us = unit_state_[unit];
  us.chosen_kind = VictimKind::Gc;
  if (!us.forced.empty()) {  // wear leveling or retirement: already in state Victim
    const auto [block, kind] = us.forced.front();
    us.forced.pop_front();
    us.chosen_kind = kind;
    return block;
  }
  if (us.selected.empty()) {
    std::uint32_t wanted = 1;
    if (us.collecting && victims_per_cycle_ > us.victims_in_cycle) wanted = victims_per_cycle_ - us.victims_in_cycle;
    batch_.clear();
    policy_->select_victims(unit, wanted, batch_);
    if (tracks_heat_ && batch_.size() > 1) {
      // Relocating the cycle's victims in u_p2 order sorts the GC writes by u_p2 (every page of
      // a victim carries its block's u_p2), seed 002 sec 5.3.
      std::stable_sort(batch_.begin(), batch_.end(), [&](BlockId a, BlockId b) {
        return policy_->block_heat(a) < policy_->block_heat(b);
      });
    }
    for (const BlockId block : batch_) {
      if (blocks_.state(block) != BlockState::Candidate || unit_of_block(block) != unit) {
        throw std::logic_error(std::string("victim policy ") + policy_->name() +
                               " returned a block that is not a candidate of the unit");
      }
      blocks_.set_state(block, BlockState::Victim);
      us.selected.push_back(block);
    }
  }
  if (us.selected.empty()) return kInvalidBlock;
  const BlockId victim = us.selected.front();
  us.selected.pop_front();
  return victim;
}

void FtlCore::victim_done(UnitId unit) {
  UnitState& us = unit_state_[unit];
  if (!us.collecting) return;
  ++us.victims_in_cycle;
  const bool target_reached = us.victims_in_cycle >= victims_per_cycle_ && allocator_.free_blocks(unit) > high_watermark_;
  // A cycle that cannot reach the high watermark (victims with nothing to reclaim) ends anyway.
  const bool hopeless = us.victims_in_cycle > 2ull * blocks_per_unit_ + victims_per_cycle_;
  if (target_reached || hopeless) end_cycle(unit);
}

void FtlCore::end_cycle(UnitId unit) {
  UnitState& us = unit_state_[unit];
  us.collecting = false;
  us.victims_in_cycle = 0;
  for (const BlockId block : us.selected) seal_block(block);  // unused picks: candidates again
  us.selected.clear();
}

std::uint32_t FtlCore::gather_valid_pages(BlockId victim, std::uint32_t limit) {
  gather_.clear();
  const std::uint64_t* words = blocks_.words(victim);
  const Ppn base = victim * pages_per_block_;
  for (std::uint32_t w = 0; w < words_per_block_; ++w) {
    for (std::uint64_t bits = words[w]; bits != 0 && gather_.size() < limit; bits &= bits - 1) {
      const Lpn lpn = map_.lpn_at(base + w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits)));
      prefetch_for_write(map_.entry_address(lpn));  // map updates below: all misses in flight at once
      gather_.push_back(lpn);
    }
  }
  return static_cast<std::uint32_t>(gather_.size());
}

void FtlCore::relocate_pages(UnitId unit, const Lpn* lpns, std::uint32_t count, double heat, std::uint64_t stamp) {
  WriteFrontier& open = allocator_.frontier(unit, gc_frontier_);
  std::uint32_t i = 0;
  if (!tracks_heat_ && !exact_rates_ && observer_ == nullptr) {
    // What program() + relocate_page() do per page, for the run of pages that fits the open
    // block: the map and reverse map written in one loop, the bits set at once. The data stamp
    // keeps relocate_page()'s order: the pages before a block's last one update it before the
    // block is closed (frontier_full may overwrite it and the policy may read it on sealing),
    // the last one after.
    while (i < count && open.block != kInvalidBlock && !open.has_holes) {
      const BlockId block = open.block;
      const std::uint32_t first = open.next_page;
      const std::uint32_t run = std::min(count - i, open.room);
      const Ppn base = block * pages_per_block_ + first;
      for (std::uint32_t k = 0; k < run; ++k) {
        const Lpn lpn = lpns[i + k];
        map_.map(lpn, base + k);
      }
      blocks_.set_valid_range(block, first, run);
      if (unit_count_ != 1) unit_valid_pages_[unit] += run;
      counters_.gc_page_writes += run;
      open.next_page = first + run;
      open.room -= run;
      i += run;
      const bool fills = open.room == 0;
      if ((!fills || run >= 2) && stamp > blocks_.data_stamp(block)) blocks_.set_data_stamp(block, stamp);
      if (fills) {
        frontier_full(unit, gc_frontier_);
        if (stamp > blocks_.data_stamp(block)) blocks_.set_data_stamp(block, stamp);
      }
    }
  }
  for (; i < count; ++i) relocate_page(unit, gc_frontier_, lpns[i], heat, stamp);
}

void FtlCore::collect(UnitId unit) {
  UnitState& us = unit_state_[unit];
  const BlockId victim = choose_victim(unit);
  if (victim == kInvalidBlock) {
    if (allocator_.starved_host_frontiers(unit) != 0) {
      throw std::logic_error("FtlCore: a host frontier is starved and no block is collectable");
    }
    end_cycle(unit);
    return;
  }
  const std::uint32_t valid = blocks_.valid_count(victim);
  const VictimKind kind = us.chosen_kind;
  if (kind != VictimKind::Gc && forced_victim_abandoned(unit, victim, valid)) return;
  ++counters_.gc_invocations;
  counters_.victim_valid_pages += valid;
  const double heat = tracks_heat_ ? policy_->block_heat(victim) : 0.0;
  const std::uint64_t stamp = blocks_.data_stamp(victim);
  const std::uint32_t room = allocator_.frontier_room(unit, gc_frontier_);
  const bool in_place = kind == VictimKind::Gc && allocator_.free_blocks(unit) == 0 && room < valid;
  // When the GC frontier takes part of an in-place victim, it takes the pages with the lowest
  // logical numbers: a choice that does not depend on where pages sit in the block, so both
  // in-place variants (and the step API) move exactly the same pages.
  if (in_place && config_.in_place_keeps_page_offsets) {
    if (room > 0) {
      gather_valid_pages(victim, valid);
      std::sort(gather_.begin(), gather_.end());
    }
    for (std::uint32_t moved = 0; moved < room; ++moved) {
      const Lpn lpn = gather_[moved];
      const Ppn old = map_.entry(lpn);
      blocks_.clear_valid(victim, old - victim * pages_per_block_);
      if (unit_count_ != 1) --unit_valid_pages_[unit];
      relocate_page(unit, gc_frontier_, lpn, heat, stamp);
    }
    reopen_keeping_offsets(unit, victim, heat, stamp);
    victim_done(unit);
    return;
  }
  gather_valid_pages(victim, valid);
  if (in_place && room > 0) std::sort(gather_.begin(), gather_.end());
  std::uint32_t moved = 0;
  if (in_place) {
    // Fill what the GC frontier has left, then write the rest back into the erased victim,
    // which becomes the GC frontier's block (seed 003 sec 2.1).
    relocate_pages(unit, gather_.data(), room, heat, stamp);
    moved = room;
    erase_block(victim);
    allocator_.open_block(unit, gc_frontier_, victim);
  }
  relocate_pages(unit, gather_.data() + moved, valid - moved, heat, stamp);
  if (kind == VictimKind::WearLeveling) {
    ++counters_.wear_leveling_migrations;
    counters_.wear_leveling_page_writes += valid;
    us.wear_leveling_pending = false;
  }
  if (kind == VictimKind::Retirement) {
    retire_block(victim);
    return;
  }
  if (!in_place) {
    erase_block(victim);
    allocator_.give_block(unit, victim);
  }
  victim_done(unit);
}

// In-place collection without moves: the victim is erased and its surviving pages are
// programmed back at the offsets they had; the GC frontier then programs the other slots.
void FtlCore::reopen_keeping_offsets(UnitId unit, BlockId victim, double heat, std::uint64_t stamp) {
  const std::uint32_t kept = blocks_.valid_count(victim);
  WriteFrontier& open = allocator_.frontier(unit, gc_frontier_);
  std::copy(blocks_.words(victim), blocks_.words(victim) + words_per_block_, open.occupied.begin());
  // Erase accounting; the bitmap and count already describe the pages programmed back.
  ++counters_.erases;
  blocks_.count_erase(victim);
  const std::uint64_t* kept_words = open.occupied.data();
  policy_->on_erased(victim);
  if (config_.static_wear_leveling) check_static_wear_leveling(unit);
  counters_.gc_page_writes += kept;
  if (exact_rates_) {
    for (std::uint32_t w = 0; w < words_per_block_; ++w) {
      for (std::uint64_t bits = open.occupied[w]; bits != 0; bits &= bits - 1) {
        const Ppn ppn = victim * pages_per_block_ + w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits));
        policy_->on_page_programmed(victim, exact_rate(map_.lpn_at(ppn)));
      }
    }
  } else if (tracks_heat_) {
    for (std::uint32_t i = 0; i < kept; ++i) policy_->on_page_programmed(victim, heat);
  }
  if (observer_ != nullptr) {
    observer_->on_erase(victim);
    for (std::uint32_t w = 0; w < words_per_block_; ++w) {
      for (std::uint64_t bits = kept_words[w]; bits != 0; bits &= bits - 1) {
        const Ppn ppn = victim * pages_per_block_ + w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits));
        observer_->on_program(ppn, map_.lpn_at(ppn), OpOrigin::Gc);
      }
    }
  }
  allocator_.open_block(unit, gc_frontier_, victim);
  blocks_.set_data_stamp(victim, stamp);
  open.has_holes = true;
  open.next_page = allocator_.next_free_slot(open, 0);
  open.room = pages_per_block_ - kept;
  // The frontier will write map entries into this block's reverse-map slots: start fetching.
  for (std::uint32_t page = 0; page < pages_per_block_; page += 16) {
    prefetch_for_write(map_.reverse_address(victim * pages_per_block_ + page));
  }
  if (open.room == 0) frontier_full(unit, gc_frontier_);
}

GcPlan FtlCore::begin_gc(UnitId unit) {
  GcPlan plan;
  plan.unit = unit;
  UnitState& us = unit_state_[unit];
  const BlockId victim = choose_victim(unit);
  if (victim == kInvalidBlock) return plan;
  const std::uint32_t valid = blocks_.valid_count(victim);
  plan.kind = us.chosen_kind;
  if (plan.kind != VictimKind::Gc && forced_victim_abandoned(unit, victim, valid)) return begin_gc(unit);
  plan.victim = victim;
  ++counters_.gc_invocations;
  counters_.victim_valid_pages += valid;
  us.active_victim = victim;
  us.active_reopened = false;
  us.active_heat = tracks_heat_ ? policy_->block_heat(victim) : 0.0;
  us.active_stamp = blocks_.data_stamp(victim);
  const std::uint64_t* words = blocks_.words(victim);
  const Ppn base = victim * pages_per_block_;
  plan.valid_pages.reserve(valid);
  for (std::uint32_t w = 0; w < words_per_block_; ++w) {
    for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
      const Ppn ppn = base + w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(bits));
      plan.valid_pages.emplace_back(map_.lpn_at(ppn), ppn);
    }
  }
  const std::uint32_t room = allocator_.frontier_room(unit, gc_frontier_);
  plan.in_place = plan.kind == VictimKind::Gc && allocator_.free_blocks(unit) == 0 && room < valid;
  if (plan.kind == VictimKind::WearLeveling) {
    ++counters_.wear_leveling_migrations;
    counters_.wear_leveling_page_writes += valid;
    us.wear_leveling_pending = false;
  }
  if (plan.in_place && room > 0) std::sort(plan.valid_pages.begin(), plan.valid_pages.end());  // see collect()
  return plan;
}

Ppn FtlCore::relocate(Lpn lpn, Ppn src, bool any_unit) {
  if (lpn >= logical_pages_ || map_.entry(lpn) != src) return kInvalidPpn;
  const BlockId block = block_of(src);
  const UnitId unit = unit_of_block(block);
  UnitState& us = unit_state_[unit];
  const bool from_active = us.active_victim == block;
  // A reopened victim was erased: its old pages are gone from the bitmap already (and a new
  // page at the same offset belongs to another lpn). A page programmed into it after the
  // reopen is an ordinary valid page (the program of it failed and it is re-driven). The
  // victim is no candidate, so its count changes need no index entry.
  const std::uint32_t src_page = src - block * pages_per_block_;
  if (!(from_active && us.active_reopened) || (blocks_.page_valid(block, src_page) && map_.lpn_at(src) == lpn)) {
    blocks_.clear_valid(block, src - block * pages_per_block_);
    if (unit_count_ != 1) --unit_valid_pages_[unit];
  }
  const double heat = from_active ? us.active_heat : (tracks_heat_ ? policy_->block_heat(block) : 0.0);
  const std::uint64_t stamp = from_active ? us.active_stamp : blocks_.data_stamp(block);
  std::uint32_t frontier = gc_frontier_;
  UnitId destination = unit;
  if (allocator_.frontier_block(unit, frontier) == kInvalidBlock) {
    // The GC frontier starved mid-plan (background GC let host writes take the last free
    // block): use any open frontier of the unit rather than lose the page.
    frontier = allocator_.open_frontier(unit);
    const std::uint32_t none = allocator_.frontiers_per_unit();
    if (frontier == none && (any_unit || config_.relocate_across_units_when_full)) {
      destination = unit_with_room(unit);
      if (destination != kNoUnit) frontier = allocator_.open_frontier(destination);
    }
    if (destination == kNoUnit || frontier == none) {
      throw std::logic_error("FtlCore::relocate: no open frontier and no free block in the unit");
    }
  }
  return relocate_page(destination, frontier, lpn, heat, stamp);
}

void FtlCore::reopen_in_place(BlockId victim) {
  const UnitId unit = unit_of_block(victim);
  UnitState& us = unit_state_[unit];
  const std::uint32_t still_valid = blocks_.valid_count(victim);
  erase_block(victim);
  if (us.active_victim == victim) us.active_reopened = true;
  const std::uint32_t room = allocator_.frontier_room(unit, gc_frontier_);
  if (room >= still_valid) {
    allocator_.give_block(unit, victim);  // host overwrites left the GC frontier room for everything
  } else if (allocator_.frontier_block(unit, gc_frontier_) == kInvalidBlock) {
    allocator_.open_block(unit, gc_frontier_, victim);
  } else {
    us.reserved_gc_block = victim;  // the GC frontier fills first, then continues here
    blocks_.set_state(victim, BlockState::Open);
  }
  victim_done(unit);
}

void FtlCore::finish_gc(BlockId victim) {
  const UnitId unit = unit_of_block(victim);
  UnitState& us = unit_state_[unit];
  erase_block(victim);
  if (us.active_victim == victim) us.active_victim = kInvalidBlock;
  allocator_.give_block(unit, victim);
  victim_done(unit);
}

void FtlCore::set_seal_blocks_on_close(bool seal) {
  config_.seal_blocks_on_close = seal;
  if (!seal) return;
  for (BlockId block = 0; block < blocks_.blocks(); ++block) {
    if (blocks_.state(block) == BlockState::Closed) seal_block(block);
  }
}

// ------------------------------------------------------------------ introspection

std::uint32_t FtlCore::programmed_pages(BlockId block) const {
  switch (blocks_.state(block)) {
    case BlockState::Free:
    case BlockState::Retired:
      return 0;
    case BlockState::Open:
      for (const WriteFrontier& open : allocator_.frontiers(unit_of_block(block))) {
        if (open.block != block) continue;
        if (open.has_holes) throw std::logic_error("FtlCore::programmed_pages: block reopened with holes");
        return open.next_page;
      }
      return 0;  // a victim erased in place, reserved for the GC frontier (step API)
    default:
      return pages_per_block_;
  }
}

std::uint64_t FtlCore::memory_bytes() const {
  std::uint64_t bytes = map_.bytes() + blocks_.bytes() +
                        valid_index_.bytes() + allocator_.bytes() + staged_.capacity() * sizeof(StagedWrite) +
                        flushing_.capacity() * sizeof(FlushingWrite);
  return bytes;
}

std::string FtlCore::check_consistency() const {
  std::ostringstream problems;
  std::vector<std::uint32_t> counted(blocks_.blocks(), 0);
  for (Lpn lpn = 0; lpn < logical_pages_; ++lpn) {
    const Ppn ppn = map_.entry(lpn);
    if (ppn >= total_pages_) continue;
    const BlockId block = block_of(ppn);
    ++counted[block];
    if (map_.lpn_at(ppn) != lpn) problems << "p2l[" << ppn << "] = " << map_.lpn_at(ppn) << ", expected lpn " << lpn << "\n";
    if (!blocks_.page_valid(block, ppn - block * pages_per_block_)) {
      problems << "lpn " << lpn << " maps to ppn " << ppn << " whose valid bit is clear\n";
    }
    if (blocks_.state(block) == BlockState::Free) problems << "lpn " << lpn << " maps into free block " << block << "\n";
  }
  for (BlockId block = 0; block < blocks_.blocks(); ++block) {
    std::uint32_t bits = 0;
    for (std::uint32_t w = 0; w < words_per_block_; ++w) bits += __builtin_popcountll(blocks_.words(block)[w]);
    if (bits != counted[block] || blocks_.valid_count(block) != counted[block]) {
      problems << "block " << block << ": valid_count " << blocks_.valid_count(block) << ", bits " << bits
               << ", mapped " << counted[block] << "\n";
    }
  }
  for (UnitId unit = 0; unit < unit_count_; ++unit) {
    allocator_.free_pool(unit).for_each([&](BlockId block) {
      if (blocks_.state(block) != BlockState::Free) problems << "free pool holds non-free block " << block << "\n";
    });
    std::uint32_t starved = 0;
    const std::vector<WriteFrontier>& frontiers = allocator_.frontiers(unit);
    for (std::uint32_t f = 0; f < frontiers.size(); ++f) {
      const WriteFrontier& open = frontiers[f];
      if (open.starved != (open.block == kInvalidBlock)) problems << "unit " << unit << " frontier " << f << " starved flag\n";
      if (open.starved && f < host_frontiers_) ++starved;
      if (open.block != kInvalidBlock && blocks_.state(open.block) != BlockState::Open) {
        problems << "frontier block " << open.block << " is not open\n";
      }
      if (open.starved && allocator_.free_blocks(unit) != 0) problems << "unit " << unit << " starves with free blocks\n";
    }
    if (starved != allocator_.starved_host_frontiers(unit)) problems << "unit " << unit << " starved count\n";
    if (unit_count_ != 1) {
      std::uint64_t valid = 0;
      for (BlockId b = first_block_of_unit(unit); b < first_block_of_unit(unit) + blocks_per_unit_; ++b) {
        valid += counted[b];
      }
      if (valid != unit_valid_pages_[unit]) problems << "unit " << unit << " valid pages " << unit_valid_pages_[unit] << ", counted " << valid << "\n";
    }
  }
  return problems.str();
}

}  // namespace ssdtlm

// FtlCore: construction, the cold parts of the host path, what happens when a frontier fills
// (seal, GC trigger, refill), erases, and introspection (consistency check, memory). The
// per-page hot path is inline in the header; GC is ftl_core_gc.cpp, the mdc sort buffer
// ftl_core_sort_buffer.cpp.
#include "models/ftl/core/ftl_core.h"

#include <algorithm>
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
  // A plane whose blocks are all retired (end of life) holds nothing and takes nothing.
  UnitId best = 0;
  for (UnitId unit = 1; unit < unit_count_; ++unit) {
    if (unit_state_[best].good_blocks == 0 ||
        (unit_state_[unit].good_blocks != 0 && unit_valid_pages_[unit] < unit_valid_pages_[best])) {
      best = unit;
    }
  }
  return best;
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

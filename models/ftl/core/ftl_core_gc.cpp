// FtlCore's garbage collection: victim choice and GC cycles, whole collections for the
// functional drivers (collect) and the step API of the timed one (begin_gc, relocate,
// reopen_in_place, finish_gc).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

BlockId FtlCore::choose_victim(UnitId unit) {
  UnitState& us = unit_state_[unit];
  us.chosen_kind = VictimKind::Gc;
  const auto take_forced = [&]() {  // wear leveling or retirement: already in state Victim
    const auto [block, kind] = us.forced.front();
    us.forced.pop_front();
    us.chosen_kind = kind;
    return block;
  };
  if (!us.forced.empty() && !retirement_must_wait(unit)) return take_forced();
  if (us.selected.empty()) {
    std::uint32_t wanted = 1;
    if (us.collecting && victims_per_cycle_ > us.victims_in_cycle) wanted = victims_per_cycle_ - us.victims_in_cycle;
    batch_.clear();
    policy_->select_victims(unit, wanted, batch_);
    if (tracks_heat_ && batch_.size() > 1) {
      // Relocating the cycle's victims in u_p2 order sorts the GC writes by u_p2 (every page of
      // a victim carries its block's u_p2), Lomet & Luo's MDC, sec 5.3.
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
  if (us.selected.empty()) {
    // Nothing else to collect: a waiting retirement runs and relocate() finds what room it can.
    return us.forced.empty() ? kInvalidBlock : take_forced();
  }
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
    // which becomes the GC frontier's block (Van Houdt, d-choices with memory, sec 2.1).
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

}  // namespace ssdtlm

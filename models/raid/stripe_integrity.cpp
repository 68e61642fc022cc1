#include "models/raid/stripe_integrity.h"

#include <array>

namespace ssdtlm {

MemberId StripeIntegrity::slot_of_copy(const StripePlacement& placement, std::uint32_t k, const MemberId* devices,
                                       MemberId device) const {
  for (std::uint32_t c = 0; c < placement.copies; ++c) {
    if (devices[placement.data_member(k, c)] == device) return placement.data_member(k, c);
  }
  return placement.data_member(k);
}

ReadPlanVerdict StripeIntegrity::check_read(const IoPlan& plan) const {
  ReadPlanVerdict verdict;
  verdict.fails = plan.lost_data;
  if (empty()) return verdict;
  planner_.for_each_piece_row(plan, [&](const StripePlacement& placement, const MemberId* devices,
                                        const UnitPiece& piece, std::uint32_t, std::uint64_t block) {
    // Rebuilt from the row's parity: wrong when the parity is stale, and the guess again when
    // the unit holds one (the parity was computed with it).
    if (piece.device == kNoMember) {
      verdict.fails = verdict.fails || row_stale(block) || unit_unreadable(placement.data_member(piece.k), block);
      return true;
    }
    if (!unit_unreadable(slot_of_copy(placement, piece.k, devices, piece.device), block)) return true;
    if (placement.copies > 1) {  // another copy may hold the data
      verdict.exclude = piece.device;
      return false;
    }
    verdict.fails = true;
    return true;
  });
  return verdict;
}

void StripeIntegrity::record_write(const IoPlan& plan) {
  const std::uint32_t members = planner_.layout().members();
  for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
    const StripeTask& task = plan.tasks[t];
    // Only a degraded write can make a row stale; anything else only clears records.
    if (task.mode != StripeMode::WriteDegraded && empty()) continue;
    const MemberId* read_from = &plan.slot_devices[t * members];
    const MemberId* written_to = plan.write_devices.empty() ? read_from : &plan.write_devices[t * members];
    const StripePlacement placement = planner_.layout().place(task.stripe);
    std::array<const UnitPiece*, kMaxRaidMembers> piece_of{};
    for (std::uint32_t i = 0; i < task.piece_count; ++i) {
      const UnitPiece& piece = plan.pieces[task.first_piece + i];
      piece_of[piece.k] = &piece;
      for (std::uint32_t row = piece.row_begin; row < piece.row_end; ++row) {
        for (std::uint32_t c = 0; c < placement.copies; ++c) {
          const MemberId slot = placement.data_member(piece.k, c);
          if (written_to[slot] != kNoMember) mark_readable(slot, planner_.member_block(task.stripe, row));
        }
      }
    }
    if (placement.p == kNoMember) continue;  // mirrors and stripes: no parity to go stale
    const bool has_q = placement.q != kNoMember;
    for (std::uint32_t row = task.row_begin; row < task.row_end; ++row) {
      const std::uint64_t block = planner_.member_block(task.stripe, row);
      switch (task.mode) {
        case StripeMode::WriteFullRow:
        case StripeMode::WriteRcw:  // parity from the whole row as read and written
          stale_rows_.erase(block);
          break;
        case StripeMode::WriteDegraded: {
          // Old data the write neither read nor overwrites had to be rebuilt from parity.
          std::uint32_t guessed = 0, lost = 0;
          for (std::uint32_t k = 0; k < placement.data_units; ++k) {
            if (read_from[placement.data_member(k)] != kNoMember) continue;
            ++lost;
            const UnitPiece* piece = piece_of[k];
            if (piece == nullptr || row < piece->row_begin || row >= piece->row_end) ++guessed;
          }
          lost += (read_from[placement.p] == kNoMember ? 1 : 0) + (has_q && read_from[placement.q] == kNoMember ? 1 : 0);
          if (guessed == 0) {
            stale_rows_.erase(block);
          } else if (lost > (has_q ? 2u : 1u)) {
            stale_rows_.insert(block);
          }  // else rebuilt from the parity: as consistent as it was
          break;
        }
        default:  // read-modify-write: the parity takes the data's change, consistent or not
          break;
      }
    }
  }
}

void StripeIntegrity::record_rebuild(const IoPlan& plan) {
  const StripeTask& task = plan.tasks.front();
  const StripePlacement placement = planner_.layout().place(task.stripe);
  const MemberId slot = task.rebuild_slot;
  const bool parity_slot = slot == placement.p || slot == placement.q;
  for (std::uint32_t row = task.row_begin; row < task.row_end; ++row) {
    const std::uint64_t block = planner_.member_block(task.stripe, row);
    if (placement.p == kNoMember) {  // a mirror copy: the source's state is copied
      const int k = placement.data_index_of(slot);
      const bool unreadable =
          plan.lost_data || k < 0 ||
          unit_unreadable(slot_of_copy(placement, static_cast<std::uint32_t>(k), plan.slot_devices.data(), task.rebuild_source),
                          block);
      if (unreadable) {
        mark_unreadable(slot, block);
      } else {
        mark_readable(slot, block);
      }
    } else if (parity_slot) {
      // Parity recomputed from the data; with a second parity the other one may stay stale.
      if (plan.lost_data) {
        stale_rows_.insert(block);
      } else if (placement.q == kNoMember) {
        stale_rows_.erase(block);
      }
    } else if (plan.lost_data || row_stale(block)) {
      mark_unreadable(slot, block);
      stale_rows_.insert(block);
    } else {
      mark_readable(slot, block);
    }
  }
}

}  // namespace ssdtlm

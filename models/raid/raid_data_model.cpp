#include "models/raid/raid_data_model.h"

#include <utility>

#include "models/raid/parity_math.h"

namespace ssdtlm {

RaidDataModel::RaidDataModel(const RaidIoPlanner& planner, std::uint32_t devices)
    : planner_(planner), last_read_(devices), to_write_(devices) {}

std::uint64_t RaidDataModel::lookup(const std::vector<BlockContents>& contents, MemberId device,
                                    std::uint64_t member_block) {
  const auto it = contents[device].find(member_block);
  if (it != contents[device].end()) return it->second;
  ++counters_.missing_contents;
  return 0;
}

std::uint64_t RaidDataModel::content_to_write(MemberId device, std::uint64_t member_block) {
  return lookup(to_write_, device, member_block);
}

void RaidDataModel::content_read(MemberId device, std::uint64_t member_block, std::uint64_t tag) {
  last_read_[device][member_block] = tag;
}

std::uint64_t RaidDataModel::read_value(MemberId device, std::uint64_t member_block) {
  return lookup(last_read_, device, member_block);
}

void RaidDataModel::set_write(MemberId device, std::uint64_t member_block, std::uint64_t tag) {
  if (device != kNoMember) to_write_[device][member_block] = tag;
}

void RaidDataModel::record_host_write(const IoPlan& plan) {
  for (const UnitPiece& piece : plan.pieces) {
    for (std::uint32_t row = piece.row_begin; row < piece.row_end; ++row) {
      oracle_.record_write(static_cast<Lpn>(piece.array_block + (row - piece.row_begin)));
    }
  }
}

namespace {

// The engine's job on a whole row: P and Q of every data unit, to match `p` and `q`.
ParityRow full_row(const std::vector<std::uint64_t>& data, bool has_q, std::uint64_t p, std::uint64_t q) {
  ParityRow row;
  for (std::uint32_t k = 0; k < data.size(); ++k) row.add(data[k], k);
  row.has_q = has_q;
  row.expected_p = p;
  row.expected_q = q;
  return row;
}

}  // namespace

std::uint64_t RaidDataModel::finish_read(const IoPlan& plan) {
  std::uint64_t mismatches = 0;
  parity_rows_.clear();
  planner_.for_each_piece_row(plan, [&](const StripePlacement& placement, const MemberId* devices,
                                        const UnitPiece& piece, std::uint32_t row, std::uint64_t block) {
    std::uint64_t value = 0;
    if (piece.device != kNoMember) {
      value = read_value(piece.device, block);
    } else {
      // Rebuilt from what the planner read: surviving data, P, and Q when needed.
      StripeRow r;
      r.data.assign(placement.data_units, 0);
      r.data_lost.assign(placement.data_units, false);
      std::uint32_t lost_data = 0;
      for (std::uint32_t k = 0; k < placement.data_units; ++k) {
        const MemberId device = devices[placement.data_member(k)];
        r.data_lost[k] = device == kNoMember;
        lost_data += r.data_lost[k];
        if (device != kNoMember) r.data[k] = read_value(device, block);
      }
      const bool p_ok = devices[placement.p] != kNoMember;
      r.has_q = placement.q != kNoMember;
      const bool q_ok = r.has_q && devices[placement.q] != kNoMember;
      r.p_lost = !p_ok;
      if (p_ok) r.p = read_value(devices[placement.p], block);
      const bool q_read = q_ok && (lost_data > 1 || !p_ok);
      r.q_lost = r.has_q && !q_read;
      if (q_read) r.q = read_value(devices[placement.q], block);
      if (!recover(r)) {
        ++counters_.unrecoverable_rows;
      } else {
        ++counters_.blocks_reconstructed;
        parity_rows_.push_back(full_row(r.data, r.has_q, r.p, r.q));
      }
      value = r.data[piece.k];
    }
    ++counters_.blocks_checked;
    if (value != expected(piece.array_block + (row - piece.row_begin))) ++mismatches;
    return true;
  });
  counters_.mismatches += mismatches;
  return mismatches;
}

void RaidDataModel::prepare_writes(const IoPlan& plan) {
  const std::uint32_t members = planner_.layout().members();
  parity_rows_.clear();
  for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
    const StripeTask& task = plan.tasks[t];
    const MemberId* devices = &plan.slot_devices[t * members];  // read from
    const MemberId* written_to = plan.write_devices.empty() ? devices : &plan.write_devices[t * members];
    const StripePlacement placement = planner_.layout().place(task.stripe);
    const std::uint32_t data_units = placement.data_units;
    const bool has_q = placement.q != kNoMember;
    // New data of this stripe, by data index (null: not written by this plan).
    std::vector<const UnitPiece*> piece_of(data_units, nullptr);
    for (std::uint32_t i = 0; i < task.piece_count; ++i) {
      const UnitPiece& piece = plan.pieces[task.first_piece + i];
      piece_of[piece.k] = &piece;
    }
    auto written = [&](std::uint32_t k, std::uint32_t row) {
      const UnitPiece* piece = piece_of[k];
      return piece != nullptr && row >= piece->row_begin && row < piece->row_end;
    };
    auto new_value = [&](std::uint32_t k, std::uint32_t row) {
      return expected(piece_of[k]->array_block + (row - piece_of[k]->row_begin));
    };
    auto slot_value = [&](MemberId slot, std::uint64_t block) { return read_value(devices[slot], block); };

    for (std::uint32_t row = task.row_begin; row < task.row_end; ++row) {
      const std::uint64_t block = planner_.member_block(task.stripe, row);
      switch (task.mode) {
        case StripeMode::WriteDirect:
          for (std::uint32_t k = 0; k < data_units; ++k) {
            if (!written(k, row)) continue;
            for (std::uint32_t c = 0; c < placement.copies; ++c) {
              set_write(written_to[placement.data_member(k, c)], block, new_value(k, row));
            }
          }
          break;
        case StripeMode::WriteFullRow:
        case StripeMode::WriteRcw: {
          std::vector<std::uint64_t> data(data_units);
          for (std::uint32_t k = 0; k < data_units; ++k) {
            data[k] = written(k, row) ? new_value(k, row) : slot_value(placement.data_member(k), block);
            if (written(k, row)) set_write(written_to[placement.data_member(k)], block, data[k]);
          }
          const std::uint64_t p = xor_parity(data);
          const std::uint64_t q = has_q ? q_parity(data) : 0;
          set_write(written_to[placement.p], block, p);
          if (has_q) set_write(written_to[placement.q], block, q);
          parity_rows_.push_back(full_row(data, has_q, p, q));
          break;
        }
        case StripeMode::WriteRmw: {
          // The engine sees old and new data of the touched units; its delta goes into the
          // old parity.
          ParityRow engine_row;
          engine_row.has_q = has_q;
          std::uint64_t p = slot_value(placement.p, block);
          std::uint64_t q = has_q ? slot_value(placement.q, block) : 0;
          engine_row.base_p = p;
          engine_row.base_q = q;
          for (std::uint32_t k = 0; k < data_units; ++k) {
            if (!written(k, row)) continue;
            const std::uint64_t old_value = slot_value(placement.data_member(k), block);
            const std::uint64_t delta = old_value ^ new_value(k, row);
            p ^= delta;
            if (has_q) q ^= q_delta(k, delta);
            set_write(written_to[placement.data_member(k)], block, new_value(k, row));
            engine_row.add(old_value, k);
            engine_row.add(new_value(k, row), k);
          }
          set_write(written_to[placement.p], block, p);
          if (has_q) set_write(written_to[placement.q], block, q);
          engine_row.expected_p = p;
          engine_row.expected_q = q;
          if (!engine_row.words.empty()) parity_rows_.push_back(std::move(engine_row));
          break;
        }
        case StripeMode::WriteDegraded: {
          StripeRow r;
          r.data.assign(data_units, 0);
          r.data_lost.assign(data_units, false);
          for (std::uint32_t k = 0; k < data_units; ++k) {
            const MemberId device = devices[placement.data_member(k)];
            r.data_lost[k] = device == kNoMember;
            if (device != kNoMember) r.data[k] = read_value(device, block);
          }
          r.has_q = has_q;
          r.p_lost = devices[placement.p] == kNoMember;
          if (!r.p_lost) r.p = slot_value(placement.p, block);
          r.q_lost = has_q && devices[placement.q] == kNoMember;
          if (has_q && !r.q_lost) r.q = slot_value(placement.q, block);
          if (!recover(r)) ++counters_.unrecoverable_rows;
          for (std::uint32_t k = 0; k < data_units; ++k) {
            if (!written(k, row)) continue;
            r.data[k] = new_value(k, row);
            set_write(written_to[placement.data_member(k)], block, r.data[k]);
          }
          const std::uint64_t p = xor_parity(r.data);
          const std::uint64_t q = has_q ? q_parity(r.data) : 0;
          set_write(written_to[placement.p], block, p);
          if (has_q) set_write(written_to[placement.q], block, q);
          parity_rows_.push_back(full_row(r.data, has_q, p, q));
          break;
        }
        case StripeMode::Rebuild: {
          if (placement.copies > 1) {
            const bool readable = task.rebuild_source != kNoMember;
            set_write(task.rebuild_target, block, readable ? read_value(task.rebuild_source, block) : kGuessedContent);
            break;
          }
          StripeRow r;
          r.data.assign(data_units, 0);
          r.data_lost.assign(data_units, false);
          std::uint32_t lost_data = 0;
          for (std::uint32_t k = 0; k < data_units; ++k) {
            const MemberId device = devices[placement.data_member(k)];
            r.data_lost[k] = device == kNoMember;
            lost_data += r.data_lost[k];
            if (device != kNoMember) r.data[k] = read_value(device, block);
          }
          const bool p_ok = devices[placement.p] != kNoMember;
          const bool q_ok = has_q && devices[placement.q] != kNoMember;
          const bool read_p = lost_data > 0 && p_ok;
          const bool read_q = q_ok && (lost_data > 1 || (lost_data == 1 && !p_ok));
          r.has_q = has_q;
          r.p_lost = !read_p;
          if (read_p) r.p = slot_value(placement.p, block);
          r.q_lost = has_q && !read_q;
          if (read_q) r.q = slot_value(placement.q, block);
          if (!recover(r)) {
            ++counters_.unrecoverable_rows;
            set_write(task.rebuild_target, block, kGuessedContent);
            break;
          }
          std::uint64_t value;
          if (task.rebuild_slot == placement.p) {
            value = r.p;
          } else if (task.rebuild_slot == placement.q) {
            value = r.q;
          } else {
            value = r.data[static_cast<std::uint32_t>(placement.data_index_of(task.rebuild_slot))];
          }
          set_write(task.rebuild_target, block, value);
          // The engine's check of the rebuilt row: its P and Q of the recovered data match
          // the surviving (or recomputed) parity.
          parity_rows_.push_back(full_row(r.data, has_q, r.p, r.q));
          break;
        }
        default:
          break;
      }
    }
  }
}

}  // namespace ssdtlm

#include "models/raid/raid_io_planner.h"

#include <algorithm>

namespace ssdtlm {

RaidIoPlanner::RaidIoPlanner(const StripeLayout& layout, const RaidAddressing& addressing)
    : layout_(layout),
      addressing_(addressing),
      blocks_per_unit_(static_cast<std::uint32_t>(addressing.stripe_unit_bytes / addressing.block_bytes)) {}

std::uint64_t RaidIoPlanner::first_stripe(std::uint64_t offset_bytes) const {
  return offset_bytes / addressing_.stripe_unit_bytes / layout_.data_units_per_stripe();
}

std::uint64_t RaidIoPlanner::last_stripe(std::uint64_t offset_bytes, std::uint64_t bytes) const {
  return first_stripe(offset_bytes + (bytes == 0 ? 0 : bytes - 1));
}

void RaidIoPlanner::add(std::vector<MemberExtent>& extents, MemberId device, std::uint64_t stripe,
                        std::uint32_t row_begin, std::uint32_t row_end) const {
  if (row_end <= row_begin) return;
  const std::uint64_t block = member_block(stripe, row_begin);
  extents.push_back({device, block * addressing_.block_bytes, std::uint64_t(row_end - row_begin) * addressing_.block_bytes});
}

void RaidIoPlanner::merge(std::vector<MemberExtent>& extents) {
  // One member request per contiguous run: a large request becomes one request per member.
  std::sort(extents.begin(), extents.end(), [](const MemberExtent& a, const MemberExtent& b) {
    return a.device != b.device ? a.device < b.device : a.offset_bytes < b.offset_bytes;
  });
  std::size_t out = 0;
  for (std::size_t i = 0; i < extents.size(); ++i) {
    if (out > 0 && extents[out - 1].device == extents[i].device &&
        extents[i].offset_bytes <= extents[out - 1].offset_bytes + extents[out - 1].bytes) {
      MemberExtent& last = extents[out - 1];
      last.bytes = std::max(last.offset_bytes + last.bytes, extents[i].offset_bytes + extents[i].bytes) - last.offset_bytes;
    } else {
      extents[out++] = extents[i];
    }
  }
  extents.resize(out);
}

MemberId RaidIoPlanner::least_loaded_copy(const StripePlacement& placement, std::uint32_t k, const MemberId* devices,
                                          const DeviceView& view) {
  MemberId chosen = kNoMember;
  for (std::uint32_t c = 0; c < placement.copies; ++c) {
    const MemberId device = devices[placement.data_member(k, c)];
    if (device == kNoMember) continue;
    if (chosen == kNoMember || view.load(device) < view.load(chosen)) chosen = device;
  }
  return chosen;
}

void RaidIoPlanner::snapshot_devices(std::uint64_t stripe, const DeviceView& view, IoPlan& plan) const {
  for (MemberId slot = 0; slot < layout_.members(); ++slot) plan.slot_devices.push_back(view.device(slot, stripe));
}

void RaidIoPlanner::collect_pieces(std::uint64_t offset_bytes, std::uint64_t bytes, const DeviceView& view,
                                   IoPlan& plan) const {
  const std::uint64_t data_units = layout_.data_units_per_stripe();
  std::uint64_t block = offset_bytes / addressing_.block_bytes;
  const std::uint64_t end = (offset_bytes + bytes) / addressing_.block_bytes;
  while (block < end) {
    const std::uint64_t chunk = block / blocks_per_unit_;
    const auto row = static_cast<std::uint32_t>(block % blocks_per_unit_);
    const std::uint64_t stripe = chunk / data_units;
    const auto k = static_cast<std::uint32_t>(chunk % data_units);
    const auto rows = static_cast<std::uint32_t>(std::min<std::uint64_t>(blocks_per_unit_ - row, end - block));
    if (plan.tasks.empty() || plan.tasks.back().stripe != stripe) {
      StripeTask task;
      task.stripe = stripe;
      task.row_begin = row;
      task.row_end = row + rows;
      task.first_piece = static_cast<std::uint32_t>(plan.pieces.size());
      plan.tasks.push_back(task);
      snapshot_devices(stripe, view, plan);
    }
    StripeTask& task = plan.tasks.back();
    task.row_begin = std::min(task.row_begin, row);
    task.row_end = std::max(task.row_end, row + rows);
    ++task.piece_count;
    plan.pieces.push_back({k, row, row + rows, block});
    block += rows;
  }
}

void RaidIoPlanner::plan_read(std::uint64_t offset_bytes, std::uint64_t bytes, const DeviceView& view,
                              IoPlan& plan) const {
  plan.clear();
  collect_pieces(offset_bytes, bytes, view, plan);
  for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
    plan_read_stripe(plan.tasks[t], &plan.slot_devices[t * layout_.members()], view, plan);
  }
  merge(plan.reads);
}

void RaidIoPlanner::plan_read_stripe(StripeTask& task, const MemberId* devices, const DeviceView& view,
                                     IoPlan& plan) const {
  const StripePlacement placement = layout_.place(task.stripe);
  task.mode = StripeMode::Read;
  bool degraded = false;
  for (std::uint32_t i = 0; i < task.piece_count; ++i) {
    const UnitPiece& piece = plan.pieces[task.first_piece + i];
    const MemberId chosen = least_loaded_copy(placement, piece.k, devices, view);
    plan.pieces[task.first_piece + i].device = chosen;
    if (chosen != kNoMember) {
      add(plan.reads, chosen, task.stripe, piece.row_begin, piece.row_end);
    } else if (layout_.parity_units() == 0) {
      plan.lost_data = true;
    } else {
      degraded = true;
    }
  }
  if (!degraded) return;
  task.mode = StripeMode::ReadDegraded;
  std::uint32_t lost_data = 0;
  for (std::uint32_t k = 0; k < placement.data_units; ++k) lost_data += devices[placement.data_member(k)] == kNoMember;
  const bool p_ok = devices[placement.p] != kNoMember;
  const bool q_ok = placement.q != kNoMember && devices[placement.q] != kNoMember;
  const bool use_q = lost_data > 1 || !p_ok;
  if (lost_data > (p_ok ? 1u : 0u) + (q_ok ? 1u : 0u)) {
    plan.lost_data = true;
    return;
  }
  const std::uint32_t rows = task.row_end - task.row_begin;
  std::uint32_t survivors = 0;
  for (std::uint32_t k = 0; k < placement.data_units; ++k) {
    const MemberId device = devices[placement.data_member(k)];
    if (device == kNoMember) continue;
    add(plan.reads, device, task.stripe, task.row_begin, task.row_end);
    ++survivors;
  }
  if (p_ok) {
    add(plan.reads, devices[placement.p], task.stripe, task.row_begin, task.row_end);
    ++survivors;
  }
  if (use_q) add(plan.reads, devices[placement.q], task.stripe, task.row_begin, task.row_end);
  plan.xor_bytes += std::uint64_t(survivors) * rows * addressing_.block_bytes;
  if (use_q) plan.rs_bytes += std::uint64_t(survivors + 1) * rows * addressing_.block_bytes;
}

void RaidIoPlanner::plan_write(std::uint64_t offset_bytes, std::uint64_t bytes, const DeviceView& view,
                               IoPlan& plan) const {
  plan.clear();
  collect_pieces(offset_bytes, bytes, view, plan);
  for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
    plan_write_stripe(plan.tasks[t], &plan.slot_devices[t * layout_.members()], plan);
  }
  merge(plan.reads);
  merge(plan.writes);
}

void RaidIoPlanner::plan_write_stripe(StripeTask& task, const MemberId* devices, IoPlan& plan) const {
  const StripePlacement placement = layout_.place(task.stripe);
  const std::uint64_t block_bytes = addressing_.block_bytes;
  // New data goes to every surviving device of its unit, whatever the mode.
  for (std::uint32_t i = 0; i < task.piece_count; ++i) {
    const UnitPiece& piece = plan.pieces[task.first_piece + i];
    bool written = false;
    for (std::uint32_t c = 0; c < placement.copies; ++c) {
      const MemberId device = devices[placement.data_member(piece.k, c)];
      if (device == kNoMember) continue;
      add(plan.writes, device, task.stripe, piece.row_begin, piece.row_end);
      written = true;
    }
    if (!written && layout_.parity_units() == 0) plan.lost_data = true;
  }
  if (layout_.parity_units() == 0) {
    task.mode = StripeMode::WriteDirect;
    return;
  }

  const std::uint32_t data_units = placement.data_units;
  const std::uint32_t rows = task.row_end - task.row_begin;
  const bool has_q = placement.q != kNoMember;
  const std::uint32_t parity_units = has_q ? 2 : 1;
  std::uint32_t lost_data = 0;
  for (std::uint32_t k = 0; k < data_units; ++k) lost_data += devices[placement.data_member(k)] == kNoMember;
  const bool p_ok = devices[placement.p] != kNoMember;
  const bool q_ok = has_q && devices[placement.q] != kNoMember;
  if (p_ok) add(plan.writes, devices[placement.p], task.stripe, task.row_begin, task.row_end);
  if (q_ok) add(plan.writes, devices[placement.q], task.stripe, task.row_begin, task.row_end);

  if (lost_data > 0 || !p_ok || (has_q && !q_ok)) {
    task.mode = StripeMode::WriteDegraded;
    const std::uint32_t lost = lost_data + (p_ok ? 0 : 1) + (has_q && !q_ok ? 1 : 0);
    if (lost > parity_units) plan.lost_data = true;
    std::uint32_t survivors = 0;
    for (MemberId slot : {placement.p, placement.q}) {
      if (slot != kNoMember && devices[slot] != kNoMember) {
        add(plan.reads, devices[slot], task.stripe, task.row_begin, task.row_end);
        ++survivors;
      }
    }
    for (std::uint32_t k = 0; k < data_units; ++k) {
      const MemberId device = devices[placement.data_member(k)];
      if (device == kNoMember) continue;
      add(plan.reads, device, task.stripe, task.row_begin, task.row_end);
      ++survivors;
    }
    const bool q_for_recovery = lost_data > 1 || (lost_data == 1 && !p_ok);
    plan.xor_bytes += std::uint64_t(survivors + data_units) * rows * block_bytes;
    if (has_q) plan.rs_bytes += std::uint64_t((q_for_recovery ? survivors : 0) + data_units) * rows * block_bytes;
    return;
  }

  // Blocks each data unit has written in the union of rows.
  std::uint64_t touched_total = 0;
  std::uint64_t rcw_reads = 0;
  std::array<const UnitPiece*, kMaxRaidMembers> piece_of{};
  for (std::uint32_t i = 0; i < task.piece_count; ++i) {
    const UnitPiece& piece = plan.pieces[task.first_piece + i];
    piece_of[piece.k] = &piece;
    touched_total += piece.row_end - piece.row_begin;
  }
  for (std::uint32_t k = 0; k < data_units; ++k) {
    rcw_reads += rows - (piece_of[k] ? piece_of[k]->row_end - piece_of[k]->row_begin : 0);
  }
  const std::uint64_t rmw_reads = touched_total + std::uint64_t(parity_units) * rows;
  if (rcw_reads == 0) {
    task.mode = StripeMode::WriteFullRow;
  } else if (rmw_reads < rcw_reads) {
    task.mode = StripeMode::WriteRmw;
  } else {
    task.mode = StripeMode::WriteRcw;
  }
  switch (task.mode) {
    case StripeMode::WriteRmw:
      for (std::uint32_t k = 0; k < data_units; ++k) {
        if (piece_of[k]) add(plan.reads, devices[placement.data_member(k)], task.stripe, piece_of[k]->row_begin, piece_of[k]->row_end);
      }
      add(plan.reads, devices[placement.p], task.stripe, task.row_begin, task.row_end);
      if (has_q) add(plan.reads, devices[placement.q], task.stripe, task.row_begin, task.row_end);
      plan.xor_bytes += (2 * touched_total + rows) * block_bytes;
      if (has_q) plan.rs_bytes += (2 * touched_total + rows) * block_bytes;
      break;
    case StripeMode::WriteRcw:
      for (std::uint32_t k = 0; k < data_units; ++k) {
        const MemberId device = devices[placement.data_member(k)];
        if (!piece_of[k]) {
          add(plan.reads, device, task.stripe, task.row_begin, task.row_end);
          continue;
        }
        add(plan.reads, device, task.stripe, task.row_begin, piece_of[k]->row_begin);
        add(plan.reads, device, task.stripe, piece_of[k]->row_end, task.row_end);
      }
      [[fallthrough]];
    default:
      plan.xor_bytes += std::uint64_t(data_units) * rows * block_bytes;
      if (has_q) plan.rs_bytes += std::uint64_t(data_units) * rows * block_bytes;
      break;
  }
}

void RaidIoPlanner::plan_rebuild(std::uint64_t stripe, MemberId slot, MemberId target, const DeviceView& view,
                                 IoPlan& plan) const {
  plan.clear();
  StripeTask task;
  task.stripe = stripe;
  task.mode = StripeMode::Rebuild;
  task.row_begin = 0;
  task.row_end = blocks_per_unit_;
  task.rebuild_slot = slot;
  task.rebuild_target = target;
  plan.tasks.push_back(task);
  snapshot_devices(stripe, view, plan);
  const MemberId* devices = plan.slot_devices.data();
  const StripePlacement placement = layout_.place(stripe);
  const std::uint64_t unit = addressing_.stripe_unit_bytes;
  add(plan.writes, target, stripe, 0, blocks_per_unit_);

  if (layout_.parity_units() == 0) {
    const int k = placement.data_index_of(slot);
    const MemberId source = k < 0 ? kNoMember : least_loaded_copy(placement, static_cast<std::uint32_t>(k), devices, view);
    if (source == kNoMember) {
      plan.lost_data = true;
      return;
    }
    plan.tasks.back().rebuild_source = source;
    add(plan.reads, source, stripe, 0, blocks_per_unit_);
    return;
  }

  const bool has_q = placement.q != kNoMember;
  std::uint32_t lost_data = 0;
  for (std::uint32_t k = 0; k < placement.data_units; ++k) lost_data += devices[placement.data_member(k)] == kNoMember;
  const bool p_ok = devices[placement.p] != kNoMember;
  const bool q_ok = has_q && devices[placement.q] != kNoMember;
  const std::uint32_t lost = lost_data + (p_ok ? 0 : 1) + (has_q && !q_ok ? 1 : 0);
  if (lost > (has_q ? 2u : 1u)) {
    plan.lost_data = true;
    return;
  }
  std::uint32_t reads = 0;
  for (std::uint32_t k = 0; k < placement.data_units; ++k) {
    const MemberId device = devices[placement.data_member(k)];
    if (device == kNoMember) continue;
    add(plan.reads, device, stripe, 0, blocks_per_unit_);
    ++reads;
  }
  // Data units are rebuilt from P when one is lost and P survives, else from Q.
  const bool read_p = lost_data > 0 && p_ok;
  const bool read_q = q_ok && (lost_data > 1 || (lost_data == 1 && !p_ok));
  if (read_p) add(plan.reads, devices[placement.p], stripe, 0, blocks_per_unit_);
  if (read_q) add(plan.reads, devices[placement.q], stripe, 0, blocks_per_unit_);
  reads += (read_p ? 1 : 0) + (read_q ? 1 : 0);
  plan.xor_bytes += std::uint64_t(reads) * unit;
  if (read_q || slot == placement.q) plan.rs_bytes += std::uint64_t(reads) * unit;
  merge(plan.reads);
}

}  // namespace ssdtlm

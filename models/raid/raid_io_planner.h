#pragma once
// RaidIoPlanner: the address arithmetic of the array and the decision of what each operation
// does in each stripe it touches. Pure C++ (no SystemC), unit-tested directly.
//
// Parity writes choose like Linux md: a row of the stripe that the write covers entirely needs
// no reads (full-row write); otherwise read-modify-write (read old data and parity) when it
// reads fewer blocks than reconstruct-write (read the untouched data), else reconstruct-write.
// A stripe with a lost unit reads every survivor, rebuilds the row and recomputes parity.
#include <cstdint>

#include "models/raid/raid_io_plan.h"
#include "models/raid/stripe_layout.h"

namespace ssdtlm {

struct RaidAddressing {
  std::uint64_t stripe_unit_bytes = 65536;
  std::uint32_t block_bytes = 4096;  // the array's logical block = every member's
  std::uint64_t stripes = 0;         // units per member the array uses
};

// The controller's view of its devices when an operation is planned.
class DeviceView {
 public:
  virtual ~DeviceView() = default;
  // The device that holds `slot`'s unit of `stripe`: the member, the spare that replaced it
  // (stripe already rebuilt) or kNoMember (lost: failed and not rebuilt yet).
  virtual MemberId device(MemberId slot, std::uint64_t stripe) const = 0;
  // Member I/Os outstanding on a device: mirrored reads go to the least loaded copy.
  virtual std::uint32_t load(MemberId device) const = 0;
};

class RaidIoPlanner {
 public:
  RaidIoPlanner(const StripeLayout& layout, const RaidAddressing& addressing);

  const StripeLayout& layout() const { return layout_; }
  const RaidAddressing& addressing() const { return addressing_; }
  std::uint32_t blocks_per_unit() const { return blocks_per_unit_; }
  std::uint64_t capacity_bytes() const {
    return addressing_.stripes * layout_.data_units_per_stripe() * addressing_.stripe_unit_bytes;
  }
  std::uint64_t first_stripe(std::uint64_t offset_bytes) const;
  std::uint64_t last_stripe(std::uint64_t offset_bytes, std::uint64_t bytes) const;
  // Member block holding row `row` of `stripe` (on whichever member holds the unit).
  std::uint64_t member_block(std::uint64_t stripe, std::uint32_t row) const {
    return stripe * blocks_per_unit_ + row;
  }

  // Calls visit(placement, devices, piece, row, member_block) for every row of every piece of
  // `plan`, task by task (`devices`: the task's device per slot as planned); stops when visit
  // returns false.
  template <class Visit> void for_each_piece_row(const IoPlan& plan, Visit visit) const {
    for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
      const StripeTask& task = plan.tasks[t];
      const MemberId* devices = &plan.slot_devices[t * layout_.members()];
      const StripePlacement placement = layout_.place(task.stripe);
      for (std::uint32_t i = 0; i < task.piece_count; ++i) {
        const UnitPiece& piece = plan.pieces[task.first_piece + i];
        for (std::uint32_t row = piece.row_begin; row < piece.row_end; ++row) {
          if (!visit(placement, devices, piece, row, member_block(task.stripe, row))) return;
        }
      }
    }
  }

  // `offset_bytes` and `bytes` are whole blocks inside capacity_bytes() (the caller checks).
  void plan_read(std::uint64_t offset_bytes, std::uint64_t bytes, const DeviceView& view, IoPlan& plan) const;
  void plan_write(std::uint64_t offset_bytes, std::uint64_t bytes, const DeviceView& view, IoPlan& plan) const;
  // Recomputes `slot`'s unit of `stripe` from the survivors and writes it to `target`.
  void plan_rebuild(std::uint64_t stripe, MemberId slot, MemberId target, const DeviceView& view,
                    IoPlan& plan) const;

 private:
  void collect_pieces(std::uint64_t offset_bytes, std::uint64_t bytes, const DeviceView& view, IoPlan& plan) const;
  void snapshot_devices(std::uint64_t stripe, const DeviceView& view, IoPlan& plan) const;
  void plan_read_stripe(StripeTask& task, const MemberId* devices, const DeviceView& view, IoPlan& plan) const;
  void plan_write_stripe(StripeTask& task, const MemberId* devices, IoPlan& plan) const;
  void add(std::vector<MemberExtent>& extents, MemberId device, std::uint64_t stripe, std::uint32_t row_begin,
           std::uint32_t row_end) const;
  static void merge(std::vector<MemberExtent>& extents);
  // The surviving copy of data index k with the fewest outstanding I/Os (ties: the first).
  static MemberId least_loaded_copy(const StripePlacement& placement, std::uint32_t k, const MemberId* devices,
                                    const DeviceView& view);

  const StripeLayout& layout_;
  RaidAddressing addressing_;
  std::uint32_t blocks_per_unit_;
};

}  // namespace ssdtlm

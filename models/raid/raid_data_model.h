#pragma once
// Data mode of the array: what every array block and member block holds, computed through
// the same plans the timed controller executes, so a layout, parity or reconstruction bug
// shows up as a wrong block at the read that meets it.
//
// Contents are 64-bit tags (parity_math.h). Host writes get fresh tags at their serialization
// point (when the operation holds its stripes); members store what the controller hands them
// (FtlCpu::set_host_content_hooks) and give back what they read; host reads are compared with
// the tag last written to each block. Data mode requires the array block to be the member page.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "models/common/data_oracle.h"
#include "models/raid/parity_row.h"
#include "models/raid/raid_io_planner.h"

namespace ssdtlm {

struct RaidDataCounters {
  std::uint64_t blocks_checked = 0;      // host-read blocks compared with the last write
  std::uint64_t mismatches = 0;
  std::uint64_t blocks_reconstructed = 0;  // host-read blocks rebuilt from parity
  std::uint64_t unrecoverable_rows = 0;    // rows with more losses than the parity covers
  std::uint64_t missing_contents = 0;  // a block content the plan needed was never read (model bug)
};

class RaidDataModel {
 public:
  // What a rebuild writes to the spare for a unit it could not recompute (the controller
  // records the block as unreadable, StripeIntegrity): never a tag a host write gets.
  static constexpr std::uint64_t kGuessedContent = 0;

  RaidDataModel(const RaidIoPlanner& planner, std::uint32_t devices);

  // Member side (installed as the members' content hooks).
  std::uint64_t content_to_write(MemberId device, std::uint64_t member_block);
  void content_read(MemberId device, std::uint64_t member_block, std::uint64_t tag);

  // Host write serialization point: fresh tags for every block the plan writes.
  void record_host_write(const IoPlan& plan);
  // After the read phase: checks a host read (returns the mismatches found) or computes the
  // contents of every member block a write or rebuild plan writes.
  std::uint64_t finish_read(const IoPlan& plan);
  void prepare_writes(const IoPlan& plan);

  std::uint64_t expected(std::uint64_t array_block) const { return oracle_.expected(static_cast<Lpn>(array_block)); }
  const RaidDataCounters& counters() const { return counters_; }
  // The rows the parity engine computes for the plan last given to finish_read or
  // prepare_writes (its inputs and the parity this model's math produced).
  const std::vector<ParityRow>& parity_rows() const { return parity_rows_; }

 private:
  using BlockContents = std::unordered_map<std::uint64_t, std::uint64_t>;  // member block -> tag
  // A content the plan needs; a missing one is counted (a model bug) and reads as 0.
  std::uint64_t lookup(const std::vector<BlockContents>& contents, MemberId device, std::uint64_t member_block);
  std::uint64_t read_value(MemberId device, std::uint64_t member_block);
  void set_write(MemberId device, std::uint64_t member_block, std::uint64_t tag);

  const RaidIoPlanner& planner_;
  DataOracle oracle_;  // array blocks
  std::vector<BlockContents> last_read_;  // per device: what its reads returned last
  std::vector<BlockContents> to_write_;   // per device: what the next write of a block carries
  RaidDataCounters counters_;
  std::vector<ParityRow> parity_rows_;
};

}  // namespace ssdtlm

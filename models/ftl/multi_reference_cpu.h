#pragma once
// MultiReferenceCpu: the timed firmware shell of the multi-reference store (ftl.mode = mjolnir;
// docs/mjolnir.md, "Timed mode"). It is the FtlFirmware between the HostInterface and the
// FlashController in that mode and drives the untimed MultiReferenceStore:
//   * host page reads, writes and trims go through the extent map; range copy (NVMe Simple
//     Copy), range move, range delete and snapshot commands change the map only;
//   * the mark phase runs on the firmware cores: a scan occupies scanner_threads cores for the
//     makespan of simulate_scan (CPU cycles per mapping, flag-and-barrier reassignment), and
//     its traversal is applied at the end of that time;
//   * the cleaner's copy-forward is a flash read of the old page and a program of the new one
//     through the controller (die and channel contention apply); the map is updated when the
//     program completes; a reclaimed segment is erased block by block;
//   * the rate limiter divides `inflight_pages` admission slots between host page operations
//     and GC copies; panic mode holds host writes.
//
// Physical layout: segment s is block s of every plane, striped page by page over the planes
// (offset o of a segment is plane o mod planes, page o div planes), so the head of the log
// spreads consecutive writes over all dies and channels. Pages of a block are programmed in
// order: a program whose predecessor in the block is not issued yet (a GC copy still reading)
// waits for it.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_geometry.h"
#include "models/common/ftl_command.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/ftl/firmware/flash_port.h"
#include "models/ftl/firmware/ftl_firmware.h"
#include "models/ftl/firmware_cores.h"
#include "models/ftl/ftl_cpu_config.h"
#include "models/ftl/multi_reference/multi_reference_store.h"
#include "models/ftl/multi_reference_cpu_config.h"

namespace ssdtlm {

struct MultiReferenceCpuStatistics {
  std::uint64_t host_writes_held = 0;      // host page writes that waited for space (panic or reserve)
  std::uint64_t range_commands = 0;
  std::uint64_t scans = 0;
  std::uint64_t mappings_scanned = 0;
  std::uint64_t scan_busy_ps = 0;          // summed makespans
  std::uint64_t scan_reassignments = 0;
  std::uint64_t gc_copies = 0;             // copy-forwards completed (read + program)
  std::uint64_t segments_erased = 0;
  std::uint64_t reclaims = 0;              // segments whose erase completed, with a selection time
  std::uint64_t reclaim_ps_sum = 0;        // selection-scan start -> erase done, summed
  std::uint64_t data_mismatches = 0;
  // measure_reclaim_at_end
  bool reclaim_measured = false;
  std::uint64_t measured_reclaim_ps = 0;
  std::uint64_t measured_mappings = 0;
  std::uint64_t measured_scan_ps = 0;      // makespans of the scans inside the measurement
  std::uint32_t measured_scans = 0;
  std::uint64_t measured_copies = 0;
  std::uint32_t measured_segments = 0;
};

// One sample of the timeline in stats.json (cumulative counters; rates are differences).
struct MultiReferenceTimelineSample {
  std::uint64_t time_ps = 0;
  std::uint64_t host_pages_read = 0;
  std::uint64_t host_pages_written = 0;
  std::uint64_t gc_copies = 0;
  double utilization = 0.0;
  double host_share = 1.0;
  double gc_share = 0.0;
  bool panic = false;
  std::uint64_t segments_allocated = 0;
  std::uint64_t segments_reclaimed = 0;
  std::uint64_t mappings = 0;
};

class MultiReferenceCpu final : public sc_core::sc_module, public FtlFirmware {
 public:
  tlm_utils::simple_target_socket<MultiReferenceCpu> host_socket;

  MultiReferenceCpu(sc_core::sc_module_name name, const FtlCpuConfig& cpu, const MultiReferenceCpuConfig& config,
             const FlashGeometry& geometry, bool data_mode);
  ~MultiReferenceCpu() override;

  // Flash commands by origin and opcode, in FtlCpu's layout so stats.json reads the same.
  const FtlCpuStatistics& flash_statistics() const override { return flash_stats_; }
  const MultiReferenceCpuStatistics& statistics() const { return stats_; }
  const std::vector<MultiReferenceTimelineSample>& samples() const { return samples_; }
  multi_reference::MultiReferenceStore& store() { return *store_; }
  const multi_reference::MultiReferenceStore& store() const { return *store_; }
  // Flash page of a physical block address of the store (the striped segment layout).
  Ppn flash_page(multi_reference::Pba pba) const;

  // Data mode: the content tag of the n-th host page write (n from 1), so tests can predict
  // what a snapshot holds.
  static std::uint64_t content_tag(std::uint64_t write_number);

  // Erases of a flash block completed so far (stats.json's erase-count spread).
  std::uint64_t erase_count(BlockId block) const override { return erase_counts_[block]; }

  bool idle() const override;
  // The host workload has ended: no new GC work starts (or, with measure_reclaim_at_end, the
  // reclaim measurement runs); `callback` runs once everything in flight has finished.
  void host_finished(std::function<void()> callback) override;
  nlohmann::json statistics_json() const;

  // --- FtlFirmware (the rest; multi_reference_cpu_statistics.cpp)
  tlm::tlm_target_socket<>& host_target_socket() override { return host_socket; }
  tlm::tlm_initiator_socket<>& flash_initiator_socket() override { return port_.socket; }
  std::uint64_t host_logical_pages() const override { return config_.namespace_pages; }
  bool direct_flash_calls() const override { return port_.direct(); }
  std::uint64_t gc_pages_moved() const override { return stats_.gc_copies; }
  std::uint64_t blocks_erased() const override;
  std::uint64_t free_blocks() const override;
  void add_statistics(nlohmann::json& stats) const override { stats["mjolnir"] = statistics_json(); }
  nlohmann::json verify_data(const FlashPageReader& read_flash) const override;
  // Starts from an empty store; keeps page contents in its log; takes range commands.
  bool supports_preconditioning() const override { return false; }
  bool takes_range_commands() const override { return true; }
  bool keeps_page_contents() const override { return true; }
  std::optional<std::uint64_t> page_content(std::uint64_t page) const override { return store_->read(page); }

 private:
  enum class TxnKind : std::uint8_t { HostRead, HostWrite, GcRead, GcProgram, GcErase };
  struct FlashTxn;

  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  void run_step(std::uint64_t cycles, TimedCallbackQueue::Callback step);
  void handle_host(tlm::tlm_generic_payload& gp);
  void handle_range_command(tlm::tlm_generic_payload& gp);
  void complete_host(tlm::tlm_generic_payload& gp);

  // Admission of flash page operations under the rate limiter.
  void pump();
  void admit_host_read(tlm::tlm_generic_payload& gp);
  void admit_host_write(tlm::tlm_generic_payload& gp);
  bool admit_gc_copy();
  void maybe_start_scan();
  void erase_segment(std::uint32_t segment);

  void end_of_elaboration() override;  // direct calls to the controller when bound to one
  FlashTxn& new_txn(TxnKind kind, FlashOpcode opcode, OpOrigin origin);
  void issue(FlashTxn& txn);
  // Programs go to the die in page order within a block.
  void program_ready(FlashTxn& txn);
  void flash_completed(FlashTxn& txn);
  void check_read(multi_reference::Pba pba, Lpn lpn, std::uint64_t expected, std::uint64_t read);
  std::uint64_t fresh_tag();

  void sample();
  void check_idle();
  void start_measurement();

  FtlCpuConfig cpu_;
  MultiReferenceCpuConfig config_;
  FlashGeometry geometry_;
  bool data_mode_;
  std::uint32_t planes_total_;
  std::unique_ptr<multi_reference::MultiReferenceStore> store_;
  TimedCallbackQueue timer_;
  FirmwareCores cores_;

  // The flash side: transaction pool, issue path, completions to flash_completed.
  FlashPort<FlashTxn, MultiReferenceCpu, &MultiReferenceCpu::flash_completed> port_;
  std::uint32_t inflight_pages_ = 0;     // admitted page operations (a GC copy counts once)
  std::uint32_t txns_outstanding_ = 0;   // flash commands at the controller or held for order
  std::deque<tlm::tlm_generic_payload*> host_reads_;
  std::deque<tlm::tlm_generic_payload*> host_writes_;
  std::uint32_t host_steps_running_ = 0; // host commands in their firmware step
  double host_credit_ = 0.0;
  double gc_credit_ = 0.0;
  bool pumping_ = false;

  // Programs in flight by physical block address, with the host reads waiting for them.
  std::unordered_map<multi_reference::Pba, std::vector<tlm::tlm_generic_payload*>> inflight_programs_;
  // Per flash block: the next page to program, and programs that arrived ahead of it.
  std::vector<std::uint32_t> next_program_page_;
  std::unordered_map<Ppn, FlashTxn*> held_programs_;
  std::vector<std::uint32_t> erases_outstanding_;  // per segment
  std::vector<std::uint32_t> erase_counts_;        // per flash block
  std::vector<std::uint64_t> selected_at_ps_;      // per segment: start of the scan that selected it
  std::vector<std::uint8_t> selected_valid_;

  bool scanning_ = false;
  std::uint64_t map_generation_ = 0;
  std::uint64_t generation_at_last_scan_ = ~std::uint64_t{0};
  std::uint64_t tag_counter_ = 0;

  bool host_done_ = false;
  bool measuring_ = false;
  bool measurement_finished_ = false;
  std::uint64_t measure_start_ps_ = 0;
  std::vector<std::uint8_t> measure_target_;  // per segment: to be reclaimed by the measurement
  std::uint32_t measure_targets_left_ = 0;
  std::vector<std::uint8_t> measure_pinned_;  // per segment: kept from the scanner meanwhile
  std::function<void()> idle_callback_;

  FtlCpuStatistics flash_stats_;
  MultiReferenceCpuStatistics stats_;
  std::uint64_t host_pages_read_ = 0;
  std::uint64_t host_pages_written_ = 0;
  std::vector<MultiReferenceTimelineSample> samples_;
};

}  // namespace ssdtlm

#pragma once
// FtlCpu: the timed firmware shell around FtlCore. It receives page-level commands from the
// HostInterface, charges each FTL step CPU cycles on one of its cores, turns the core's
// decisions into flash commands for the FlashController, and runs GC cycles per allocation
// unit (plane) as sequences of reads, programs (or copybacks) and erases.
//
// Ordering rules that keep the model honest:
//   * a block becomes a GC candidate only when its last program has completed (seal);
//   * a host read of a page whose program is still in flight waits for that program
//     (or, with a write buffer, is served from DRAM);
//   * the victim is erased only after every read of its valid pages has completed.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/kernel/command_link.h"
#include "models/common/data_oracle.h"
#include "models/common/flash_command.h"
#include "models/common/flash_command_link.h"
#include "models/common/flush_barrier.h"
#include "models/common/ftl_command.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/ftl/cache_command_streams.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware_cores.h"
#include "models/ftl/ftl_cpu_config.h"

namespace ssdtlm {

class PowerLossRecorder;

struct FtlCpuStatistics {
  // [origin][opcode] flash commands issued by the FTL.
  std::uint64_t flash_commands[kOpOriginCount][7] = {};
  std::uint64_t host_reads_unmapped = 0;     // pages never written: no flash access
  std::uint64_t host_reads_from_buffer = 0;  // served by the write buffer
  std::uint64_t host_reads_waited_for_buffered_writes = 0;  // see reads_waiting_for_events_
  std::uint64_t host_writes_waited_for_gc = 0;
  std::uint64_t read_modify_writes = 0;      // partial-page writes that read the old page
  std::uint64_t gc_cycles = 0;
  std::uint64_t gc_victims = 0;
  std::uint64_t gc_busy_ps = 0;              // summed over units: time a unit spent collecting
  std::uint64_t data_checks = 0;             // data mode: flash reads compared to the oracle
  // Semi-preemptive GC (ftl.gc.preemption = semi).
  std::uint64_t gc_merged_host_reads = 0;    // host reads answered by a GC read or the GC buffer
  std::uint64_t gc_merged_host_writes = 0;   // held host writes that replaced a GC move
  std::uint64_t gc_held_host_reads = 0;      // host reads held while the GC was not preemptible
  std::uint64_t gc_steps = 0;                // GC steps issued (reads, programs, copybacks, erases)
  std::uint64_t gc_preemption_points[4] = {};  // preemption points passed, by state 0..3
  // NAND faults (ftl_cpu_faults.cpp, docs/reliability.md).
  std::uint64_t program_failures = 0;         // failed programs seen (each re-driven or moot)
  std::uint64_t programs_redriven = 0;        // pages programmed again elsewhere after a failure
  std::uint64_t erase_failures = 0;
  std::uint64_t host_read_errors = 0;         // host page reads answered with an error status
  std::uint64_t host_write_errors = 0;        // host page writes refused at end of life
  std::uint64_t uncorrectable_merge_reads = 0;  // read-modify-write whose old page was unreadable
  std::uint64_t lost_pages = 0;               // pages whose only copy a GC read found uncorrectable
  // mdc's sort buffer (ftl_cpu_sort_buffer.cpp).
  std::uint64_t sort_buffer_flushes = 0;           // batches sorted and programmed
  std::uint64_t sort_buffer_pages_programmed = 0;  // host pages programmed from the sort buffer
  // Host flush and durable trims (docs/reliability.md, "Power loss and recovery").
  std::uint64_t host_flushes = 0;
  std::uint64_t flushes_waited = 0;           // flushes that waited for writes or trims to drain
  std::uint64_t trim_table_writes = 0;        // power.enabled: trim-table pages programmed
  std::uint64_t erases_waited_for_durability = 0;  // power.enabled: GC erases held back (see pins)
};

class FtlCpu : public sc_core::sc_module,
               public CommandTarget<FtlCommand>,  // public: found by dynamic_cast (command_link.h)
               private FlashCommandInitiator {
 public:
  tlm_utils::simple_target_socket<FtlCpu> host_socket;
  tlm_utils::simple_initiator_socket<FtlCpu> flash_socket;

  FtlCpu(sc_core::sc_module_name name, const FtlCpuConfig& config, FtlCore& core,
         DataOracle* oracle);
  ~FtlCpu() override;

  const FtlCpuStatistics& statistics() const { return stats_; }
  // Whether flash commands go to the controller by direct calls (models/common/flash_command_link.h;
  // known from the end of elaboration) rather than through flash_socket.
  bool direct_flash_calls() const { return flash_target_ != nullptr; }
  // Whether host responses go to the HostInterface by direct calls (models/kernel/command_link.h;
  // linked by the HostInterface at the end of elaboration) rather than through host_socket.
  bool direct_host_calls() const { return host_initiator_ != nullptr; }
  FtlCore& core() { return core_; }
  std::uint32_t units_collecting() const;
  // Live reconfiguration hooks (Python scenarios).
  void set_foreground_gc(bool foreground) { config_.foreground_gc = foreground; }
  // Seed 001's preemption level of a plane now: 0 no GC, 1 preemptible by reads and writes,
  // 2 by reads only, 3 not preemptible (always 0 with ftl.gc.preemption = none).
  int gc_state(UnitId unit) const;

  // Side channel for array-level GC coordination (seed 004): what a member SSD reports, and a
  // forced collection that runs GC on every plane until each has at least
  // `target_free_blocks` free blocks (planes already there are left alone).
  struct GcState {
    std::uint32_t min_free_blocks = 0;  // over all planes
    std::uint32_t units_collecting = 0;
    std::uint64_t gc_cycles = 0;
  };
  GcState gc_state() const;
  void force_gc(std::uint32_t target_free_blocks);

  // True when no flash command is in flight, no GC cycle runs and no write waits.
  bool idle() const;
  // A logical page whose data was lost (uncorrectable during a GC move; host reads of it get an
  // error status until it is written again).
  bool lost(Lpn lpn) const { return !lost_lpns_.empty() && lost_lpns_.count(lpn) != 0; }
  // Calls `callback` once, as soon as the FTL is idle (at once if it is now). The platform
  // uses it to let GC and buffered writes finish after the host workload has drained.
  void notify_when_idle(std::function<void()> callback);

  // Data mode behind a RAID controller (seed 004): the content of each host page write comes
  // from the controller, because parity must be computable from the data it wrote, and each
  // host page read hands the content it returns back to it. Unset (a stand-alone SSD), every
  // write gets a fresh tag. Whole-page writes only: a partial write keeps the fresh tag.
  using HostWriteContent = std::function<std::uint64_t(Lpn)>;
  using HostReadContent = std::function<void(Lpn, std::uint64_t)>;
  void set_host_content_hooks(HostWriteContent write_content, HostReadContent read_content) {
    write_content_ = std::move(write_content);
    read_content_ = std::move(read_content);
  }

  // Tests: sees every host command when the FTL takes it up (after its firmware step; the
  // order flushes are measured against) and when the FTL completes it.
  using HostCommandObserver = std::function<void(const FtlCommand& command, bool completed)>;
  void set_host_command_observer(HostCommandObserver observer) { command_observer_ = std::move(observer); }

  // Power-loss modelling (power.enabled, models/ftl/recovery/): the recorder learns of every
  // program completion and erase issue, and starts map checkpoints, whose pages this FTL writes
  // like host pages of the logical pages reserved above the host's range (origin "other").
  void set_power_loss_recorder(PowerLossRecorder* recorder);

  // mdc's sort buffer (ftl.gc.params.sort_buffer_segments, ftl_cpu_sort_buffer.cpp): the content
  // a page held in it has (for the platform's data check of a run cut short).
  bool has_sort_buffer() const { return sort_ != nullptr; }
  std::uint64_t sort_buffer_tag(Lpn lpn) const;

 private:
  enum class TxnKind : std::uint8_t { HostRead, HostMergeRead, HostWrite, GcRead, GcProgram, GcCopyback, GcErase };
  struct FlashTxn;
  struct GcJob;
  struct SortBuffer;

  // --- host side
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  // A host command (BEGIN_REQ), by either path; false: refused (reported).
  bool begin_host_command(tlm::tlm_generic_payload& gp, FtlCommand& command, const sc_core::sc_time& delay);
  // Direct calls from the HostInterface (CommandTarget<FtlCommand>, models/kernel/command_link.h).
  void begin_command(tlm::tlm_generic_payload& payload, FtlCommand& command) override;
  const sc_core::sc_interface* command_forward_interface() const override;
  bool link_command_initiator(CommandInitiator<FtlCommand>& initiator,
                              const sc_core::sc_interface* backward_interface) override;
  // The host command's response (BEGIN_RESP), by either path.
  void respond_to_host(tlm::tlm_generic_payload& gp);
  void handle_host_read(tlm::tlm_generic_payload& gp);
  void handle_host_write(tlm::tlm_generic_payload& gp);
  void handle_host_trim(tlm::tlm_generic_payload& gp);
  void handle_host_flush(tlm::tlm_generic_payload& gp);
  // A host write on its way to flash; `gp` is null once the host has been answered early
  // (write buffer), so nothing touches a payload the host may already have reused.
  struct PendingWrite {
    tlm::tlm_generic_payload* gp;
    Lpn lpn;
    bool partial;  // covers part of the page: the rest is read first (read-modify-write)
    bool has_content = false;  // content chosen upstream (set_host_content_hooks)
    std::uint64_t content = 0;
    bool checkpoint = false;   // a map checkpoint page (power-loss modelling), not a host write
    static constexpr std::uint32_t kNotFlushed = 0xffffffffu;
    std::uint32_t flush_index = kNotFlushed;  // entry of the sort-buffer batch being programmed
    bool trim_table = false;   // a trim-table page (power-loss modelling), not a host write
    bool trim = false;         // not a write: a host trim waiting for its turn (see ordered)
    bool ordered = false;      // write buffer: counted in lpn_events_ (per-page arrival order)
    std::uint64_t host_event = 0;  // arrival number for flushes (0: none)
  };
  void accept_host_write(PendingWrite write);
  void admit_waiting_for_buffer();
  void place_host_write(PendingWrite write, UnitId unit, GcJob* merged_into = nullptr);
  bool host_write_must_wait(UnitId unit) const;
  void wake_waiting_writes(UnitId unit);
  void complete_host(tlm::tlm_generic_payload& gp);
  void complete_host_after(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns);
  void complete_host_with_error(tlm::tlm_generic_payload& gp);

  // --- GC
  void maybe_start_gc(UnitId unit);
  bool unit_should_collect(UnitId unit) const;
  void next_victim(UnitId unit);
  void gc_page_finished(GcJob& job);
  void gc_reads_finished(GcJob& job);
  void gc_erase_finished(GcJob& job);
  void end_gc_cycle(UnitId unit);
  void issue_gc_erase(GcJob& job);
  // --- semi-preemptive GC: one step at a time, a preemption point after each
  bool semi() const { return config_.gc_preemption == FtlCpuConfig::GcPreemption::Semi; }
  void semi_begin_victim(GcJob& job);
  void semi_advance(GcJob& job);
  void semi_apply_state(UnitId unit, bool count);
  void semi_issue_copy(GcJob& job, std::size_t index);
  void semi_skip_copy(GcJob& job, std::size_t index);
  void semi_read_done(GcJob& job, std::size_t index, std::uint64_t tag);
  bool semi_merge_write(GcJob& job);
  bool semi_merge_read(GcJob& job, tlm::tlm_generic_payload& gp, Lpn lpn, Ppn ppn);
  void release_held_reads(GcJob& job);

  // --- flash side
  // Links to the controller for direct calls when flash_socket is bound to one (else the socket).
  void end_of_elaboration() override;
  void end_command(tlm::tlm_generic_payload& payload) override;  // FlashCommandInitiator
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  FlashTxn& new_txn(TxnKind kind, FlashOpcode opcode, OpOrigin origin);
  void add_txn();  // new_txn's cold path: the pool is empty
  void issue(FlashTxn& txn);
  void flash_completed(FlashTxn& txn);
  void handle_flash_completion(FlashTxn& txn);
  void release(FlashTxn& txn);
  void set_target(FlashCommand& command, Ppn ppn, std::uint64_t tag);
  void program_issued(Ppn ppn);
  void program_completed(Ppn ppn);
  void check_read(const FlashTxn& txn, std::uint64_t tag_read);
  // --- NAND faults (ftl_cpu_faults.cpp): true when the failed command was fully handled,
  // false when its normal completion is to run (as for a command that succeeded).
  bool handle_flash_fault(FlashTxn& txn);
  bool redrive_program(FlashTxn& txn);
  void erase_failed(FlashTxn& txn);
  bool uncorrectable_read(FlashTxn& txn);
  void start_retirement(BlockId block);
  void retirement_moved(GcJob& job);
  // In place: programs the buffered valid pages of the victim wherever relocate() puts them.
  void write_back_buffered(GcJob& job);
  void start_checkpoint();
  // --- mdc's sort buffer (ftl_cpu_sort_buffer.cpp)
  void sort_init();
  bool sort_busy() const;
  void sort_stage(PendingWrite write);
  void sort_begin_flush();
  void sort_dispatch();
  void sort_entry_done();
  void sort_end_flush();
  void sort_flush_if_finishing();
  std::uint64_t sort_program_tag(Lpn lpn);
  void sort_program_completed(Lpn lpn);
  bool sort_serve_read(tlm::tlm_generic_payload& gp, Lpn lpn);
  void sort_trim(Lpn lpn);
  void sort_host_flush(tlm::tlm_generic_payload& gp);
  bool sort_defers_gc(UnitId unit) const;
  // --- flush, trims and durability (ftl_cpu_durability.cpp)
  // Host writes and trims get an arrival number; a flush completes once every write and trim
  // that arrived before it is durable (programmed, or recorded in a programmed trim-table page).
  std::uint64_t new_host_event();
  void host_event_done(std::uint64_t event);
  // With a write buffer a host write is acknowledged before it is placed: writes and trims of
  // one logical page are then applied in arrival order (a later one waits for the earlier).
  bool wait_for_earlier_events(PendingWrite& event);
  void event_applied(Lpn lpn);
  void submit_trim(PendingWrite trim);
  void apply_trim_now(PendingWrite trim);
  void start_trim_table_write(std::uint32_t table_page);
  void apply_trims_of_table_page(std::uint32_t table_page);
  void trim_table_write_completed(std::uint32_t table_page);
  // power.enabled: the newest durable copy of a page stays on flash until its replacement is
  // durable, so a GC erase of a block holding such a copy waits (pins per block).
  void pin(Ppn ppn);
  void unpin(Ppn ppn);

  // --- firmware cores
  // Runs `step` after `cycles` on the earliest free core (inline when cycles == 0). A template,
  // so a step with no cycles (every preset's firmware) is a plain inlined call: wrapping it in a
  // loop callback first cost ~40 instructions per GC page and host command.
  template <typename Step>
  void run_step(std::uint64_t cycles, Step&& step) {
    if (cycles == 0) {
      step();
      return;
    }
    timer_.schedule_at(cores_.occupy_earliest(config_.cycles_to_ps(cycles)), std::forward<Step>(step));
  }

  FtlCpuConfig config_;
  FtlCore& core_;
  DataOracle* oracle_;
  TimedCallbackQueue timer_;
  FirmwareCores cores_;
  FlashCommandTarget* flash_target_ = nullptr;  // the controller's direct calls (end_of_elaboration)
  CommandInitiator<FtlCommand>* host_initiator_ = nullptr;  // the HostInterface's direct calls
  std::unique_ptr<CacheCommandStreams> cache_streams_;  // config_.cache_commands only

  std::vector<std::unique_ptr<FlashTxn>> txn_storage_;
  std::vector<FlashTxn*> free_txns_;

  // Blocks: programs in flight and whether the last page was allocated (then seal on drain).
  std::vector<std::uint32_t> block_pending_programs_;
  std::vector<std::uint8_t> block_closed_;
  // Pages whose program is in flight: one bit per physical page (a hash-map node per program
  // cost an allocation per flash program), and the host reads waiting for such a page (only
  // pages that have waiters get an entry).
  std::vector<std::uint64_t> program_in_flight_;
  std::unordered_map<Ppn, std::vector<tlm::tlm_generic_payload*>> reads_waiting_for_program_;
  bool program_in_flight(Ppn ppn) const { return (program_in_flight_[ppn >> 6] >> (ppn & 63)) & 1u; }
  std::unordered_map<Ppn, std::uint64_t> inflight_tags_;  // write-buffer reads
  std::vector<std::uint8_t> retiring_;  // per block once a program failed: retire when drained
  std::unordered_set<Lpn> lost_lpns_;

  std::vector<std::unique_ptr<GcJob>> gc_jobs_;  // one per unit
  std::vector<std::deque<PendingWrite>> waiting_writes_;  // per unit, FIFO

  std::uint32_t buffered_writes_ = 0;
  std::deque<PendingWrite> waiting_for_buffer_;
  std::unique_ptr<SortBuffer> sort_;  // mdc's sort buffer, when the policy has one

  FtlCpuStatistics stats_;
  HostWriteContent write_content_;
  HostReadContent read_content_;
  HostCommandObserver command_observer_;
  std::function<void()> idle_callback_;
  void check_idle();
  PowerLossRecorder* power_ = nullptr;
  std::uint64_t host_logical_pages_ = 0;  // below the core's when checkpoint pages are reserved

  // Flushes: arrival numbers of host writes and trims, done once durable.
  FlushBarrier<tlm::tlm_generic_payload*> flushes_;
  // Write buffer: per logical page, events accepted and not yet applied, and those waiting.
  std::unordered_map<Lpn, std::uint32_t> lpn_events_;
  std::unordered_map<Lpn, std::deque<PendingWrite>> lpn_waiting_;
  // Host reads of a page with an acknowledged write or trim not yet applied (waiting for GC, for
  // its read-modify-write read, or behind an earlier event of the page): answered once the page's
  // events are applied, so a read never returns data older than an acknowledged write.
  std::unordered_map<Lpn, std::vector<tlm::tlm_generic_payload*>> reads_waiting_for_events_;
  // power.enabled: trims are recorded in trim-table pages (one program of a table page at a time).
  struct TrimTablePage {
    bool writing = false;
    std::vector<PendingWrite> pending;                 // trims not yet applied
    std::vector<std::pair<PendingWrite, Ppn>> carried;  // applied in the write in flight, pinned copy
  };
  std::unordered_map<std::uint32_t, TrimTablePage> trim_tables_;
  std::vector<std::uint32_t> block_pins_;
  std::unordered_map<BlockId, GcJob*> erases_waiting_;
};

}  // namespace ssdtlm

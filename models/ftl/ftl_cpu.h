#pragma once
// FtlCpu: the timed firmware shell around FtlCore. It receives page-level commands from the
// HostInterface, charges each FTL step CPU cycles on one of its cores, turns the core's
// decisions into flash commands for the FlashController, and runs GC cycles per allocation
// unit (plane) as sequences of reads, programs (or copybacks) and erases.
//
// It owns its parts (models/ftl/firmware/) and wires them: the GC engines (ClassicGcEngine, and
// SemiPreemptiveGcEngine with ftl.gc.preemption = semi) behind GcEngine, calling back through
// GcHooks; the DRAM write buffer (WriteBuffer); mdc's sort buffer (HostSortBuffer, through
// SortHooks); host flushes, durable trims and pins (DurabilityTracker, through DurabilityHooks);
// the admission of host writes (HostWritePath, through HostWriteHooks); programs in flight, the
// seal of a drained block and reads waiting for a program (ProgramTracker), and failed flash
// commands (FlashFaultRecovery), both through FlashHooks; the firmware cores' step runner
// (FirmwareStepRunner). The victim is erased only after every read of its valid pages completed.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/kernel/command_link.h"
#include "models/common/data_oracle.h"
#include "models/common/flash_command.h"
#include "models/common/ftl_command.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/ftl/cache_command_streams.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/array_member_firmware.h"
#include "models/ftl/firmware/flash_port.h"
#include "models/ftl/firmware/ftl_firmware.h"
#include "models/ftl/firmware/classic_gc_engine.h"
#include "models/ftl/firmware/durability_tracker.h"
#include "models/ftl/firmware/firmware_step_runner.h"
#include "models/ftl/firmware/flash_fault_recovery.h"
#include "models/ftl/firmware/gc_engine.h"
#include "models/ftl/firmware/gc_job.h"
#include "models/ftl/firmware/host_sort_buffer.h"
#include "models/ftl/firmware/host_write_path.h"
#include "models/ftl/firmware/pending_write.h"
#include "models/ftl/firmware/program_tracker.h"
#include "models/ftl/firmware/semi_preemptive_gc_engine.h"
#include "models/ftl/firmware/write_buffer.h"
#include "models/ftl/firmware_cores.h"
#include "models/ftl/ftl_cpu_config.h"
#include "models/ftl/firmware/firmware_statistics.h"

namespace ssdtlm {

class PowerLossRecorder;

class FtlCpu final : public sc_core::sc_module,
                     public FtlFirmware,
                     public ArrayMemberFirmware,
                     public CommandTarget<FtlCommand> {  // public: found by dynamic_cast (command_link.h)
 public:
  tlm_utils::simple_target_socket<FtlCpu> host_socket;

  FtlCpu(sc_core::sc_module_name name, const FtlCpuConfig& config, FtlCore& core,
         DataOracle* oracle);
  ~FtlCpu() override;

  const FtlCpuStatistics& statistics() const { return stats_; }
  bool direct_flash_calls() const override { return port_.direct(); }
  // Whether host responses go to the HostInterface by direct calls (models/kernel/command_link.h;
  // linked by the HostInterface at the end of elaboration) rather than through host_socket.
  bool direct_host_calls() const { return host_initiator_ != nullptr; }
  FtlCore& core() { return core_; }
  std::uint32_t units_collecting() const override;
  // Live reconfiguration hooks (Python scenarios).
  void set_foreground_gc(bool foreground) { config_.foreground_gc = foreground; }
  // The semi-preemptive GC's preemption level of a plane now: 0 no GC, 1 preemptible by reads
  // and writes, 2 by reads only, 3 not preemptible (always 0 with ftl.gc.preemption = none).
  int gc_state(UnitId unit) const;

  // Side channel for array-level GC coordination (ArrayMemberFirmware).
  GcState gc_state() const override;
  void force_gc(std::uint32_t target_free_blocks) override;

  // True when no flash command is in flight, no GC cycle runs and no write waits.
  bool idle() const override;
  // A logical page whose data was lost (uncorrectable during a GC move; host reads of it get an
  // error status until it is written again).
  bool lost(Lpn lpn) const { return faults_.lost(lpn); }
  // Calls `callback` once, as soon as the FTL is idle (at once if it is now). The platform
  // uses it to let GC and buffered writes finish after the host workload has drained.
  void notify_when_idle(std::function<void()> callback);

  // Data mode behind a RAID controller (docs/raid.md): the content of each host page write comes
  // from the controller, because parity must be computable from the data it wrote, and each
  // host page read hands the content it returns back to it. Unset (a stand-alone SSD), every
  // write gets a fresh tag. Whole-page writes only: a partial write keeps the fresh tag.
  using HostWriteContent = std::function<std::uint64_t(Lpn)>;
  using HostReadContent = std::function<void(Lpn, std::uint64_t)>;
  void set_host_content_hooks(HostWriteContent write_content, HostReadContent read_content) override {
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
  void set_power_loss_recorder(PowerLossRecorder* recorder) override;

  // mdc's sort buffer (ftl.gc.params.sort_buffer_segments, host_sort_buffer.h): the content
  // a page held in it has (for the platform's data check of a run cut short).
  bool has_sort_buffer() const override { return sort_ != nullptr; }
  std::uint64_t sort_buffer_tag(Lpn lpn) const;

  // --- FtlFirmware (models/ftl/firmware/ftl_cpu_firmware.cpp)
  tlm::tlm_target_socket<>& host_target_socket() override { return host_socket; }
  tlm::tlm_initiator_socket<>& flash_initiator_socket() override { return port_.socket; }
  std::uint64_t host_logical_pages() const override { return host_logical_pages_; }
  void host_finished(std::function<void()> when_idle) override { notify_when_idle(std::move(when_idle)); }
  const FtlCpuStatistics& flash_statistics() const override { return stats_; }
  std::uint64_t gc_pages_moved() const override;
  std::uint64_t blocks_erased() const override;
  std::uint64_t free_blocks() const override;
  std::uint64_t erase_count(BlockId block) const override;
  bool retired(BlockId block) const override;
  nlohmann::json verify_data(const FlashPageReader& read_flash) const override;
  bool switch_foreground_gc(bool foreground) override;
  ArrayMemberFirmware* array_member() override { return this; }

 private:
  enum class TxnKind : std::uint8_t { HostRead, HostMergeRead, HostWrite, GcRead, GcProgram, GcCopyback, GcErase };
  struct FlashTxn;
  class GcHooks;

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
  // A write of part of a page: the read of the rest first (HostWriteFirmware::read_rest_of_page).
  bool read_rest_of_page(PendingWrite& write);
  void place_host_write(const PendingWrite& write, UnitId unit, GcJob* merged_into = nullptr);
  void complete_host(tlm::tlm_generic_payload& gp);
  void complete_host_after(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns);
  void complete_host_with_error(tlm::tlm_generic_payload& gp);

  // --- GC cycles (ftl_cpu_gc.cpp): when a unit collects, its victims, and the steps both
  // engines share (the victim's erase, the next victim)
  void maybe_start_gc(UnitId unit);
  bool unit_should_collect(UnitId unit) const;
  void next_victim(UnitId unit);
  void start_next_victim(UnitId unit);  // after the firmware's victim-selection cycles
  void victim_done(GcJob& job);         // wakes the unit's held writes, then the next victim
  void erase_victim(GcJob& job);
  void erase_victim_in_place(GcJob& job);
  void gc_erase_finished(GcJob& job);
  void end_gc_cycle(UnitId unit);
  bool semi() const { return config_.gc_preemption == FtlCpuConfig::GcPreemption::Semi; }

  // --- flash side
  // Links to the controller for direct calls when the flash socket is bound to one (else the socket).
  void end_of_elaboration() override;
  FlashTxn& new_txn(TxnKind kind, FlashOpcode opcode, OpOrigin origin);
  void issue(FlashTxn& txn);
  void flash_completed(FlashTxn& txn);
  void handle_flash_completion(FlashTxn& txn);
  void release(FlashTxn& txn);
  void set_target(FlashCommand& command, Ppn ppn, std::uint64_t tag);
  void program_completed(Ppn ppn);  // write buffer, power-loss recorder, then ProgramTracker
  void check_read(const FlashTxn& txn, std::uint64_t tag_read);
  // Data mode: compares a page's content read (or served from a buffer) with the oracle's.
  void check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read);
  // The GC's flash steps (both engines): a page read, a copyback or program of a moved page, the
  // victim's erase; `index` is the page's place in the victim's plan.
  void issue_gc_read(GcJob& job, std::size_t index, Lpn lpn, Ppn source);
  void issue_gc_copyback(GcJob& job, std::size_t index, Lpn lpn, Ppn source, Ppn destination);
  void issue_gc_program(GcJob& job, std::size_t index, Lpn lpn, Ppn destination, std::uint64_t tag);
  void issue_erase(GcJob& job);
  // --- NAND faults (FlashFaultRecovery; ftl_cpu_faults.cpp): true when the failed command was
  // fully handled, false when its normal completion is to run (as for a command that succeeded).
  bool handle_flash_fault(FlashTxn& txn);
  void start_checkpoint();
  // --- trims and flushes (DurabilityTracker), and the write buffer's per-page order: with a
  // write buffer a host write is acknowledged before it is placed, so writes and trims of one
  // logical page are applied in arrival order (a later one waits for the earlier).
  void event_applied(Lpn lpn);
  void submit_trim(PendingWrite trim);

  // --- firmware cores
  // Runs `step` after `cycles` on the earliest free core (inline when cycles == 0).
  template <typename Step>
  void run_step(std::uint64_t cycles, Step&& step) {
    steps_.run(cycles, std::forward<Step>(step));
  }

  FtlCpuConfig config_;
  FtlCore& core_;
  DataOracle* oracle_;
  TimedCallbackQueue timer_;
  FirmwareCores cores_;
  CommandInitiator<FtlCommand>* host_initiator_ = nullptr;  // the HostInterface's direct calls
  std::unique_ptr<CacheCommandStreams> cache_streams_;  // config_.cache_commands only

  // The flash side: transaction pool, issue path, completions to flash_completed.
  FlashPort<FlashTxn, FtlCpu, &FtlCpu::flash_completed> port_;

  std::vector<std::unique_ptr<GcJob>> gc_jobs_;  // one per unit

  WriteBuffer write_buffer_;
  std::unique_ptr<HostSortBuffer> sort_;  // mdc's sort buffer, when the policy has one

  FtlCpuStatistics stats_;
  HostWriteContent write_content_;
  HostReadContent read_content_;
  HostCommandObserver command_observer_;
  std::function<void()> idle_callback_;
  void check_idle();
  PowerLossRecorder* power_ = nullptr;
  std::uint64_t host_logical_pages_ = 0;  // below the core's when checkpoint pages are reserved

  // The GC engines' view of this firmware (gc_engine.h; ftl_cpu_gc.cpp).
  class GcHooks final : public GcFirmware {
   public:
    explicit GcHooks(FtlCpu& cpu) : cpu_(cpu) {}
    void issue_gc_read(GcJob& job, std::size_t index, Lpn lpn, Ppn source) override;
    void issue_gc_copyback(GcJob& job, std::size_t index, Lpn lpn, Ppn source, Ppn destination) override;
    void issue_gc_program(GcJob& job, std::size_t index, Lpn lpn, Ppn destination, std::uint64_t tag) override;
    void erase_victim(GcJob& job) override;
    void erase_victim_in_place(GcJob& job) override;
    void start_next_victim(UnitId unit) override;
    void wake_waiting_writes(UnitId unit) override;
    std::deque<PendingWrite>& waiting_writes(UnitId unit) override;
    void place_merged_write(const PendingWrite& write, GcJob& job) override;
    void retry_host_read(tlm::tlm_generic_payload& gp) override;
    void retry_host_write(const PendingWrite& write) override;
    void answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) override;
    void check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) override;
    std::uint64_t expected_tag(Lpn lpn) const override;

   private:
    FtlCpu& cpu_;
  };
  // The sort buffer's view of this firmware (host_sort_buffer.h; ftl_cpu_sort_buffer.cpp).
  class SortHooks final : public SortBufferFirmware {
   public:
    explicit SortHooks(FtlCpu& cpu) : cpu_(cpu) {}
    void program_entry(const PendingWrite& write) override;
    void answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) override;
    void check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) override;
    void page_rewritten(Lpn lpn) override;
    bool draining() const override;
    void batch_done() override;
    bool writes_waiting(UnitId unit) const override;

   private:
    FtlCpu& cpu_;
  };
  // The durability tracker's view of this firmware (durability_tracker.h; ftl_cpu_durability.cpp).
  class DurabilityHooks final : public DurabilityFirmware {
   public:
    explicit DurabilityHooks(FtlCpu& cpu) : cpu_(cpu) {}
    void answer_host(tlm::tlm_generic_payload& gp) override;
    Ppn unmap_trimmed(Lpn lpn) override;
    void trim_applied_in_order(Lpn lpn) override;
    std::uint32_t trim_table_page_of(Lpn host_lpn) const override;
    void record_trim_sequence(Lpn host_lpn) override;
    void write_trim_table_page(std::uint32_t table_page) override;
    void erase_victim(GcJob& job) override;

   private:
    FtlCpu& cpu_;
  };
  // The host write path's view of this firmware (host_write_path.h; ftl_cpu_host.cpp).
  class HostWriteHooks final : public HostWriteFirmware {
   public:
    explicit HostWriteHooks(FtlCpu& cpu) : cpu_(cpu) {}
    bool read_rest_of_page(PendingWrite& write) override { return cpu_.read_rest_of_page(write); }
    void stage_in_sort_buffer(const PendingWrite& write) override { cpu_.sort_->stage(write); }
    void maybe_start_gc(UnitId unit) override { cpu_.maybe_start_gc(unit); }
    int gc_state(UnitId unit) const override { return cpu_.gc_state(unit); }
    void place_host_write(const PendingWrite& write, UnitId unit) override {
      cpu_.place_host_write(write, unit);
    }
    void answer_host_after(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) override {
      cpu_.complete_host_after(gp, delay_ns);
    }
    void submit_trim(const PendingWrite& trim) override { cpu_.submit_trim(trim); }

   private:
    FtlCpu& cpu_;
  };
  // The program tracker's and the fault recovery's view of this firmware (program_tracker.h,
  // flash_fault_recovery.h; ftl_cpu_faults.cpp).
  class FlashHooks final : public ProgramTrackerFirmware, public FaultFirmware {
   public:
    explicit FlashHooks(FtlCpu& cpu) : cpu_(cpu) {}
    void block_drained(BlockId block) override;
    void retry_host_read(tlm::tlm_generic_payload& gp) override;
    void answer_host_with_error(tlm::tlm_generic_payload& gp) override;
    void reissue_program(FlashTransaction& txn, Ppn target) override;
    void program_completed(Ppn ppn) override;
    void accept_write(const PendingWrite& write) override;
    void victim_done(GcJob& job) override;
    void write_back_buffered(GcJob& job) override;

   private:
    FtlCpu& cpu_;
  };
  FlashHooks flash_hooks_{*this};
  ProgramTracker programs_{core_.geometry(), flash_hooks_};
  FlashFaultRecovery faults_{core_, programs_, flash_hooks_, stats_};
  SortHooks sort_hooks_{*this};
  DurabilityHooks durability_hooks_{*this};
  DurabilityTracker durability_{core_.geometry(), durability_hooks_, stats_};
  HostWriteHooks host_write_hooks_{*this};
  HostWritePath host_writes_{core_, config_, write_buffer_, gc_jobs_, host_write_hooks_, stats_};
  FirmwareStepRunner steps_{timer_, cores_, config_};
  GcHooks gc_hooks_{*this};
  ClassicGcEngine classic_gc_{core_, config_, steps_, gc_hooks_};
  std::unique_ptr<SemiPreemptiveGcEngine> semi_gc_;  // ftl.gc.preemption = semi only
};

}  // namespace ssdtlm

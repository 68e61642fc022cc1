#include "models/ftl/multi_reference_cpu.h"

#include <algorithm>
#include <sstream>

#include "models/ftl/multi_reference/scan_schedule.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

using sc_core::sc_time;
using multi_reference::Pba;

struct MultiReferenceCpu::FlashTxn : FlashTransaction {
  TxnKind kind = TxnKind::HostRead;
  tlm::tlm_generic_payload* host_gp = nullptr;
  Lpn lpn = kInvalidLpn;
  Pba pba = 0;
  Ppn ppn = kInvalidPpn;
  std::uint64_t expected_tag = 0;
  multi_reference::CopyOp copy;
  std::uint32_t segment = 0;
};

MultiReferenceCpu::MultiReferenceCpu(sc_core::sc_module_name name, const FtlCpuConfig& cpu, const MultiReferenceCpuConfig& config,
                       const FlashGeometry& geometry, bool data_mode)
    : sc_core::sc_module(name),
      host_socket("host_socket"),
      cpu_(cpu),
      config_(config),
      geometry_(geometry),
      data_mode_(data_mode),
      planes_total_(geometry.dies() * geometry.planes_per_die),
      timer_("timer"),
      cores_(cpu.cores),
      port_("flash_socket", *this, timer_, "ssdtlm/mjolnir") {
  config_.store.segments = geometry.blocks_per_plane;
  config_.store.segment_blocks = planes_total_ * geometry.pages_per_block;
  store_ = std::make_unique<multi_reference::MultiReferenceStore>(config_.store);
  host_socket.register_nb_transport_fw(this, &MultiReferenceCpu::nb_transport_fw);
  next_program_page_.assign(geometry.total_blocks(), 0);
  erases_outstanding_.assign(config_.store.segments, 0);
  erase_counts_.assign(geometry.total_blocks(), 0);
  selected_at_ps_.assign(config_.store.segments, 0);
  selected_valid_.assign(config_.store.segments, 0);
  if (config_.timeline_interval_ps > 0) {
    timer_.schedule_in(sc_time::from_value(config_.timeline_interval_ps), [this]() { sample(); });
  }
}

MultiReferenceCpu::~MultiReferenceCpu() = default;

Ppn MultiReferenceCpu::flash_page(Pba pba) const {
  const std::uint64_t segment_blocks = config_.store.segment_blocks;
  const auto segment = static_cast<std::uint32_t>(pba / segment_blocks);
  const std::uint64_t offset = pba % segment_blocks;
  const auto plane_index = static_cast<std::uint32_t>(offset % planes_total_);
  const auto page = static_cast<std::uint32_t>(offset / planes_total_);
  // Consecutive plane indices go to consecutive dies first (and so to different channels).
  const DieId die = plane_index % geometry_.dies();
  const std::uint32_t plane = plane_index / geometry_.dies();
  return geometry_.page_id(geometry_.block_id(die, plane, segment), page);
}

// ---------------------------------------------------------------- firmware cores

void MultiReferenceCpu::run_step(std::uint64_t cycles, TimedCallbackQueue::Callback step) {
  if (cycles == 0) {
    step();
    return;
  }
  timer_.schedule_at(cores_.occupy_earliest(cpu_.cycles_to_ps(cycles)), std::move(step));
}

// ---------------------------------------------------------------- host side

tlm::tlm_sync_enum MultiReferenceCpu::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time& delay) {
  if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
  auto* command = gp.get_extension<FtlCommand>();
  if (phase != tlm::BEGIN_REQ || command == nullptr) {
    SC_REPORT_ERROR("ssdtlm/mjolnir", "expected BEGIN_REQ with an FtlCommand extension");
    return tlm::TLM_COMPLETED;
  }
  const std::uint64_t last = std::max<std::uint64_t>(command->lpn, command->destination_lpn) + command->pages;
  if (last > config_.namespace_pages) {
    std::ostringstream message;
    message << to_string(command->op) << " of logical page " << command->lpn << " (+" << command->pages
            << ") beyond the namespace (" << config_.namespace_pages << " pages)";
    SC_REPORT_ERROR("ssdtlm/mjolnir", message.str().c_str());
    return tlm::TLM_COMPLETED;
  }
  ++host_steps_running_;
  auto start = [this, &gp]() { handle_host(gp); };
  if (delay != sc_core::SC_ZERO_TIME) {
    timer_.schedule_in(delay, start);
  } else {
    start();
  }
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void MultiReferenceCpu::handle_host(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  if (is_range_command(command->op)) {
    // Firmware cost per mapping piece the command touches (the source range's extents).
    const std::size_t pieces =
        std::max<std::size_t>(1, store_->translation_layer().extents_in(command->lpn, command->pages).size());
    run_step(config_.cycles_per_range_mapping * pieces, [this, &gp]() { handle_range_command(gp); });
    return;
  }
  switch (command->op) {
    case HostOp::Read:
      run_step(cpu_.cycles_per_host_read, [this, &gp]() {
        --host_steps_running_;
        host_reads_.push_back(&gp);
        pump();
      });
      return;
    case HostOp::Write:
      run_step(cpu_.cycles_per_host_write, [this, &gp]() {
        --host_steps_running_;
        host_writes_.push_back(&gp);
        pump();
      });
      return;
    case HostOp::Trim:
      run_step(cpu_.cycles_per_trim, [this, &gp]() {
        --host_steps_running_;
        store_->trim(gp.get_extension<FtlCommand>()->lpn, 1);
        ++map_generation_;
        complete_host(gp);
        pump();
      });
      return;
    default:  // flush: nothing is buffered
      --host_steps_running_;
      complete_host(gp);
      return;
  }
}

void MultiReferenceCpu::handle_range_command(tlm::tlm_generic_payload& gp) {
  --host_steps_running_;
  const auto* command = gp.get_extension<FtlCommand>();
  const multi_reference::Lba src = command->lpn;
  const multi_reference::Lba dst = command->destination_lpn;
  const std::uint64_t n = command->pages;
  switch (command->op) {
    case HostOp::RangeCopy: store_->range_copy(src, dst, n); break;
    case HostOp::RangeMove: store_->range_move(src, dst, n); break;
    case HostOp::RangeDelete: store_->range_delete(src, n); break;
    case HostOp::Snapshot: store_->snapshot(src, n, dst); break;
    default: break;
  }
  ++stats_.range_commands;
  ++map_generation_;
  complete_host(gp);
  pump();
}

void MultiReferenceCpu::complete_host(tlm::tlm_generic_payload& gp) {
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  tlm::tlm_phase phase = tlm::BEGIN_RESP;
  sc_time delay = sc_core::SC_ZERO_TIME;
  host_socket->nb_transport_bw(gp, phase, delay);
}

std::uint64_t MultiReferenceCpu::fresh_tag() { return content_tag(++tag_counter_); }

std::uint64_t MultiReferenceCpu::content_tag(std::uint64_t write_number) {
  std::uint64_t z = write_number + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return (z == 0 || z == multi_reference::kTrimmedTag) ? 1 : z;
}

// ---------------------------------------------------------------- admission (rate limiter)

void MultiReferenceCpu::pump() {
  if (pumping_) return;
  pumping_ = true;
  bool held_write_counted = false;
  while (true) {
    while (const auto segment = store_->cleaner().reclaim()) erase_segment(*segment);
    maybe_start_scan();
    if (inflight_pages_ >= config_.inflight_pages) break;
    const std::uint64_t host_outstanding = host_reads_.size() + host_writes_.size();
    const multi_reference::BandwidthShare share = store_->bandwidth_share(host_outstanding);
    const bool write_ok = !host_writes_.empty() && !share.panic && store_->host_write_fits(1);
    if (!host_writes_.empty() && !write_ok && !held_write_counted) {
      ++stats_.host_writes_held;
      held_write_counted = true;
    }
    const bool host_ok = !host_reads_.empty() || write_ok;
    const bool gc_ok = store_->cleaner().has_work() && (measuring_ || (!host_done_ && share.gc > 0.0));
    if (!host_ok && !gc_ok) break;
    bool pick_gc = gc_ok;
    if (host_ok && gc_ok) {
      // Weighted round robin over the admission slots by the rate limiter's shares.
      pick_gc = gc_credit_ > host_credit_;
      host_credit_ += share.host;
      gc_credit_ += share.gc;
      (pick_gc ? gc_credit_ : host_credit_) -= 1.0;
      host_credit_ = std::clamp(host_credit_, -2.0, 2.0);
      gc_credit_ = std::clamp(gc_credit_, -2.0, 2.0);
    }
    if (pick_gc && admit_gc_copy()) continue;
    if (!host_ok) break;
    if (!host_reads_.empty()) {
      tlm::tlm_generic_payload* gp = host_reads_.front();
      host_reads_.pop_front();
      admit_host_read(*gp);
    } else {
      tlm::tlm_generic_payload* gp = host_writes_.front();
      host_writes_.pop_front();
      held_write_counted = false;
      admit_host_write(*gp);
    }
  }
  pumping_ = false;
  // Host writes waiting, nothing in flight and no scan started: nothing will free space.
  if (!host_writes_.empty() && port_.all_released() && !scanning_ &&
      !store_->cleaner().has_work() && host_steps_running_ == 0) {
    SC_REPORT_ERROR("ssdtlm/mjolnir",
                    "the store is full: host writes wait for space and the scanner finds no segment under "
                    "ftl.mjolnir.validity_threshold (raise ftl.spare_factor or the threshold)");
  }
  check_idle();
}

void MultiReferenceCpu::admit_host_read(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  const std::optional<Pba> pba = store_->translation_layer().lookup(command->lpn);
  if (!pba) {
    command->data_tag = 0;
    ++flash_stats_.host_reads_unmapped;
    ++host_pages_read_;
    complete_host(gp);
    return;
  }
  const auto inflight = inflight_programs_.find(*pba);
  if (inflight != inflight_programs_.end()) {
    inflight->second.push_back(&gp);  // admitted again when the program completes
    return;
  }
  FlashTxn& txn = new_txn(TxnKind::HostRead, FlashOpcode::Read, OpOrigin::Host);
  txn.host_gp = &gp;
  txn.lpn = command->lpn;
  txn.pba = *pba;
  txn.ppn = flash_page(*pba);
  txn.expected_tag = store_->log().read(*pba);
  txn.command.transfer_bytes = command->bytes;
  ++inflight_pages_;
  issue(txn);
}

void MultiReferenceCpu::admit_host_write(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  const std::uint64_t tag = fresh_tag();
  // The page is the store's block: a partial-page write is written as a whole page.
  store_->write(command->lpn, {tag});
  const Pba pba = *store_->translation_layer().lookup(command->lpn);
  store_->pin_segment(store_->log().segment_of(pba));
  inflight_programs_.try_emplace(pba);
  ++map_generation_;
  FlashTxn& txn = new_txn(TxnKind::HostWrite, FlashOpcode::Program, OpOrigin::Host);
  txn.host_gp = &gp;
  txn.lpn = command->lpn;
  txn.pba = pba;
  txn.ppn = flash_page(pba);
  txn.expected_tag = tag;
  ++inflight_pages_;
  program_ready(txn);
}

bool MultiReferenceCpu::admit_gc_copy() {
  const std::optional<multi_reference::CopyOp> op = store_->cleaner().issue_copy();
  if (!op) return false;
  ++inflight_pages_;
  FlashTxn& txn = new_txn(TxnKind::GcRead, FlashOpcode::Read, OpOrigin::Gc);
  txn.copy = *op;
  txn.pba = op->from;
  txn.ppn = flash_page(op->from);
  txn.expected_tag = store_->log().read(op->from);
  run_step(cpu_.cycles_per_gc_page, [this, &txn]() { issue(txn); });
  return true;
}

void MultiReferenceCpu::maybe_start_scan() {
  if (scanning_) return;
  if (host_done_ && !measuring_) return;
  auto& cleaner = store_->cleaner();
  // While the cleaner works, scan again only to prepare the candidates already selected, once
  // it is down to its last segment's worth of copies (so preparation overlaps the end of
  // cleaning); new candidates are looked for when it has run dry. Never two scans at once.
  if (cleaner.has_work() &&
      (cleaner.outstanding_blocks() > config_.store.segment_blocks || store_->scanner().pending().empty())) {
    return;
  }
  if (!measuring_ && !store_->bandwidth_share(host_reads_.size() + host_writes_.size()).gc_active) return;
  // Nothing can have changed since a scan that selected nothing: wait for the map to change.
  if (store_->scanner().pending().empty() && map_generation_ == generation_at_last_scan_) return;
  if (measuring_) {
    // The measurement reclaims the segments that held data when it started; the segments
    // its copies fill are kept out of selection (pinned) until it ends.
    const auto& log = store_->log();
    for (std::uint32_t s = 0; s < log.segments(); ++s) {
      if (log.state(s) == multi_reference::SegmentState::kImmutable && !measure_target_[s] && !measure_pinned_[s]) {
        measure_pinned_[s] = 1;
        store_->pin_segment(s);
      }
    }
  }
  scanning_ = true;
  generation_at_last_scan_ = map_generation_;
  multi_reference::ScanScheduleConfig schedule_config;
  schedule_config.threads = config_.scanner_threads;
  schedule_config.cost_per_mapping_ps = cpu_.cycles_to_ps(config_.cycles_per_mapping_scanned);
  schedule_config.check_interval_mappings = config_.scan_check_interval_mappings;
  schedule_config.barrier_cost_ps = cpu_.cycles_to_ps(config_.scan_barrier_cycles);
  schedule_config.dynamic_reassignment = config_.dynamic_reassignment;
  multi_reference::ScanSchedule schedule;
  if (schedule_config.cost_per_mapping_ps > 0) schedule = multi_reference::simulate_scan(store_->translation_layer(), schedule_config);
  // Each scanner thread occupies one firmware core for the whole scan (barrier waits included).
  const auto [start, end] = cores_.occupy_together(config_.scanner_threads, schedule.makespan_ps);
  const std::uint64_t start_ps = start.value();
  const std::uint64_t makespan = schedule.makespan_ps;
  const std::uint32_t reassignments = schedule.reassignments;
  timer_.schedule_at(end, [this, start_ps, makespan, reassignments]() {
    const multi_reference::ScanCycleResult result = store_->scan_cycle();
    ++stats_.scans;
    stats_.mappings_scanned += result.mappings_scanned;
    stats_.scan_busy_ps += makespan;
    stats_.scan_reassignments += reassignments;
    for (const multi_reference::SegmentLiveness& selected : result.selected) {
      selected_at_ps_[selected.segment] = start_ps;
      selected_valid_[selected.segment] = 1;
    }
    if (measuring_) {
      stats_.measured_scan_ps += makespan;
      ++stats_.measured_scans;
    }
    scanning_ = false;
    pump();
  });
}

void MultiReferenceCpu::erase_segment(std::uint32_t segment) {
  erases_outstanding_[segment] = planes_total_;
  for (std::uint32_t p = 0; p < planes_total_; ++p) {
    const BlockId block = geometry_.block_id(p % geometry_.dies(), p / geometry_.dies(), segment);
    next_program_page_[block] = 0;  // later programs queue behind the erase at the die
    FlashTxn& txn = new_txn(TxnKind::GcErase, FlashOpcode::Erase, OpOrigin::Gc);
    txn.segment = segment;
    txn.ppn = geometry_.page_id(block, 0);
    issue(txn);
  }
}

// ---------------------------------------------------------------- flash side

MultiReferenceCpu::FlashTxn& MultiReferenceCpu::new_txn(TxnKind kind, FlashOpcode opcode, OpOrigin origin) {
  FlashTxn* txn = &port_.acquire();
  txn->kind = kind;
  txn->host_gp = nullptr;
  txn->lpn = kInvalidLpn;
  txn->reset_command(opcode, origin);
  return *txn;
}

void MultiReferenceCpu::issue(FlashTxn& txn) {
  const PageAddress address = geometry_.address_of_page(txn.ppn);
  txn.command.die = address.die;
  auto& target = txn.command.targets[0];
  target.plane = address.plane;
  target.block_in_plane = address.block_in_plane;
  target.page = address.page;
  target.data_tag = txn.command.opcode == FlashOpcode::Program ? txn.expected_tag : 0;
  ++flash_stats_.flash_commands[static_cast<int>(txn.command.origin)][static_cast<int>(txn.command.opcode)];
  port_.send(txn);
}

void MultiReferenceCpu::end_of_elaboration() { port_.link_direct(); }

void MultiReferenceCpu::program_ready(FlashTxn& txn) {
  const BlockId block = geometry_.block_of_page(txn.ppn);
  if (geometry_.page_in_block(txn.ppn) != next_program_page_[block]) {
    held_programs_[txn.ppn] = &txn;  // a lower page of the block is not issued yet
    return;
  }
  FlashTxn* next = &txn;
  Ppn ppn = txn.ppn;
  while (next != nullptr) {
    ++next_program_page_[block];
    issue(*next);
    ++ppn;
    next = nullptr;
    if (geometry_.block_of_page(ppn) != block) break;
    const auto held = held_programs_.find(ppn);
    if (held != held_programs_.end()) {
      next = held->second;
      held_programs_.erase(held);
    }
  }
}

void MultiReferenceCpu::check_read(Pba pba, Lpn lpn, std::uint64_t expected, std::uint64_t read) {
  if (!data_mode_) return;
  ++flash_stats_.data_checks;
  if (read == expected && expected != multi_reference::kTrimmedTag) return;
  ++stats_.data_mismatches;
  std::ostringstream message;
  message << "data mismatch: physical block " << pba << " (logical page " << lpn << ") returned tag " << std::hex
          << read << ", expected " << expected;
  SC_REPORT_ERROR("ssdtlm/data", message.str().c_str());
}

void MultiReferenceCpu::flash_completed(FlashTxn& txn) {
  if (txn.command.status != FlashStatus::Ok) {
    SC_REPORT_ERROR("ssdtlm/mjolnir", "flash command failed (fault handling is not modelled by this FTL)");
  }
  const std::uint64_t tag_read = txn.command.targets[0].data_tag;
  switch (txn.kind) {
    case TxnKind::HostRead: {
      check_read(txn.pba, txn.lpn, txn.expected_tag, tag_read);
      auto* host = txn.host_gp;
      host->get_extension<FtlCommand>()->data_tag = data_mode_ ? tag_read : txn.expected_tag;
      port_.release(txn);
      --inflight_pages_;
      ++host_pages_read_;
      complete_host(*host);
      break;
    }
    case TxnKind::HostWrite: {
      auto* host = txn.host_gp;
      host->get_extension<FtlCommand>()->data_tag = txn.expected_tag;  // the content written
      store_->unpin_segment(store_->log().segment_of(txn.pba));
      ++map_generation_;
      const auto waiting = inflight_programs_.find(txn.pba);
      if (waiting != inflight_programs_.end()) {
        // Reads of the page now go to flash, ahead of reads that arrived later.
        for (auto it = waiting->second.rbegin(); it != waiting->second.rend(); ++it) host_reads_.push_front(*it);
        inflight_programs_.erase(waiting);
      }
      port_.release(txn);
      --inflight_pages_;
      ++host_pages_written_;
      complete_host(*host);
      break;
    }
    case TxnKind::GcRead: {
      check_read(txn.pba, kInvalidLpn, txn.expected_tag, tag_read);
      // The same transaction programs the copy at the head of the log.
      txn.kind = TxnKind::GcProgram;
      txn.command.opcode = FlashOpcode::Program;
      txn.command.status = FlashStatus::Ok;
      txn.pba = txn.copy.to;
      txn.ppn = flash_page(txn.copy.to);
      program_ready(txn);
      return;  // the copy is still in flight
    }
    case TxnKind::GcProgram: {
      // The map follows only now, one mapping at a time on a firmware core; until then
      // reads use the old copy.
      const std::uint64_t references = store_->reverse_maps().referrers(txn.copy.from).size();
      run_step(config_.cycles_per_mapping_updated * references, [this, &txn]() {
        store_->cleaner().complete_copy(txn.copy);
        ++stats_.gc_copies;
        if (measuring_) ++stats_.measured_copies;
        ++map_generation_;
        port_.release(txn);
        --inflight_pages_;
        pump();
      });
      return;
    }
    case TxnKind::GcErase: {
      const std::uint32_t segment = txn.segment;
      ++erase_counts_[geometry_.block_of_page(txn.ppn)];
      port_.release(txn);
      if (--erases_outstanding_[segment] == 0) {
        ++stats_.segments_erased;
        if (selected_valid_[segment]) {
          const std::uint64_t reclaim_ps = sim_now_ps() - selected_at_ps_[segment];
          ++stats_.reclaims;
          stats_.reclaim_ps_sum += reclaim_ps;
          selected_valid_[segment] = 0;
        }
        if (measuring_ && measure_target_[segment]) {
          measure_target_[segment] = 0;
          ++stats_.measured_segments;
          if (--measure_targets_left_ == 0) {
            stats_.reclaim_measured = true;
            stats_.measured_reclaim_ps = sim_now_ps() - measure_start_ps_;
            measuring_ = false;
            measurement_finished_ = true;
            for (std::uint32_t s = 0; s < measure_pinned_.size(); ++s) {
              if (measure_pinned_[s]) store_->unpin_segment(s);
            }
            measure_pinned_.assign(measure_pinned_.size(), 0);
          }
        }
      }
      break;
    }
  }
  pump();
}

// ---------------------------------------------------------------- end of run, statistics

bool MultiReferenceCpu::idle() const {
  return port_.all_released() && !scanning_ && host_reads_.empty() && host_writes_.empty() &&
         host_steps_running_ == 0;
}

void MultiReferenceCpu::host_finished(std::function<void()> callback) {
  if (!host_done_ && config_.timeline_interval_ps > 0) sample();  // the last (partial) interval
  host_done_ = true;
  idle_callback_ = std::move(callback);
  pump();
}

void MultiReferenceCpu::start_measurement() {
  measure_start_ps_ = sim_now_ps();
  stats_.measured_mappings = store_->translation_layer().mapping_count();
  const auto& log = store_->log();
  measure_target_.assign(log.segments(), 0);
  measure_pinned_.assign(log.segments(), 0);
  measure_targets_left_ = 0;
  for (std::uint32_t s = 0; s < log.segments(); ++s) {
    if (log.state(s) == multi_reference::SegmentState::kImmutable) {
      measure_target_[s] = 1;
      ++measure_targets_left_;
    }
  }
  if (measure_targets_left_ == 0) {  // nothing to reclaim
    measurement_finished_ = true;
    check_idle();
    return;
  }
  measuring_ = true;
  pump();
}

void MultiReferenceCpu::check_idle() {
  if (!idle_callback_ || !idle()) return;
  if (config_.measure_reclaim_at_end && !measurement_finished_) {
    if (!measuring_) {
      start_measurement();
      return;
    }
    // Nothing in flight and no scan will start: no segment can be reclaimed.
    measuring_ = false;
    measurement_finished_ = true;
  }
  auto callback = std::move(idle_callback_);
  idle_callback_ = nullptr;
  callback();
}

}  // namespace ssdtlm

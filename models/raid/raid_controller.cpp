// RaidController: construction and the request path (host side, operation phases, member
// commands). Failure and rebuild are in raid_rebuild.cpp, GC rounds in raid_gc_rounds.cpp.
#include <algorithm>
#include <sstream>

#include "models/common/stats/exact_time_text.h"
#include "models/raid/raid_controller_internal.h"
#include "models/raid/stripe_layout_registry.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

using sc_core::SC_PS;
using sc_core::sc_time;

RaidController::RaidController(sc_core::sc_module_name name, const RaidControllerConfig& config)
    : sc_core::sc_module(name),
      host_socket("host_socket"),
      member_socket("member_socket"),
      config_(config),
      parity_engine_(config.parity_engine),
      timer_("timer") {
  host_socket.register_nb_transport_fw(this, &RaidController::nb_transport_fw);
  member_socket.register_nb_transport_bw(this, &RaidController::nb_transport_bw);
  layout_ = make_stripe_layout(config_.level, config_.members, config_.rotation, "raid.members");
  RaidAddressing addressing;
  addressing.stripe_unit_bytes = config_.stripe_unit_bytes;
  addressing.block_bytes = config_.block_bytes;
  addressing.stripes = config_.member_capacity_bytes / config_.stripe_unit_bytes;
  planner_ = std::make_unique<RaidIoPlanner>(*layout_, addressing);
  if (config_.data_mode) data_ = std::make_unique<RaidDataModel>(*planner_, devices());
  integrity_ = std::make_unique<StripeIntegrity>(*planner_);
  coordinator_ = make_gc_coordinator(config_.gc, *this, "raid.gc_coordination");

  for (MemberId d = 0; d < devices(); ++d) queues_.push_back(std::make_unique<MemberQueue>());
  gc_channels_.resize(devices());
  member_stats_.resize(devices());
  failed_.assign(devices(), false);
  for (MemberId slot = 0; slot < config_.members; ++slot) slot_device_.push_back(slot);
  for (MemberId spare = config_.members; spare < devices(); ++spare) free_spares_.push_back(spare);
}

RaidController::~RaidController() = default;

void RaidController::attach_gc_channel(MemberId device, std::unique_ptr<MemberGcChannel> channel) {
  gc_channels_.at(device) = std::move(channel);
}

void RaidController::end_of_elaboration() {
  if (member_socket.size() != devices()) {
    std::ostringstream message;
    message << "member_socket is bound to " << member_socket.size() << " targets, expected " << devices()
            << " (members, then spares)";
    SC_REPORT_ERROR("ssdtlm/raid", message.str().c_str());
  }
}

void RaidController::start_of_simulation() { coordinator_->start(); }

// ---------------------------------------------------------------- device view

MemberId RaidController::device(MemberId slot, std::uint64_t stripe) const {
  const MemberId d = slot_device_[slot];
  if (!failed_[d]) return d;
  if (slot == rebuilding_slot_ && stripe_rebuilt(stripe)) return rebuild_target_;
  return kNoMember;
}

std::uint32_t RaidController::load(MemberId d) const {
  return queues_[d]->in_flight + static_cast<std::uint32_t>(queues_[d]->waiting.size());
}

// ---------------------------------------------------------------- host side

sc_time RaidController::reserve_host_link(sc_time& free_at, std::uint64_t bytes) {
  if (config_.host_link_mbps <= 0.0 || bytes == 0) return sim_now();
  const double ps = double(bytes) * 1e6 / config_.host_link_mbps;  // MB/s = bytes per us
  free_at = std::max(free_at, sim_now()) + sc_time(ps, SC_PS);
  return free_at;
}

tlm::tlm_sync_enum RaidController::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time&) {
  if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
  auto* command = gp.get_extension<HostCommand>();
  if (phase != tlm::BEGIN_REQ || command == nullptr) {
    SC_REPORT_ERROR("ssdtlm/raid", "RAID controller expects BEGIN_REQ with a HostCommand extension");
    return tlm::TLM_COMPLETED;
  }
  const HostRequest& r = command->request;
  if (r.op != HostOp::Read && r.op != HostOp::Write && r.op != HostOp::Flush) {
    std::ostringstream message;
    message << "request " << r.id << ": the RAID controller models reads, writes and flushes, not "
            << to_string(r.op) << " (a trace's trims cannot be replayed on an array)";
    SC_REPORT_ERROR("ssdtlm/raid", message.str().c_str());
    return tlm::TLM_COMPLETED;
  }
  if (r.op != HostOp::Flush &&
      (r.size_bytes == 0 || r.offset_bytes % config_.block_bytes != 0 || r.size_bytes % config_.block_bytes != 0 ||
       r.offset_bytes + r.size_bytes > capacity_bytes())) {
    std::ostringstream message;
    message << "request " << r.id << " [" << r.offset_bytes << ", +" << r.size_bytes << ") is not aligned to "
            << config_.block_bytes << " B blocks or exceeds the " << capacity_bytes() << " B array";
    SC_REPORT_ERROR("ssdtlm/raid", message.str().c_str());
    return tlm::TLM_COMPLETED;
  }
  ArrayOp& op = new_op();
  op.host_gp = &gp;
  op.request = r;
  op.arrival = flushes_.arrive();
  if (host_outstanding_++ == 0) coordinator_->on_array_busy();
  if (r.op == HostOp::Flush) {
    op.kind = ArrayOp::Kind::HostFlush;
    timer_.schedule_at(reserve_firmware(), [this, &op]() { flush_when_earlier_done(op); });
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  op.kind = r.op == HostOp::Read ? ArrayOp::Kind::HostRead : ArrayOp::Kind::HostWrite;
  op.first_stripe = planner_->first_stripe(r.offset_bytes);
  op.last_stripe = planner_->last_stripe(r.offset_bytes, r.size_bytes);
  op.exclusive = r.op == HostOp::Write;

  // Write data crosses the host link after the firmware has taken the command.
  timer_.schedule_at(reserve_firmware(), [this, &op]() {
    if (op.kind == ArrayOp::Kind::HostWrite && config_.host_link_mbps > 0.0) {
      timer_.schedule_at(reserve_host_link(host_link_down_free_at_, op.request.size_bytes),
                         [this, &op]() { lock_and_plan(op); });
      return;
    }
    lock_and_plan(op);
  });
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

sc_time RaidController::reserve_firmware() {
  // Controller firmware is one serial resource: each host command takes command_overhead_ns.
  const sc_time start = std::max(cpu_free_at_, sim_now());
  cpu_free_at_ = start + sc_time(double(config_.command_overhead_ns), sc_core::SC_NS);
  return cpu_free_at_;
}

void RaidController::respond_to_host(ArrayOp& op) {
  sc_time done = sim_now();
  if (op.kind == ArrayOp::Kind::HostRead) done = reserve_host_link(host_link_up_free_at_, op.request.size_bytes);
  done += sc_time(double(config_.completion_overhead_ns), sc_core::SC_NS);
  timer_.schedule_at(done, [this, &op]() {
    tlm::tlm_generic_payload& gp = *op.host_gp;
    const std::uint64_t arrival = op.arrival;
    free_ops_.push_back(&op);
    ++host_completed_;
    gp.set_response_status(op.failed ? tlm::TLM_GENERIC_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_time delay = sc_core::SC_ZERO_TIME;
    host_socket->nb_transport_bw(gp, phase, delay);
    if (--host_outstanding_ == 0) coordinator_->on_array_idle();
    flushes_.done(arrival, [this](ArrayOp* flush) { flush_members(*flush); });
  });
}

// ---------------------------------------------------------------- operation phases

RaidController::ArrayOp& RaidController::new_op() {
  if (free_ops_.empty()) {
    op_storage_.push_back(std::make_unique<ArrayOp>());
    return *op_storage_.back();
  }
  ArrayOp* op = free_ops_.back();
  free_ops_.pop_back();
  op->outstanding = 0;
  op->writing = false;
  op->host_gp = nullptr;
  op->read_errors.clear();
  op->read_error_this_phase = false;
  op->failed = false;
  op->planned_writes.clear();
  op->write_devices.clear();
  return *op;
}

void RaidController::lock_and_plan(ArrayOp& op) {
  locks_.acquire(op.first_stripe, op.last_stripe, op.exclusive, [this, &op]() { plan(op); });
}

void RaidController::plan(ArrayOp& op) {
  // The device map is read now, under the stripe locks: this is the operation's view of
  // which members are in service, and (data mode) the point where written data becomes current.
  switch (op.kind) {
    case ArrayOp::Kind::HostRead:
      planner_->plan_read(op.request.offset_bytes, op.request.size_bytes, *this, op.plan);
      if (!settle_read_plan(op)) {  // its reads still run; the host gets an error status
        ++unrecoverable_reads_;
        op.failed = true;
      }
      break;
    case ArrayOp::Kind::HostWrite:
      planner_->plan_write(op.request.offset_bytes, op.request.size_bytes, *this, op.plan);
      if (data_) data_->record_host_write(op.plan);
      break;
    case ArrayOp::Kind::HostFlush:  // never planned: flushes take no stripe locks (raid_flush.cpp)
      SC_REPORT_FATAL("ssdtlm/raid", "internal: a flush reached the stripe planner");
      return;
    case ArrayOp::Kind::Rebuild:
      planner_->plan_rebuild(op.first_stripe, rebuilding_slot_, rebuild_target_, *this, op.plan);
      break;
  }
  for (const StripeTask& task : op.plan.tasks) ++stripe_modes_[static_cast<int>(task.mode)];
  if (op.plan.lost_data) ++lost_data_operations_;
  op.writing = false;
  issue_phase(op, op.plan.reads, HostOp::Read);
}

void RaidController::issue_phase(ArrayOp& op, const std::vector<MemberExtent>& extents, HostOp member_op) {
  if (extents.empty()) {
    if (op.writing) {
      writes_done(op);
    } else {
      reads_done(op);
    }
    return;
  }
  op.outstanding = static_cast<std::uint32_t>(extents.size());
  for (const MemberExtent& extent : extents) submit(op, extent, member_op);
}

void RaidController::reads_done(ArrayOp& op) {
  // A host read that cannot return its data: answered with an error status once its reads
  // are done, with nothing rebuilt or checked.
  if (op.failed && op.kind == ArrayOp::Kind::HostRead) {
    finish(op);
    return;
  }
  if (op.read_error_this_phase && reconstruct_after_read_errors(op)) return;
  if (op.kind == ArrayOp::Kind::HostWrite) {
    integrity_->record_write(op.plan);
  } else if (op.kind == ArrayOp::Kind::Rebuild) {
    integrity_->record_rebuild(op.plan);
  }
  if (data_) {
    if (op.kind == ArrayOp::Kind::HostRead) {
      const std::uint64_t mismatches = data_->finish_read(op.plan);
      if (mismatches != 0) {
        ++data_mismatches_reported_;
        std::ostringstream message;
        message << "data mismatch: array read " << op.request.id << " [" << op.request.offset_bytes << ", +"
                << op.request.size_bytes << ") returned " << mismatches << " block(s) other than last written";
        SC_REPORT_ERROR("ssdtlm/raid-data", message.str().c_str());
      }
    } else {
      data_->prepare_writes(op.plan);
    }
  }
  op.writing = true;
  if (op.plan.xor_bytes == 0 && op.plan.rs_bytes == 0) {
    issue_phase(op, op.plan.writes, HostOp::Write);
    return;
  }
  static const std::vector<ParityRow> kNoRows;
  timer_.schedule_at(parity_engine_.reserve(op.plan.xor_bytes, op.plan.rs_bytes, data_ ? data_->parity_rows() : kNoRows),
                     [this, &op]() { issue_phase(op, op.plan.writes, HostOp::Write); });
}

void RaidController::writes_done(ArrayOp& op) { finish(op); }

void RaidController::finish(ArrayOp& op) {
  if (op.kind == ArrayOp::Kind::Rebuild) {
    // The stripe counts as rebuilt before its lock is released: releasing grants waiting
    // operations at once, and they must already see the unit on the spare.
    const std::uint64_t stripe = op.first_stripe;
    rebuild_step_done(stripe);
    locks_.release(stripe, stripe, true);
    free_ops_.push_back(&op);
    launch_rebuild_steps();
    return;
  }
  if (op.kind != ArrayOp::Kind::HostFlush) locks_.release(op.first_stripe, op.last_stripe, op.exclusive);
  respond_to_host(op);
}

// ---------------------------------------------------------------- member side

void RaidController::submit(ArrayOp& op, const MemberExtent& extent, HostOp member_op) {
  MemberIo* io;
  if (free_ios_.empty()) {
    io_storage_.push_back(std::make_unique<MemberIo>());
    io = io_storage_.back().get();
  } else {
    io = free_ios_.back();
    free_ios_.pop_back();
  }
  io->op = &op;
  io->device = extent.device;
  io->queued_ps = sim_now_ps();
  HostRequest& r = io->command.request;
  r = HostRequest{};
  r.id = op.request.id;
  r.op = member_op;
  r.offset_bytes = extent.offset_bytes;
  r.size_bytes = static_cast<std::uint32_t>(extent.bytes);
  io->command.submit_time_ps = io->queued_ps;
  io->command.issuer_tag = reinterpret_cast<std::uint64_t>(io);
  MemberQueue& queue = *queues_[extent.device];
  if (queue.in_flight < config_.member_queue_depth) {
    send(*io);
  } else {
    queue.waiting.push_back(io);
  }
}

void RaidController::send(MemberIo& io) {
  ++queues_[io.device]->in_flight;
  io.gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_time delay = sc_core::SC_ZERO_TIME;
  member_socket[static_cast<int>(io.device)]->nb_transport_fw(io.gp, phase, delay);
}

tlm::tlm_sync_enum RaidController::nb_transport_bw(int, tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                                   sc_time&) {
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  member_completed(*reinterpret_cast<MemberIo*>(gp.get_extension<HostCommand>()->issuer_tag));
  return tlm::TLM_COMPLETED;
}

void RaidController::member_completed(MemberIo& io) {
  const std::uint64_t now_ps = sim_now_ps();
  const MemberId device = io.device;
  const HostRequest& r = io.command.request;
  MemberStats& stats = member_stats_[device];
  const std::uint64_t latency_ps = now_ps - io.queued_ps;
  stats.latency.record(double(latency_ps) / 1000.0);
  if (r.op == HostOp::Read) {
    ++stats.reads;
    stats.bytes_read += r.size_bytes;
  } else if (r.op == HostOp::Flush) {
    ++stats.flushes;
  } else {
    ++stats.writes;
    stats.bytes_written += r.size_bytes;
  }
  if (member_trace_ && io.queued_ps >= trace_start_ps_ && io.queued_ps < trace_end_ps_) {
    *member_trace_ << device << ',' << to_string(r.op) << ',' << r.size_bytes << ',';
    write_ps_as_ms(*member_trace_, io.queued_ps);
    *member_trace_ << ',';
    write_ps_as_ms(*member_trace_, latency_ps);
    *member_trace_ << '\n';
  }
  ArrayOp& op = *io.op;
  if (r.op == HostOp::Read && io.gp.is_response_error()) {
    ++member_read_errors_;
    op.read_errors.push_back(device);
    op.read_error_this_phase = true;
  }
  free_ios_.push_back(&io);
  MemberQueue& queue = *queues_[device];
  --queue.in_flight;
  if (!queue.waiting.empty()) {
    MemberIo* next = queue.waiting.front();
    queue.waiting.pop_front();
    send(*next);
  }
  if (config_.member_wa_window_ns != 0 && sim_now().value() >= next_pages_sample_ps_) sample_member_pages();
  coordinator_->on_member_completion(device);
  if (--op.outstanding == 0) {
    if (op.writing) {
      writes_done(op);
    } else {
      reads_done(op);
    }
  }
}

}  // namespace ssdtlm

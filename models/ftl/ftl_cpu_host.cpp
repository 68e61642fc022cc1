// FtlCpu's host side: host commands in (either socket path), their firmware step, their
// answers (host writes and trims go on to the HostWritePath), and idle detection.
#include <sstream>

#include "models/ftl/ftl_cpu.h"

namespace ssdtlm {

using sc_core::sc_time;

// ---------------------------------------------------------------- host side

tlm::tlm_sync_enum FtlCpu::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time& delay) {
  if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
  if (phase != tlm::BEGIN_REQ) {
    SC_REPORT_ERROR("ssdtlm/ftl", "unexpected phase from the host interface");
    return tlm::TLM_COMPLETED;
  }
  auto* command = gp.get_extension<FtlCommand>();
  if (command == nullptr) {
    SC_REPORT_ERROR("ssdtlm/ftl", "host command without FtlCommand extension");
    return tlm::TLM_COMPLETED;
  }
  if (!begin_host_command(gp, *command, delay)) return tlm::TLM_COMPLETED;
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void FtlCpu::begin_command(tlm::tlm_generic_payload& payload, FtlCommand& command) {
  begin_host_command(payload, command, sc_core::SC_ZERO_TIME);
}

const sc_core::sc_interface* FtlCpu::command_forward_interface() const { return &host_socket.get_base_interface(); }

bool FtlCpu::link_command_initiator(CommandInitiator<FtlCommand>& initiator,
                                    const sc_core::sc_interface* backward_interface) {
  if (backward_interface == nullptr || host_socket.get_base_port().get_interface() != backward_interface) return false;
  host_initiator_ = &initiator;
  return true;
}

void FtlCpu::respond_to_host(tlm::tlm_generic_payload& gp) {
  send_begin_response(host_initiator_, host_socket, gp);
}

void FtlCpu::complete_host_with_error(tlm::tlm_generic_payload& gp) {
  gp.get_extension<FtlCommand>()->data_tag = 0;
  gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
  respond_to_host(gp);
}

bool FtlCpu::begin_host_command(tlm::tlm_generic_payload& gp, FtlCommand& host_command, const sc_time& delay) {
  FtlCommand* command = &host_command;
  if (command->lpn >= host_logical_pages_) {
    std::ostringstream message;
    message << "logical page " << command->lpn << " beyond the logical capacity (" << host_logical_pages_ << " pages)";
    SC_REPORT_ERROR("ssdtlm/ftl", message.str().c_str());
    return false;
  }
  auto handle = [this, &gp, command]() {
    if (command_observer_) command_observer_(*command, false);
    switch (command->op) {
      case HostOp::Read: handle_host_read(gp); break;
      case HostOp::Write: handle_host_write(gp); break;
      case HostOp::Trim: handle_host_trim(gp); break;
      case HostOp::Flush:
        if (sort_) {
          sort_->host_flush(gp);  // waits for the sort buffer's batch
        } else {
          durability_.host_flush(gp);
        }
        break;
      default:
        SC_REPORT_ERROR("ssdtlm/ftl", (std::string(to_string(command->op)) +
                                       " needs the multi-reference store: set ftl.mode = mjolnir").c_str());
        break;
    }
  };
  const std::uint64_t cycles = command->op == HostOp::Read    ? config_.cycles_per_host_read
                             : command->op == HostOp::Write   ? config_.cycles_per_host_write
                             : command->op == HostOp::Trim    ? config_.cycles_per_trim
                                                              : 0;
  if (delay != sc_core::SC_ZERO_TIME) {
    timer_.schedule_in(delay, [this, cycles, handle]() { run_step(cycles, handle); });
  } else if (cycles == 0) {
    handle();  // every preset's firmware: the step inline, as run_step would (it is not inlined here)
  } else {
    run_step(cycles, handle);
  }
  return true;
}

void FtlCpu::handle_host_trim(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  PendingWrite trim = PendingWrite::host_trim(&gp, command->lpn);
  trim.host_event = durability_.new_host_event();
  host_writes_.admit_trim(trim);
}

void FtlCpu::handle_host_write(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  if (core_.end_of_life()) {  // spare blocks exhausted: read-only
    ++stats_.host_write_errors;
    complete_host_with_error(gp);
    return;
  }
  const bool partial = command->bytes < core_.geometry().page_size_bytes;
  PendingWrite write = PendingWrite::host_write(&gp, command->lpn, partial);
  write.host_event = durability_.new_host_event();
  if (write_content_ && config_.data_mode) {
    // Taken now: with a write buffer the host is answered before the page is placed.
    write.has_content = true;
    write.content = write_content_(command->lpn);
  }
  host_writes_.admit(write);
}

// ---------------------------------------------------------------- idle detection

bool FtlCpu::idle() const {
  if (!port_.all_released() || write_buffer_.slots_used() != 0 || !host_writes_.idle()) return false;
  if (sort_ && sort_->busy()) return false;
  if (write_buffer_.holds_events_or_reads() || !durability_.idle()) return false;
  for (UnitId u = 0; u < core_.units(); ++u) {
    if (gc_jobs_[u]->cycle_active) return false;
  }
  return true;
}

void FtlCpu::notify_when_idle(std::function<void()> callback) {
  idle_callback_ = std::move(callback);
  if (sort_) sort_->flush_if_finishing();  // the last partial sort-buffer batch
  check_idle();
}

void FtlCpu::check_idle() {
  if (idle_callback_ && idle()) {
    auto callback = std::move(idle_callback_);
    idle_callback_ = nullptr;
    callback();
  }
}

}  // namespace ssdtlm

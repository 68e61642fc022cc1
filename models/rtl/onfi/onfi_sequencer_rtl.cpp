// Verilator's headers first: included after <systemc> they switch to SystemC time keeping
// (VM_SC), which this C++-output model does not use.
#include "Vonfi_sequencer.h"
#include "models/rtl/common/rtl_harness.h"

#include "models/rtl/onfi/onfi_sequencer_rtl.h"

#include <algorithm>

namespace ssdtlm {

struct OnfiSequencerRtl::Impl {
  Impl(const std::string& instance, std::uint64_t period_ps) : harness(instance, period_ps) {}
  RtlHarness<Vonfi_sequencer> harness;
};

OnfiSequencerRtl::OnfiSequencerRtl(sc_core::sc_module_name name, std::uint64_t clock_period_ps)
    : sc_core::sc_module(name),
      ce_n("ce_n"),
      cle("cle"),
      ale("ale"),
      we_n("we_n"),
      re_n("re_n"),
      dq_out("dq_out"),
      dq_oe("dq_oe"),
      dq_in("dq_in"),
      rb_n("rb_n"),
      impl_(std::make_unique<Impl>(this->name(), clock_period_ps)),
      period_ps_(clock_period_ps) {
  SC_THREAD(run);
}

OnfiSequencerRtl::~OnfiSequencerRtl() = default;

std::size_t OnfiSequencerRtl::issue(OnfiOperation operation) {
  if (operation.kind == OnfiOperationKind::Program) {
    operation.bytes = static_cast<std::uint32_t>(operation.data.size());
  }
  operations_.push_back(std::move(operation));
  results_.emplace_back();
  // Once the simulation has started, the thread may be waiting for work (also between two
  // sc_start() calls, as OnfiRtlDie runs it).
  if (sc_core::sc_start_of_simulation_invoked()) work_.notify(sc_core::SC_ZERO_TIME);
  return operations_.size() - 1;
}

void OnfiSequencerRtl::drive_outputs() {
  auto& rtl = impl_->harness.model();
  ce_n.write(rtl.ce_n);
  cle.write(rtl.cle);
  ale.write(rtl.ale);
  we_n.write(rtl.we_n);
  re_n.write(rtl.re_n);
  dq_out.write(static_cast<std::uint8_t>(rtl.dq_o));
  dq_oe.write(rtl.dq_oe);
}

void OnfiSequencerRtl::run() {
  auto& harness = impl_->harness;
  auto& rtl = harness.model();
  const sc_core::sc_time period = sc_core::sc_time::from_value(period_ps_);
  drive_outputs();
  std::size_t next = 0;                              // next operation to present
  std::size_t active = operations_.size() + 1;       // in flight, or none
  bool in_flight = false;
  std::size_t written = 0;                           // program bytes handed to the RTL
  std::uint64_t first_cycle = 0;

  for (;;) {
    if (!in_flight) {
      if (next >= operations_.size()) {
        wait(work_);
        continue;
      }
      // Stop the clock until the next operation is due; restart on an edge.
      const std::uint64_t now = sc_core::sc_time_stamp().value();
      const std::uint64_t due = std::max<std::uint64_t>(now, operations_[next].start_at.value());
      const std::uint64_t edge = (due + period_ps_ - 1) / period_ps_ * period_ps_;
      if (edge > now) wait(sc_core::sc_time::from_value(edge - now));
    }
    wait(sc_core::SC_ZERO_TIME);  // see the header: sample after this instant's timed changes
    const sc_core::sc_time now = sc_core::sc_time_stamp();

    rtl.rb_n = rb_n.read();
    rtl.dq_i = dq_in.read();
    const bool presenting = !in_flight && next < operations_.size() && operations_[next].start_at <= now;
    rtl.cmd_valid = presenting;
    if (presenting) {
      const OnfiOperation& operation = operations_[next];
      rtl.cmd_op = static_cast<std::uint8_t>(operation.kind);
      rtl.cmd_row = operation.row & 0xffffff;
      rtl.cmd_column = operation.column;
      rtl.cmd_bytes = static_cast<std::uint16_t>(operation.bytes);
      rtl.cmd_status_check = operation.status_check;
    }
    const OnfiOperation* program =
        in_flight && operations_[active].kind == OnfiOperationKind::Program ? &operations_[active] : nullptr;
    rtl.wr_valid = program != nullptr && written < program->data.size();
    if (rtl.wr_valid) rtl.wr_data = program->data[written];
    harness.settle();
    const bool accepted = presenting && rtl.cmd_ready;
    const bool consumed = rtl.wr_valid && rtl.wr_ready;

    harness.start_at(now.value());
    harness.tick();
    drive_outputs();

    if (accepted) {
      active = next++;
      in_flight = true;
      written = 0;
      first_cycle = harness.cycles() - 1;
      results_[active].started = now;
    }
    if (consumed) ++written;
    if (in_flight && rtl.rd_valid) results_[active].data.push_back(static_cast<std::uint8_t>(rtl.rd_data));
    if (in_flight && rtl.done) {
      OnfiOperationResult& result = results_[active];
      result.done = true;
      result.completed = now;
      result.cycles = harness.cycles() - first_cycle;
      result.status = static_cast<std::uint8_t>(rtl.status);
      result.fail = rtl.fail;
      in_flight = false;
      ++completed_;
    }
    if (in_flight || next < operations_.size()) wait(period);
  }
}

}  // namespace ssdtlm

#pragma once
// OnfiSequencerRtl: the Verilated onfi_sequencer.v as a SystemC module with ONFI pins, the
// example of an RTL flash controller driving our NAND model (OnfiTarget + NandDie) through real
// pins. It is also the pin-level half of the transactor pattern (docs/cosimulation.md): an
// SC_THREAD clocks the model, copies the pins between the model and the signals every cycle,
// and feeds the model's host port from a queue of operations.
//
// Clock: rising edges at whole multiples of the period. When no operation is in flight and
// none is due, the clock stops (the RTL sits in IDLE), so an idle bench costs no events.
// Sampling: inputs (R/B#, DQ) are read one delta after the clock edge, i.e. with every change
// the pins got at that instant from timed events (R/B# rising exactly on an edge is seen by
// that edge); outputs change at the edge.
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <systemc>

namespace ssdtlm {

enum class OnfiOperationKind : std::uint8_t { Read = 0, Program = 1, Erase = 2 };

struct OnfiOperation {
  OnfiOperationKind kind = OnfiOperationKind::Read;
  std::uint32_t row = 0;        // OnfiTarget::row_address
  std::uint16_t column = 0;
  std::uint32_t bytes = 0;      // Read: bytes to clock out (Program: data.size())
  std::vector<std::uint8_t> data;
  bool status_check = false;    // Program / Erase: finish with a 70h status read
  sc_core::sc_time start_at;    // presented to the RTL at the first clock edge at or after this
};

struct OnfiOperationResult {
  bool done = false;
  sc_core::sc_time started;     // clock edge that accepted the command (first WE# low)
  sc_core::sc_time completed;   // clock edge of `done`
  std::uint64_t cycles = 0;     // from the accepting edge to the done edge, both included
  std::uint8_t status = 0;      // status byte, when status_check
  bool fail = false;
  std::vector<std::uint8_t> data;  // Read
};

class OnfiSequencerRtl : public sc_core::sc_module {
 public:
  sc_core::sc_out<bool> ce_n;
  sc_core::sc_out<bool> cle;
  sc_core::sc_out<bool> ale;
  sc_core::sc_out<bool> we_n;
  sc_core::sc_out<bool> re_n;
  sc_core::sc_out<std::uint8_t> dq_out;
  sc_core::sc_out<bool> dq_oe;
  sc_core::sc_in<std::uint8_t> dq_in;
  sc_core::sc_in<bool> rb_n;

  SC_HAS_PROCESS(OnfiSequencerRtl);
  OnfiSequencerRtl(sc_core::sc_module_name name, std::uint64_t clock_period_ps);
  ~OnfiSequencerRtl() override;

  // Queues an operation (run in order); returns its index for result().
  std::size_t issue(OnfiOperation operation);
  const OnfiOperationResult& result(std::size_t index) const { return results_[index]; }
  std::size_t completed() const { return completed_; }
  std::uint64_t clock_period_ps() const { return period_ps_; }

 private:
  void run();
  void drive_outputs();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::uint64_t period_ps_;
  std::deque<OnfiOperation> operations_;
  std::deque<OnfiOperationResult> results_;
  std::size_t completed_ = 0;
  sc_core::sc_event work_;
};

}  // namespace ssdtlm

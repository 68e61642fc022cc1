#pragma once
// RtlHarness<Model>: owns one Verilated model (C++ output) and clocks it. Transactors use it to
// drive a block cycle by cycle and to count the cycles an operation took; the platform turns
// that count into simulated time. Include it only from transactor .cpp files: it pulls in
// Verilator's headers, which the rest of the code base never sees.
//
// The model's ports must include `clk` and `rst_n` (active-low reset).
//
// VCD: when the environment variable SSDTLM_RTL_VCD names a directory, every harness writes
// DIR/<instance name>.vcd with all signals of its block. Timestamps are simulated picoseconds:
// the transactor says when an operation starts (start_at), so the waveform lines up with the
// platform's timeline.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include <verilated.h>
#if VM_TRACE
#include <verilated_vcd_c.h>
#endif

#include "models/rtl/common/rtl_vcd.h"

namespace ssdtlm {

template <class Model>
class RtlHarness {
 public:
  RtlHarness(const std::string& instance, std::uint64_t clock_period_ps)
      : context_(std::make_unique<VerilatedContext>()), period_ps_(clock_period_ps) {
    if (period_ps_ < 2) period_ps_ = 2;
    const std::string vcd = rtl_vcd_path(instance);
#if VM_TRACE
    if (!vcd.empty()) context_->traceEverOn(true);
#endif
    model_ = std::make_unique<Model>(context_.get(), instance.c_str());
#if VM_TRACE
    if (!vcd.empty()) {
      trace_ = std::make_unique<VerilatedVcdC>();
      model_->trace(trace_.get(), 99);
      trace_->open(vcd.c_str());
    }
#endif
    model_->clk = 0;
    model_->rst_n = 0;
    model_->eval();
    for (int i = 0; i < 2; ++i) tick();
    model_->rst_n = 1;
    model_->eval();
    cycles_ = 0;
  }
  ~RtlHarness() {
#if VM_TRACE
    if (trace_) trace_->close();
#endif
    model_->final();
  }
  RtlHarness(const RtlHarness&) = delete;
  RtlHarness& operator=(const RtlHarness&) = delete;

  Model& model() { return *model_; }
  std::uint64_t period_ps() const { return period_ps_; }
  // Clock cycles since construction (reset excluded).
  std::uint64_t cycles() const { return cycles_; }

  // The next cycle starts no earlier than `ps` of simulated time (VCD timestamps only).
  void start_at(std::uint64_t ps) {
    if (ps > now_ps_) now_ps_ = ps;
  }

  // Settles combinational outputs after the transactor changed inputs.
  void settle() { model_->eval(); }

  // One clock cycle: rising edge now, falling edge half a period later. Inputs set before the
  // call are sampled by the rising edge (call settle() first to read combinational outputs
  // that depend on them).
  void tick() {
    model_->clk = 1;
    model_->eval();
    dump();
    now_ps_ += period_ps_ / 2;
    model_->clk = 0;
    model_->eval();
    dump();
    now_ps_ += period_ps_ - period_ps_ / 2;
    ++cycles_;
  }

 private:
  void dump() {
#if VM_TRACE
    if (trace_) trace_->dump(now_ps_);
#endif
  }

  std::unique_ptr<VerilatedContext> context_;
  std::unique_ptr<Model> model_;
#if VM_TRACE
  std::unique_ptr<VerilatedVcdC> trace_;
#endif
  std::uint64_t period_ps_;
  std::uint64_t now_ps_ = 0;
  std::uint64_t cycles_ = 0;
};

}  // namespace ssdtlm

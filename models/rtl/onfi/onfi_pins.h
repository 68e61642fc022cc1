#pragma once
// OnfiPins: the signals of one asynchronous SDR ONFI channel with one target (CE#, CLE, ALE,
// WE#, RE#, R/B#, DQ[7:0] split into its two directions), with the idle levels as initial
// values, and the binding of a controller and a target to them.
#include <cstdint>

#include <systemc>

namespace ssdtlm {

struct OnfiPins {
  sc_core::sc_signal<bool> ce_n{"ce_n", true};
  sc_core::sc_signal<bool> cle{"cle", false};
  sc_core::sc_signal<bool> ale{"ale", false};
  sc_core::sc_signal<bool> we_n{"we_n", true};
  sc_core::sc_signal<bool> re_n{"re_n", true};
  sc_core::sc_signal<std::uint8_t> dq_to_nand{"dq_to_nand", 0};
  sc_core::sc_signal<bool> dq_to_nand_enable{"dq_to_nand_enable", false};
  sc_core::sc_signal<std::uint8_t> dq_from_nand{"dq_from_nand", 0};
  sc_core::sc_signal<bool> dq_from_nand_enable{"dq_from_nand_enable", false};
  sc_core::sc_signal<bool> rb_n{"rb_n", true};

  // Controller side: anything with these ports (OnfiSequencerRtl, or your own wrapper).
  template <class Controller>
  void bind_controller(Controller& controller) {
    controller.ce_n.bind(ce_n);
    controller.cle.bind(cle);
    controller.ale.bind(ale);
    controller.we_n.bind(we_n);
    controller.re_n.bind(re_n);
    controller.dq_out.bind(dq_to_nand);
    controller.dq_oe.bind(dq_to_nand_enable);
    controller.dq_in.bind(dq_from_nand);
    controller.rb_n.bind(rb_n);
  }
  // Target side: OnfiTarget.
  template <class Target>
  void bind_target(Target& target) {
    target.ce_n.bind(ce_n);
    target.cle.bind(cle);
    target.ale.bind(ale);
    target.we_n.bind(we_n);
    target.re_n.bind(re_n);
    target.dq_in.bind(dq_to_nand);
    target.dq_out.bind(dq_from_nand);
    target.dq_oe.bind(dq_from_nand_enable);
    target.rb_n.bind(rb_n);
  }
};

}  // namespace ssdtlm

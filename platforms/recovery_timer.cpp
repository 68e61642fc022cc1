#include "platforms/recovery_timer.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>

#include <tlm_utils/simple_initiator_socket.h>

#include "models/controller/flash_controller.h"
#include "platforms/kernel_context.h"

namespace ssdtlm {
namespace {

// Issues one phase's reads at once, the next phase when the last read of a phase completes.
class RecoveryReader : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<RecoveryReader> socket;

  SC_HAS_PROCESS(RecoveryReader);
  RecoveryReader(sc_core::sc_module_name name, const FlashGeometry& geometry,
                 const std::vector<std::vector<RecoveryRead>>& phases, std::uint32_t oob_read_bytes)
      : sc_core::sc_module(name), socket("socket"), geometry_(geometry), phases_(phases), oob_bytes_(oob_read_bytes) {
    socket.register_nb_transport_bw(this, &RecoveryReader::nb_transport_bw);
    SC_METHOD(start);
  }
  const RecoveryTiming& timing() const { return timing_; }

 private:
  struct Read {
    Read() { payload.set_extension(&command); }
    ~Read() { payload.clear_extension(&command); }
    tlm::tlm_generic_payload payload;
    FlashCommand command;
  };

  void start() { next_phase(); }

  void next_phase() {
    while (phase_ < phases_.size() && phases_[phase_].empty()) {
      timing_.phase_end_ps.push_back(sc_core::sc_time_stamp().value());
      ++phase_;
    }
    if (phase_ == phases_.size()) return;
    const auto& reads = phases_[phase_];
    outstanding_ = reads.size();
    for (const RecoveryRead& r : reads) {
      reads_.push_back(std::make_unique<Read>());
      Read& read = *reads_.back();
      const BlockId block = geometry_.block_of_page(r.ppn);
      read.command.opcode = FlashOpcode::Read;
      read.command.origin = OpOrigin::Other;
      read.command.die = geometry_.die_of_block(block);
      read.command.targets[0].plane = geometry_.plane_of_block(block);
      read.command.targets[0].block_in_plane = geometry_.index_in_plane(block);
      read.command.targets[0].page = geometry_.page_in_block(r.ppn);
      read.command.transfer_bytes = r.whole_page ? 0 : oob_bytes_;
      read.payload.set_command(tlm::TLM_IGNORE_COMMAND);
      read.payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(read.payload, phase, delay);
    }
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    if (--outstanding_ == 0) {
      timing_.phase_end_ps.push_back(sc_core::sc_time_stamp().value());
      timing_.time_ps = sc_core::sc_time_stamp().value();
      ++phase_;
      next_phase();
    }
    return tlm::TLM_COMPLETED;
  }

  FlashGeometry geometry_;
  const std::vector<std::vector<RecoveryRead>>& phases_;
  std::uint32_t oob_bytes_;
  std::size_t phase_ = 0;
  std::size_t outstanding_ = 0;
  std::deque<std::unique_ptr<Read>> reads_;
  RecoveryTiming timing_;
};

}  // namespace

RecoveryTiming time_recovery_reads(const FlashGeometry& geometry, const NandTiming& nand, const ChannelBusTiming& bus,
                                   FlashControllerConfig controller,
                                   const std::vector<std::vector<RecoveryRead>>& phases,
                                   std::uint32_t oob_read_bytes) {
  controller.data_mode = false;  // timing only: the scratch dies hold no contents
  auto* context = new sc_core::sc_simcontext();
  RecoveryTiming timing;
  {
    KernelContextGuard guard(context);
    FlashController flash("recovery_flash", geometry, nand, bus, controller);
    RecoveryReader reader("recovery_reader", geometry, phases, oob_read_bytes);
    reader.socket.bind(flash.target_socket);
    // The scratch dies must hold every page read (the model's dies reject reads of erased
    // pages; a real scan reads the first erased page of a block to find its end).
    std::map<BlockId, std::uint32_t> pages_read;
    for (const auto& phase : phases) {
      for (const RecoveryRead& r : phase) {
        std::uint32_t& n = pages_read[geometry.block_of_page(r.ppn)];
        n = std::max(n, geometry.page_in_block(r.ppn) + 1);
      }
    }
    for (const auto& [block, pages] : pages_read) {
      NandDie& die = flash.die(geometry.die_of_block(block));
      for (std::uint32_t p = 0; p < pages; ++p) {
        die.backdoor_program(geometry.plane_of_block(block), geometry.index_in_plane(block), p);
      }
    }
    sc_core::sc_start();
    timing = reader.timing();
  }
  KernelContextGuard::destroy(context);
  return timing;
}

}  // namespace ssdtlm

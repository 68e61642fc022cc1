#include "platforms/recovery_timer.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <tuple>

#include <tlm_utils/simple_initiator_socket.h>

#include "models/kernel/event_loop.h"
#include "models/controller/flash_controller.h"
#include "platforms/die_wiring.h"
#include "platforms/kernel_context.h"

namespace ssdtlm {
namespace {

// Issues a phase's reads die by die, keeping kReadsQueuedPerDie plane-sets queued on every die
// (the die never idles for want of a command and multi-plane partners are there to merge, while
// the controller's queues stay short), and the next phase when the last read of a phase completes.
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
      timing_.phase_end_ps.push_back(sim_now_ps());
      ++phase_;
    }
    if (phase_ == phases_.size()) return;
    const auto& reads = phases_[phase_];
    outstanding_ = reads.size();
    per_die_.assign(geometry_.dies(), {});
    for (std::size_t i = 0; i < reads.size(); ++i) per_die_[geometry_.die_of_page(reads[i].ppn)].push_back(i);
    // Blocks of one index on all planes in lockstep, page by page: the controller can merge the
    // planes' reads of one page into a multi-plane read.
    auto key = [&](std::size_t i) {
      const Ppn ppn = reads[i].ppn;
      const BlockId block = geometry_.block_of_page(ppn);
      return std::make_tuple(geometry_.page_in_block(ppn), geometry_.index_in_plane(block), geometry_.plane_of_block(block));
    };
    for (auto& queue : per_die_) {
      std::stable_sort(queue.begin(), queue.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    }
    for (DieId die = 0; die < geometry_.dies(); ++die) {
      for (std::uint32_t n = 0; n < kReadsQueuedPerDie * geometry_.planes_per_die; ++n) issue_next(die);
    }
  }

  void issue_next(DieId die) {
    std::deque<std::size_t>& queue = per_die_[die];
    if (queue.empty()) return;
    const RecoveryRead& r = phases_[phase_][queue.front()];
    queue.pop_front();
    {
      if (free_.empty()) {
        reads_.push_back(std::make_unique<Read>());
        free_.push_back(reads_.back().get());
      }
      Read& read = *free_.back();
      free_.pop_back();
      const BlockId block = geometry_.block_of_page(r.ppn);
      read.command.opcode = FlashOpcode::Read;
      read.command.origin = OpOrigin::Other;
      read.command.die = geometry_.die_of_block(block);
      read.command.targets[0].plane = geometry_.plane_of_block(block);
      read.command.targets[0].block_in_plane = geometry_.index_in_plane(block);
      read.command.targets[0].page = geometry_.page_in_block(r.ppn);
      read.command.transfer_bytes = r.whole_page ? 0 : oob_bytes_;
      read.command.issuer_tag = reinterpret_cast<std::uint64_t>(&read);
      read.payload.set_command(tlm::TLM_IGNORE_COMMAND);
      read.payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      socket->nb_transport_fw(read.payload, phase, delay);
    }
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    const FlashCommand& command = *payload.get_extension<FlashCommand>();
    const DieId die = command.die;
    free_.push_back(reinterpret_cast<Read*>(command.issuer_tag));
    if (--outstanding_ != 0) {
      issue_next(die);
    } else {
      timing_.phase_end_ps.push_back(sim_now_ps());
      timing_.time_ps = sim_now_ps();
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
  static constexpr std::uint32_t kReadsQueuedPerDie = 2;  // per plane
  std::deque<std::unique_ptr<Read>> reads_;
  std::vector<Read*> free_;
  std::vector<std::deque<std::size_t>> per_die_;  // the phase's reads not yet issued
  RecoveryTiming timing_;
};

}  // namespace

RecoveryTiming time_recovery_reads(const FlashGeometry& geometry, const NandTiming& nand, const ChannelBusTiming& bus,
                                   FlashControllerConfig controller,
                                   const std::vector<std::vector<RecoveryRead>>& phases,
                                   std::uint32_t oob_read_bytes) {
  controller.data_mode = false;  // timing only: the scratch dies hold no contents
  RecoveryTiming timing;
  {
    const ScopedKernelContext kernel;
    FlashController flash("recovery_flash", geometry, nand, bus, controller);
    NandDies dies("recovery_nand", geometry, nand, controller.data_mode, controller.reliability);
    std::vector<std::unique_ptr<sc_core::sc_module>> unused;
    bind_dies(flash, dies, {}, unused);
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
      NandDie& die = dies[geometry.die_of_block(block)];
      for (std::uint32_t p = 0; p < pages; ++p) {
        die.backdoor_program(geometry.plane_of_block(block), geometry.index_in_plane(block), p);
      }
    }
    run_kernel(nullptr);
    timing = reader.timing();
  }
  return timing;
}

}  // namespace ssdtlm

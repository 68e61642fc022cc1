#pragma once
// FlashPort: an FTL's end of the link to the FlashController, the same for every FTL (FtlCpu,
// MultiReferenceCpu):
//   * a pool of flash transactions, reused last-in first-out; it grows by one when a command
//     finds it empty, and a transaction lives as long as the port (the controller may hold a
//     pointer to it until its response);
//   * the issue path: BEGIN_REQ through `socket`, or by a direct call when the socket is bound
//     straight to a FlashController (models/common/flash_command_link.h, linked by link_direct()
//     at the end of elaboration);
//   * completion routing: the BEGIN_RESP of a transaction, by either path, becomes a call of the
//     owner's completion handler with the transaction the owner issued.
// The owner's transaction type and handler are template parameters, so a command costs no call
// beyond the FTL's own handler: the pool and the issue path inline into the FTL, and the
// response's one virtual call (FlashCommandInitiator) leads straight to the handler.
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_command_link.h"
#include "models/kernel/timed_callback_queue.h"

namespace ssdtlm {

// The payload of one flash command: the controller sees a generic payload carrying the
// FlashCommand extension. An FTL derives its transaction from this and adds what it needs to
// finish the command. The way back from the payload: a static_cast on the direct path, the
// command's issuer_tag on the socket path.
struct FlashTransaction : tlm::tlm_generic_payload {
  FlashCommand command;

  FlashTransaction() {
    set_extension(&command);
    command.issuer_tag = reinterpret_cast<std::uint64_t>(this);
  }
  ~FlashTransaction() override { clear_extension(&command); }  // the extension is a member, not heap-owned

  // Readies the command of a transaction taken from the pool for a new use: one plane, no data
  // transfer, status Ok. Its die and targets, and the FTL's own fields, are the caller's to set.
  void reset_command(FlashOpcode opcode, OpOrigin origin) {
    command.opcode = opcode;
    command.origin = origin;
    command.plane_count = 1;
    command.transfer_bytes = 0;
    command.status = FlashStatus::Ok;
  }
  FlashTransaction(const FlashTransaction&) = delete;
  FlashTransaction& operator=(const FlashTransaction&) = delete;
};

// Txn: the owner's transaction (derived from FlashTransaction). kCompleted: the owner's handler
// of a finished command; the owner then release()s the transaction (or issues it again).
template <typename Txn, typename Owner, void (Owner::*kCompleted)(Txn&)>
class FlashPort final : private FlashCommandInitiator {
 public:
  tlm_utils::simple_initiator_socket<FlashPort> socket;

  // `timer` runs completions that arrive on the socket with a delay; `report_type` is the
  // SC_REPORT type of the port's errors. The socket is created in the module being constructed.
  FlashPort(const char* socket_name, Owner& owner, TimedCallbackQueue& timer, const char* report_type)
      : socket(socket_name), owner_(owner), timer_(timer), report_type_(report_type) {
    socket.register_nb_transport_bw(this, &FlashPort::nb_transport_bw);
  }
  FlashPort(const FlashPort&) = delete;
  FlashPort& operator=(const FlashPort&) = delete;

  // A transaction from the pool: the one released last, or a new one when none is free. Its
  // fields keep the values of its last use (issuer_tag and the extension excepted).
  Txn& acquire() {
    if (free_.empty()) grow();
    Txn* txn = free_.back();
    free_.pop_back();
    return *txn;
  }
  void release(Txn& txn) { free_.push_back(&txn); }
  // No transaction is out (issued, held by the owner or in the controller).
  bool all_released() const { return free_.size() == storage_.size(); }
  // Transactions the pool holds (free or out): its high-water mark of commands out at once.
  std::size_t pool_size() const { return storage_.size(); }

  // BEGIN_REQ with zero delay; the controller answers with BEGIN_RESP later (a command it
  // completes at once is an error, reported).
  void send(Txn& txn) {
    txn.set_command(tlm::TLM_IGNORE_COMMAND);
    txn.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    bool accepted;
    if (target_ != nullptr) {
      accepted = target_->begin_command(txn, txn.command);
    } else {
      tlm::tlm_phase phase = tlm::BEGIN_REQ;
      sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
      accepted = socket->nb_transport_fw(txn, phase, delay) != tlm::TLM_COMPLETED;
    }
    if (!accepted) {
      SC_REPORT_ERROR(report_type_, "flash controller completed a command synchronously; expected BEGIN_RESP later");
    }
  }

  // End of elaboration: direct calls to the controller when the socket is bound straight to
  // one that accepts the link; otherwise the socket path stays.
  void link_direct() {
    FlashCommandTarget* target = find_flash_command_target(socket.get_base_port().get_interface());
    if (target != nullptr && target->link_command_initiator(*this, &socket.get_base_interface())) target_ = target;
  }
  // Commands go to the controller by direct calls (known from the end of elaboration).
  bool direct() const { return target_ != nullptr; }

 private:
  // Out of line: only when the pool is empty.
  [[gnu::noinline]] void grow() {
    storage_.push_back(std::make_unique<Txn>());
    free_.push_back(storage_.back().get());
  }

  // The direct path's response (BEGIN_RESP with zero delay, answered TLM_COMPLETED).
  void end_command(tlm::tlm_generic_payload& payload) override {
    (owner_.*kCompleted)(static_cast<Txn&>(payload));  // only Txns are issued
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    auto* base = reinterpret_cast<FlashTransaction*>(gp.get_extension<FlashCommand>()->issuer_tag);
    Txn* txn = static_cast<Txn*>(base);
    if (delay != sc_core::SC_ZERO_TIME) {
      timer_.schedule_in(delay, [this, txn]() { (owner_.*kCompleted)(*txn); });
    } else {
      (owner_.*kCompleted)(*txn);
    }
    return tlm::TLM_COMPLETED;
  }

  Owner& owner_;
  TimedCallbackQueue& timer_;
  const char* report_type_;
  FlashCommandTarget* target_ = nullptr;  // the controller's direct calls (link_direct)
  std::vector<std::unique_ptr<Txn>> storage_;
  std::vector<Txn*> free_;
};

}  // namespace ssdtlm

#pragma once
// A scripted FTL for controller tests: issues FlashCommands at given times (or when an earlier
// one completes, as a GC engine chains a page move) and records when each completes.
#include <cstddef>
#include <deque>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_command_link.h"

namespace ssdtlm::testing {

class FtlStub : public sc_core::sc_module, private FlashCommandInitiator {
 public:
  tlm_utils::simple_initiator_socket<FtlStub> socket;

  SC_HAS_PROCESS(FtlStub);
  explicit FtlStub(sc_core::sc_module_name name);

  // Sends `command` at simulated time `at` (call before sc_start), with `annotation` as the
  // nb_transport timing annotation. Returns its handle.
  std::size_t issue_at(const sc_core::sc_time& at, const FlashCommand& command,
                       const sc_core::sc_time& annotation = sc_core::SC_ZERO_TIME);
  // Sends `command` from inside the completion of `previous`.
  std::size_t issue_after(std::size_t previous, const FlashCommand& command);

  // Call the controller directly (models/common/flash_command_link.h) instead of through the
  // socket, as FtlCpu does, for commands without annotation; linked at the end of elaboration.
  void use_direct_calls() { direct_wanted_ = true; }
  // The controller the stub calls directly (nullptr: the socket).
  const FlashCommandTarget* direct_target() const { return direct_target_; }

  // Answer BEGIN_RESP with TLM_ACCEPTED and send END_RESP `delay` later (4-phase FTL), instead
  // of completing at once.
  void end_responses_after(const sc_core::sc_time& delay) { end_response_delay_ = delay; }

  bool completed(std::size_t id) const { return requests_[id].completed; }
  sc_core::sc_time completion_time(std::size_t id) const { return requests_[id].completed_at; }
  const FlashCommand& result(std::size_t id) const { return *requests_[id].command; }
  tlm::tlm_response_status response_status(std::size_t id) const {
    return requests_[id].payload.get_response_status();
  }
  // Handles in the order their completions arrived.
  const std::vector<std::size_t>& completion_order() const { return completion_order_; }
  std::size_t completed_count() const { return completion_order_.size(); }

 private:
  struct Request {
    tlm::tlm_generic_payload payload;
    FlashCommand* command = nullptr;  // owned by payload
    sc_core::sc_time issue_at;
    sc_core::sc_time annotation;
    bool timed = false;
    bool completed = false;
    sc_core::sc_time completed_at;
    std::vector<std::size_t> followers;
  };

  std::size_t add(const FlashCommand& command);
  void run();
  void send(std::size_t id);
  void on_completion(std::size_t id);
  void send_end_response();
  void end_of_elaboration() override;
  void end_command(tlm::tlm_generic_payload& payload) override;
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);

  std::deque<Request> requests_;
  sc_core::sc_time end_response_delay_ = sc_core::SC_ZERO_TIME;
  tlm::tlm_generic_payload* open_response_ = nullptr;
  sc_core::sc_event end_response_event_;
  std::vector<std::size_t> completion_order_;
  bool direct_wanted_ = false;
  FlashCommandTarget* direct_target_ = nullptr;
};

}  // namespace ssdtlm::testing

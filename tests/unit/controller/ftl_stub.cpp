#include "tests/unit/controller/ftl_stub.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace ssdtlm::testing {

FtlStub::FtlStub(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
  socket.register_nb_transport_bw(this, &FtlStub::nb_transport_bw);
  SC_THREAD(run);
  SC_METHOD(send_end_response);
  sensitive << end_response_event_;
  dont_initialize();
}

std::size_t FtlStub::add(const FlashCommand& command) {
  const std::size_t id = requests_.size();
  requests_.emplace_back();
  Request& request = requests_.back();
  request.command = new FlashCommand(command);
  request.command->issuer_tag = id;
  request.payload.set_extension(request.command);
  return id;
}

std::size_t FtlStub::issue_at(const sc_core::sc_time& at, const FlashCommand& command,
                              const sc_core::sc_time& annotation) {
  const std::size_t id = add(command);
  requests_[id].issue_at = at;
  requests_[id].annotation = annotation;
  requests_[id].timed = true;
  return id;
}

std::size_t FtlStub::issue_after(std::size_t previous, const FlashCommand& command) {
  const std::size_t id = add(command);
  requests_[previous].followers.push_back(id);
  return id;
}

void FtlStub::run() {
  std::vector<std::size_t> timed;
  for (std::size_t id = 0; id < requests_.size(); ++id) {
    if (requests_[id].timed) timed.push_back(id);
  }
  std::stable_sort(timed.begin(), timed.end(), [this](std::size_t a, std::size_t b) {
    return requests_[a].issue_at < requests_[b].issue_at;
  });
  for (std::size_t id : timed) {
    const sc_core::sc_time at = requests_[id].issue_at;
    if (at > sc_core::sc_time_stamp()) sc_core::wait(at - sc_core::sc_time_stamp());
    send(id);
  }
}

void FtlStub::end_of_elaboration() {
  if (!direct_wanted_) return;
  FlashCommandTarget* target = find_flash_command_target(socket.get_base_port().get_interface());
  if (target != nullptr && target->link_command_initiator(*this, &socket.get_base_interface())) direct_target_ = target;
}

void FtlStub::end_command(tlm::tlm_generic_payload& payload) {
  EXPECT_EQ(open_response_, nullptr) << "BEGIN_RESP before END_RESP of the previous response";
  on_completion(payload.get_extension<FlashCommand>()->issuer_tag);
}

void FtlStub::send(std::size_t id) {
  if (direct_target_ != nullptr && requests_[id].annotation == sc_core::SC_ZERO_TIME) {
    if (!direct_target_->begin_command(requests_[id].payload, *requests_[id].command)) on_completion(id);
    return;
  }
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = requests_[id].annotation;
  const tlm::tlm_sync_enum status = socket->nb_transport_fw(requests_[id].payload, phase, delay);
  if (status == tlm::TLM_COMPLETED) {
    on_completion(id);  // rejected at once
    return;
  }
  EXPECT_TRUE(status == tlm::TLM_ACCEPTED || (status == tlm::TLM_UPDATED && phase == tlm::END_REQ));
}

tlm::tlm_sync_enum FtlStub::nb_transport_bw(tlm::tlm_generic_payload& payload,
                                            tlm::tlm_phase& phase, sc_core::sc_time& delay) {
  EXPECT_EQ(phase, tlm::BEGIN_RESP);
  EXPECT_EQ(delay, sc_core::SC_ZERO_TIME);
  EXPECT_EQ(open_response_, nullptr) << "BEGIN_RESP before END_RESP of the previous response";
  on_completion(payload.get_extension<FlashCommand>()->issuer_tag);
  if (end_response_delay_ == sc_core::SC_ZERO_TIME) return tlm::TLM_COMPLETED;
  open_response_ = &payload;
  end_response_event_.notify(end_response_delay_);
  return tlm::TLM_ACCEPTED;
}

void FtlStub::send_end_response() {
  tlm::tlm_generic_payload* payload = open_response_;
  open_response_ = nullptr;
  tlm::tlm_phase phase = tlm::END_RESP;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  EXPECT_EQ(socket->nb_transport_fw(*payload, phase, delay), tlm::TLM_COMPLETED);
}

void FtlStub::on_completion(std::size_t id) {
  Request& request = requests_[id];
  EXPECT_FALSE(request.completed) << "command " << id << " completed twice";
  request.completed = true;
  request.completed_at = sc_core::sc_time_stamp();
  completion_order_.push_back(id);
  for (std::size_t follower : request.followers) send(follower);
}

}  // namespace ssdtlm::testing

// The direct-call link template (models/kernel/command_link.h) on a protocol of its own: a
// target is found by the interface its socket exports (find_bound_target, find_command_target),
// only among targets of the protocol asked for; the begin call's answer type is the protocol's
// (void, or bool for a target that may refuse); send_begin_request / send_begin_response take
// the link when there is one and the socket otherwise.
#include <gtest/gtest.h>

#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/kernel/command_link.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct TestCommand : tlm::tlm_extension<TestCommand> {
  int value = 0;
  tlm::tlm_extension_base* clone() const override { return new TestCommand(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override { value = static_cast<const TestCommand&>(other).value; }
};

// A target of the protocol that refuses odd values (Answer = bool); it records what it got,
// by link or by socket.
struct RefusingTarget : sc_core::sc_module, CommandTarget<TestCommand, bool> {
  tlm_utils::simple_target_socket<RefusingTarget> socket;
  std::vector<int> linked_values, socket_values;
  CommandInitiator<TestCommand>* initiator = nullptr;

  explicit RefusingTarget(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    socket.register_nb_transport_fw(this, &RefusingTarget::nb_transport_fw);
  }
  bool begin_command(tlm::tlm_generic_payload&, TestCommand& command) override {
    linked_values.push_back(command.value);
    return command.value % 2 == 0;
  }
  const sc_core::sc_interface* command_forward_interface() const override { return &socket.get_base_interface(); }
  bool link_command_initiator(CommandInitiator<TestCommand>& linked, const sc_core::sc_interface* backward) override {
    if (backward == nullptr || socket.get_base_port().get_interface() != backward) return false;
    initiator = &linked;
    return true;
  }
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_core::sc_time&) {
    socket_values.push_back(payload.get_extension<TestCommand>()->value);
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
};

// A target of another protocol (Answer = void), bound to nothing here.
struct OtherProtocolTarget : sc_core::sc_module, CommandTarget<TestCommand> {
  tlm_utils::simple_target_socket<OtherProtocolTarget> socket;
  explicit OtherProtocolTarget(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {}
  void begin_command(tlm::tlm_generic_payload&, TestCommand&) override {}
  const sc_core::sc_interface* command_forward_interface() const override { return &socket.get_base_interface(); }
  bool link_command_initiator(CommandInitiator<TestCommand>&, const sc_core::sc_interface*) override { return false; }
};

struct Initiator : sc_core::sc_module, CommandInitiator<TestCommand> {
  tlm_utils::simple_initiator_socket<Initiator> socket;
  int responses = 0;
  explicit Initiator(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {}
  void end_command(tlm::tlm_generic_payload&) override { ++responses; }
};

class CommandLinkTest : public testing::SystemCTest {};

TEST_F(CommandLinkTest, FindsTheTargetBoundToTheSocketOfTheProtocolAsked) {
  RefusingTarget first("first"), second("second");
  OtherProtocolTarget other("other");
  Initiator to_second("to_second"), to_first("to_first"), to_other("to_other");
  to_second.socket.bind(second.socket);
  to_first.socket.bind(first.socket);
  to_other.socket.bind(other.socket);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_PS));  // elaborates (and lets time move: no warning)

  const sc_core::sc_interface* forward = to_second.socket.get_base_port().get_interface();
  EXPECT_EQ((find_command_target<TestCommand, bool>(forward)), &second);
  EXPECT_EQ((find_command_target<TestCommand, bool>(to_first.socket.get_base_port().get_interface())), &first);
  // The same interface asked for with another protocol's type finds nothing.
  EXPECT_EQ(find_command_target<TestCommand>(forward), nullptr);
  EXPECT_EQ(find_command_target<TestCommand>(to_other.socket.get_base_port().get_interface()), &other);
  EXPECT_EQ((find_command_target<TestCommand, bool>(nullptr)), nullptr);
  // Any sc_object type with a forward interface: here the target found as a module.
  EXPECT_EQ(find_bound_target<RefusingTarget>(forward, [](RefusingTarget& t) { return t.command_forward_interface(); }),
            &second);
}

TEST_F(CommandLinkTest, TheLinkCarriesTheAnswerAndTheSocketPathStaysForUnlinkedPairs) {
  RefusingTarget target("target");
  Initiator initiator("initiator");
  initiator.socket.bind(target.socket);
  sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_PS));

  auto* found = find_command_target<TestCommand, bool>(initiator.socket.get_base_port().get_interface());
  ASSERT_NE(found, nullptr);
  EXPECT_FALSE(found->link_command_initiator(initiator, nullptr));
  EXPECT_TRUE(found->link_command_initiator(initiator, &initiator.socket.get_base_interface()));

  tlm::tlm_generic_payload payload;
  TestCommand command;
  payload.set_extension(&command);
  command.value = 4;
  EXPECT_TRUE(found->begin_command(payload, command));
  command.value = 5;
  EXPECT_FALSE(found->begin_command(payload, command));
  EXPECT_EQ(target.linked_values, (std::vector<int>{4, 5}));
  // Without a link (nullptr) the request goes through the socket; a linked response is a call.
  command.value = 6;
  send_begin_request<TestCommand>(nullptr, initiator.socket, payload, command);
  EXPECT_EQ(target.socket_values, (std::vector<int>{6}));
  EXPECT_EQ(target.linked_values.size(), 2u);
  send_begin_response<TestCommand>(target.initiator, target.socket, payload);
  EXPECT_EQ(initiator.responses, 1);
  payload.clear_extension(&command);
}

}  // namespace
}  // namespace ssdtlm

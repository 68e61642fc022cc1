// FlashPort (models/ftl/firmware/flash_port.h): the transaction pool, the issue path by socket or
// direct call, and the routing of each completion to the owner that issued the transaction.
#include "models/ftl/firmware/flash_port.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/flash_command_link.h"
#include "models/kernel/timed_callback_queue.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using sc_core::sc_time;
using sc_core::SC_NS;

// A controller that holds every command it accepts until the test completes it, by the socket
// or, once an initiator has linked, by a direct call.
class ControllerStub : public sc_core::sc_module, public FlashCommandTarget {
 public:
  tlm_utils::simple_target_socket<ControllerStub> socket;
  bool accept_link = true;        // link_command_initiator succeeds
  bool complete_at_once = false;  // refuse: answer BEGIN_REQ with TLM_COMPLETED
  std::vector<tlm::tlm_generic_payload*> held;
  int socket_requests = 0;
  int direct_requests = 0;

  explicit ControllerStub(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
    socket.register_nb_transport_fw(this, &ControllerStub::nb_transport_fw);
  }

  // Sends the BEGIN_RESP of the held command `index` (delay only on the socket path).
  void complete(std::size_t index, const sc_time& delay = sc_core::SC_ZERO_TIME) {
    tlm::tlm_generic_payload& payload = *held.at(index);
    payload.set_response_status(tlm::TLM_OK_RESPONSE);
    if (linked_ != nullptr) {
      linked_->end_command(payload);
      return;
    }
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_time annotated = delay;
    EXPECT_EQ(socket->nb_transport_bw(payload, phase, annotated), tlm::TLM_COMPLETED);
  }

  bool begin_command(tlm::tlm_generic_payload& payload, FlashCommand& command) override {
    EXPECT_EQ(&command, payload.get_extension<FlashCommand>());
    ++direct_requests;
    if (complete_at_once) return false;
    held.push_back(&payload);
    return true;
  }
  const sc_core::sc_interface* command_forward_interface() const override { return &socket.get_base_interface(); }
  bool link_command_initiator(FlashCommandInitiator& initiator, const sc_core::sc_interface* backward) override {
    if (!accept_link || backward != socket.get_base_port().get_interface()) return false;
    linked_ = &initiator;
    return true;
  }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_time&) {
    EXPECT_EQ(phase, tlm::BEGIN_REQ);
    ++socket_requests;
    if (complete_at_once) return tlm::TLM_COMPLETED;
    held.push_back(&payload);
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }

  FlashCommandInitiator* linked_ = nullptr;
};

struct TestTxn : FlashTransaction {
  int id = 0;
};

// An FTL reduced to its port: records the transactions whose completions reach it.
class OwnerStub : public sc_core::sc_module {
  void completed(TestTxn& txn) {
    completions.push_back(&txn);
    completion_times.push_back(sc_core::sc_time_stamp());
    port.release(txn);
  }

 public:
  TimedCallbackQueue timer;
  FlashPort<TestTxn, OwnerStub, &OwnerStub::completed> port;
  std::vector<TestTxn*> completions;
  std::vector<sc_time> completion_times;
  bool link = true;  // link_direct() at the end of elaboration

  explicit OwnerStub(sc_core::sc_module_name name)
      : sc_module(name), timer("timer"), port("flash_socket", *this, timer, "test/flash_port") {}
  void end_of_elaboration() override {
    if (link) port.link_direct();
  }

  TestTxn& issue(int id) {
    TestTxn& txn = port.acquire();
    txn.id = id;
    port.send(txn);
    return txn;
  }
};

// Elaborates and starts the kernel (a zero-time start with nothing to do is a SystemC warning).
void elaborate() { sc_core::sc_start(sc_time(1, SC_NS)); }

// One owner bound to one controller, elaborated (the port linked, or not, at its end).
struct BoundPort {
  OwnerStub owner{"owner"};
  ControllerStub controller{"controller"};

  explicit BoundPort(bool link, bool accept_link = true, bool complete_at_once = false) {
    owner.link = link;
    controller.accept_link = accept_link;
    controller.complete_at_once = complete_at_once;
    owner.port.socket.bind(controller.socket);
    EXPECT_FALSE(owner.port.direct());  // not before the end of elaboration
    elaborate();
  }
};

class FlashPortTest : public testing::SystemCTest {
 protected:
  void SetUp() override {
    SystemCTest::SetUp();
    testing::install_failing_report_handler();
  }
};

TEST_F(FlashPortTest, PoolReusesTheLastReleasedTransactionAndGrowsOnlyWhenEmpty) {
  OwnerStub owner("owner");
  auto& port = owner.port;
  EXPECT_EQ(port.pool_size(), 0u);
  EXPECT_TRUE(port.all_released());
  TestTxn& a = port.acquire();
  TestTxn& b = port.acquire();
  TestTxn& c = port.acquire();
  EXPECT_EQ(port.pool_size(), 3u);  // empty each time: one new transaction per acquire
  EXPECT_NE(&a, &b);
  EXPECT_NE(&b, &c);
  EXPECT_FALSE(port.all_released());
  port.release(a);
  port.release(c);
  EXPECT_EQ(&port.acquire(), &c);  // last in, first out
  EXPECT_EQ(&port.acquire(), &a);
  EXPECT_EQ(port.pool_size(), 3u);
  // Exhausted: the pool grows, and the transactions out stay where they are.
  TestTxn& d = port.acquire();
  EXPECT_EQ(port.pool_size(), 4u);
  EXPECT_NE(&d, &a);
  EXPECT_NE(&d, &b);
  EXPECT_NE(&d, &c);
  for (TestTxn* txn : {&a, &b, &c, &d}) port.release(*txn);
  EXPECT_TRUE(port.all_released());
  // Each transaction carries its own command as the payload's extension, tagged with itself.
  EXPECT_EQ(d.get_extension<FlashCommand>(), &d.command);
  EXPECT_EQ(d.command.issuer_tag, reinterpret_cast<std::uint64_t>(static_cast<FlashTransaction*>(&d)));
}

TEST_F(FlashPortTest, SocketPathRoutesEachCompletionToTheOwnerThatIssuedIt) {
  OwnerStub first("first");
  OwnerStub second("second");
  ControllerStub controller_a("controller_a");
  ControllerStub controller_b("controller_b");
  first.link = false;
  second.link = false;
  first.port.socket.bind(controller_a.socket);
  second.port.socket.bind(controller_b.socket);
  elaborate();
  EXPECT_FALSE(first.port.direct());
  TestTxn& f1 = first.issue(1);
  TestTxn& f2 = first.issue(2);
  TestTxn& s1 = second.issue(3);
  EXPECT_EQ(controller_a.socket_requests, 2);
  EXPECT_EQ(controller_b.socket_requests, 1);
  EXPECT_EQ(f1.get_command(), tlm::TLM_IGNORE_COMMAND);
  controller_a.complete(1);  // out of issue order
  controller_b.complete(0);
  controller_a.complete(0);
  ASSERT_EQ(first.completions.size(), 2u);
  EXPECT_EQ(first.completions[0], &f2);
  EXPECT_EQ(first.completions[1], &f1);
  ASSERT_EQ(second.completions.size(), 1u);
  EXPECT_EQ(second.completions[0], &s1);
  EXPECT_TRUE(first.port.all_released());
  EXPECT_TRUE(second.port.all_released());
}

TEST_F(FlashPortTest, DelayedSocketResponseCompletesAfterItsDelay) {
  BoundPort bound(/*link=*/false);
  OwnerStub& owner = bound.owner;
  TestTxn& txn = owner.issue(1);
  bound.controller.complete(0, sc_time(30, SC_NS));
  EXPECT_TRUE(owner.completions.empty());
  EXPECT_FALSE(owner.port.all_released());
  sc_core::sc_start(sc_time(100, SC_NS));
  ASSERT_EQ(owner.completions.size(), 1u);
  EXPECT_EQ(owner.completions[0], &txn);
  EXPECT_EQ(owner.completion_times[0], sc_time(1 + 30, SC_NS));  // responded at 1 ns
}

TEST_F(FlashPortTest, DirectPathIsLinkedAtTheEndOfElaborationAndRoutesCompletions) {
  BoundPort bound(/*link=*/true);
  OwnerStub& owner = bound.owner;
  ControllerStub& controller = bound.controller;
  EXPECT_TRUE(owner.port.direct());
  TestTxn& t1 = owner.issue(1);
  TestTxn& t2 = owner.issue(2);
  EXPECT_EQ(controller.direct_requests, 2);
  EXPECT_EQ(controller.socket_requests, 0);
  controller.complete(1);
  controller.complete(0);
  ASSERT_EQ(owner.completions.size(), 2u);
  EXPECT_EQ(owner.completions[0], &t2);
  EXPECT_EQ(owner.completions[1], &t1);
  // Released in completion order: the next command reuses the transaction completed last.
  EXPECT_EQ(&owner.issue(3), &t1);
  EXPECT_EQ(owner.port.pool_size(), 2u);
}

TEST_F(FlashPortTest, ATargetThatRefusesTheLinkKeepsTheSocketPath) {
  BoundPort bound(/*link=*/true, /*accept_link=*/false);
  EXPECT_FALSE(bound.owner.port.direct());
  bound.owner.issue(1);
  EXPECT_EQ(bound.controller.socket_requests, 1);
  EXPECT_EQ(bound.controller.direct_requests, 0);
}

TEST_F(FlashPortTest, ACommandCompletedSynchronouslyIsReported) {
  for (const bool direct : {false, true}) {
    testing::fresh_kernel();
    BoundPort bound(direct, /*accept_link=*/true, /*complete_at_once=*/true);
    OwnerStub& owner = bound.owner;
    EXPECT_EQ(owner.port.direct(), direct);
    sc_core::sc_report_handler::set_handler(sc_core::sc_report_handler::default_handler);
    try {
      owner.issue(1);
      ADD_FAILURE() << "no error reported";
    } catch (const sc_core::sc_report& report) {
      EXPECT_STREQ(report.get_msg_type(), "test/flash_port");
    }
    testing::install_failing_report_handler();
  }
}

}  // namespace
}  // namespace ssdtlm

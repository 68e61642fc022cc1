// Direct calls on the host path (models/kernel/command_link.h): HostDriver -> HostInterface and
// HostInterface -> FTL link only when their sockets are bound to each other, and the same
// requests give the same exact times and the same order of page commands as through the sockets.
#include <gtest/gtest.h>

#include <memory>
#include <utility>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/kernel/event_loop.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/host/host_driver.h"
#include "models/host/host_interface.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm::testing {
namespace {

constexpr std::uint32_t kPageBytes = 4096;
constexpr std::uint64_t kReadPs = 10'000'000;   // the stub FTL's page read
constexpr std::uint64_t kWritePs = 30'000'000;  // and page write

// An FTL that answers each page command after a fixed time, by the link if the host interface
// linked to it (and `accept_links`), else through its socket.
class StubFtl : public sc_core::sc_module, public CommandTarget<FtlCommand> {
 public:
  tlm_utils::simple_target_socket<StubFtl> socket;
  bool accept_links = true;
  CommandInitiator<FtlCommand>* linked = nullptr;
  std::vector<std::pair<std::uint64_t, Lpn>> begun;  // (ps, lpn) of each page command

  explicit StubFtl(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket"), timer_("timer") {
    socket.register_nb_transport_fw(this, &StubFtl::nb_transport_fw);
  }

  void begin_command(tlm::tlm_generic_payload& payload, FtlCommand& command) override { begin(payload, command); }
  const sc_core::sc_interface* command_forward_interface() const override { return &socket.get_base_interface(); }
  bool link_command_initiator(CommandInitiator<FtlCommand>& initiator,
                              const sc_core::sc_interface* backward_interface) override {
    if (!accept_links || backward_interface != socket.get_base_port().get_interface()) return false;
    linked = &initiator;
    return true;
  }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
    begin(gp, *gp.get_extension<FtlCommand>());
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  void begin(tlm::tlm_generic_payload& gp, FtlCommand& command) {
    begun.emplace_back(sim_now_ps(), command.lpn);
    timer_.schedule_in_ps(command.op == HostOp::Read ? kReadPs : kWritePs, [this, &gp]() { respond(gp); });
  }
  void respond(tlm::tlm_generic_payload& gp) {
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    if (linked != nullptr) {
      linked->end_command(gp);
      return;
    }
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(gp, phase, delay);
  }

  TimedCallbackQueue timer_;
};

// Passes every call through: a module bound in between, so neither neighbour links.
class Relay : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Relay> in;
  tlm_utils::simple_initiator_socket<Relay> out;
  explicit Relay(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.register_nb_transport_fw(this, &Relay::fw);
    out.register_nb_transport_bw(this, &Relay::bw);
  }

 private:
  tlm::tlm_sync_enum fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    return out->nb_transport_fw(gp, phase, delay);
  }
  tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    return in->nb_transport_bw(gp, phase, delay);
  }
};

// Driver -> (relay) -> host interface -> stub FTL on one event loop; `relay` puts a Relay
// between the driver and the interface, `ftl_links` lets the interface link to the FTL.
struct HostPath {
  EventLoop loop{"loop"};
  HostInterfaceConfig config;
  HostStatistics statistics;
  VectorRequestSource source;
  std::unique_ptr<StubFtl> ftl;
  std::unique_ptr<HostInterface> interface;
  std::unique_ptr<Relay> relay;
  std::unique_ptr<HostDriver> driver;
  std::uint64_t done_ps = 0;

  HostPath(std::vector<HostRequest> requests, std::uint32_t queue_depth, bool with_relay, bool ftl_links)
      : source(std::move(requests), ArrivalMode::ClosedLoop, queue_depth) {
    config.command_overhead_ns = 300;
    const EventLoopScope scope(loop);
    ftl = std::make_unique<StubFtl>("ftl");
    ftl->accept_links = ftl_links;
    interface = std::make_unique<HostInterface>("host_interface", config, kPageBytes, 1024);
    interface->ftl_socket.bind(ftl->socket);
    driver = std::make_unique<HostDriver>("host", source, queue_depth, 64, statistics,
                                          [this]() { done_ps = sim_now_ps(); });
    if (with_relay) {
      relay = std::make_unique<Relay>("relay");
      driver->socket.bind(relay->in);
      relay->out.bind(interface->host_socket);
    } else {
      driver->socket.bind(interface->host_socket);
    }
  }
};

std::vector<HostRequest> mixed_requests() {
  HostRequest two_pages = page_request(HostOp::Read, 5, kPageBytes);
  two_pages.size_bytes = 2 * kPageBytes;
  return {page_request(HostOp::Write, 3, kPageBytes), two_pages, page_request(HostOp::Write, 9, kPageBytes),
          page_request(HostOp::Read, 3, kPageBytes), page_request(HostOp::Write, 12, kPageBytes)};
}

class HostCommandLinkTest : public SystemCTest {};

TEST_F(HostCommandLinkTest, DirectCallsGiveExactTimes) {
  // One request at a time: a two-page read, then a write.
  HostRequest read = page_request(HostOp::Read, 5, kPageBytes);
  read.size_bytes = 2 * kPageBytes;
  HostPath path({read, page_request(HostOp::Write, 9, kPageBytes)}, 1, /*with_relay=*/false, /*ftl_links=*/true);
  sc_core::sc_start();
  EXPECT_TRUE(path.driver->direct_calls());
  EXPECT_TRUE(path.interface->direct_host_calls());
  EXPECT_TRUE(path.interface->direct_ftl_calls());
  EXPECT_NE(path.ftl->linked, nullptr);
  const auto& pcie = path.config.pcie;
  const std::uint64_t fetch = pcie.transfer_ps(64), front_end = 300'000, completion = pcie.transfer_ps(16);
  // Both pages start together, end together; their data goes up one after the other.
  const std::uint64_t read_start = fetch + front_end;
  const std::uint64_t read_done = read_start + kReadPs + 2 * pcie.transfer_ps(kPageBytes) + completion;
  const std::uint64_t write_start = read_done + fetch + pcie.transfer_ps(kPageBytes) + front_end;
  const std::uint64_t write_done = write_start + kWritePs + completion;
  EXPECT_EQ(path.ftl->begun, (std::vector<std::pair<std::uint64_t, Lpn>>{
                                 {read_start, 5}, {read_start, 6}, {write_start, 9}}));
  EXPECT_EQ(path.done_ps, write_done);
  EXPECT_EQ(path.statistics.completed(), 2u);
}

TEST_F(HostCommandLinkTest, TheSocketsGiveTheSameTimesAndOrder) {
  struct Result {
    std::vector<std::pair<std::uint64_t, Lpn>> begun;
    std::uint64_t done_ps, completed;
    double read_max_ns, write_max_ns;
  };
  auto run = [](bool with_relay, bool ftl_links, bool expect_direct) {
    HostPath path(mixed_requests(), 3, with_relay, ftl_links);
    sc_core::sc_start();
    EXPECT_EQ(path.driver->direct_calls(), expect_direct);
    EXPECT_EQ(path.interface->direct_host_calls(), expect_direct);
    EXPECT_EQ(path.interface->direct_ftl_calls(), expect_direct);
    EXPECT_EQ(path.ftl->linked != nullptr, expect_direct);
    return Result{path.ftl->begun, path.done_ps, path.statistics.completed(),
                  path.statistics.op(HostOp::Read).latency.max_ns(), path.statistics.op(HostOp::Write).latency.max_ns()};
  };
  const Result direct = run(/*with_relay=*/false, /*ftl_links=*/true, /*expect_direct=*/true);
  fresh_kernel();
  const Result sockets = run(/*with_relay=*/true, /*ftl_links=*/false, /*expect_direct=*/false);
  EXPECT_EQ(direct.begun.size(), 6u);  // the two-page read is two page commands
  EXPECT_EQ(sockets.begun, direct.begun);
  EXPECT_EQ(sockets.done_ps, direct.done_ps);
  EXPECT_EQ(direct.completed, 5u);
  EXPECT_EQ(sockets.completed, 5u);
  EXPECT_EQ(sockets.read_max_ns, direct.read_max_ns);
  EXPECT_EQ(sockets.write_max_ns, direct.write_max_ns);
}

TEST_F(HostCommandLinkTest, AnInterfaceLinksOnlyWithWhatItsSocketsAreBoundTo) {
  // The driver sits behind a relay: the interface answers it through its socket, while its
  // link to the FTL (bound directly) is made.
  HostPath path(mixed_requests(), 2, /*with_relay=*/true, /*ftl_links=*/true);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborates
  EXPECT_FALSE(path.driver->direct_calls());
  EXPECT_FALSE(path.interface->direct_host_calls());
  EXPECT_TRUE(path.interface->direct_ftl_calls());
  struct Sink : CommandInitiator<HostCommand> {
    void end_command(tlm::tlm_generic_payload&) override {}
  } sink;
  CommandTarget<HostCommand>& target = *path.interface;
  EXPECT_FALSE(target.link_command_initiator(sink, nullptr));
  EXPECT_FALSE(target.link_command_initiator(sink, &path.driver->socket.get_base_interface()));
  EXPECT_TRUE(target.link_command_initiator(sink, &path.relay->out.get_base_interface()));
}

}  // namespace
}  // namespace ssdtlm::testing

// stats.vcd (platforms/activity_vcd_writer.h): a well-formed VCD whose value changes are the
// controller's activity at exact simulated times, and whose size does not grow with idle time.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "platforms/ssd_platform.h"
#include "tests/unit/host/trace_test_files.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::small_ssd;
using testing::page_request;
using testing::VectorRequestSource;

struct Change {
  std::uint64_t time_ps;
  std::string signal;  // scope path, e.g. "ssd.die0.state"
  std::string value;   // "0", "1", "x", or the bits of a vector ("101", "x")
};

// A small VCD reader (IEEE 1364 §18 as the writer uses it): the declarations, then the value
// changes with their times. Fails the test on anything malformed.
struct Vcd {
  std::string timescale;
  std::map<std::string, std::string> names;  // identifier -> scope path
  std::map<std::string, int> widths;
  std::vector<Change> changes;  // $dumpvars included, at its time
  std::size_t lines = 0;
};

Vcd read_vcd(const std::string& path) {
  Vcd vcd;
  std::ifstream in(path);
  std::string token;
  std::vector<std::string> scopes;
  bool definitions = true;
  std::uint64_t time_ps = 0;
  bool timed = false;
  auto read_until_end = [&in]() {
    std::string word, text;
    while (in >> word && word != "$end") text += (text.empty() ? "" : " ") + word;
    return text;
  };
  while (in >> token) {
    if (definitions) {
      if (token == "$timescale") {
        vcd.timescale = read_until_end();
      } else if (token == "$scope") {
        std::string kind, name;
        in >> kind >> name;
        scopes.push_back(name);
        EXPECT_EQ(read_until_end(), "");
      } else if (token == "$upscope") {
        EXPECT_FALSE(scopes.empty());
        scopes.pop_back();
        read_until_end();
      } else if (token == "$var") {
        std::string type, code, name;
        int width = 0;
        in >> type >> width >> code >> name;
        EXPECT_EQ(type, "wire");
        std::string path;
        for (const auto& scope : scopes) path += scope + ".";
        EXPECT_EQ(vcd.names.count(code), 0u) << "identifier used twice: " << code;
        vcd.names[code] = path + name;
        vcd.widths[code] = width;
        EXPECT_EQ(read_until_end(), "");
      } else if (token == "$enddefinitions") {
        read_until_end();
        EXPECT_TRUE(scopes.empty());
        definitions = false;
      } else if (token == "$version" || token == "$comment" || token == "$date") {
        read_until_end();
      } else {
        ADD_FAILURE() << "unexpected declaration " << token;
      }
      continue;
    }
    if (token[0] == '#') {
      const std::uint64_t next = std::stoull(token.substr(1));
      if (timed) {
        EXPECT_GT(next, time_ps) << "timestamps must increase";
      }
      time_ps = next;
      timed = true;
    } else if (token == "$dumpvars" || token == "$end") {
      continue;
    } else if (token[0] == 'b') {
      std::string code;
      in >> code;
      EXPECT_TRUE(vcd.names.count(code)) << code;
      EXPECT_LE(static_cast<int>(token.size() - 1), vcd.widths[code]) << token;
      vcd.changes.push_back({time_ps, vcd.names[code], token.substr(1)});
    } else {
      const std::string code = token.substr(1);
      EXPECT_TRUE(vcd.names.count(code)) << code;
      EXPECT_EQ(vcd.widths[code], 1);
      vcd.changes.push_back({time_ps, vcd.names[code], token.substr(0, 1)});
    }
    EXPECT_TRUE(timed) << "value change before the first timestamp";
  }
  std::ifstream count(path);
  std::string line;
  while (std::getline(count, line)) ++vcd.lines;
  return vcd;
}

std::vector<Change> changes_of(const Vcd& vcd, const std::string& signal) {
  std::vector<Change> selected;
  for (const auto& change : vcd.changes) {
    if (change.signal == signal) selected.push_back(change);
  }
  return selected;
}

class ActivityVcdTest : public testing::SystemCTest {
 protected:
  testing::TempTraceFile file_{"", ".vcd"};  // an empty file, removed at the end
  const std::string& path_ = file_.path();
};

TEST_F(ActivityVcdTest, IdleReadShowsCommandArrayAndTransferPhasesAtExactTimes) {
  const SsdConfig config = make_config(small_ssd());
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Read, 3, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  const std::uint64_t free_blocks = platform.free_blocks();
  platform.open_vcd(path_);
  platform.run();
  platform.close_vcd();

  const Vcd vcd = read_vcd(path_);
  EXPECT_EQ(vcd.timescale, "1 ps");
  const auto& pcie = config.host_interface.pcie;
  const auto& bus = config.bus_timing;
  // The command reaches the die queue after the command fetch, the NVMe front end and 500
  // firmware cycles, and is dispatched at once (the queue's 1 lasts no time: not written).
  const std::uint64_t dispatch_ps = pcie.transfer_ps(64) + 300'000 + 1'000'000;
  const std::uint64_t array_ps = dispatch_ps + bus.page_command_ps();
  const std::uint64_t data_out_ps = array_ps + 25'000'000;
  const std::uint64_t idle_ps = data_out_ps + bus.transfer_ps(4096);
  const std::vector<Change> state = changes_of(vcd, "ssd.die0.state");
  ASSERT_EQ(state.size(), 5u);
  EXPECT_EQ(state[0].time_ps, 0u);
  EXPECT_EQ(state[0].value, "0");  // idle
  EXPECT_EQ(state[1].time_ps, dispatch_ps);
  EXPECT_EQ(state[1].value, "10");  // transfer: 00h-address-30h
  EXPECT_EQ(state[2].time_ps, array_ps);
  EXPECT_EQ(state[2].value, "11");  // read: tR
  EXPECT_EQ(state[3].time_ps, data_out_ps);
  EXPECT_EQ(state[3].value, "10");  // transfer: data out
  EXPECT_EQ(state[4].time_ps, idle_ps);
  EXPECT_EQ(state[4].value, "0");

  const std::vector<Change> busy = changes_of(vcd, "ssd.channel0.busy");
  ASSERT_EQ(busy.size(), 5u);
  const std::uint64_t busy_times[] = {0, dispatch_ps, array_ps, data_out_ps, idle_ps};
  const char* busy_values[] = {"0", "1", "0", "1", "0"};
  for (std::size_t i = 0; i < busy.size(); ++i) {
    EXPECT_EQ(busy[i].time_ps, busy_times[i]) << i;
    EXPECT_EQ(busy[i].value, busy_values[i]) << i;
  }
  const std::vector<Change> holder = changes_of(vcd, "ssd.channel0.die");
  ASSERT_EQ(holder.size(), 5u);
  EXPECT_EQ(holder[0].value, "x");
  EXPECT_EQ(holder[1].value, "0");
  EXPECT_EQ(holder[2].value, "x");

  const std::vector<Change> queue = changes_of(vcd, "ssd.die0.queue");
  ASSERT_EQ(queue.size(), 1u);  // only the initial 0
  const std::vector<Change> free = changes_of(vcd, "ssd.free_blocks");
  ASSERT_EQ(free.size(), 1u);  // a read takes no block
  std::uint64_t initial_free = 0;
  for (char bit : free[0].value) initial_free = initial_free * 2 + (bit - '0');
  EXPECT_EQ(initial_free, free_blocks);
}

// The same writes once right after each other and once 1,000 s apart: the same changes, only
// shifted in time (the file does not grow with idle time); and the VCD changes no result.
TEST_F(ActivityVcdTest, IdleTimeAddsNothingAndTheVcdChangesNoResult) {
  auto run = [this](std::uint64_t gap_ns, bool vcd) {
    testing::fresh_kernel();
    const SsdConfig config = make_config(small_ssd());
    SsdPlatform platform("ssd", config);
    std::vector<HostRequest> requests;
    for (std::uint64_t i = 0; i < 6; ++i) requests.push_back(page_request(HostOp::Write, i, 4096, i < 3 ? 0 : gap_ns));
    platform.attach_workload(std::make_unique<VectorRequestSource>(requests, ArrivalMode::OpenLoop, 8));
    platform.precondition(PreconditionMode::None);
    if (vcd) platform.open_vcd(path_);
    platform.run();
    if (vcd) platform.close_vcd();
    return platform.statistics().dump();
  };
  const std::string without_vcd = run(1000'000'000'000ull, false);
  const std::string with_vcd = run(1000'000'000'000ull, true);
  EXPECT_EQ(with_vcd, without_vcd);
  const Vcd far = read_vcd(path_);
  run(1'000'000'000ull, true);
  const Vcd near = read_vcd(path_);
  ASSERT_EQ(far.changes.size(), near.changes.size());
  EXPECT_EQ(far.lines, near.lines);
  for (std::size_t i = 0; i < far.changes.size(); ++i) {
    EXPECT_EQ(far.changes[i].signal, near.changes[i].signal) << i;
    EXPECT_EQ(far.changes[i].value, near.changes[i].value) << i;
  }
  EXPECT_GT(far.changes.size(), 6u * 4);  // every write shows its transfer and its program
}

}  // namespace
}  // namespace ssdtlm

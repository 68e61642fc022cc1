#pragma once
// A FlashController wired to a scripted FTL, plus the timing constants tests compute expected
// times from.
#include <cstdint>

#include <systemc>

#include "models/controller/flash_controller.h"
#include "models/nand/nand_dies.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/controller/ftl_stub.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {

inline sc_core::sc_time ps(std::uint64_t picoseconds) {
  return sc_core::sc_time(static_cast<double>(picoseconds), sc_core::SC_PS);
}

inline FlashGeometry small_geometry(std::uint32_t channels = 1, std::uint32_t dies_per_channel = 1,
                                    std::uint32_t planes = 2) {
  FlashGeometry geometry;
  geometry.channels = channels;
  geometry.dies_per_channel = dies_per_channel;
  geometry.planes_per_die = planes;
  geometry.blocks_per_plane = 8;
  geometry.pages_per_block = 8;
  geometry.page_size_bytes = 4096;
  return geometry;
}

// Binds each of `controller`'s die sockets to the built-in die of the same id.
inline void bind_builtin_dies(FlashController& controller, NandDies& dies) {
  for (DieId id = 0; id < dies.size(); ++id) controller.die_sockets[id].bind(dies[id].socket);
}

// A controller, its built-in dies and a scripted FTL; the names are the modules' (several
// benches may share one kernel when named apart).
struct ControllerBench {
  ControllerBench(const FlashGeometry& geometry, const NandTiming& nand_timing,
                  const ChannelBusTiming& bus_timing, const FlashControllerConfig& config = {},
                  const char* controller_name = "controller", const char* nand_name = "nand",
                  const char* ftl_name = "ftl")
      : controller(controller_name, geometry, nand_timing, bus_timing, config),
        dies(nand_name, geometry, nand_timing, config.data_mode, config.reliability),
        ftl(ftl_name) {
    ftl.socket.bind(controller.target_socket);
    bind_builtin_dies(controller, dies);
  }
  NandDie& die(DieId id) { return dies[id]; }
  FlashController controller;
  NandDies dies;
  FtlStub ftl;
};

// Program A at 0; from A's completion program B; from B's, read A's page: each chained
// command goes to the die whose completion issues it. Die 1 (on the same channel when there
// are two dies per channel) erases block 3 at 0.
struct ChainedCommands {
  std::size_t a, b, c, erase;
};
inline ChainedCommands issue_chained_commands(FtlStub& ftl) {
  ChainedCommands h{};
  h.a = ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0, 11));
  h.b = ftl.issue_after(h.a, program_command(0, 0, 0, 1, 12));
  h.c = ftl.issue_after(h.b, read_command(0, 0, 0, 0));
  h.erase = ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(1, 0, 3));
  return h;
}

// Fixture with default SLC timing (tR 25 us, tPROG 200 us, tBERS 1.5 ms, tCBSY 3 us,
// tDBSY 500 ns) and the default 333 MT/s x 8 bit bus, and the terms tests compute from.
class FlashTimingTest : public SystemCTest {
 protected:
  std::uint64_t P() const { return bus_.page_command_ps(); }
  std::uint64_t E() const { return bus_.erase_command_ps(); }
  std::uint64_t X(std::uint64_t bytes = 4096) const { return bus_.transfer_ps(bytes); }
  std::uint64_t B() const { return nand_.multi_plane_busy_ns * 1000; }
  std::uint64_t C() const { return nand_.cache_busy_ns * 1000; }
  std::uint64_t tR() const { return nand_.read_ns[0] * 1000; }
  std::uint64_t tPROG() const { return nand_.program_ns[0] * 1000; }
  std::uint64_t tBERS() const { return nand_.erase_ns * 1000; }

  NandTiming nand_;
  ChannelBusTiming bus_;
};

}  // namespace ssdtlm::testing

#pragma once
// stats.vcd: a Value Change Dump (IEEE 1364 §18, 1 ps timescale) of the flash array's activity,
// for GTKWave and other waveform viewers:
//   ssd.dieN.state       DieActivity (3 bits: 0 idle, 1 waiting, 2 transfer, 3 read, 4 program,
//                        5 erase, 6 copyback, 7 suspended)
//   ssd.dieN.queue       commands waiting in the die's queue
//   ssd.channelN.busy    the channel's bus is held
//   ssd.channelN.die     the die holding it (x while it is free)
//   ssd.free_blocks      free blocks of the whole drive
// Only changes are written, grouped by simulated time, and a value that changes and changes
// back within one instant is not written at all: the file grows with the flash operations
// (docs/configuration.md gives bytes per operation), never with idle simulated time.
// free_blocks is read whenever the controller reports a change, so it shows the count at the
// next flash event after the FTL changed it (a block is taken or erased around a flash command).
#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "models/controller/flash_activity_observer.h"
#include "models/controller/flash_controller.h"

namespace ssdtlm {

class ActivityVcdWriter final : public FlashActivityObserver {
 public:
  // Opens `path` (ConfigError naming it when it cannot be written) and registers with the
  // controller. `free_blocks` reads the drive's free-block count.
  ActivityVcdWriter(const std::string& path, FlashController& controller, std::function<std::uint64_t()> free_blocks);
  ~ActivityVcdWriter() override;
  ActivityVcdWriter(const ActivityVcdWriter&) = delete;
  ActivityVcdWriter& operator=(const ActivityVcdWriter&) = delete;

  // Writes the header and the values at the start (after preconditioning, before time runs).
  void start();
  void die_changed(DieId die) override;
  // Writes what is pending and a last timestamp at `end_ps` (the end of the run), flushes, and
  // stops recording; ConfigError naming the file if anything could not be written. Idempotent.
  void close(std::uint64_t end_ps);

 private:
  static constexpr std::uint64_t kUnknown = ~std::uint64_t{0};  // written as x
  struct Signal {
    std::string code;  // the VCD identifier
    std::uint32_t width;
    std::uint64_t written = kUnknown;
    std::uint64_t pending = kUnknown;
    bool dirty = false;
  };
  std::size_t add_signal(std::uint32_t width);
  void set(std::size_t signal, std::uint64_t value);
  // Sets the die's signals, its channel's and free_blocks from the controller's state now.
  void read_die(DieId die);
  // Writes the pending changes of the instant `time_ps_` (one timestamp line if any).
  void flush_instant();
  void write_value(const Signal& signal, std::uint64_t value);
  void write_header();

  std::string path_;
  std::ofstream out_;
  FlashController& controller_;
  std::function<std::uint64_t()> free_blocks_;
  std::vector<Signal> signals_;
  std::vector<std::size_t> dirty_;
  // Signal indices: per die state and queue, per channel busy and die, then free blocks.
  std::vector<std::size_t> die_state_, die_queue_, channel_busy_, channel_die_;
  std::size_t free_blocks_signal_ = 0;
  std::uint64_t time_ps_ = 0;
  bool started_ = false;
  bool closed_ = false;
};

}  // namespace ssdtlm

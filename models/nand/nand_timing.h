#pragma once
// Resolved (runtime) NAND and bus timing. Built once from the configuration by the platform
// layer; models only read it.
#include <array>
#include <cstdint>
#include <string>

namespace ssdtlm {

enum class CellType : std::uint8_t { SLC = 1, MLC = 2, TLC = 3, QLC = 4 };
inline int bits_per_cell(CellType type) { return static_cast<int>(type); }

struct NandTiming {
  CellType cell_type = CellType::SLC;
  // Indexed by page type (page % bits_per_cell): LSB, CSB/USB, MSB, TSB. SLC uses entry 0.
  std::array<std::uint64_t, 4> read_ns{25000, 25000, 25000, 25000};
  std::array<std::uint64_t, 4> program_ns{200000, 200000, 200000, 200000};
  std::uint64_t erase_ns = 1500000;
  std::uint64_t cache_busy_ns = 3000;        // tRCBSY / tCBSY: register-to-register move
  std::uint64_t multi_plane_busy_ns = 500;   // tDBSY between planes of a multi-plane command
  std::uint64_t status_read_ns = 0;          // 70h round trip, added to every command
  // Program / erase suspend (FlashControllerConfig::suspend_enabled): time from the suspend
  // command until the die accepts a read (tPSPD / tESPD), and from the resume command until the
  // array operation runs again.
  std::uint64_t program_suspend_ns = 0;
  std::uint64_t erase_suspend_ns = 0;
  std::uint64_t resume_ns = 0;

  std::uint32_t page_type(std::uint32_t page) const { return page % bits_per_cell(cell_type); }
  std::uint64_t read_time_ns(std::uint32_t page) const { return read_ns[page_type(page)]; }
  std::uint64_t program_time_ns(std::uint32_t page) const { return program_ns[page_type(page)]; }
};

// The ONFI / Toggle bus of one channel.
struct ChannelBusTiming {
  std::uint32_t transfer_rate_mts = 333;  // mega transfers per second
  std::uint32_t bus_width_bits = 8;
  std::uint64_t command_cycle_ns = 5;     // one command or address cycle (tWC)
  std::uint32_t address_cycles = 5;       // row + column address cycles of a page command

  // Bytes over the bus take bytes / (rate x width) seconds, rounded up to whole picoseconds.
  // A rate of 0 stands for an ideal bus with no transfer time: analytic models (a GC cost model
  // that counts only array times) leave the bus out, and with command_cycle_ns = 0 the bus then
  // costs nothing.
  std::uint64_t transfer_ps(std::uint64_t bytes) const {
    const std::uint64_t bytes_per_us = std::uint64_t(transfer_rate_mts) * bus_width_bits / 8;
    if (bytes_per_us == 0) return 0;
    return (bytes * 1000000ull + bytes_per_us - 1) / bytes_per_us;
  }
  // Command + address phase of a page command (two command cycles: opcode and confirm).
  std::uint64_t page_command_ps() const { return (2 + address_cycles) * command_cycle_ns * 1000; }
  // Block erase: 60h, three row address cycles, D0h.
  std::uint64_t erase_command_ps() const { return (2 + 3) * command_cycle_ns * 1000; }
};

}  // namespace ssdtlm

#pragma once
// The payload extension that carries one flash command from FtlCpu to FlashController and from
// FlashController to a NandDie. The FTL issues single-plane commands; the controller may merge
// compatible queued commands of one die into a multi-plane operation, so the die-level form
// carries up to kMaxPlanes targets.
#include <array>
#include <cstdint>

#include <tlm>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

enum class FlashOpcode : std::uint8_t {
  Read,          // 00h-30h page read: tR then data out
  CacheRead,     // 31h: next page read into the cache register while the host clocks out data
  Program,       // 80h-10h page program: data in then tPROG
  CacheProgram,  // 80h-15h: returns after the page register is free, array programs behind
  Erase,         // 60h-D0h block erase: tBERS
  Copyback,      // 00h-35h / 85h-10h internal move: tR + tPROG, no data on the bus
  ReadStatus,    // 70h
};
const char* to_string(FlashOpcode opcode);

inline constexpr int kMaxPlanes = 8;

struct PlaneTarget {
  std::uint32_t plane = 0;
  std::uint32_t block_in_plane = 0;
  std::uint32_t page = 0;
  // Data mode: the 64-bit tag standing for the page's contents (program: what to store;
  // read: what the die returned).
  std::uint64_t data_tag = 0;
  // Copyback only: destination in the same plane.
  std::uint32_t dest_block_in_plane = 0;
  std::uint32_t dest_page = 0;
  // NAND fault model (docs/reliability.md): the read-retry step this read is (0: the normal
  // read), and what the die reports for this target: raw bit errors of a read (worst codeword,
  // total) and a program/erase that failed.
  std::uint8_t read_retry_step = 0;
  bool failed = false;
  std::uint32_t bit_errors_worst = 0;
  std::uint32_t bit_errors_total = 0;
};

enum class FlashStatus : std::uint8_t { Ok, ProgramFailed, EraseFailed, UncorrectableRead };

class FlashCommand : public tlm::tlm_extension<FlashCommand> {
 public:
  FlashOpcode opcode = FlashOpcode::Read;
  OpOrigin origin = OpOrigin::Host;
  DieId die = 0;
  std::uint8_t plane_count = 1;  // > 1: multi-plane operation (all targets on distinct planes)
  std::array<PlaneTarget, kMaxPlanes> targets{};
  std::uint32_t transfer_bytes = 0;  // bytes per plane on the bus (0 = a whole page)
  FlashStatus status = FlashStatus::Ok;
  // Opaque to controller and die; lets the issuer find its bookkeeping on completion.
  std::uint64_t issuer_tag = 0;

  tlm::tlm_extension_base* clone() const override { return new FlashCommand(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const FlashCommand&>(other);
  }
};

inline const char* to_string(FlashOpcode opcode) {
  switch (opcode) {
    case FlashOpcode::Read: return "read";
    case FlashOpcode::CacheRead: return "cache-read";
    case FlashOpcode::Program: return "program";
    case FlashOpcode::CacheProgram: return "cache-program";
    case FlashOpcode::Erase: return "erase";
    case FlashOpcode::Copyback: return "copyback";
    case FlashOpcode::ReadStatus: return "read-status";
  }
  return "?";
}

}  // namespace ssdtlm

#pragma once
// Resolved parameters of FlashController (built by the platform layer from the `controller`
// section; see docs/nand-and-controller.md for the timeline each one enters).
#include <cstdint>
#include <string>

#include "models/controller/ecc_config.h"
#include "models/nand/nand_reliability_config.h"

namespace ssdtlm {

struct FlashControllerConfig {
  // Which queued command an idle die runs next: "fifo" or "read-first"
  // (models/controller/scheduling_registry.cpp lists every registered policy).
  std::string scheduling_policy = "fifo";
  // Merge queued commands of one die on different planes (same opcode; reads and programs
  // also the same page index) into one multi-plane operation.
  bool multi_plane = true;
  // Dies keep a 64-bit tag per page and reads return it.
  bool data_mode = false;
  // Controller time per command before it reaches its die queue (command build, ECC setup).
  // It delays the command but does not occupy the die or the bus.
  std::uint64_t command_overhead_ns = 0;
  // Program/erase suspend (docs/nand-and-controller.md, "Suspend and resume"): a host read
  // queued for a die whose array is programming or erasing suspends the operation (after
  // NandTiming::program_suspend_ns / erase_suspend_ns), runs, and the operation resumes
  // (after NandTiming::resume_ns) with the array time it had left. At most
  // `max_suspensions_per_operation` suspensions per operation, so a read stream cannot starve it.
  bool suspend_enabled = false;
  std::uint32_t max_suspensions_per_operation = 3;
  // ECC engine per channel in the data path (controller.ecc_engine and controller.ecc.*).
  EccConfig ecc;
  // NAND fault model of the dies, and the ECC limit and read retry the controller applies to
  // their bit errors (nand.reliability.*; docs/reliability.md). All off by default.
  NandReliabilityConfig reliability;
};

}  // namespace ssdtlm

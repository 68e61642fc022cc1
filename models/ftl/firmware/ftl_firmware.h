#pragma once
// FtlFirmware: what a platform needs of an FTL's timed firmware, whichever FTL it is (FtlCpu,
// the page-mapped FTL around FtlCore; MultiReferenceCpu, the multi-reference store). The platform
// builds one (make_ftl_firmware, platforms/ftl_firmware_factory.h), binds its two sockets and
// from then on talks to it through this interface only.
//
// What only some FTLs can do is asked here too, as capability queries whose defaults say "not
// supported", so a platform never needs to know which FTL it holds.
#include <cstdint>
#include <functional>
#include <optional>

#include <nlohmann/json.hpp>
#include <tlm>

#include "models/common/flash_geometry.h"
#include "models/ftl/firmware/firmware_statistics.h"

namespace ssdtlm {

class ArrayMemberFirmware;
class PowerLossRecorder;

class FtlFirmware {
 public:
  virtual ~FtlFirmware() = default;

  // --- binding: host page commands (FtlCommand) come in on the target socket, flash commands
  // (FlashCommand) go out on the initiator socket to a FlashController.
  virtual tlm::tlm_target_socket<>& host_target_socket() = 0;
  virtual tlm::tlm_initiator_socket<>& flash_initiator_socket() = 0;
  // Logical pages the host may address (the host interface's namespace).
  virtual std::uint64_t host_logical_pages() const = 0;
  // Power-loss modelling (power.enabled, models/ftl/recovery/): the recorder learns of every
  // program and erase. Ignored by default: the configuration refuses power.enabled for an FTL
  // that does not model it.
  virtual void set_power_loss_recorder(PowerLossRecorder* /*recorder*/) {}
  // Flash commands go to the controller by direct calls rather than through the socket
  // (models/common/flash_command_link.h; known from the end of elaboration).
  virtual bool direct_flash_calls() const = 0;

  // --- end of the run
  // Nothing in flight, nothing waiting.
  virtual bool idle() const = 0;
  // The host workload has ended: `when_idle` runs once, when what is in flight (GC, buffered
  // writes) has finished.
  virtual void host_finished(std::function<void()> when_idle) = 0;

  // --- statistics
  virtual const FtlCpuStatistics& flash_statistics() const = 0;
  virtual std::uint64_t gc_pages_moved() const = 0;
  virtual std::uint64_t blocks_erased() const = 0;  // timeline.csv's erases
  virtual std::uint64_t free_blocks() const = 0;    // of the whole drive
  virtual std::uint64_t erase_count(BlockId block) const = 0;  // erases of the block so far
  // Out of service (a bad block): left out of the erase-count spread.
  virtual bool retired(BlockId /*block*/) const { return false; }
  // Planes (GC allocation units) in a GC cycle now.
  virtual std::uint32_t units_collecting() const { return 0; }
  // Adds the sections of stats.json that only this FTL has.
  virtual void add_statistics(nlohmann::json& /*stats*/) const {}
  // Data mode: compares the content of every page the FTL's map references, read from the dies
  // through `read_flash`, with what the page must hold. Returns {"checked_pages", "mismatches"}.
  using FlashPageReader = std::function<std::uint64_t(Ppn)>;
  virtual nlohmann::json verify_data(const FlashPageReader& read_flash) const = 0;

  // --- capabilities (defaults: not supported)
  // The device can be preconditioned through FtlCore before the timed run (an FTL with a map
  // of its own starts from an empty device).
  virtual bool supports_preconditioning() const { return true; }
  // Takes range copy / move / delete and snapshot commands.
  virtual bool takes_range_commands() const { return false; }
  // Keeps the content of each logical page in its map (page_content answers).
  virtual bool keeps_page_contents() const { return false; }
  // What logical page `page` holds now (nullopt: never written, or trimmed).
  virtual std::optional<std::uint64_t> page_content(std::uint64_t /*page*/) const { return std::nullopt; }
  // Holds host writes in a sort buffer (stats.json's ftl.sort_buffer).
  virtual bool has_sort_buffer() const { return false; }
  // Switches GC between foreground and background at run time (Python scenarios); false: this
  // FTL has no such switch.
  virtual bool switch_foreground_gc(bool /*foreground*/) { return false; }
  // Its side as a member SSD of a RAID array; null when it cannot be one.
  virtual ArrayMemberFirmware* array_member() { return nullptr; }
};

}  // namespace ssdtlm

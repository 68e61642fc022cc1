#include "platforms/range_command_check.h"

#include "models/common/config/config_error.h"
#include "models/host/workload/request_source_factory.h"

namespace ssdtlm {
namespace {

const char* mode_name(const SsdConfig& config) {
  return config.ftl_mode == SsdConfig::FtlMode::Mjolnir ? "mjolnir" : "page";
}

}  // namespace

void check_workload_range_commands(const WorkloadSpec& spec, const SsdConfig& config, std::uint64_t device_bytes) {
  if (spec.is_trace() || spec.is_fio()) return;
  const struct {
    std::uint64_t every;
    const char* key;
  } kinds[] = {{spec.snapshot_every, "snapshot_every"},
               {spec.range_copy_every, "range_copy_every"},
               {spec.range_move_every, "range_move_every"},
               {spec.range_delete_every, "range_delete_every"}};
  bool any = false;
  for (const auto& kind : kinds) {
    if (kind.every == 0) continue;
    any = true;
    if (config.ftl_mode != SsdConfig::FtlMode::Mjolnir) {
      throw config_error(std::string("workload.") + kind.key,
                         std::string("issues multi-reference store commands, which need ftl.mode = mjolnir (this "
                                     "platform has ftl.mode = ") +
                             mode_name(config) + ")");
    }
  }
  if (!any) return;
  const std::uint64_t page = config.geometry.page_size_bytes;
  const DeviceLayout layout = resolve_device_layout(spec, device_bytes, config.host_interface.logical_block_bytes);
  if (layout.range_start_bytes % page != 0) {
    throw config_error("workload.range", "starts at byte " + std::to_string(layout.range_start_bytes) +
                                             ", not on a " + std::to_string(page) +
                                             " B page: range commands (snapshot_every, range_*_every) name whole pages");
  }
  if (spec.snapshot_every != 0) {
    if ((layout.range_end_bytes - layout.range_start_bytes) % page != 0) {
      throw config_error("workload.range", "is not a whole number of " + std::to_string(page) +
                                               " B pages: a snapshot (snapshot_every) covers the workload's range");
    }
    if (spec.snapshot_slots > config.mjolnir.namespace_pages / config.mjolnir.volume_pages - 1) {
      throw config_error("workload.snapshot_slots",
                         std::to_string(spec.snapshot_slots) + " slots exceed ftl.mjolnir.snapshot_slots (" +
                             std::to_string(config.mjolnir.namespace_pages / config.mjolnir.volume_pages - 1) + ")");
    }
  }
  if (layout.range_command_bytes % page != 0) {
    throw config_error("workload.range_size_bytes",
                       std::to_string(layout.range_command_bytes) + " B " +
                           (spec.range_bytes != 0 ? "" : "(the request size, by default) ") + "is not a whole number of " +
                           std::to_string(page) + " B pages");
  }
}

void check_range_command_mode(HostOp op, const SsdConfig& config) {
  if (!is_range_command(op)) {
    throw config_error("op", std::string("expected range-copy, range-move, range-delete or snapshot, got ") +
                                 to_string(op));
  }
  if (config.ftl_mode != SsdConfig::FtlMode::Mjolnir) {
    throw config_error("ftl.mode", std::string(to_string(op)) +
                                       " needs the multi-reference store: ftl.mode = mjolnir (this platform has "
                                       "ftl.mode = " + mode_name(config) + ")");
  }
}

void check_range_command(const HostRequest& request, const SsdConfig& config) {
  check_range_command_mode(request.op, config);
  const std::uint64_t page = config.geometry.page_size_bytes;
  const std::uint64_t namespace_bytes = config.mjolnir.namespace_pages * page;
  const auto check_place = [&](const char* name, std::uint64_t offset) {
    if (offset % page != 0) {
      throw config_error(name, std::to_string(offset) + " is not on a " + std::to_string(page) + " B page boundary");
    }
    if (offset >= namespace_bytes || request.size_bytes > namespace_bytes - offset) {
      throw config_error(name, "[" + std::to_string(offset) + ", +" + std::to_string(request.size_bytes) +
                                   ") does not fit the " + std::to_string(namespace_bytes) +
                                   "-byte namespace (the volume and ftl.mjolnir.snapshot_slots snapshot slots)");
    }
  };
  if (request.size_bytes == 0 || request.size_bytes % page != 0) {
    throw config_error("length", std::to_string(request.size_bytes) + " B is not a whole number (> 0) of " +
                                     std::to_string(page) + " B pages");
  }
  check_place("offset", request.offset_bytes);
  if (request.op != HostOp::RangeDelete) check_place("destination", request.destination_bytes);
}

}  // namespace ssdtlm

#include "platforms/wa_report.h"

#include "platforms/spare_reservation.h"

namespace ssdtlm {

nlohmann::json wa_report(const WaOptions& options, const WaResult& result) {
  nlohmann::json report = to_json(options, result);
  WaOptions sized = options;
  if (!sized.geometry) sized.blocks = result.blocks;  // a trace's blocks follow from its footprint
  const FtlCoreConfig core = make_wa_core_config(sized);
  SpareReservation reservation = spare_reservation(core);
  reservation.physical_pages = result.physical_pages;
  reservation.logical_pages = result.logical_pages;
  const nlohmann::json capacity = to_json(reservation);
  report["capacity"] = capacity;
  SpareKeys keys;
  keys.blocks = options.geometry ? "nand.blocks_per_plane (--config)" : "--blocks";
  keys.spare_factor = core.spare_factor_key;
  keys.high_watermark = options.geometry ? "ftl.gc.free_block_high_watermark (--config) or " + core.high_watermark_key
                                         : core.high_watermark_key;
  keys.frontier = core.frontier_key;
  const std::string message = spare_mostly_reserved_message(capacity, keys);
  if (!message.empty()) report["warnings"] = {{{"kind", "spare_mostly_reserved"}, {"message", message}}};
  return report;
}

}  // namespace ssdtlm

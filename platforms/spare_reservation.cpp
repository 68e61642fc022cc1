#include "platforms/spare_reservation.h"

#include <algorithm>
#include <cstdio>

#include "models/ftl/core/frontier_layout.h"
#include "models/ftl/core/logical_capacity.h"
#include "models/ftl/gc/policy_params.h"

namespace ssdtlm {

double SpareReservation::spare_blocks_per_plane() const {
  if (physical_pages <= logical_pages) return 0.0;
  return double(physical_pages - logical_pages) / double(units) / double(pages_per_block);
}

double SpareReservation::spare_for_data_fraction() const {
  const double spare = spare_blocks_per_plane();
  if (spare <= 0.0) return 0.0;
  return std::clamp((spare - reserved_blocks_per_plane()) / spare, 0.0, 1.0);
}

SpareReservation spare_reservation(const FtlCoreConfig& core, std::uint32_t frontiers_per_plane) {
  const FlashGeometry& g = core.geometry;
  SpareReservation r;
  r.physical_pages = g.total_pages();
  r.logical_pages = logical_pages_for(core.spare_factor, g.total_pages()) + core.extra_logical_pages;
  r.units = g.dies() * g.planes_per_die;
  r.pages_per_block = g.pages_per_block;
  r.gc_free_pool_blocks = core.gc_high_watermark_blocks;
  r.open_frontier_blocks = frontiers_per_plane;
  r.gc_reserve_blocks = core.keep_gc_reserve_block ? 1 : 0;
  return r;
}

SpareReservation spare_reservation(const FtlCoreConfig& core) {
  PolicyParams params(core.frontier_params, core.frontier_params_key);
  const std::unique_ptr<FrontierLayout> layout = make_frontier_layout(core.frontier_layout, params, core.frontier_key);
  return spare_reservation(core, layout->host_frontiers() + (layout->separate_gc_frontier() ? 1 : 0));
}

nlohmann::json to_json(const SpareReservation& r) {
  return {{"logical_pages", r.logical_pages},
          {"physical_pages", r.physical_pages},
          {"spare_blocks_per_plane", r.spare_blocks_per_plane()},
          {"reserved_blocks_per_plane",
           {{"gc_free_pool", r.gc_free_pool_blocks},
            {"open_frontiers", r.open_frontier_blocks},
            {"gc_reserve", r.gc_reserve_blocks},
            {"total", r.reserved_blocks_per_plane()}}},
          {"spare_for_data_fraction", r.spare_for_data_fraction()}};
}

std::string spare_mostly_reserved_message(const nlohmann::json& capacity, const SpareKeys& keys) {
  if (!capacity.is_object() || !capacity.contains("spare_for_data_fraction")) return "";
  const double fraction = capacity["spare_for_data_fraction"].get<double>();
  if (fraction >= 0.5) return "";
  const nlohmann::json& reserved = capacity["reserved_blocks_per_plane"];
  const auto blocks = [&reserved](const char* part) { return std::to_string(reserved[part].get<std::uint32_t>()); };
  char spare[32];
  std::snprintf(spare, sizeof spare, "%.1f", capacity["spare_blocks_per_plane"].get<double>());
  std::string parts = blocks("gc_free_pool") + " held free by GC (" + keys.high_watermark + ", in whole blocks), " +
                      blocks("open_frontiers") + " open write frontier" +
                      (reserved["open_frontiers"].get<std::uint32_t>() == 1 ? "" : "s") + " (" + keys.frontier + ")";
  if (reserved["gc_reserve"].get<std::uint32_t>() != 0) parts += ", " + blocks("gc_reserve") + " GC reserve (power.enabled)";
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.0f %%", fraction * 100.0);
  return "the configuration reserves " + blocks("total") + " of the " + spare + " spare blocks per plane: " + parts +
         "; only " + percent + " of the spare holds data, so write amplification is far higher than " +
         keys.spare_factor + " suggests (raise " + keys.blocks + " or " + keys.spare_factor + ", or lower " +
         keys.high_watermark + ")";
}

}  // namespace ssdtlm

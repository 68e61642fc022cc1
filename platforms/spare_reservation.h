#pragma once
// How much of the spare (physical minus logical capacity) can hold data. Per plane, GC keeps
// free blocks up to its high watermark, every write frontier keeps a block open, and with
// power-loss modelling one more block is the GC's reserve: whole blocks the configuration takes
// from the spare before a single invalid page can wait in it for GC. On a small geometry these
// blocks can take most of the spare, and write amplification is then far higher than the spare
// factor suggests (stats.json "capacity"; the warning spare_mostly_reserved).
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

struct SpareReservation {
  std::uint64_t physical_pages = 0;
  std::uint64_t logical_pages = 0;  // the host's, and the FTL's own metadata pages
  std::uint32_t units = 1;          // planes
  std::uint32_t pages_per_block = 1;
  std::uint32_t gc_free_pool_blocks = 0;  // per plane: the free blocks GC refills to (high watermark)
  std::uint32_t open_frontier_blocks = 0;  // per plane: one per write frontier
  std::uint32_t gc_reserve_blocks = 0;     // per plane: kept for GC (power.enabled)

  double spare_blocks_per_plane() const;
  std::uint32_t reserved_blocks_per_plane() const {
    return gc_free_pool_blocks + open_frontier_blocks + gc_reserve_blocks;
  }
  // The part of the spare left for data, in [0, 1].
  double spare_for_data_fraction() const;
  bool mostly_reserved() const { return spare_for_data_fraction() < 0.5; }
};

// The reservation of a core configuration with `frontiers_per_plane` write frontiers.
SpareReservation spare_reservation(const FtlCoreConfig& core, std::uint32_t frontiers_per_plane);
// The same for a configuration whose core is not built (ssdtlm wa): the frontiers from its layout.
SpareReservation spare_reservation(const FtlCoreConfig& core);

// stats.json "capacity": logical and physical pages, spare_blocks_per_plane,
// reserved_blocks_per_plane {gc_free_pool, open_frontiers, gc_reserve, total},
// spare_for_data_fraction.
nlohmann::json to_json(const SpareReservation& reservation);

// The keys a warning names: the configuration's, or `ssdtlm wa`'s flags.
struct SpareKeys {
  std::string blocks = "nand.blocks_per_plane";
  std::string spare_factor = "ftl.spare_factor";
  std::string high_watermark = "ftl.gc.free_block_high_watermark";
  std::string frontier = "ftl.gc.frontier";
};

// The warning when less than half of the spare holds data (mostly_reserved), from a
// "capacity" section; "" otherwise.
std::string spare_mostly_reserved_message(const nlohmann::json& capacity, const SpareKeys& keys);

}  // namespace ssdtlm

#pragma once
// MappingUnit: the FTL's page map, logical page -> physical page, with the reverse entry of
// each physical page (which logical page was last written there; GC reads it to know what a
// victim's valid pages hold). FullMappingTable (full_mapping_table.h) keeps both in DRAM; a
// cached map (demand-loaded translation pages) can be another implementation.
//
// Entries are opaque 32-bit values to the map: below physical_pages() a physical page,
// kInvalidPpn for an unmapped page, and values above both that the owner reserves for its own
// markers (FtlCore marks pages held in its sort buffer this way).
//
// FtlCore holds the concrete implementation by value and calls it directly on the per-page
// path (no virtual call per page); the interface is for composition and for other
// implementations.
#include <cstdint>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

class MappingUnit {
 public:
  virtual ~MappingUnit() = default;
  virtual std::uint64_t logical_pages() const = 0;
  virtual std::uint64_t physical_pages() const = 0;
  // lpn's entry (kInvalidPpn when never written or unmapped).
  virtual Ppn entry(Lpn lpn) const = 0;
  // Sets lpn's entry without touching the reverse map: unmapping (kInvalidPpn) or a marker.
  virtual void set_entry(Lpn lpn, Ppn value) = 0;
  // lpn's data is now at ppn: the forward entry and ppn's reverse entry.
  virtual void map(Lpn lpn, Ppn ppn) = 0;
  // The logical page last mapped to ppn (kInvalidLpn if none ever was); whether ppn still
  // holds its current data is the block table's validity bit, not the map's.
  virtual Lpn lpn_at(Ppn ppn) const = 0;
  // Heap bytes of the map.
  virtual std::uint64_t bytes() const = 0;
};

}  // namespace ssdtlm

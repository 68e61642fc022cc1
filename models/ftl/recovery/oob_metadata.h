#pragma once
// Per-page out-of-band (OOB, spare area) metadata the FTL writes with every flash program when
// power-loss modelling is on (power.enabled), and the store that holds it for the model.
//
// One entry is 8 bytes: the logical page the program carried and a 32-bit sequence number
// taken from one counter at the moment the FTL maps the page (its serialization point: host
// writes, GC moves and checkpoint pages share the counter). Among several surviving copies of a
// logical page the highest sequence number is the newest. Checkpoint pages are ordinary pages of
// logical pages reserved above the host's range, so they need no marker of their own; the
// recovery recognises them by their logical page number.
//
// The store is allocated only with power-loss modelling (8 B per physical page, next to the FTL
// core's map and block state): with power.enabled = false nothing here exists.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

struct OobEntry {
  // Markers in `lpn` for pages without readable metadata.
  static constexpr Lpn kErased = kInvalidLpn;       // never programmed since the last erase
  static constexpr Lpn kTorn = kInvalidLpn - 1;     // program or erase cut by a power loss: unreadable
  Lpn lpn = kErased;
  std::uint32_t seq = 0;

  bool readable() const { return lpn != kErased && lpn != kTorn; }
};
static_assert(sizeof(OobEntry) == 8, "OOB metadata is 8 bytes per physical page");

class OobStore {
 public:
  explicit OobStore(std::uint64_t physical_pages) : entries_(physical_pages) {}

  // Takes the next sequence number (the caller is mapping a page now).
  std::uint32_t next_seq() {
    if (seq_ == ~std::uint32_t{0}) {
      throw std::runtime_error("power-loss model: the 32-bit OOB sequence number wrapped (more than 4e9 programs)");
    }
    return ++seq_;
  }
  std::uint32_t last_seq() const { return seq_; }

  void write(Ppn ppn, Lpn lpn, std::uint32_t seq) { entries_[ppn] = OobEntry{lpn, seq}; }
  void erase_block(Ppn first_page, std::uint32_t pages) {
    for (std::uint32_t p = 0; p < pages; ++p) entries_[first_page + p] = OobEntry{};
  }
  // The metadata a recovered device finds on its flash; numbering continues after the newest.
  void restore(const std::vector<OobEntry>& entries) {
    entries_ = entries;
    for (const OobEntry& e : entries_) {
      if (e.readable()) seq_ = std::max(seq_, e.seq);
    }
  }
  const OobEntry& at(Ppn ppn) const { return entries_[ppn]; }
  const std::vector<OobEntry>& entries() const { return entries_; }
  std::uint64_t bytes() const { return entries_.size() * sizeof(OobEntry); }

 private:
  std::vector<OobEntry> entries_;
  std::uint32_t seq_ = 0;
};

}  // namespace ssdtlm

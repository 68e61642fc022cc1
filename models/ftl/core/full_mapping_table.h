#pragma once
// FullMappingTable: the whole page map in DRAM, 4 bytes per logical page forward and 4 bytes
// per physical page reverse, on huge pages (the functional engine's map accesses are random
// and would otherwise miss the TLB). `final` and inline: FtlCore holds it by value and its
// per-page calls compile to plain loads and stores.
#include <cstdint>
#include <vector>

#include "models/ftl/core/huge_page_allocator.h"
#include "models/ftl/core/mapping_unit.h"

namespace ssdtlm {

class FullMappingTable final : public MappingUnit {
 public:
  // Every logical page unmapped, every reverse entry empty.
  void init(std::uint64_t logical_pages, std::uint64_t physical_pages) {
    l2p_.assign(logical_pages, kInvalidPpn);
    p2l_.assign(physical_pages, kInvalidLpn);
  }

  std::uint64_t logical_pages() const override { return l2p_.size(); }
  std::uint64_t physical_pages() const override { return p2l_.size(); }
  Ppn entry(Lpn lpn) const override { return l2p_[lpn]; }
  void set_entry(Lpn lpn, Ppn value) override { l2p_[lpn] = value; }
  void map(Lpn lpn, Ppn ppn) override {
    l2p_[lpn] = ppn;
    p2l_[ppn] = lpn;
  }
  Lpn lpn_at(Ppn ppn) const override { return p2l_[ppn]; }
  std::uint64_t bytes() const override {
    return l2p_.capacity() * sizeof(Ppn) + p2l_.capacity() * sizeof(Lpn);
  }

  // Addresses for prefetching an entry before it is read or written.
  const Ppn* entry_address(Lpn lpn) const { return &l2p_[lpn]; }
  const Lpn* reverse_address(Ppn ppn) const { return &p2l_[ppn]; }
  // The raw arrays, for a loop that keeps their bases in registers (FtlCore's batched host
  // writes): entries()[lpn] is entry(lpn), reverse_entries()[ppn] is lpn_at(ppn).
  Ppn* entries() { return l2p_.data(); }
  Lpn* reverse_entries() { return p2l_.data(); }

 private:
  std::vector<Ppn, HugePageAllocator<Ppn>> l2p_;
  std::vector<Lpn, HugePageAllocator<Lpn>> p2l_;
};

}  // namespace ssdtlm

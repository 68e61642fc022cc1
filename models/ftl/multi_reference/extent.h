#pragma once
// Address types of the multi-reference store ([Weiss et al. 2015]). Logical and physical
// addresses count blocks (the store's mapping unit); an Extent maps `length` consecutive
// logical blocks onto `length` consecutive physical blocks, like one entry of the paper's
// B-tree leaf (Fig. 1a: logical address, extent length, physical address).
#include <cstdint>

namespace ssdtlm::multi_reference {

using Lba = std::uint64_t;  // logical block address
using Pba = std::uint64_t;  // physical block address: segment * segment_blocks + offset

// The paper's translation layer spans logical addresses 0 .. 2^48.
constexpr Lba kLogicalSpaceBlocks = Lba{1} << 48;

struct Extent {
  Lba logical = 0;
  Pba physical = 0;
  std::uint64_t length = 0;

  Lba logical_end() const { return logical + length; }
  Pba physical_end() const { return physical + length; }
  bool operator==(const Extent& other) const {
    return logical == other.logical && physical == other.physical && length == other.length;
  }
};

}  // namespace ssdtlm::multi_reference

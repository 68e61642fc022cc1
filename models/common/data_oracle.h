#pragma once
// Data mode's ground truth: the content tag each logical page was last given. The FTL records
// a new tag at the moment it maps a host write (its serialization point) and checks every
// flash read against the tag recorded for the page it looked up, so a mapping or GC bug that
// returns another page's data, stale data or erased data is caught at the read.
#include <cstdint>
#include <unordered_map>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

class DataOracle {
 public:
  // A fresh, never-zero tag for a new write of `lpn`.
  std::uint64_t record_write(Lpn lpn) {
    std::uint64_t z = (std::uint64_t(lpn) << 32) ^ ++writes_ ^ 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    if (z == 0) z = 1;
    expected_[lpn] = z;
    return z;
  }
  // A write whose content was chosen upstream (a RAID controller's data or parity block).
  std::uint64_t record_write_tag(Lpn lpn, std::uint64_t tag) {
    ++writes_;
    expected_[lpn] = tag;
    return tag;
  }
  void record_trim(Lpn lpn) { expected_.erase(lpn); }
  // 0 for a page never written (or trimmed): reads of it return zeros.
  std::uint64_t expected(Lpn lpn) const {
    const auto it = expected_.find(lpn);
    return it == expected_.end() ? 0 : it->second;
  }
  std::uint64_t checked_reads() const { return checked_reads_; }
  void count_checked_read() { ++checked_reads_; }

 private:
  std::unordered_map<Lpn, std::uint64_t> expected_;
  std::uint64_t writes_ = 0;
  std::uint64_t checked_reads_ = 0;
};

}  // namespace ssdtlm

#pragma once
// The multi-reference store's translation layer ([Weiss et al. 2015] section 2, Fig. 1a): an
// ordered map of logical extents onto physical extents over a 2^48-block logical space. Several
// logical extents may reference the same physical blocks (range copy, snapshots); there are no
// reference counts and no reverse map here (section 4.1): liveness is inferred by the scanner
// traversing it.
//
// The extents live in a B+-tree (extent_tree.h) keyed by logical start, with chained leaves
// for the scanner's traversal; descents() counts root-to-leaf walks for a later CPU model.
//
// Callbacks (section 4.3.1): every piece of a mapping that is removed (overwrite, trim,
// delete, the source of a move, the cleaner's own remap) is reported to the observer with
// its old physical address, and every piece that is added is reported too. The GC uses the
// first to drop reverse-map entries of segments waiting to be cleaned (so overwritten data is
// not copied) and the second to add entries when a clone creates a new reference into such a
// segment (so the cleaner does not free a block a clone still references).
#include <cstddef>
#include <optional>
#include <vector>

#include "models/ftl/multi_reference/extent.h"
#include "models/ftl/multi_reference/extent_tree.h"

namespace ssdtlm::multi_reference {

class TranslationObserver {
 public:
  virtual ~TranslationObserver() = default;
  virtual void on_unmapped(const Extent& removed) = 0;
  virtual void on_mapped(const Extent& added) = 0;
};

class TranslationLayer {
 public:
  // Ordered by logical start; extents never overlap and adjacent extents that continue each
  // other physically are coalesced, so the entry count is the paper's "mappings".
  using Entries = ExtentTree;

  explicit TranslationLayer(std::size_t fanout = 32) : entries_(fanout) {}

  void set_observer(TranslationObserver* observer) { observer_ = observer; }

  std::optional<Pba> lookup(Lba lba) const;
  // The pieces mapped inside [lba, lba + length), in logical order.
  std::vector<Extent> extents_in(Lba lba, std::uint64_t length) const;

  // Host write / cleaner relocation: [lba, lba + length) now maps to [pba, pba + length).
  void map(Lba lba, Pba pba, std::uint64_t length);
  // Trim and range delete: [lba, lba + length) becomes unmapped.
  void unmap(Lba lba, std::uint64_t length);
  // Range copy (clone): dst references the physical blocks src references (holes stay holes).
  void range_copy(Lba src, Lba dst, std::uint64_t length);
  // Range move: like range copy, then src is unmapped (ranges may overlap).
  void range_move(Lba src, Lba dst, std::uint64_t length);
  // The cleaner's one-mapping update (section 4.3): remaps lba to new_pba only if it still
  // maps to old_pba (a host overwrite since the copy was issued wins). Returns whether it did.
  bool remap_if(Lba lba, Pba old_pba, Pba new_pba);

  const Entries& entries() const { return entries_; }
  std::size_t mapping_count() const { return entries_.size(); }
  std::size_t tree_height() const { return entries_.height(); }
  std::uint64_t mapped_blocks() const { return mapped_blocks_; }

 private:
  static void check_range(const char* what, Lba lba, std::uint64_t length);
  // Ensures no extent straddles lba (splits the one that does).
  void split_at(Lba lba);
  void remove_range(Lba lba, std::uint64_t length);
  void insert(const Extent& extent);

  Entries entries_;
  std::uint64_t mapped_blocks_ = 0;
  TranslationObserver* observer_ = nullptr;
};

}  // namespace ssdtlm::multi_reference

#include "models/ftl/recovery/map_rebuild.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ssdtlm {
namespace {

// Pages a scan of `block` reads from `first`: up to and including the first erased page.
std::uint32_t scan_end(const PowerCutImage& image, BlockId block, std::uint32_t first) {
  const std::uint32_t pages = image.geometry.pages_per_block;
  for (std::uint32_t p = first; p < pages; ++p) {
    if (image.oob[image.geometry.page_id(block, p)].lpn == OobEntry::kErased) return p + 1;
  }
  return pages;
}

// The trim table: a table page the map points to whose copy is newer than the checkpoint is
// read whole (a phase of its own: where the pages are is known only once the scan is done), and
// each of its entries newer than the checkpoint unmaps its host page unless the copy the map
// holds for that page is newer still. Older entries are in the checkpoint's map already.
void apply_trim_tables(const PowerCutImage& image, std::uint32_t seq_floor, RebuiltMap& out) {
  std::vector<RecoveryRead> reads;
  for (std::uint32_t page = 0; page < image.trim_table_pages; ++page) {
    const Ppn table = out.l2p[image.trim_table_first_lpn + page];
    if (table == kInvalidPpn || image.oob[table].seq <= seq_floor) continue;
    const auto found = image.trim_tables.find(table);
    if (found == image.trim_tables.end()) {
      throw std::logic_error("power-loss model: trim-table page " + std::to_string(page) + " at physical page " +
                             std::to_string(table) + " has no recorded content");
    }
    reads.push_back({table, true});
    const TrimTableContent& entries = *found->second;
    const Lpn first = page * image.trim_entries_per_page;
    for (std::uint32_t i = 0; i < entries.size(); ++i) {
      const std::uint32_t trimmed = entries[i];
      Ppn& mapped = out.l2p[first + i];
      if (trimmed <= seq_floor || mapped == kInvalidPpn || image.oob[mapped].seq > trimmed) continue;
      mapped = kInvalidPpn;
      ++out.trims_applied;
    }
  }
  out.trim_table_page_reads = reads.size();
  if (!reads.empty()) out.phases.push_back(std::move(reads));
}

}  // namespace

RebuiltMap rebuild_map(const PowerCutImage& image) {
  const FlashGeometry& g = image.geometry;
  const std::uint64_t blocks = g.total_blocks();
  RebuiltMap out;
  out.l2p.assign(image.logical_pages, kInvalidPpn);
  out.block_used.assign(blocks, 0);
  for (BlockId b = 0; b < blocks; ++b) out.block_used[b] = image.oob[g.page_id(b, 0)].lpn != OobEntry::kErased;

  std::vector<std::uint8_t> scanned(blocks, 0);
  const std::uint32_t seq_floor = image.has_checkpoint ? image.checkpoint.seq : 0;
  if (!image.has_checkpoint) {
    out.phases.resize(1);
    for (BlockId b = 0; b < blocks; ++b) {
      scanned[b] = 1;
      for (std::uint32_t p = 0; p < scan_end(image, b, 0); ++p) out.phases[0].push_back({g.page_id(b, p), false});
    }
  } else {
    out.used_checkpoint = true;
    out.checkpoint_seq = seq_floor;
    out.phases.resize(2);
    for (const Ppn ppn : image.checkpoint.pages) out.phases[0].push_back({ppn, true});
    std::vector<std::uint8_t> open_at_checkpoint(blocks, 0);
    for (const BlockId b : image.checkpoint.open_blocks) open_at_checkpoint[b] = 1;
    for (BlockId b = 0; b < blocks; ++b) {
      out.phases[0].push_back({g.page_id(b, 0), false});
      const OobEntry& first = image.oob[g.page_id(b, 0)];
      if (first.lpn == OobEntry::kErased) continue;
      if (first.lpn == OobEntry::kTorn || first.seq > seq_floor || open_at_checkpoint[b]) {
        scanned[b] = 1;
        for (std::uint32_t p = 1; p < scan_end(image, b, 1); ++p) out.phases[1].push_back({g.page_id(b, p), false});
      }
    }
    // The checkpoint's map, minus entries whose page has changed since S.
    for (Lpn lpn = 0; lpn < image.logical_pages; ++lpn) {
      const Ppn ppn = image.checkpoint.map[lpn];
      if (ppn == kInvalidPpn) continue;
      const BlockId b = g.block_of_page(ppn);
      if (scanned[b] || !out.block_used[b]) {
        const OobEntry& e = image.oob[ppn];
        if (!e.readable() || e.lpn != lpn || e.seq > seq_floor) continue;
      }
      out.l2p[lpn] = ppn;
    }
  }
  // Roll forward: readable entries newer than the checkpoint (all of them without one).
  std::vector<std::pair<std::uint32_t, Ppn>> newer;
  for (BlockId b = 0; b < blocks; ++b) {
    if (!scanned[b]) continue;
    for (std::uint32_t p = 0; p < g.pages_per_block; ++p) {
      const Ppn ppn = g.page_id(b, p);
      const OobEntry& e = image.oob[ppn];
      if (e.readable() && e.seq > seq_floor && e.lpn < image.logical_pages) newer.emplace_back(e.seq, ppn);
    }
  }
  std::sort(newer.begin(), newer.end());
  for (const auto& [seq, ppn] : newer) out.l2p[image.oob[ppn].lpn] = ppn;
  out.pages_rolled_forward = newer.size();
  for (BlockId b = 0; b < blocks; ++b) out.blocks_scanned += scanned[b];
  for (const auto& phase : out.phases) {
    for (const RecoveryRead& read : phase) (read.whole_page ? out.checkpoint_page_reads : out.oob_reads) += 1;
  }
  apply_trim_tables(image, seq_floor, out);
  return out;
}

std::vector<Lpn> lost_host_pages(const PowerCutImage& image, const RebuiltMap& rebuilt,
                                 const std::function<std::uint64_t(Ppn)>& read_tag) {
  std::vector<Lpn> lost;
  auto inflight = image.inflight_host_tags.begin();
  for (Lpn lpn = 0; lpn < image.host_logical_pages; ++lpn) {
    const Ppn ppn = rebuilt.l2p[lpn];
    const std::uint64_t actual = ppn == kInvalidPpn ? 0 : read_tag(ppn);
    bool allowed = actual == image.durable_tag[lpn];
    while (inflight != image.inflight_host_tags.end() && inflight->first < lpn) ++inflight;
    for (auto it = inflight; !allowed && it != image.inflight_host_tags.end() && it->first == lpn; ++it) {
      allowed = actual == it->second;
    }
    if (!allowed) lost.push_back(lpn);
  }
  return lost;
}

}  // namespace ssdtlm

#pragma once
// rebuild_map: the FTL's boot after a power loss, as plain C++ on a PowerCutImage. It returns
// the logical-to-physical map the recovered FTL uses and the flash reads the rebuild needs, in
// phases (a phase's reads depend on what the previous phase read; RecoveryTimer times them).
//
// Without a checkpoint every block is scanned: its pages' OOB entries are read from page 0 on
// until an erased page (read too: that is how the end is found) or the end of the block. Every
// readable entry is a candidate and, per logical page, the highest sequence number wins.
//
// With a checkpoint (map at sequence number S):
//   phase 1: the checkpoint's K pages (whole pages) and the OOB of page 0 of every block;
//   phase 2: the rest of every block that must be scanned: page 0 newer than S (opened or
//            reopened after S), unreadable (a torn program or erase), or open at S;
//   map = the checkpoint's, where an entry that points into a scanned or erased block survives
//         only if that page still carries the entry's logical page with a sequence number <= S
//         (blocks neither scanned nor erased are exactly as they were at S); then every
//         readable entry newer than S in the scanned blocks is applied in sequence order.
// Trims (last phase): the trim-table pages the map now points to, newer than S (all of them
// without a checkpoint), are read whole; a host page whose latest trim there is newer than S
// and newer than the copy the map holds for it is unmapped.
// Torn pages are never mapped. Blocks with any programmed (or torn) page are "used": the
// recovered FTL does not program them again before GC erases them.
#include <cstdint>
#include <vector>

#include "models/ftl/recovery/power_loss_recorder.h"

namespace ssdtlm {

struct RecoveryRead {
  Ppn ppn = 0;
  bool whole_page = false;  // a checkpoint page; otherwise only the OOB metadata is transferred
};

struct RebuiltMap {
  std::vector<Ppn> l2p;                 // every logical page of the core (kInvalidPpn: unmapped)
  std::vector<std::uint8_t> block_used;  // per block: 1 if any page is programmed or torn
  std::vector<std::vector<RecoveryRead>> phases;
  bool used_checkpoint = false;
  std::uint32_t checkpoint_seq = 0;
  std::uint64_t oob_reads = 0;
  std::uint64_t checkpoint_page_reads = 0;
  std::uint64_t blocks_scanned = 0;  // blocks read beyond page 0 (or from page 0 without checkpoint)
  std::uint64_t pages_rolled_forward = 0;
  std::uint64_t trim_table_page_reads = 0;
  std::uint64_t trims_applied = 0;  // host pages unmapped by a trim-table entry
};

RebuiltMap rebuild_map(const PowerCutImage& image);

// Checks the rebuilt map against the image's durability record: every host page must read
// back its durable content or the content of one of its newer in-flight writes. `read_tag`
// returns the content tag stored at a physical page. Returns the host pages that do not.
std::vector<Lpn> lost_host_pages(const PowerCutImage& image, const RebuiltMap& rebuilt,
                                 const std::function<std::uint64_t(Ppn)>& read_tag);

}  // namespace ssdtlm

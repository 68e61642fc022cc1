#pragma once
// PowerLossRecorder: what the FTL leaves behind for a recovery, recorded as the timed FTL runs
// (power.enabled only). It is the FtlCore's observer (every page the core maps gets its OOB
// entry and sequence number; every completed erase clears its block) and FtlCpu reports to it
// when programs complete and erases are issued. It also decides when map checkpoints start and
// holds their content: a checkpoint snapshots the map at sequence number S, is written as K
// flash pages of reserved logical pages (two slots, alternating, so the previous checkpoint's
// pages stay valid while the next one is written) and becomes the one a recovery loads only
// when its K pages and every program mapped at or before S have completed.
//
// It also keeps the trim table's content: per host logical page the sequence number of its
// latest trim (0: none), written as table pages of E = page size / 4 entries to the logical pages
// reserved above the host's range and the checkpoint slots (FtlCoreConfig::extra_logical_pages).
// Each host-path program of a table page is a new version of it (a snapshot of its entries);
// a GC move copies the version it moves. The model holds the current and the previous version
// of each table page: one table program of a page is in flight at a time, so the newest readable
// copy after a loss is of one of those two.
//
// cut() freezes the state at the moment of a power loss into a PowerCutImage: pages whose
// program had not completed are torn (unreadable) if their die had started them and erased
// otherwise; blocks whose erase had not completed are unreadable as a whole.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

#include "models/common/data_oracle.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/recovery/oob_metadata.h"
#include "models/ftl/recovery/power_loss_config.h"

namespace ssdtlm {

struct CheckpointImage {
  std::uint32_t seq = 0;             // S: every page mapped at or before S is reflected in `map`
  std::vector<Ppn> map;              // l2p of every logical page of the core at S
  std::vector<BlockId> open_blocks;  // blocks a frontier was still filling at S
  std::vector<Ppn> pages;            // where its K pages were programmed
};

using TrimTableContent = std::vector<std::uint32_t>;  // per host page of the table page: latest trim's sequence number

struct PowerCutImage {
  FlashGeometry geometry;
  std::uint64_t logical_pages = 0;       // the core's, reserved checkpoint and trim-table pages included
  std::uint64_t host_logical_pages = 0;  // the host's range: [0, host_logical_pages)
  // The trim table: table page j (logical page trim_table_first_lpn + j) covers host pages
  // [j x trim_entries_per_page, (j + 1) x trim_entries_per_page); the content of each readable
  // copy of a table page (the current or previous version of it).
  Lpn trim_table_first_lpn = 0;
  std::uint32_t trim_table_pages = 0;
  std::uint32_t trim_entries_per_page = 0;
  std::unordered_map<Ppn, std::shared_ptr<const TrimTableContent>> trim_tables;
  std::vector<OobEntry> oob;             // per physical page, the cut applied
  bool has_checkpoint = false;
  CheckpointImage checkpoint;
  // What may read back (data mode tags): per host page the content of its newest durable write
  // (0: none, or a durable trim), and the contents of host writes still in flight that are
  // newer than it (0 for a trim applied but not yet durable). Nothing else is allowed.
  std::vector<std::uint64_t> durable_tag;
  std::vector<std::pair<Lpn, std::uint64_t>> inflight_host_tags;
  std::uint64_t torn_programs = 0;
  std::uint64_t lost_programs = 0;  // issued, not started by the die: nothing left
  std::uint64_t torn_erases = 0;
};

class PowerLossRecorder : public FtlCore::Observer {
 public:
  // Reserves the checkpoint slots at the top of the core's logical range (when checkpoints
  // are on): host_logical_pages() is what is left for the host.
  PowerLossRecorder(const PowerLossConfig& config, const FtlCore& core, const DataOracle* oracle);

  std::uint64_t host_logical_pages() const { return host_logical_pages_; }
  std::uint32_t checkpoint_pages() const { return checkpoint_pages_; }
  const PowerLossConfig& config() const { return config_; }

  // Programs mapped while this is on (functional preconditioning) are durable at once.
  void set_instant_durability(bool on) { instant_ = on; }
  // Another observer called first (preconditioning's die mirror).
  void set_next_observer(FtlCore::Observer* next) { next_ = next; }

  // ---- FtlCore::Observer: the core mapped `lpn` to `ppn` / a block's erase completed
  void on_program(Ppn ppn, Lpn lpn, OpOrigin origin) override;
  void on_erase(BlockId block) override;

  // ---- FtlCpu
  void host_write_issued(Lpn lpn, Ppn ppn, std::uint64_t tag);
  void program_completed(Ppn ppn);
  void host_write_durable(Lpn lpn, Ppn ppn, std::uint64_t tag);
  void erase_issued(BlockId block);
  // Counts one host page write; true when a checkpoint should start now.
  bool host_page_written();
  // Snapshots the map and returns the logical pages to write (one slot's K pages).
  std::vector<Lpn> begin_checkpoint();
  void checkpoint_page_completed();
  bool is_checkpoint_page(Lpn lpn) const { return lpn >= host_logical_pages_ && lpn < trim_table_first_lpn_; }

  // ---- trim table (DurabilityTracker, models/ftl/firmware/durability_tracker.h)
  std::uint32_t trim_table_page_of(Lpn host_lpn) const { return host_lpn / trim_entries_per_page_; }
  std::uint32_t trim_table_page_of_lpn(Lpn table_lpn) const { return table_lpn - trim_table_first_lpn_; }
  Lpn trim_table_lpn(std::uint32_t table_page) const { return trim_table_first_lpn_ + table_page; }
  bool is_trim_table_lpn(Lpn lpn) const { return lpn >= trim_table_first_lpn_ && lpn < trim_table_first_lpn_ + trim_table_pages_; }
  // A trim of `host_lpn` was applied (the page unmapped) now: takes its sequence number.
  void trim_applied(Lpn host_lpn);

  // A device booted after a power loss: the OOB metadata on its flash and the rebuilt map,
  // whose pages are durable (`content` gives a physical page's content tag).
  void restore(const std::vector<OobEntry>& oob, const std::vector<Ppn>& l2p,
               const std::function<std::uint64_t(Ppn)>& content, const PowerCutImage& image);

  // ---- statistics
  std::uint64_t checkpoints_started() const { return checkpoints_started_; }
  std::uint64_t checkpoints_completed() const { return checkpoints_completed_; }
  std::uint64_t bytes() const;

  // The state a power loss now leaves. `started_on_die(ppn)`: whether the die holds the page
  // (its program reached the array).
  PowerCutImage cut(const std::function<bool(Ppn)>& started_on_die) const;

 private:
  struct InFlight {
    bool host = false;
    Lpn lpn = kInvalidLpn;
    std::uint64_t tag = 0;
  };
  struct Durable {
    std::uint32_t seq = 0;
    std::uint64_t tag = 0;
  };
  void maybe_complete_checkpoint();
  struct TableVersion {
    std::uint32_t id = 0;  // the sequence number of the host-path program that wrote it
    std::shared_ptr<const TrimTableContent> content;
  };
  const TableVersion* table_version(std::uint32_t table_page, std::uint32_t id) const;
  void trims_durable(const TrimTableContent& content, std::uint32_t table_page);

  PowerLossConfig config_;
  const FtlCore& core_;
  const DataOracle* oracle_;
  FtlCore::Observer* next_ = nullptr;
  bool instant_ = false;
  OobStore oob_;
  std::uint64_t host_logical_pages_ = 0;
  std::uint32_t checkpoint_pages_ = 0;  // K

  std::unordered_map<Ppn, InFlight> inflight_;  // programs mapped, not completed
  std::map<BlockId, bool> erasing_;             // erases issued, not completed
  std::vector<Durable> durable_;                // per host page

  std::uint64_t writes_since_checkpoint_ = 0;
  std::uint32_t next_slot_ = 0;
  std::uint32_t complete_slot_ = 0;
  bool checkpoint_running_ = false;
  CheckpointImage pending_;
  std::uint32_t pending_pages_done_ = 0;
  std::uint64_t pending_older_programs_ = 0;  // programs mapped at or before S still in flight
  bool has_complete_ = false;
  CheckpointImage complete_;
  std::uint64_t checkpoints_started_ = 0;
  std::uint64_t checkpoints_completed_ = 0;

  Lpn trim_table_first_lpn_ = 0;
  std::uint32_t trim_table_pages_ = 0;
  std::uint32_t trim_entries_per_page_ = 1;
  std::vector<std::uint32_t> trim_seq_;  // per host page: its latest trim's sequence number
  std::vector<TableVersion> table_current_, table_previous_;  // per table page
  std::unordered_map<Ppn, std::uint32_t> table_copies_;      // flash copies of table pages: version id
};

}  // namespace ssdtlm

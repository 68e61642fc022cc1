#pragma once
// FtlCore: the page-mapped flash translation layer as plain C++ (no SystemC). It is the
// composition of its parts, each with its own header:
//   * the mapping unit (mapping_unit.h; FullMappingTable: the whole map and reverse map in
//     DRAM), logical page -> physical page;
//   * the block allocator (block_allocator.h; FrontierAllocator: per-plane free pools and the
//     write frontiers of a frontier layout), where writes go;
//   * the block table (block_table.h): per-block valid count, state, erase count, bitmap;
//   * the victim policy (models/ftl/gc/) and, for greedy, the ValidCountIndex.
// The core itself decides what the parts do not: when GC runs and what it moves (GC cycles,
// in-place collection, wear leveling, retirement), the host path's striping and heat, and the
// mdc sort buffer. The map and the allocator are held as their concrete `final` types, so the
// per-page path below makes no virtual call.
//
// It is driven two ways with the same code:
//   * FtlCpu (models/ftl/ftl_cpu.*) calls the step API below and turns each step into timed
//     flash commands;
//   * the functional engine (FunctionalEngine, `ssdtlm wa`) and preconditioning call
//     write_host_functional()/collect(), which perform whole steps instantly.
//
// Allocation units. Every plane of every die is one allocation unit with its own free pool,
// frontier(s) and GC: relocations stay inside a plane, so copyback is always possible, and a
// one-die one-plane geometry is exactly the single-device model of Van Houdt's d-choices
// analysis. Host writes are striped round-robin over units in the order channel, then die,
// then plane.
//
// Frontiers. The frontier layout (frontier_layout.h: single | double | hot-cold) says how many
// frontiers a unit has and which one a write goes to. A frontier that fills takes a free block
// at once; with none left it is starved until GC gives it one.
//
// GC triggering (per unit, with hysteresis): gc_wanted(u) becomes true when the unit's free
// blocks are <= gc_low_watermark_blocks (> 0) at the moment a frontier needs a new block; the
// cycle then collects at least gc_victims_per_cycle victims and goes on until free blocks >
// gc_high_watermark_blocks. Independently, gc_wanted(u) is true while a host frontier is
// starved. With both watermarks 0 the unit therefore collects exactly when a frontier is full
// and no free block is left; the victim is then collected in place (Van Houdt, sec 2.1): its
// valid pages are buffered, it is erased, they fill what room the GC frontier has left and the
// rest is written back into the victim, which becomes the GC frontier's block (with the single
// layout that is the host frontier, so the rest of the block takes new writes).
//
// Hot path. write_host()/write_host_functional() and the map/bitmap updates are inline below:
// the functional engine runs tens of millions of them per second. Per physical page the core
// keeps the map entry (4 B per logical page), the reverse map (4 B, read only when a victim's
// valid pages are moved) and one validity bit; per block a handful of words.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "models/common/flash_geometry.h"
#include "models/ftl/core/block_table.h"
#include "models/ftl/core/frontier_allocator.h"
#include "models/ftl/core/frontier_layout.h"
#include "models/ftl/core/full_mapping_table.h"
#include "models/ftl/core/huge_page_allocator.h"
#include "models/ftl/gc/valid_count_index.h"
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {

struct FtlCoreConfig {
  FlashGeometry geometry;
  double spare_factor = 0.07;  // fraction of physical pages hidden from the host
  std::uint32_t gc_low_watermark_blocks = 0;
  std::uint32_t gc_high_watermark_blocks = 0;
  // A triggered GC cycle collects at least this many victims (Lomet & Luo's MDC cleans 64 per cycle);
  // the policy selects them in one batch, and mdc relocates them in u_p2 order.
  std::uint32_t gc_victims_per_cycle = 1;
  std::string victim_policy = "greedy";
  std::map<std::string, std::string> policy_params;  // e.g. {"d","10"},{"memory","1"}
  std::string frontier_layout = "single";            // single | double | hot-cold
  std::map<std::string, std::string> frontier_params;
  // Functional drivers seal a block as soon as its last page is allocated; the timed FtlCpu
  // seals it only when its last program has completed, so GC never reads a page in flight.
  bool seal_blocks_on_close = true;
  // Functional drivers only: collect() in place leaves the victim's surviving pages at their
  // offsets and lets the frontier program the erased slots around them, instead of moving them
  // to the front of the block. The same pages end up in the same blocks and the block takes the
  // same number of new writes, so every count, victim choice and write amplification is
  // identical (a test checks it bit for bit), but no map entry changes: in-place GC costs no
  // cache miss per surviving page. The timed path keeps it false (NAND programs in page order).
  bool in_place_keeps_page_offsets = false;
  std::uint64_t seed = 1;
  // Reliability (docs/reliability.md, "NAND faults and wear leveling"). Factory bad blocks
  // (global ids, sorted) never enter a free pool. Dynamic wear leveling takes the least-worn
  // free block of the unit instead of the oldest erased one; static wear leveling moves the
  // data of the unit's least-worn sealed block (cold data) to the frontier when the unit's
  // highest erase count exceeds that block's by more than static_wear_leveling_threshold, so
  // the young block returns to the free pool and takes hot data.
  std::vector<BlockId> factory_bad_blocks;
  bool dynamic_wear_leveling = false;
  bool static_wear_leveling = false;
  std::uint32_t static_wear_leveling_threshold = 100;
  // With program/erase failures and GC moves through controller memory (no copyback), a GC
  // move in a plane that grown bad blocks have left without an open frontier goes to another
  // plane (see relocate()) instead of failing.
  bool relocate_across_units_when_full = false;
  // Power-loss modelling (power.enabled, docs/reliability.md): host writes leave a unit's last
  // free block to GC (see can_accept_host_write and refill), so with a low watermark of at
  // least one block no victim is collected in place (its valid data would be only in DRAM
  // between its erase and its write-back); and logical pages above the
  // spare-factor space for the FTL's own metadata (the trim table), which preconditioning
  // does not fill.
  bool keep_gc_reserve_block = false;
  std::uint64_t extra_logical_pages = 0;
  std::string bad_blocks_key = "nand.reliability.factory_bad_block_rate";
  // How ConfigErrors name the settings above (the `ssdtlm wa` command uses its flags).
  std::string spare_factor_key = "ftl.spare_factor";
  std::string high_watermark_key = "ftl.gc.free_block_high_watermark";
  std::string policy_key = "ftl.gc.policy";
  std::string policy_params_key = "ftl.gc.params.";
  std::string frontier_key = "ftl.gc.frontier";
  std::string frontier_params_key = "ftl.gc.frontier_params.";
};

// Why a block is collected: GC (the victim policy's choice), static wear leveling (cold data
// off a young block), or retirement (a grown bad block: move its data, then retire it instead
// of erasing it).
enum class VictimKind : std::uint8_t { Gc, WearLeveling, Retirement };

struct GcPlan {
  UnitId unit = 0;
  BlockId victim = kInvalidBlock;  // kInvalidBlock: nothing collectable right now
  VictimKind kind = VictimKind::Gc;
  bool in_place = false;           // read all, erase, reopen_in_place(), then relocate
  std::vector<std::pair<Lpn, Ppn>> valid_pages;
};

struct FtlCounters {
  std::uint64_t host_page_writes = 0;  // host pages programmed to flash
  std::uint64_t gc_page_writes = 0;
  std::uint64_t erases = 0;
  std::uint64_t gc_invocations = 0;
  std::uint64_t victim_valid_pages = 0;  // sum over victims, for the mean valid fraction
  std::uint64_t trims = 0;
  std::uint64_t host_writes_absorbed = 0;  // rewrites of a page still in the sort buffer
  std::uint64_t wear_leveling_migrations = 0;   // static wear leveling victims
  std::uint64_t wear_leveling_page_writes = 0;  // pages they moved (also in gc_page_writes)
  std::uint64_t grown_bad_blocks = 0;           // blocks retired after a failed program or erase
};

class FtlCore {
 public:
  // Throws ConfigError (naming the key) for an impossible configuration.
  explicit FtlCore(const FtlCoreConfig& config);
  ~FtlCore();
  FtlCore(const FtlCore&) = delete;
  FtlCore& operator=(const FtlCore&) = delete;

  const FlashGeometry& geometry() const { return geometry_; }
  std::uint64_t logical_pages() const { return logical_pages_; }
  // Logical pages preconditioning fills (without the extra metadata pages).
  std::uint64_t fillable_logical_pages() const { return logical_pages_ - config_.extra_logical_pages; }
  std::uint32_t units() const { return unit_count_; }
  UnitId unit_of_block(BlockId block) const { return unit_count_ == 1 ? 0 : block / blocks_per_unit_; }
  DieId die_of_unit(UnitId unit) const { return unit / geometry_.planes_per_die; }

  // ---- host path
  Ppn lookup(Lpn lpn) const {  // kInvalidPpn: never written, trimmed (or still in the sort buffer)
    const Ppn ppn = map_.entry(lpn);
    return ppn < total_pages_ ? ppn : kInvalidPpn;
  }
  // Round-robin striping. A plane whose valid data has grown to within (frontiers + 1) blocks
  // of its capacity is skipped until invalidations drain it: round-robin placement lets the
  // planes' shares of the logical space drift, and a full plane could never collect.
  UnitId next_host_unit() {
    for (std::uint32_t tried = 0; tried < unit_count_; ++tried) {
      const UnitId unit = stripe_order_[stripe_cursor_];
      if (++stripe_cursor_ == unit_count_) stripe_cursor_ = 0;
      if (unit_count_ == 1 || unit_valid_pages_[unit] < unit_fill_limit_[unit]) return unit;
    }
    return emptiest_unit();
  }
  // False when the unit has only its GC reserve left: the host write must wait for GC. The
  // reserve is the room of the open frontiers while a GC cycle runs with no free block left.
  // keep_gc_reserve_block: while collecting with one free block left, only a write that fills
  // no host frontier (so takes no block) goes ahead.
  bool can_accept_host_write(UnitId unit) const {
    if (allocator_.starved_host_frontiers(unit) != 0) return false;
    if (!unit_state_[unit].collecting || allocator_.free_blocks(unit) > host_reserve_blocks_) return true;
    if (allocator_.free_blocks(unit) == 0) return false;
    for (std::uint32_t f = 0; f < host_frontiers_; ++f) {
      if (allocator_.frontier_room(unit, f) < 2) return false;
    }
    return true;
  }
  // Invalidates the old copy, allocates a page in the unit's host frontier, updates the map.
  __attribute__((always_inline)) inline Ppn write_host(Lpn lpn, UnitId unit);
  void trim(Lpn lpn);

  // ---- GC steps (timed driver)
  bool gc_wanted(UnitId unit) const {
    const UnitState& us = unit_state_[unit];
    return allocator_.starved_host_frontiers(unit) != 0 || us.collecting || !us.forced.empty();
  }
  GcPlan begin_gc(UnitId unit);
  // Moves lpn from src to a GC destination in the same unit and updates the map; returns
  // kInvalidPpn (nothing to program) if lpn no longer maps to src. With `any_unit` (a page
  // programmed from controller memory, never a copyback) a unit without an open frontier
  // hands the page to another unit instead of failing (grown bad blocks can exhaust a plane).
  Ppn relocate(Lpn lpn, Ppn src, bool any_unit = false);
  // relocate() finds a destination for a page of `unit` inside the unit (a copyback needs one).
  // Grown bad blocks and host writes can leave a plane with none in the middle of a victim;
  // its remaining pages then move through controller memory (relocate with any_unit).
  bool can_relocate_in_unit(UnitId unit) const {
    return allocator_.frontier_block(unit, gc_frontier_) != kInvalidBlock ||
           allocator_.open_frontier(unit) != allocator_.frontiers_per_unit();
  }
  // relocate(..., any_unit = true) finds a destination in some plane.
  bool can_relocate_anywhere(UnitId unit) const { return can_relocate_in_unit(unit) || unit_with_room(unit) != kNoUnit; }
  void reopen_in_place(BlockId victim);  // in-place plan: the victim is erased, reuse it
  void finish_gc(BlockId victim);        // not in place: the victim is erased, free it
  void seal(BlockId block);              // all programs of a closed block completed

  // ---- grown bad blocks and end of life (ftl_core_reliability.cpp; timed driver)
  // A program into `block` failed: a frontier writing it moves on to another block at once.
  void close_failed_block(BlockId block);
  // The failed block has no program in flight any more: collect it next (its valid pages are
  // moved as by GC; begin_gc() returns it with kind Retirement and never in place).
  void queue_retirement(BlockId block);
  // The block leaves service without an erase: after a retirement plan, or after the erase of
  // a victim failed (valid pages it still holds are moved afterwards with relocate()).
  void retire_block(BlockId block);
  // Drops lpn's mapping without counting a trim: its data was lost (uncorrectable GC read).
  void forget(Lpn lpn);
  bool retired(BlockId block) const { return blocks_.state(block) == BlockState::Retired; }
  std::uint64_t retired_blocks() const { return retired_blocks_; }
  std::uint32_t good_blocks(UnitId unit) const { return unit_state_[unit].good_blocks; }
  // Spare blocks exhausted: the good blocks no longer hold the logical space plus each plane's
  // frontiers and GC reserve. The drivers then refuse host writes (read-only device).
  bool end_of_life() const { return end_of_life_; }

  // ---- whole steps (functional driver, preconditioning)
  void collect(UnitId unit);             // one complete GC of one victim, instantly
  __attribute__((always_inline)) inline void write_host_functional(Lpn lpn);  // stripe, collect while wanted, write
  // write_host_functional() for lpns[0], ..., lpns[count - 1] in order, with the same result,
  // prefetching the map entries and old copies' block records of writes further on in
  // lpns[0 .. available) (available >= count). ftl_core_batch.cpp.
  void write_host_functional_batch(const Lpn* lpns, std::size_t count, std::size_t available);
  // Programs what the mdc sort buffer holds (the functional engine calls it at the end).
  void flush_host_sort_buffer();

  // ---- mdc's sort buffer driven step by step (the timed FtlCpu; write_host_functional and
  // flush_host_sort_buffer do the same in one go). Pages per buffer (0: no buffer).
  std::uint32_t host_sort_buffer_pages() const { return sort_buffer_pages_; }
  // Stages a host write: counts it, invalidates the old copy and assigns its u_p2; a rewrite of
  // a staged page replaces it. Never programs, never flushes.
  void stage_host_write(Lpn lpn);
  // lpn's current data is in the sort buffer (staged, or in the batch being flushed).
  bool in_sort_buffer(Lpn lpn) const { return map_.entry(lpn) >= kStagedBase && map_.entry(lpn) != kInvalidPpn; }
  // Sorts the staged writes by u_p2 (first writes take the batch's oldest) into the batch to
  // flush and empties the buffer; returns the batch's size. One batch at a time.
  std::uint32_t begin_sort_buffer_flush();
  Lpn flushing_lpn(std::uint32_t index) const { return flushing_[index].lpn; }
  // Entry `index` of the batch is still its page's current data (not rewritten or trimmed).
  bool flushing_current(std::uint32_t index) const {
    return map_.entry(flushing_[index].lpn) == kFlushBase + index;
  }
  // Programs entry `index` of the batch into `unit`, like write_host (kInvalidPpn, and no
  // program, when the entry is no longer current).
  Ppn write_host_flushed(std::uint32_t index, UnitId unit);
  // Every entry of the batch has been programmed or superseded.
  void end_sort_buffer_flush();
  // Each logical page's exact probability of being the next host write, for a policy that
  // wants_exact_page_rates() (mdc-oracle, the MDC-opt of Lomet & Luo): page heats become these rates.
  void set_page_update_rates(std::vector<float> rates);
  // The setting that asked for them, for error messages ("--policy", "--param oracle").
  std::string exact_rates_key() const;

  // Hints for a driver that knows its upcoming writes: fetch the map entry of a write some
  // iterations ahead, then (once that entry is cached) the state of the block its old copy is in.
  void prefetch_mapping(Lpn lpn) const { prefetch_for_write(map_.entry_address(lpn)); }
  void prefetch_old_copy(Lpn lpn) const {
    const Ppn old = map_.entry(lpn);
    if (old >= total_pages_) return;
    prefetch_for_write(blocks_.record_address(block_of(old)));
  }

  // ---- power-loss recovery (ftl_core_restore.cpp)
  // On a freshly constructed core: installs the map a recovery rebuilt. Blocks with any page
  // programmed (or torn) become GC candidates and are not programmed again before they are
  // erased; the others are free, and the frontiers open new blocks.
  void restore_map(const std::vector<Ppn>& l2p, const std::vector<std::uint8_t>& block_used,
                   const std::vector<std::uint32_t>& erase_counts);

  // ---- state for statistics and tests
  const FtlCounters& counters() const { return counters_; }
  void reset_counters() { counters_ = FtlCounters{}; }
  std::uint32_t free_blocks(UnitId unit) const { return allocator_.free_blocks(unit); }
  std::uint32_t valid_pages(BlockId block) const { return blocks_.valid_count(block); }
  std::uint32_t erase_count(BlockId block) const { return blocks_.erase_count(block); }
  bool is_valid(Ppn ppn) const {
    const BlockId block = block_of(ppn);
    return blocks_.page_valid(block, ppn - block * pages_per_block_);
  }
  Lpn lpn_of(Ppn ppn) const { return is_valid(ppn) ? map_.lpn_at(ppn) : kInvalidLpn; }  // reverse map entry

  // Pages programmed into `block` since its last erase, as the functional path leaves a block:
  // a free or retired block none, an open one up to its frontier's next slot, any other (closed,
  // candidate, victim: closed only when full) all. Lets preconditioning set the dies' write
  // pointers once at the end instead of mirroring every program (SsdPlatform::precondition).
  // Throws std::logic_error for a frontier reopened with holes (in_place_keeps_page_offsets),
  // whose programs are not in page order.
  std::uint32_t programmed_pages(BlockId block) const;
  const FtlCoreConfig& config() const { return config_; }
  // Preconditioning runs the functional path (seal on close) before the timed one; turning it
  // on seals every block that is closed and waiting.
  void set_seal_blocks_on_close(bool seal);
  // Live reconfiguration (Python scenarios): new watermarks apply from the next trigger check.
  void set_gc_watermarks(std::uint32_t low_blocks, std::uint32_t high_blocks) {
    low_watermark_ = config_.gc_low_watermark_blocks = low_blocks;
    high_watermark_ = config_.gc_high_watermark_blocks = high_blocks;
  }
  std::uint32_t blocks_per_unit() const { return blocks_per_unit_; }
  BlockId first_block_of_unit(UnitId unit) const { return unit * blocks_per_unit_; }
  const BlockTable& blocks() const { return blocks_; }
  const VictimPolicy& victim_policy() const { return *policy_; }
  const FrontierLayout& frontier_layout() const { return allocator_.layout(); }
  const MappingUnit& mapping() const { return map_; }
  const BlockAllocator& allocator() const { return allocator_; }
  // Host write requests so far (u_now of Lomet & Luo's MDC); never reset.
  std::uint64_t host_write_clock() const { return clock_; }
  std::uint32_t staged_host_writes() const { return static_cast<std::uint32_t>(staged_.size()); }
  // Heap bytes of the core's state (map, reverse map, block table, indexes, estimator).
  std::uint64_t memory_bytes() const;
  // Cross-checks map, reverse map, bitmaps, counts and pools; "" when consistent (tests).
  std::string check_consistency() const;

  // Optional observer of every flash page program and block erase the core decides on
  // (used to mirror preconditioning into data-mode dies and for tests).
  struct Observer {
    virtual ~Observer() = default;
    virtual void on_program(Ppn ppn, Lpn lpn, OpOrigin origin) = 0;
    virtual void on_erase(BlockId block) = 0;
  };
  void set_observer(Observer* observer) { observer_ = observer; }

 private:
  // The GC cycle of a unit (its frontiers and free pool are the allocator's).
  struct UnitState {
    bool collecting = false;  // a watermark-triggered GC cycle is running
    std::uint32_t victims_in_cycle = 0;
    std::deque<BlockId> selected;  // victims chosen in a batch, not yet collected
    // The victim of the step API's current plan.
    BlockId active_victim = kInvalidBlock;
    bool active_reopened = false;
    double active_heat = 0.0;
    std::uint64_t active_stamp = 0;
    BlockId reserved_gc_block = kInvalidBlock;  // reopened victim waiting for the GC frontier
    // Victims chosen outside the policy (wear leveling, retirement), collected first.
    std::deque<std::pair<BlockId, VictimKind>> forced;
    VictimKind chosen_kind = VictimKind::Gc;  // of choose_victim()'s last answer
    bool wear_leveling_pending = false;
    std::uint32_t good_blocks = 0;  // blocks not retired
  };
  struct StagedWrite {
    Lpn lpn;  // kInvalidLpn: trimmed while staged
    bool first_write;
    double heat;
  };
  struct FlushingWrite {
    Lpn lpn;
    double heat;
  };
  // l2p values from kStagedBase up mean "in the sort buffer at index value - kStagedBase", from
  // kFlushBase up "in the batch being flushed at index value - kFlushBase".
  static constexpr Ppn kStagedBase = 0xf0000000u;
  static constexpr Ppn kFlushBase = 0xf8000000u;

  // An asm prefetch, because GCC 12 deletes __builtin_prefetch when its address comes from a
  // load whose value is otherwise unused (exactly prefetch_old_copy's case).
  static void prefetch_for_write(const void* address) {
#if defined(__x86_64__)
    asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(address)));
#else
    __builtin_prefetch(address, 1, 3);
#endif
  }
  BlockId block_of(Ppn ppn) const {
    return pages_per_block_is_pow2_ ? ppn >> page_shift_ : ppn / pages_per_block_;
  }
  inline void invalidate(Ppn old);
  inline Ppn program(UnitId unit, std::uint32_t frontier, Lpn lpn, double heat);
  UnitId emptiest_unit() const;
  [[noreturn]] void starved_write(UnitId unit) const;
  std::uint32_t host_frontier_of(Lpn lpn) {
    if (host_frontiers_ == 1) return 0;
    return exact_rates_ ? exact_rate_frontier(lpn) : allocator_.host_frontier_for(lpn);
  }
  // With exact page rates and several host frontiers, pages are grouped by their exact rate
  // instead of the layout's estimate (Lomet & Luo's MDC-opt places pages of one frequency in one
  // group): frontier 0 takes rates up to the mean, each further one rates 4x higher.
  std::uint32_t exact_rate_frontier(Lpn lpn) const;
  double host_write_heat(Ppn old) const;
  double exact_rate(Lpn lpn) const;  // page_rates_[lpn], or a ConfigError when none were given
  void stage(Lpn lpn);
  void write_host_slow(Lpn lpn, UnitId unit, Ppn old);

  void frontier_full(UnitId unit, std::uint32_t frontier);
  void refill(UnitId unit, std::uint32_t frontier, bool check_watermark);
  // Reliability helpers (ftl_core_reliability.cpp).
  void mark_factory_bad_blocks();
  void check_good_capacity() const;
  void check_static_wear_leveling(UnitId unit);
  bool forced_victim_abandoned(UnitId unit, BlockId victim, std::uint32_t valid);
  // The unit's first forced victim is a retirement that has no room to move to yet.
  bool retirement_must_wait(UnitId unit) const;
  void update_fill_limit(UnitId unit);
  static constexpr UnitId kNoUnit = 0xffffffffu;
  // The unit other than `full` with an open frontier and the most free blocks (kNoUnit: none).
  UnitId unit_with_room(UnitId full) const;
  void seal_block(BlockId block);
  void erase_block(BlockId block);
  BlockId choose_victim(UnitId unit);
  void victim_done(UnitId unit);
  void end_cycle(UnitId unit);
  std::uint32_t gather_valid_pages(BlockId victim, std::uint32_t limit);
  void reopen_keeping_offsets(UnitId unit, BlockId victim, double heat, std::uint64_t stamp);
  // Inline (below): relocate() runs it once per GC page moved.
  inline Ppn relocate_page(UnitId unit, std::uint32_t frontier, Lpn lpn, double heat, std::uint64_t stamp);
  // relocate_page() to the GC frontier for each of `count` pages in order, a block's run at a
  // time when nothing watches single pages (no heat, no observer).
  void relocate_pages(UnitId unit, const Lpn* lpns, std::uint32_t count, double heat, std::uint64_t stamp);
  // write_host_functional_batch()'s loop for one unit with one host frontier, no sort buffer,
  // no heat tracking and no observer (ftl_core_batch.cpp).
  void write_host_batch_single_unit(const Lpn* lpns, std::size_t count, std::size_t available);

  FtlCoreConfig config_;
  FlashGeometry geometry_;
  std::uint32_t pages_per_block_ = 0;
  std::uint32_t words_per_block_ = 0;
  bool pages_per_block_is_pow2_ = false;
  std::uint32_t page_shift_ = 0;
  std::uint32_t unit_count_ = 1;
  std::uint32_t blocks_per_unit_ = 0;
  std::uint64_t total_pages_ = 0;
  std::uint64_t logical_pages_ = 0;
  // The allocator's frontier counts, copied: the per-page path reads them.
  std::uint32_t host_frontiers_ = 1;
  std::uint32_t gc_frontier_ = 0;  // index of the frontier GC writes go to
  std::uint32_t low_watermark_ = 0;
  std::uint32_t high_watermark_ = 0;
  std::uint32_t victims_per_cycle_ = 1;
  std::uint32_t host_reserve_blocks_ = 0;  // keep_gc_reserve_block

  FullMappingTable map_;
  FrontierAllocator allocator_;
  BlockTable blocks_;
  ValidCountIndex valid_index_;
  bool use_index_ = false;
  std::unique_ptr<VictimPolicy> policy_;
  bool tracks_heat_ = false;
  std::uint32_t sort_buffer_pages_ = 0;
  std::vector<StagedWrite> staged_;
  std::vector<FlushingWrite> flushing_;
  bool exact_rates_ = false;         // the policy wants exact page rates (heat = page_rates_[lpn])
  std::vector<float> page_rates_;

  std::vector<UnitState> unit_state_;
  std::vector<UnitId> stripe_order_;
  std::uint32_t stripe_cursor_ = 0;
  std::vector<std::uint64_t> unit_valid_pages_;  // kept only with more than one unit
  std::vector<std::uint64_t> unit_fill_limit_;  // per unit: skip it in striping from here
  std::uint64_t retired_blocks_ = 0;
  bool end_of_life_ = false;
  std::uint64_t clock_ = 0;
  FtlCounters counters_;
  Observer* observer_ = nullptr;
  std::vector<Lpn> gather_;  // scratch: the valid pages of the victim being collected
  std::vector<BlockId> batch_;  // scratch: victims of one selection
};

// ------------------------------------------------------------------ inline hot path

inline void FtlCore::invalidate(Ppn old) {
  const BlockId block = block_of(old);
  const std::uint32_t count = blocks_.clear_valid(block, old - block * pages_per_block_);
  if (use_index_) valid_index_.push(unit_of_block(block), block, count);
  if (unit_count_ != 1) --unit_valid_pages_[unit_of_block(block)];
}

inline Ppn FtlCore::program(UnitId unit, std::uint32_t frontier, Lpn lpn, double heat) {
  WriteFrontier& open = allocator_.frontier(unit, frontier);
  const BlockId block = open.block;
  const std::uint32_t page = open.next_page;
  open.next_page = open.has_holes ? allocator_.next_free_slot(open, page + 1) : page + 1;
  const Ppn ppn = block * pages_per_block_ + page;
  map_.map(lpn, ppn);
  blocks_.set_valid(block, page);
  if (unit_count_ != 1) ++unit_valid_pages_[unit];
  if (tracks_heat_) policy_->on_page_programmed(block, heat);
  if (--open.room == 0) frontier_full(unit, frontier);
  return ppn;
}

inline Ppn FtlCore::relocate_page(UnitId unit, std::uint32_t frontier, Lpn lpn, double heat, std::uint64_t stamp) {
  const Ppn ppn = program(unit, frontier, lpn, exact_rates_ ? exact_rate(lpn) : heat);
  ++counters_.gc_page_writes;
  const BlockId dest = block_of(ppn);
  if (stamp > blocks_.data_stamp(dest)) blocks_.set_data_stamp(dest, stamp);
  if (observer_ != nullptr) observer_->on_program(ppn, lpn, OpOrigin::Gc);
  return ppn;
}

inline Ppn FtlCore::write_host(Lpn lpn, UnitId unit) {
  if (allocator_.starved_host_frontiers(unit) != 0) starved_write(unit);  // caller ignored can_accept
  const Ppn old = map_.entry(lpn);
  if (tracks_heat_ || (old >= kStagedBase && old != kInvalidPpn)) {  // mdc, or staged
    write_host_slow(lpn, unit, old);
    return map_.entry(lpn);
  }
  if (old < total_pages_) invalidate(old);
  ++clock_;
  ++counters_.host_page_writes;
  const Ppn ppn = program(unit, host_frontier_of(lpn), lpn, 0.0);
  if (observer_ != nullptr) observer_->on_program(ppn, lpn, OpOrigin::Host);
  return ppn;
}

inline void FtlCore::write_host_functional(Lpn lpn) {
  if (sort_buffer_pages_ != 0) {
    stage(lpn);
    return;
  }
  const UnitId unit = unit_count_ == 1 ? 0 : next_host_unit();
  while (gc_wanted(unit)) collect(unit);
  write_host(lpn, unit);
}

}  // namespace ssdtlm

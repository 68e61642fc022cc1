#pragma once
// FtlCore: the page-mapped flash translation layer as plain C++ (no SystemC). It owns the
// logical-to-physical map, per-block state, the free-block pools, the write frontiers and the
// victim policy. It is driven two ways with the same code:
//   * FtlCpu (models/ftl/ftl_cpu.*) calls the step API below and turns each step into timed
//     flash commands;
//   * the functional engine (FunctionalEngine, `ssdtlm wa`) and preconditioning call
//     write_host_functional()/collect(), which perform whole steps instantly.
//
// Allocation units. Every plane of every die is one allocation unit with its own free pool,
// frontier(s) and GC: relocations stay inside a plane, so copyback is always possible, and a
// one-die one-plane geometry is exactly the single-device model of seed 003. Host writes are
// striped round-robin over units in the order channel, then die, then plane.
//
// GC triggering (per unit, with hysteresis): gc_wanted(u) becomes true when the unit's free
// blocks drop to <= gc_low_watermark_blocks at the moment a frontier needs a new block, and stays
// true until free blocks > gc_high_watermark_blocks. With both watermarks 0 the unit collects
// exactly when a frontier is full and no free block is left; the victim is then collected in
// place (seed 003 section 2.1): its valid pages are buffered, it is erased, written back first,
// and the rest of the block takes new writes.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

using UnitId = std::uint32_t;

struct FtlCoreConfig {
  FlashGeometry geometry;
  double spare_factor = 0.07;  // fraction of physical pages hidden from the host
  std::uint32_t gc_low_watermark_blocks = 0;
  std::uint32_t gc_high_watermark_blocks = 0;
  std::string victim_policy = "greedy";
  std::map<std::string, std::string> policy_params;  // e.g. {"d","10"},{"memory","1"}
  std::string frontier_layout = "single";            // single | double | hot-cold
  std::map<std::string, std::string> frontier_params;
  // Functional drivers seal a block as soon as its last page is allocated; the timed FtlCpu
  // seals it only when its last program has completed, so GC never reads a page in flight.
  bool seal_blocks_on_close = true;
  std::uint64_t seed = 1;
};

struct GcPlan {
  UnitId unit = 0;
  BlockId victim = kInvalidBlock;  // kInvalidBlock: nothing collectable right now
  bool in_place = false;           // read all, erase, reopen_in_place(), then relocate
  std::vector<std::pair<Lpn, Ppn>> valid_pages;
};

struct FtlCounters {
  std::uint64_t host_page_writes = 0;
  std::uint64_t gc_page_writes = 0;
  std::uint64_t erases = 0;
  std::uint64_t gc_invocations = 0;
  std::uint64_t victim_valid_pages = 0;  // sum over victims, for the mean valid fraction
  std::uint64_t trims = 0;
};

class FtlCore {
 public:
  explicit FtlCore(const FtlCoreConfig& config);
  ~FtlCore();
  FtlCore(const FtlCore&) = delete;
  FtlCore& operator=(const FtlCore&) = delete;

  const FlashGeometry& geometry() const;
  std::uint64_t logical_pages() const;
  std::uint32_t units() const;
  UnitId unit_of_block(BlockId block) const;
  DieId die_of_unit(UnitId unit) const;

  // ---- host path
  Ppn lookup(Lpn lpn) const;  // kInvalidPpn: never written or trimmed
  UnitId next_host_unit();    // round-robin striping
  // False when the unit has only its GC reserve left: the host write must wait for GC.
  bool can_accept_host_write(UnitId unit) const;
  // Invalidates the old copy, allocates a page in the unit's host frontier, updates the map.
  Ppn write_host(Lpn lpn, UnitId unit);
  void trim(Lpn lpn);

  // ---- GC steps (timed driver)
  bool gc_wanted(UnitId unit) const;
  GcPlan begin_gc(UnitId unit);
  // Moves lpn from src to a GC destination in the same unit and updates the map; returns
  // kInvalidPpn (nothing to program) if lpn no longer maps to src.
  Ppn relocate(Lpn lpn, Ppn src);
  void reopen_in_place(BlockId victim);  // in-place plan: the victim is erased, reuse it
  void finish_gc(BlockId victim);        // not in place: the victim is erased, free it
  void seal(BlockId block);              // all programs of a closed block completed

  // ---- whole steps (functional driver, preconditioning)
  void collect(UnitId unit);             // one complete GC of one victim, instantly
  void write_host_functional(Lpn lpn);   // stripe, collect while wanted, write

  // ---- state for statistics and tests
  const FtlCounters& counters() const;
  void reset_counters();
  std::uint32_t free_blocks(UnitId unit) const;
  std::uint32_t valid_pages(BlockId block) const;
  std::uint32_t erase_count(BlockId block) const;
  bool is_valid(Ppn ppn) const;
  Lpn lpn_of(Ppn ppn) const;  // reverse map entry, kInvalidLpn if invalid

  // Optional observer of every flash page program and block erase the core decides on
  // (used to mirror preconditioning into data-mode dies and for tests).
  struct Observer {
    virtual ~Observer() = default;
    virtual void on_program(Ppn ppn, Lpn lpn, OpOrigin origin) = 0;
    virtual void on_erase(BlockId block) = 0;
  };
  void set_observer(Observer* observer);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ssdtlm

#pragma once
// An untimed, round-based driver of the store under the rate limiter: the stand-in for the
// timed shell until that exists, and the way the functional tests watch [Weiss et al. 2015] Fig. 2's
// dynamics (utilization, bandwidth share, GC moves, segment allocation vs reclamation).
// Each round the backing device moves blocks_per_round blocks; the rate limiter splits them
// between host writes (the host always has work, like the paper's fio writers) and the
// cleaner's copies; the scanner runs one cycle in every round in which GC is active and the
// cleaner's queue has run dry (so candidate selection and preparation pipeline across rounds).
#include <cstdint>
#include <functional>

#include "models/ftl/multi_reference/multi_reference_store.h"

namespace ssdtlm::multi_reference {

struct HostWrite {
  Lba lba = 0;
  std::uint64_t blocks = 0;
};

struct RoundSample {
  double utilization = 0.0;  // at the start of the round
  BandwidthShare share;
  std::uint64_t host_blocks = 0;
  std::uint64_t gc_blocks = 0;  // copies made by the cleaner
  std::uint64_t mappings_scanned = 0;
  std::uint64_t segments_allocated = 0;
  std::uint64_t segments_reclaimed = 0;
  bool host_stalled = false;  // the host had work but no room (rate limiter failed to keep up)
};

class GcRoundDriver {
 public:
  // next_write gives the host's next write; write(w) must perform it on the store (the
  // caller owns the data tags and any oracle).
  GcRoundDriver(MultiReferenceStore& store, std::uint64_t blocks_per_round, std::function<HostWrite()> next_write,
                std::function<void(const HostWrite&)> write);
  RoundSample run_round();

 private:
  MultiReferenceStore& store_;
  std::uint64_t blocks_per_round_;
  std::function<HostWrite()> next_write_;
  std::function<void(const HostWrite&)> write_;
  HostWrite pending_;
  bool has_pending_ = false;
};

}  // namespace ssdtlm::multi_reference

#pragma once
// Where in a space of `count` items (pages, blocks of a request size) the next access goes.
// Shared by the synthetic host workloads of the timed platform and by the functional engine's
// write streams, so a "hotcold:r=0.8,f=0.2" means the same thing in both.
//
// Specs: "uniform" | "hotcold:r=R,f=F" (fraction R of accesses to the first fraction F of the
// space, each part uniform) | "zipf:theta=T" (rank k drawn with probability ~ 1/k^T, ranks
// scattered over the space by a fixed permutation so hot items are not adjacent).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/common/rng.h"

namespace ssdtlm {

class AddressDistribution {
 public:
  virtual ~AddressDistribution() = default;
  virtual std::uint64_t sample(Rng& rng) = 0;  // in [0, count)
  virtual std::string describe() const = 0;
  // The exact probability of each item per access, when the distribution knows it (for
  // validation runs with known update frequencies, [Lomet & Luo 2021]'s MDC-opt); false otherwise.
  virtual bool item_probabilities(std::vector<float>& out) const {
    (void)out;
    return false;
  }
};

// Throws ConfigError naming `where` (a key path or flag) on a bad spec.
std::unique_ptr<AddressDistribution> make_address_distribution(const std::string& spec,
                                                               std::uint64_t count,
                                                               const std::string& where);

}  // namespace ssdtlm

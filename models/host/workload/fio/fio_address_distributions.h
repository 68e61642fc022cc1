#pragma once
// fio's random_distribution models over `count` blocks: uniform and zipf are the shared
// address distributions (address_distribution.h); pareto, normal and zoned are fio's own and
// live here. As in fio, the skewed models scatter their hot ranks over the range (fio hashes
// them; here the fixed ScatterPermutation does), and zoned keeps its zones in place.
#include <cstdint>
#include <memory>

#include "models/host/workload/address_distribution.h"
#include "models/host/workload/fio/fio_job_options.h"

namespace ssdtlm {

std::unique_ptr<AddressDistribution> make_fio_address_distribution(const FioDistribution& distribution,
                                                                   std::uint64_t count, const std::string& where);

}  // namespace ssdtlm

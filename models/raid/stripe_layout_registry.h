#pragma once
// Stripe layouts by RAID level: a new layout is one new file plus one line in the table of
// stripe_layout_registry.cpp.
#include <cstdint>
#include <memory>
#include <string>

#include "models/raid/parity_rotation.h"
#include "models/raid/stripe_layout.h"

namespace ssdtlm {

// Throws ConfigError (naming `where`, the members key) for a member count the level cannot
// use (each level's minimum is in the table of stripe_layout_registry.cpp).
std::unique_ptr<StripeLayout> make_stripe_layout(RaidLevel level, std::uint32_t members, ParityRotation rotation,
                                                 const std::string& where);

// One factory per layout file.
std::unique_ptr<StripeLayout> make_raid0_layout(std::uint32_t members);
std::unique_ptr<StripeLayout> make_raid1_layout(std::uint32_t members);
std::unique_ptr<StripeLayout> make_raid10_layout(std::uint32_t members);
std::unique_ptr<StripeLayout> make_parity_layout(RaidLevel level, std::uint32_t members, ParityRotation rotation);

}  // namespace ssdtlm

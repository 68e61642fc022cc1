#include "models/raid/stripe_layout_registry.h"

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

struct LayoutRegistration {
  RaidLevel level;
  std::uint32_t min_members;
  bool even_members;  // mirror pairs
  const char* shape;
};

// One line per level.
constexpr LayoutRegistration kLayouts[] = {
    {RaidLevel::Raid0, 2, false, "striping, no redundancy"},
    {RaidLevel::Raid1, 2, false, "every member holds a full copy"},
    {RaidLevel::Raid10, 4, true, "striping over mirror pairs (members 2i, 2i+1)"},
    {RaidLevel::Raid5, 3, false, "striping with rotating XOR parity"},
    {RaidLevel::Raid6, 4, false, "striping with rotating XOR and Reed-Solomon parity"},
};

}  // namespace

std::unique_ptr<StripeLayout> make_stripe_layout(RaidLevel level, std::uint32_t members, ParityRotation rotation,
                                                 const std::string& where) {
  for (const auto& registration : kLayouts) {
    if (registration.level != level) continue;
    if (members < registration.min_members || members > kMaxRaidMembers) {
      throw config_error(where, std::string(to_string(level)) + " (" + registration.shape + ") needs " +
                                    std::to_string(registration.min_members) + " to " +
                                    std::to_string(kMaxRaidMembers) + " members, got " + std::to_string(members));
    }
    if (registration.even_members && members % 2 != 0) {
      throw config_error(where, std::string(to_string(level)) + " needs an even number of members (mirror pairs), got " +
                                    std::to_string(members));
    }
    switch (level) {
      case RaidLevel::Raid0: return make_raid0_layout(members);
      case RaidLevel::Raid1: return make_raid1_layout(members);
      case RaidLevel::Raid10: return make_raid10_layout(members);
      case RaidLevel::Raid5:
      case RaidLevel::Raid6: return make_parity_layout(level, members, rotation);
    }
  }
  throw config_error(where, "no stripe layout for " + std::string(to_string(level)));
}

}  // namespace ssdtlm

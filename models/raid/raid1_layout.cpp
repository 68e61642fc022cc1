// RAID-1: an n-way mirror; a stripe is one chunk, held by every member.
#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

class Raid1Layout final : public StripeLayout {
 public:
  explicit Raid1Layout(std::uint32_t members) : members_(members) {}
  const char* name() const override { return "raid1"; }
  RaidLevel level() const override { return RaidLevel::Raid1; }
  std::uint32_t members() const override { return members_; }
  std::uint32_t data_units_per_stripe() const override { return 1; }
  std::uint32_t copies() const override { return members_; }
  StripePlacement place(std::uint64_t) const override {
    StripePlacement placement;
    placement.data_units = 1;
    placement.copies = members_;
    for (MemberId m = 0; m < members_; ++m) placement.data_members[m] = m;
    return placement;
  }

 private:
  std::uint32_t members_;
};

}  // namespace

std::unique_ptr<StripeLayout> make_raid1_layout(std::uint32_t members) { return std::make_unique<Raid1Layout>(members); }

}  // namespace ssdtlm

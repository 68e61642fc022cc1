// RAID-10 ("near 2" in md terms): chunk k of a stripe on the mirror pair (2k, 2k+1).
#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

class Raid10Layout final : public StripeLayout {
 public:
  explicit Raid10Layout(std::uint32_t members) : members_(members) {}
  const char* name() const override { return "raid10"; }
  RaidLevel level() const override { return RaidLevel::Raid10; }
  std::uint32_t members() const override { return members_; }
  std::uint32_t data_units_per_stripe() const override { return members_ / 2; }
  std::uint32_t copies() const override { return 2; }
  StripePlacement place(std::uint64_t) const override {
    StripePlacement placement;
    placement.data_units = members_ / 2;
    placement.copies = 2;
    for (MemberId m = 0; m < members_; ++m) placement.data_members[m] = m;
    return placement;
  }

 private:
  std::uint32_t members_;
};

}  // namespace

std::unique_ptr<StripeLayout> make_raid10_layout(std::uint32_t members) { return std::make_unique<Raid10Layout>(members); }

}  // namespace ssdtlm

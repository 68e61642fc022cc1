// RAID-0: chunk k of a stripe on member k; no redundancy.
#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

class Raid0Layout final : public StripeLayout {
 public:
  explicit Raid0Layout(std::uint32_t members) : members_(members) {}
  const char* name() const override { return "raid0"; }
  RaidLevel level() const override { return RaidLevel::Raid0; }
  std::uint32_t members() const override { return members_; }
  std::uint32_t data_units_per_stripe() const override { return members_; }
  StripePlacement place(std::uint64_t) const override {
    StripePlacement placement;
    placement.data_units = members_;
    for (MemberId m = 0; m < members_; ++m) placement.data_members[m] = m;
    return placement;
  }

 private:
  std::uint32_t members_;
};

}  // namespace

std::unique_ptr<StripeLayout> make_raid0_layout(std::uint32_t members) { return std::make_unique<Raid0Layout>(members); }

}  // namespace ssdtlm

// RAID-5 (P) and RAID-6 (P + Q): data and parity units rotated by a ParityRotation.
#include <string>

#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

class ParityLayout final : public StripeLayout {
 public:
  ParityLayout(RaidLevel level, std::uint32_t members, ParityRotation rotation)
      : level_(level), members_(members), parity_(level == RaidLevel::Raid6 ? 2 : 1), rotation_(rotation),
        name_(std::string(to_string(level)) + "/" + to_string(rotation)) {}
  const char* name() const override { return name_.c_str(); }
  RaidLevel level() const override { return level_; }
  std::uint32_t members() const override { return members_; }
  std::uint32_t data_units_per_stripe() const override { return members_ - parity_; }
  std::uint32_t parity_units() const override { return parity_; }
  StripePlacement place(std::uint64_t stripe) const override {
    StripePlacement placement;
    place_parity_stripe(rotation_, members_, parity_, stripe, placement);
    return placement;
  }

 private:
  RaidLevel level_;
  std::uint32_t members_;
  std::uint32_t parity_;
  ParityRotation rotation_;
  std::string name_;
};

}  // namespace

std::unique_ptr<StripeLayout> make_parity_layout(RaidLevel level, std::uint32_t members, ParityRotation rotation) {
  return std::make_unique<ParityLayout>(level, members, rotation);
}

}  // namespace ssdtlm

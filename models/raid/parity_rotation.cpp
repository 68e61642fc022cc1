#include "models/raid/parity_rotation.h"

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

struct RotationName {
  ParityRotation rotation;
  const char* name;
};

constexpr RotationName kRotations[] = {
    {ParityRotation::LeftAsymmetric, "left-asymmetric"},
    {ParityRotation::LeftSymmetric, "left-symmetric"},
    {ParityRotation::RightAsymmetric, "right-asymmetric"},
    {ParityRotation::RightSymmetric, "right-symmetric"},
    {ParityRotation::Fixed, "fixed"},
};

}  // namespace

ParityRotation parse_parity_rotation(const std::string& text, const std::string& where) {
  for (const auto& entry : kRotations) {
    if (text == entry.name) return entry.rotation;
  }
  std::string known;
  for (const auto& entry : kRotations) known += (known.empty() ? "" : ", ") + std::string(entry.name);
  throw config_error(where, "expected one of " + known + ", got \"" + text + "\"");
}

const char* to_string(ParityRotation rotation) {
  for (const auto& entry : kRotations) {
    if (entry.rotation == rotation) return entry.name;
  }
  return "?";
}

std::vector<std::string> parity_rotation_names() {
  std::vector<std::string> names;
  for (const auto& entry : kRotations) names.emplace_back(entry.name);
  return names;
}

void place_parity_stripe(ParityRotation rotation, std::uint32_t members, std::uint32_t parity_units,
                         std::uint64_t stripe, StripePlacement& placement) {
  const std::uint32_t n = members;
  const std::uint32_t turn = static_cast<std::uint32_t>(stripe % n);
  MemberId p = 0;
  bool symmetric = false;
  switch (rotation) {
    case ParityRotation::LeftAsymmetric: p = n - 1 - turn; break;
    case ParityRotation::LeftSymmetric: p = n - 1 - turn; symmetric = true; break;
    case ParityRotation::RightAsymmetric: p = turn; break;
    case ParityRotation::RightSymmetric: p = turn; symmetric = true; break;
    case ParityRotation::Fixed: p = n - parity_units; break;
  }
  placement.p = p;
  placement.q = parity_units == 2 ? (p + 1) % n : kNoMember;
  placement.copies = 1;
  placement.data_units = n - parity_units;
  if (symmetric) {
    // Data continues right after the last parity unit, wrapping around the members.
    for (std::uint32_t k = 0; k < placement.data_units; ++k) placement.data_members[k] = (p + parity_units + k) % n;
    return;
  }
  std::uint32_t k = 0;
  for (MemberId m = 0; m < n; ++m) {
    if (m == placement.p || m == placement.q) continue;
    placement.data_members[k++] = m;
  }
}

}  // namespace ssdtlm

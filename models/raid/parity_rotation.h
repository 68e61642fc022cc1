#pragma once
// How RAID-5/6 rotate parity over the members from stripe to stripe, with the Linux md names
// (drivers/md/raid5.c) so a layout here matches the array an engineer knows:
//   left-asymmetric   P on member n-1-(s mod n), data in member order skipping parity
//   left-symmetric    P on member n-1-(s mod n), data starting right after the parity
//                     (md's default: sequential reads touch every member in turn)
//   right-asymmetric  P on member s mod n, data in member order skipping parity
//   right-symmetric   P on member s mod n, data starting right after the parity
//   fixed             no rotation: P (and Q) on the last member(s), as RAID-4 does
// RAID-6 puts Q on the member after P (wrapping), as md does.
#include <cstdint>
#include <string>
#include <vector>

#include "models/raid/stripe_layout.h"

namespace ssdtlm {

enum class ParityRotation : std::uint8_t { LeftAsymmetric, LeftSymmetric, RightAsymmetric, RightSymmetric, Fixed };

ParityRotation parse_parity_rotation(const std::string& text, const std::string& where);
const char* to_string(ParityRotation rotation);
std::vector<std::string> parity_rotation_names();

// Fills p, q (parity_units == 2) and the data members of stripe `stripe` of an array of
// `members` members with `parity_units` (1 or 2) parity units per stripe.
void place_parity_stripe(ParityRotation rotation, std::uint32_t members, std::uint32_t parity_units,
                         std::uint64_t stripe, StripePlacement& placement);

}  // namespace ssdtlm

// Stripe-mapping arithmetic: which member holds which chunk, parity rotation of RAID-5/6
// against the Linux md tables, and mirror placement.
#include <gtest/gtest.h>

#include <set>

#include "models/common/config/config_error.h"
#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

std::unique_ptr<StripeLayout> layout(RaidLevel level, std::uint32_t members,
                                     ParityRotation rotation = ParityRotation::LeftSymmetric) {
  return make_stripe_layout(level, members, rotation, "test");
}

TEST(StripeLayout, Raid0PutsChunkKOnMemberK) {
  auto l = layout(RaidLevel::Raid0, 4);
  EXPECT_EQ(l->data_units_per_stripe(), 4u);
  for (std::uint64_t s : {0ull, 1ull, 77ull}) {
    const StripePlacement p = l->place(s);
    for (std::uint32_t k = 0; k < 4; ++k) EXPECT_EQ(p.data_member(k), k);
    EXPECT_EQ(p.p, kNoMember);
  }
}

// md's RAID-5 left-symmetric table for 4 disks (stripe: D0 D1 D2 P by disk):
//   s0: D0 D1 D2 P      s1: D1 D2 P D0     s2: D2 P D0 D1     s3: P D0 D1 D2
TEST(StripeLayout, Raid5LeftSymmetricMatchesMd) {
  auto l = layout(RaidLevel::Raid5, 4);
  const MemberId parity[4] = {3, 2, 1, 0};
  const MemberId d0[4] = {0, 3, 2, 1};
  for (std::uint64_t s = 0; s < 8; ++s) {
    const StripePlacement p = l->place(s);
    EXPECT_EQ(p.p, parity[s % 4]) << "stripe " << s;
    EXPECT_EQ(p.data_member(0), d0[s % 4]) << "stripe " << s;
    for (std::uint32_t k = 0; k < 3; ++k) EXPECT_EQ(p.data_member(k), (p.p + 1 + k) % 4);
  }
}

// Left-asymmetric: parity rotates the same way, data fills the other disks in disk order.
//   s1 (P on disk 2): D0 D1 P D2
TEST(StripeLayout, Raid5LeftAsymmetricKeepsDiskOrder) {
  auto l = layout(RaidLevel::Raid5, 4, ParityRotation::LeftAsymmetric);
  const StripePlacement p = l->place(1);
  EXPECT_EQ(p.p, 2u);
  EXPECT_EQ(p.data_member(0), 0u);
  EXPECT_EQ(p.data_member(1), 1u);
  EXPECT_EQ(p.data_member(2), 3u);
}

TEST(StripeLayout, Raid5RightRotationsAndFixed) {
  auto rs = layout(RaidLevel::Raid5, 5, ParityRotation::RightSymmetric);
  EXPECT_EQ(rs->place(2).p, 2u);
  EXPECT_EQ(rs->place(2).data_member(0), 3u);
  auto ra = layout(RaidLevel::Raid5, 5, ParityRotation::RightAsymmetric);
  EXPECT_EQ(ra->place(2).p, 2u);
  EXPECT_EQ(ra->place(2).data_member(0), 0u);
  EXPECT_EQ(ra->place(2).data_member(2), 3u);
  auto fixed = layout(RaidLevel::Raid5, 5, ParityRotation::Fixed);
  for (std::uint64_t s = 0; s < 5; ++s) EXPECT_EQ(fixed->place(s).p, 4u);
}

// Over any n consecutive stripes every member holds parity exactly once (n-1 data units).
TEST(StripeLayout, ParityRotationSpreadsEvenly) {
  for (auto rotation : {ParityRotation::LeftSymmetric, ParityRotation::LeftAsymmetric, ParityRotation::RightSymmetric,
                        ParityRotation::RightAsymmetric}) {
    for (RaidLevel level : {RaidLevel::Raid5, RaidLevel::Raid6}) {
      const std::uint32_t n = 7;
      auto l = layout(level, n, rotation);
      std::vector<int> p_count(n), q_count(n), data_count(n);
      for (std::uint64_t s = 10; s < 10 + n; ++s) {
        const StripePlacement p = l->place(s);
        std::set<MemberId> used;
        ++p_count[p.p];
        used.insert(p.p);
        if (level == RaidLevel::Raid6) {
          ++q_count[p.q];
          used.insert(p.q);
        }
        for (std::uint32_t k = 0; k < p.data_units; ++k) {
          ++data_count[p.data_member(k)];
          used.insert(p.data_member(k));
        }
        EXPECT_EQ(used.size(), n) << "every member holds exactly one unit of the stripe";
      }
      for (std::uint32_t m = 0; m < n; ++m) {
        EXPECT_EQ(p_count[m], 1);
        if (level == RaidLevel::Raid6) {
          EXPECT_EQ(q_count[m], 1);
        }
      }
    }
  }
}

// md RAID-6 left-symmetric, 5 disks: Q on the disk after P, data starting after Q. By disk:
//   s0: Q D0 D1 D2 P     s1: D0 D1 D2 P Q
TEST(StripeLayout, Raid6QFollowsP) {
  auto l = layout(RaidLevel::Raid6, 5);
  StripePlacement s0 = l->place(0);
  EXPECT_EQ(s0.p, 4u);
  EXPECT_EQ(s0.q, 0u);
  EXPECT_EQ(s0.data_member(0), 1u);
  EXPECT_EQ(s0.data_member(2), 3u);
  StripePlacement s1 = l->place(1);
  EXPECT_EQ(s1.p, 3u);
  EXPECT_EQ(s1.q, 4u);
  EXPECT_EQ(s1.data_member(0), 0u);
  EXPECT_EQ(l->data_units_per_stripe(), 3u);
}

TEST(StripeLayout, MirrorsHoldEveryChunkOnEachCopy) {
  auto r1 = layout(RaidLevel::Raid1, 3);
  EXPECT_EQ(r1->data_units_per_stripe(), 1u);
  EXPECT_EQ(r1->place(5).copies, 3u);
  EXPECT_EQ(r1->place(5).data_member(0, 2), 2u);
  auto r10 = layout(RaidLevel::Raid10, 6);
  EXPECT_EQ(r10->data_units_per_stripe(), 3u);
  const StripePlacement p = r10->place(9);
  EXPECT_EQ(p.data_member(1, 0), 2u);
  EXPECT_EQ(p.data_member(1, 1), 3u);
  EXPECT_EQ(p.data_index_of(5), 2);
}

TEST(StripeLayout, RejectsMemberCountsTheLevelCannotUse) {
  EXPECT_THROW(layout(RaidLevel::Raid5, 2), ConfigError);
  EXPECT_THROW(layout(RaidLevel::Raid6, 3), ConfigError);
  EXPECT_THROW(layout(RaidLevel::Raid10, 5), ConfigError);
  EXPECT_THROW(layout(RaidLevel::Raid0, kMaxRaidMembers + 1), ConfigError);
  try {
    layout(RaidLevel::Raid10, 5);
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("even"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace ssdtlm

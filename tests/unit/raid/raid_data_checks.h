#pragma once
// Checks of a data-mode array's statistics shared by the RAID data-mode tests.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace ssdtlm::testing {

// No wrong block at any array read or in the final sweep, and no row or content lost.
inline void expect_clean_array(const nlohmann::json& stats) {
  const auto& d = stats["data_integrity"];
  EXPECT_EQ(d["array_block_mismatches"], 0);
  EXPECT_EQ(d["redundancy_mismatches"], 0);
  EXPECT_EQ(d["unrecoverable_rows"], 0);
  EXPECT_EQ(d["controller"]["mismatches"], 0);
  EXPECT_EQ(d["controller"]["missing_member_contents"], 0);
}

}  // namespace ssdtlm::testing

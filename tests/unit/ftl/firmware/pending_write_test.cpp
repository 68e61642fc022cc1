// PendingWrite's named constructors (models/ftl/firmware/pending_write.h): each sets its kind and
// the fields that kind uses, and leaves the others at their defaults.
#include "models/ftl/firmware/pending_write.h"

#include <gtest/gtest.h>

namespace ssdtlm {
namespace {

TEST(PendingWrite, AHostWriteCarriesItsCommandAndWhetherItIsPartial) {
  tlm::tlm_generic_payload gp;
  const PendingWrite write = PendingWrite::host_write(&gp, 12, true);
  EXPECT_EQ(write.kind, PendingKind::HostWrite);
  EXPECT_EQ(write.gp, &gp);
  EXPECT_EQ(write.lpn, 12u);
  EXPECT_TRUE(write.partial);
  EXPECT_FALSE(write.metadata());
  EXPECT_FALSE(write.has_content);
  EXPECT_EQ(write.host_event, 0u);
}

TEST(PendingWrite, AHostTrimIsNeitherPartialNorMetadata) {
  tlm::tlm_generic_payload gp;
  const PendingWrite trim = PendingWrite::host_trim(&gp, 3);
  EXPECT_EQ(trim.kind, PendingKind::HostTrim);
  EXPECT_EQ(trim.gp, &gp);
  EXPECT_FALSE(trim.partial);
  EXPECT_FALSE(trim.metadata());
}

TEST(PendingWrite, TheFirmwaresOwnPagesAreMetadataWithoutAHostCommand) {
  const PendingWrite checkpoint = PendingWrite::checkpoint_page(100);
  const PendingWrite table = PendingWrite::trim_table_page(101);
  EXPECT_EQ(checkpoint.kind, PendingKind::CheckpointPage);
  EXPECT_EQ(table.kind, PendingKind::TrimTablePage);
  for (const PendingWrite& write : {checkpoint, table}) {
    EXPECT_TRUE(write.metadata());
    EXPECT_EQ(write.gp, nullptr);
    EXPECT_FALSE(write.partial);
  }
}

TEST(PendingWrite, ASortedEntryCarriesItsPlaceInTheBatch) {
  const PendingWrite entry = PendingWrite::sorted_entry(7, 42);
  EXPECT_EQ(entry.kind, PendingKind::SortedEntry);
  EXPECT_EQ(entry.lpn, 7u);
  EXPECT_EQ(entry.flush_index, 42u);
  EXPECT_EQ(entry.gp, nullptr);
  EXPECT_FALSE(entry.metadata());
}

}  // namespace
}  // namespace ssdtlm

// "did you mean": the helper, and the names it is offered for (preset, victim policy,
// scheduling, GC coordination, workload kind and option, configuration key and choice).
#include "models/common/config/did_you_mean.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/controller/scheduling_registry.h"
#include "models/ftl/gc/policy_params.h"
#include "models/ftl/gc/victim_policy.h"
#include "models/host/workload/workload_spec.h"
#include "models/raid/gc_coordinator.h"
#include "platforms/raid_config.h"
#include "platforms/ssd_config.h"
#include "tests/unit/host/config_error_message.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing::config_error_message;

TEST(DidYouMeanTest, EditDistanceCountsInsertionsDeletionsSubstitutionsAndTranspositions) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("greedy", "greedy"), 0u);
  EXPECT_EQ(edit_distance("gredy", "greedy"), 1u);
  EXPECT_EQ(edit_distance("greedyy", "greedy"), 1u);
  EXPECT_EQ(edit_distance("grexdy", "greedy"), 1u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("rnu", "run"), 1u);  // a transposition is one edit
  EXPECT_EQ(edit_distance("mlc-mqism", "mlc-mqsim"), 1u);
}

TEST(DidYouMeanTest, NamesTheNearestCloseCandidateOnly) {
  const std::vector<std::string> names = {"fifo", "greedy", "random", "windowed", "d-choices"};
  EXPECT_EQ(nearest_name("gredy", names), "greedy");
  EXPECT_EQ(nearest_name("Greedy", names), "greedy");  // a different case is a typo too
  EXPECT_EQ(nearest_name("d-choice", names), "d-choices");
  EXPECT_EQ(nearest_name("lru", names), "");  // another word, not a typo
  EXPECT_EQ(nearest_name("", names), "");
  EXPECT_EQ(did_you_mean("windowd", names), " (did you mean 'windowed'?)");
  EXPECT_EQ(did_you_mean("xyz", names), "");
  EXPECT_EQ(nearest_name(std::string(1000, 'g'), names), "");  // long garbage: no quadratic work, no hint
}

TEST(DidYouMeanTest, UnknownPresetNamesTheNearestPreset) {
  EXPECT_THAT(config_error_message([] { load_platform_document("mlc-mqsm", {}); }),
              HasSubstr("no such file and no such preset (did you mean 'mlc-mqsim'?)"));
  EXPECT_THAT(config_error_message([] { load_raid_document("raid-5-mcl", {}); }),
              HasSubstr("(did you mean 'raid-5-mlc'?)"));
}

TEST(DidYouMeanTest, UnknownPolicyAndParameterNamesTheNearest) {
  PolicyParams params({}, "--param ");
  EXPECT_THAT(config_error_message([&] { make_victim_policy("gredy", params, 64, "--policy"); }),
              HasSubstr("unknown victim policy 'gredy' (did you mean 'greedy'?)"));
  PolicyParams misspelt({{"windw", "8"}}, "ftl.gc.params.");
  EXPECT_THAT(config_error_message([&] { make_victim_policy("windowed", misspelt, 64, "--policy"); }),
              HasSubstr("ftl.gc.params.windw: unknown parameter of policy windowed (did you mean 'window'?)"));
  EXPECT_THAT(config_error_message([] { make_scheduling_policy("read-frist"); }),
              HasSubstr("(did you mean 'read-first'?)"));
}

TEST(DidYouMeanTest, UnknownWorkloadKindAndOptionNameTheNearest) {
  EXPECT_THAT(config_error_message([] { parse_workload_spec("random-wrte:qd=1", "--workload"); }),
              HasSubstr("unknown workload 'random-wrte' (did you mean 'random-write'?)"));
  EXPECT_THAT(config_error_message([] { parse_workload_spec("random-write:cuont=10", "--workload"); }),
              HasSubstr("unknown workload option 'cuont' (did you mean 'count'?)"));
  EXPECT_THAT(config_error_message([] { parse_workload_spec("trace:x.csv,formt=msr", "--workload"); }),
              HasSubstr("unknown trace option 'formt' (did you mean 'format'?)"));
  EXPECT_THAT(config_error_message([] { parse_workload_spec("trace:x.csv,format=mrs", "--workload"); }),
              HasSubstr("unknown trace format 'mrs' (did you mean 'msr'?): expected auto or one of msr,"));
}

TEST(DidYouMeanTest, UnknownConfigurationKeyAndChoiceNameTheNearest) {
  EXPECT_THAT(config_error_message([] { load_platform_document("slc-2011", {"controller.chanels=2"}); }),
              HasSubstr("unknown key (did you mean 'channels'?)"));
  EXPECT_THAT(config_error_message([] { load_platform_document("slc-2011", {"ftl.gc.policy=gredy"}); }),
              HasSubstr("(did you mean 'greedy'?)"));
  EXPECT_THAT(config_error_message([] { load_platform_document("slc-2011", {"controller.zzzzzzzz=2"}); }),
              Not(HasSubstr("did you mean")));
}

}  // namespace
}  // namespace ssdtlm

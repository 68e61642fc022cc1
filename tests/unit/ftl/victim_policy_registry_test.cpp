// Victim policies added at run time (models/ftl/gc/victim_policy_registry.h): by
// register_victim_policy and by SSDTLM_REGISTER_VICTIM_POLICY, found by make_victim_policy and
// the schema's ftl.gc.policy like the built-in ones; a taken name is refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/ftl/gc/victim_policy_registry.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {
namespace {

// Collects the candidate sealed first (a FIFO of its own, for the test).
class FirstSealedPolicy : public VictimPolicy {
 public:
  const char* name() const override { return "test-first-sealed"; }
  void attach(const PolicyContext&) override {}
  void on_sealed(BlockId block) override { sealed_.push_back(block); }
  void select_victims(UnitId, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    while (max_victims-- > 0 && !sealed_.empty()) {
      victims.push_back(sealed_.front());
      sealed_.erase(sealed_.begin());
    }
  }

 private:
  std::vector<BlockId> sealed_;
};

// Reads one parameter, so the (PolicyParams&, pages per block) constructor is the one used.
class ParameterizedPolicy : public FirstSealedPolicy {
 public:
  ParameterizedPolicy(PolicyParams& params, std::uint32_t pages_per_block)
      : window(params.integer("window", 4, 1, 1000)), pages(pages_per_block) {}
  std::int64_t window;
  std::uint32_t pages;
};

SSDTLM_REGISTER_VICTIM_POLICY("test-macro-first-sealed", FirstSealedPolicy);
SSDTLM_REGISTER_VICTIM_POLICY("test-macro-parameterized", ParameterizedPolicy);

std::unique_ptr<VictimPolicy> make(const std::string& name, std::map<std::string, std::string> params = {}) {
  PolicyParams reader(std::move(params), "--param ");
  return make_victim_policy(name, reader, 64, "--policy");
}

TEST(VictimPolicyRegistry, TheMacroRegistersAtLoadAndMakeVictimPolicyFindsIt) {
  const auto names = registered_victim_policy_names();
  EXPECT_THAT(names, testing::IsSupersetOf({"test-macro-first-sealed", "test-macro-parameterized"}));
  auto policy = make("test-macro-first-sealed");
  policy->on_sealed(5);
  policy->on_sealed(3);
  std::vector<BlockId> victims;
  policy->select_victims(0, 1, victims);
  EXPECT_EQ(victims, std::vector<BlockId>{5});
  EXPECT_THAT(victim_policy_names(), testing::HasSubstr("test-macro-first-sealed"));
}

TEST(VictimPolicyRegistry, AClassWithAParameterConstructorReadsItsParameters) {
  auto policy = make("test-macro-parameterized", {{"window", "9"}});
  const auto* parameterized = dynamic_cast<ParameterizedPolicy*>(policy.get());
  ASSERT_NE(parameterized, nullptr);
  EXPECT_EQ(parameterized->window, 9);
  EXPECT_EQ(parameterized->pages, 64u);
  EXPECT_THROW(make("test-macro-parameterized", {{"windwo", "9"}}), ConfigError);  // unknown keys still refused
  EXPECT_THROW(make("test-macro-first-sealed", {{"window", "9"}}), ConfigError);
}

TEST(VictimPolicyRegistry, ThreadsRegisteringAndLookingUpAtOnceLoseNothing) {
  // Python threads run simulations (which look policies up) while others register.
  constexpr int kThreads = 4;
  constexpr int kPerThread = 50;
  std::vector<std::thread> threads;
  std::atomic<int> lookups{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t] {
      for (int i = 0; i < kPerThread; ++i) {
        register_victim_policy("test-thread-" + std::to_string(t) + "-" + std::to_string(i),
                               &registration_detail::make_policy<FirstSealedPolicy>);
      }
    });
  }
  threads.emplace_back([&lookups] {
    for (int i = 0; i < 200; ++i) {
      if (make("test-macro-first-sealed") != nullptr) ++lookups;
    }
  });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(lookups.load(), 200);
  const auto names = registered_victim_policy_names();
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kPerThread; ++i) {
      const std::string name = "test-thread-" + std::to_string(t) + "-" + std::to_string(i);
      ASSERT_EQ(std::count(names.begin(), names.end(), name), 1) << name;
      EXPECT_NE(make(name), nullptr);
    }
  }
}

TEST(VictimPolicyRegistry, ATakenNameIsRefused) {
  const auto maker = [](PolicyParams&, std::uint32_t) -> std::unique_ptr<VictimPolicy> {
    return std::make_unique<FirstSealedPolicy>();
  };
  EXPECT_THROW(register_victim_policy("greedy", maker), ConfigError);
  register_victim_policy("test-function-registered", maker);
  EXPECT_THROW(register_victim_policy("test-function-registered", maker), ConfigError);
  EXPECT_THROW(register_victim_policy("", maker), ConfigError);
  EXPECT_NE(make("test-function-registered"), nullptr);
}

TEST(VictimPolicyRegistry, ARegistrationAtLoadThatFailsIsReportedNotThrown) {
  (void)take_victim_policy_registration_errors();
  EXPECT_FALSE(registration_detail::register_at_load("fifo", &registration_detail::make_policy<FirstSealedPolicy>));
  const auto errors = take_victim_policy_registration_errors();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0], testing::HasSubstr("'fifo'"));
  EXPECT_TRUE(take_victim_policy_registration_errors().empty());
}

TEST(VictimPolicyRegistry, UnknownNamesListTheRegisteredOnes) {
  try {
    make("test-macro-first-seeled");
    FAIL() << "no ConfigError";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), testing::HasSubstr("did you mean 'test-macro-first-sealed'?"));
    EXPECT_THAT(error.what(), testing::HasSubstr("test-macro-parameterized"));
  }
}

TEST(VictimPolicyRegistry, TheConfigurationAcceptsARegisteredPolicy) {
  const nlohmann::json document = {{"ftl", {{"gc", {{"policy", "test-macro-first-sealed"}}}}}};
  const nlohmann::json effective = ssd_parameter_schema().validate_and_fill(document, "doc.json");
  EXPECT_EQ(effective["ftl"]["gc"]["policy"], "test-macro-first-sealed");
  EXPECT_THROW(ssd_parameter_schema().validate_and_fill({{"ftl", {{"gc", {{"policy", "test-nothing"}}}}}}, "doc.json"),
               ConfigError);
  // A policy registered after the schema was first read is a choice too.
  const ParameterSchema& before = ssd_parameter_schema();
  register_victim_policy("test-registered-late", &registration_detail::make_policy<FirstSealedPolicy>);
  const nlohmann::json late = {{"ftl", {{"gc", {{"policy", "test-registered-late"}}}}}};
  EXPECT_THROW(before.validate_and_fill(late, "doc.json"), ConfigError);
  EXPECT_EQ(ssd_parameter_schema().validate_and_fill(late, "doc.json")["ftl"]["gc"]["policy"], "test-registered-late");
}

}  // namespace
}  // namespace ssdtlm

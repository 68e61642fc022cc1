// Engine kinds the controller and the RAID controller do not know themselves: registered by the
// layer above (register_ecc_engine_kind, register_parity_job_timer_kind), the RTL ones by the
// platform (platforms/rtl_engine_factory.h). A kind nobody registered is a ConfigError.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/controller/ecc_engine_kinds.h"
#include "models/raid/parity_job_timer_kinds.h"
#include "platforms/rtl_engine_factory.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

std::string config_error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no ConfigError";
}

// Charges a fixed 7 ps per job, to be told apart from the tlm timer.
class FixedParityJobTimer : public ParityJobTimer {
 public:
  std::uint64_t job_ps(std::uint64_t, std::uint64_t, const std::vector<ParityRow>&) override { return 7; }
};

TEST(EngineKinds, ARegisteredParityTimerKindIsBuiltByName) {
  register_parity_job_timer_kind("test-fixed", [](const ParityEngineConfig&) -> std::unique_ptr<ParityJobTimer> {
    return std::make_unique<FixedParityJobTimer>();
  });
  ParityEngineConfig config;
  config.kind = "test-fixed";
  EXPECT_EQ(make_parity_job_timer(config)->job_ps(4096, 0, {}), 7u);
  config.kind = "tlm";
  EXPECT_NE(dynamic_cast<TlmParityJobTimer*>(make_parity_job_timer(config).get()), nullptr);
  config.kind = "test-unregistered";
  EXPECT_THAT(config_error_of([&] { make_parity_job_timer(config); }),
              ::testing::HasSubstr("raid.parity_engine: engine 'test-unregistered' is not available"));
}

class EccEngineKinds : public testing::SystemCTest {};

TEST_F(EccEngineKinds, ARegisteredEccKindIsBuiltByName) {
  static int built = 0;
  register_ecc_engine_kind("test-counted", [](const char* name, const EccConfig& config) -> std::unique_ptr<EccEngine> {
    ++built;
    return std::make_unique<TlmEccEngine>(name, config);
  });
  EccConfig config;
  config.engine = "test-counted";
  EXPECT_NE(make_ecc_engine("ecc_counted", config), nullptr);
  EXPECT_EQ(built, 1);
  config.engine = "test-unregistered";
  EXPECT_THAT(config_error_of([&] { make_ecc_engine("ecc_unknown", config); }),
              ::testing::HasSubstr("controller.ecc_engine: engine 'test-unregistered' is not available"));
}

TEST_F(EccEngineKinds, ThePlatformRegistersTheRtlKinds) {
  register_rtl_engine_kinds();
  EccConfig ecc;
  ecc.engine = "rtl";
  ParityEngineConfig parity;
  parity.kind = "rtl";
  if (rtl_blocks_built()) {
    auto engine = make_ecc_engine("ecc_rtl", ecc);
    EXPECT_EQ(dynamic_cast<TlmEccEngine*>(engine.get()), nullptr);  // the RTL block, not the TLM model
    EXPECT_EQ(make_parity_job_timer(parity)->rtl_cycles(), 0u);
  } else {
    EXPECT_THAT(config_error_of([&] { make_ecc_engine("ecc_rtl", ecc); }),
                ::testing::HasSubstr("this build has no RTL blocks: SSDTLM_RTL=OFF"));
    EXPECT_THAT(config_error_of([&] { make_parity_job_timer(parity); }),
                ::testing::HasSubstr("this build has no RTL blocks: SSDTLM_RTL=OFF"));
  }
}

}  // namespace
}  // namespace ssdtlm

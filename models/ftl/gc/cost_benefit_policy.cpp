// cost-benefit (Rosenblum & Ousterhout's LFS cleaner): the candidate with the largest
//   benefit / cost = (1 - u) * age / (1 + u),
// u = valid fraction, age = host writes since the youngest data in the block was written (the
// block table's data stamp, which GC moves carry over).
#include "models/ftl/gc/scanning_policy.h"

namespace ssdtlm {
namespace {

class CostBenefitPolicy final : public ScanningPolicy {
 public:
  const char* name() const override { return "cost-benefit"; }

 private:
  double score(BlockId block, double now) const override {
    const double u = context_.blocks->valid_count(block) / static_cast<double>(context_.pages_per_block);
    const double age = now - static_cast<double>(context_.blocks->data_stamp(block));
    return -(1.0 - u) * age / (1.0 + u);  // the largest benefit per cost first
  }
};

}  // namespace

std::unique_ptr<VictimPolicy> make_cost_benefit_policy(PolicyParams&, std::uint32_t) {
  return std::make_unique<CostBenefitPolicy>();
}

}  // namespace ssdtlm

#include "models/nand/nand_fault_model.h"

#include <algorithm>
#include <cmath>

namespace ssdtlm {

std::vector<BlockId> factory_bad_blocks(const NandReliabilityConfig& config, const FlashGeometry& geometry) {
  std::vector<BlockId> bad = config.factory_bad_block_list;
  if (config.factory_bad_block_rate > 0.0) {
    // A stream of its own: the list must not depend on anything else drawn in the run.
    Rng rng(config.seed ^ 0xbadb10c5a11c0ffeull);
    for (BlockId block = 0; block < geometry.total_blocks(); ++block) {
      if (rng.uniform01() < config.factory_bad_block_rate) bad.push_back(block);
    }
  }
  std::sort(bad.begin(), bad.end());
  bad.erase(std::unique(bad.begin(), bad.end()), bad.end());
  return bad;
}

NandFaultModel::NandFaultModel(const NandReliabilityConfig& config, const FlashGeometry& geometry, DieId die)
    : config_(config),
      blocks_per_plane_(geometry.blocks_per_plane),
      rng_(config.seed ^ (0x9e3779b97f4a7c15ull * (std::uint64_t(die) + 1))) {
  const BlockId first = die * geometry.blocks_per_die();
  for (const BlockId block : factory_bad_blocks(config, geometry)) {
    if (block < first || block >= first + geometry.blocks_per_die()) continue;
    if (bad_.empty()) bad_.assign(geometry.blocks_per_die(), 0);
    bad_[block - first] = 1;
  }
  if (config.bit_errors_enabled()) first_program_ps_.assign(geometry.blocks_per_die(), 0);
}

double NandFaultModel::rber(std::uint32_t pe_cycles, double age_hours) const {
  const double kilo_cycles = double(pe_cycles) / 1000.0;
  double rate = config_.rber_base;
  if (config_.rber_wear > 0.0) rate += config_.rber_wear * std::pow(kilo_cycles, config_.rber_wear_exponent);
  if (config_.rber_retention_per_hour > 0.0) {
    rate += config_.rber_retention_per_hour * std::max(0.0, age_hours) * (1.0 + kilo_cycles);
  }
  return std::min(rate, 0.5);
}

bool NandFaultModel::draw(double probability) {
  if (!(probability > 0.0)) return false;  // no draw: the stream stays as without this fault
  return rng_.uniform01() < std::min(probability, 1.0);
}

bool NandFaultModel::program_fails(std::uint32_t erase_count) {
  const double pe = pe_cycles(erase_count);
  return draw(config_.program_fail_probability + config_.program_fail_probability_per_pe_cycle * pe);
}

bool NandFaultModel::erase_fails(std::uint32_t erase_count) {
  const double pe = pe_cycles(erase_count);
  return draw(config_.erase_fail_probability + config_.erase_fail_probability_per_pe_cycle * pe);
}

void NandFaultModel::on_program(std::uint32_t plane, std::uint32_t block, std::uint32_t page, std::uint64_t now_ps) {
  if (page == 0 && !first_program_ps_.empty()) first_program_ps_[index(plane, block)] = now_ps;
}

ReadBitErrors NandFaultModel::draw_read_errors(std::uint32_t plane, std::uint32_t block, std::uint32_t erase_count,
                                               std::uint64_t now_ps, std::uint32_t bytes, std::uint32_t retry_step) {
  ReadBitErrors errors;
  if (first_program_ps_.empty()) return errors;
  const double age_hours =
      config_.retention_offset_hours + double(now_ps - first_program_ps_[index(plane, block)]) / 3.6e15;
  const double rate = rber(pe_cycles(erase_count), age_hours) * std::pow(config_.read_retry_rber_factor, retry_step);
  const double lambda = rate * 8.0 * config_.ecc_codeword_bytes;
  const std::uint32_t codewords = (bytes + config_.ecc_codeword_bytes - 1) / config_.ecc_codeword_bytes;
  for (std::uint32_t c = 0; c < codewords; ++c) {
    const std::uint32_t n = poisson(rng_, lambda);
    errors.worst_codeword = std::max(errors.worst_codeword, n);
    errors.total += n;
  }
  return errors;
}

std::uint32_t NandFaultModel::poisson(Rng& rng, double lambda) {
  if (!(lambda > 0.0)) return 0;
  constexpr double kMaxPart = 16.0;
  const auto parts = static_cast<std::uint32_t>(std::ceil(lambda / kMaxPart));
  const double part = lambda / parts;
  const double p0 = std::exp(-part);
  std::uint32_t sum = 0;
  for (std::uint32_t i = 0; i < parts; ++i) {
    const double u = rng.uniform01();
    std::uint32_t k = 0;
    double p = p0, cdf = p0;
    // The tail beyond 20 * part + 40 has probability far below 2^-53: stop there so rounding
    // of cdf can never loop forever.
    const std::uint32_t limit = static_cast<std::uint32_t>(20.0 * part) + 40;
    while (u >= cdf && k < limit) {
      ++k;
      p *= part / k;
      cdf += p;
    }
    sum += k;
  }
  return sum;
}

}  // namespace ssdtlm

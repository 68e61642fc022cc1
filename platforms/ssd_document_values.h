#pragma once
// What the SSD parameter table (platforms/ssd_config_schema.cpp) fills from a validated platform
// document: the fields of SsdConfig that one key sets, and the keys resolve_ssd_config combines
// with others into derived fields (geometry products, per-page-type timing, watermarks in whole
// blocks) or checks against the device (factory bad block ids).
#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/common/config/parameter_table.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {

struct SsdDerivationInputs {
  // Dies per channel = chips per channel x dies per chip.
  std::uint32_t chips_per_channel = 1;
  std::uint32_t dies_per_chip = 1;
  // tR and tPROG per page type: the per-type arrays when given (one entry per bit of the cell
  // type), else the single value for every type.
  double read_us = 0.0;
  double program_us = 0.0;
  std::optional<std::vector<double>> read_us_by_page_type;
  std::optional<std::vector<double>> program_us_by_page_type;
  // As written in the document: an id that is not a block of the device is quoted in the error.
  nlohmann::json factory_bad_blocks;
  // Fractions of a plane's blocks, rounded up to whole blocks.
  double gc_low_watermark = 0.0;
  double gc_high_watermark = 0.0;
  double gc_state2_watermark = 0.0;
  double gc_state3_watermark = 0.0;
  // Snapshot volumes after the host volume: the multi-reference store's namespace is (1 + slots) volumes.
  std::uint64_t mjolnir_snapshot_slots = 0;
};

struct SsdDocumentValues : SsdConfig, SsdDerivationInputs {};

const ParameterTable<SsdDocumentValues>& ssd_parameter_table();

}  // namespace ssdtlm

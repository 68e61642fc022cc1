#pragma once
// Two-layer configuration of one SSD (DRAMSys style): the JSON document, validated against the
// schema with defaults filled in (the "effective configuration" written beside every result),
// and the resolved runtime structs every model is built from. Units are converted, cross-key
// rules checked and derived values computed here, in one place.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/common/config/parameter_schema.h"
#include "models/common/flash_geometry.h"
#include "models/controller/flash_controller_config.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/ftl_cpu_config.h"
#include "models/ftl/recovery/power_loss_config.h"
#include "models/ftl/multi_reference_cpu_config.h"
#include "models/host/host_interface_config.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

struct StatsConfig {
  std::uint64_t timeline_interval_ns = 1000000;
  bool per_request_records = false;
  std::string vcd_path;  // empty: no VCD
};

struct SsdConfig {
  nlohmann::json effective;  // validated document, defaults filled in
  std::uint64_t seed = 1;
  bool data_mode = false;
  FlashGeometry geometry;
  NandTiming nand_timing;
  ChannelBusTiming bus_timing;
  // nand.model: each die is the built-in NandDie (tlm) or runs at pin level (onfi-rtl,
  // platforms/die_wiring.h).
  enum class NandModel : std::uint8_t { Tlm, OnfiRtl };
  NandModel nand_model = NandModel::Tlm;
  FlashControllerConfig controller;
  FtlCoreConfig ftl_core;
  FtlCpuConfig ftl_cpu;
  PowerLossConfig power;
  // ftl.mode: page (FtlCore + FtlCpu, a page map) or mjolnir (the multi-reference store of
  // [Weiss et al. 2015], MultiReferenceCpu; docs/mjolnir.md).
  enum class FtlMode : std::uint8_t { Page, Mjolnir };
  FtlMode ftl_mode = FtlMode::Page;
  MultiReferenceCpuConfig mjolnir;
  HostInterfaceConfig host_interface;
  std::uint32_t host_queue_depth = 32;
  StatsConfig stats;
};

const ParameterSchema& ssd_parameter_schema();

// Reads a platform document: `config` is a file path or a preset name (platforms/presets/NAME.json).
// `overrides` are KEY=VALUE strings (VALUE parsed as JSON, else taken as a string) applied on
// top. Returns the effective configuration. Throws ConfigError naming file/key.
nlohmann::json load_platform_document(const std::string& config,
                                      const std::vector<std::string>& overrides);

// A fraction of `blocks` as whole blocks, rounded up (a watermark or GC target given as a
// fraction of a plane's blocks); the epsilon keeps a product that is whole on paper whole
// (0.07 x 100 is 7.000000000000001 in binary floating point).
std::uint32_t blocks_for_fraction(double fraction, std::uint32_t blocks);

// Validates cross-key rules and builds the runtime structs.
SsdConfig resolve_ssd_config(const nlohmann::json& effective, const std::string& source = "config");

// Directory that holds the preset JSON files.
std::string preset_directory();
std::vector<std::string> preset_names();
// The file `config` names: an existing file, else the preset of that bare name
// (preset_directory()/NAME.json). Only a bare name (letters, digits, '-', '_', '.', not starting
// with '.') is looked up as a preset, so a name never leads out of the preset folder; anything
// else is a path. Throws ConfigError naming `flag` (and listing `known_presets` for a bare name).
std::string find_config_file(const std::string& config, const std::string& flag,
                             const std::vector<std::string>& known_presets);

}  // namespace ssdtlm

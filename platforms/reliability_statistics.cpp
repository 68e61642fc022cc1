#include "platforms/reliability_statistics.h"

namespace ssdtlm {

nlohmann::json reliability_statistics(const FlashController& controller, const NandDies& dies, const FtlCore& core, const FtlFirmware& ftl,
                                      const HostInterface& host_interface, std::uint64_t factory_bad_blocks) {
  const ReliabilityCounters& flash = controller.reliability_counters();
  const FtlCpuStatistics& firmware = ftl.flash_statistics();
  const FtlCounters& counters = core.counters();
  std::uint64_t raw_bit_errors = 0;
  for (DieId d = 0; d < controller.geometry().dies(); ++d) raw_bit_errors += dies[d].counters().raw_bit_errors;
  nlohmann::json j;
  j["factory_bad_blocks"] = factory_bad_blocks;
  j["grown_bad_blocks"] = core.retired_blocks();
  j["end_of_life"] = core.end_of_life();
  j["program_failures"] = flash.program_failures;
  j["programs_redriven"] = firmware.programs_redriven;
  j["erase_failures"] = flash.erase_failures;
  j["raw_bit_errors"] = raw_bit_errors;
  j["corrected_reads"] = flash.corrected_reads;
  j["corrected_bits"] = flash.corrected_bits;
  j["reads_retried"] = flash.reads_retried;
  j["read_retry_steps"] = flash.read_retry_steps;
  j["uncorrectable_reads"] = flash.uncorrectable_reads;
  j["host_read_errors"] = firmware.host_read_errors;
  j["host_write_errors"] = firmware.host_write_errors;
  j["host_requests_failed"] = host_interface.failed_requests();
  j["uncorrectable_merge_reads"] = firmware.uncorrectable_merge_reads;
  j["lost_pages"] = firmware.lost_pages;
  j["wear_leveling"] = {{"migrations", counters.wear_leveling_migrations},
                        {"pages_moved", counters.wear_leveling_page_writes}};
  return j;
}

}  // namespace ssdtlm

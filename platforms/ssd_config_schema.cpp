// The parameter table of one SSD platform: every key of a platform document, declared once with
// its type, unit, default and meaning and bound to the field it fills (models/common/config/
// parameter_table.h). docs/configuration.md (`ssdtlm config-doc`) and the JSON Schema
// (`ssdtlm config-schema`) are generated from it; resolve_ssd_config fills SsdConfig from it.
//
// Adding a key: one row below, in its section, binding the key to its field:
//   field(at(&SsdConfig::controller, &FlashControllerConfig::multi_plane),
//         boolean("controller.multi_plane", true, "...")),
// with a unit conversion when the key's unit is not the field's (kMicrosecondsToNs for an
// `_us` key filling an `_ns` field), choice_field(...) for a choice filling an enum, and
// &SsdDerivationInputs::... for a key whose field resolve_ssd_config derives with other keys.
// Rows appear in docs/configuration.md in this order.
#include "platforms/ssd_document_values.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "models/common/config/parameter_builders.h"
#include "models/ftl/gc/victim_policy_registry.h"

namespace ssdtlm {
namespace {

using namespace parameter;

constexpr double kMaxCount = 4294967295.0;

// A free-form section of parameters as text: strings as they are, anything else as JSON.
std::map<std::string, std::string> string_map(const nlohmann::json& object) {
  std::map<std::string, std::string> out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    out[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
  }
  return out;
}

// 0 in the document: no limit.
std::uint32_t zero_means_no_limit(const nlohmann::json& value) {
  const auto limit = value.get<std::uint32_t>();
  return limit == 0 ? 0xffffffffu : limit;
}

std::vector<ParameterRow<SsdDocumentValues>> build_table() {
  return rows<SsdDocumentValues>(
      document_only(text("name", "custom", "Free-form name of the platform (presets set it).")),
      document_only(row("description", ParameterKind::String, nullptr, "", "Optional free-form description: what the platform models and where its numbers come from (the real-drive presets cite their datasheets here). Not used by the model.")),
      field(&SsdConfig::seed,
            integer("seed", 1, "", 0, 9.0e18, "Seed of every random choice in the run: same configuration and seed give identical results.")),
      // NAND die
      choice_field(at(&SsdConfig::nand_timing, &NandTiming::cell_type), "nand.cell_type", "slc",
                   {{"slc", CellType::SLC}, {"mlc", CellType::MLC}, {"tlc", CellType::TLC}, {"qlc", CellType::QLC}},
                   "Bits per cell; selects how many page types the timing arrays cover (page type = page index mod bits per cell)."),
      field(at(&SsdConfig::geometry, &FlashGeometry::page_size_bytes),
            integer("nand.page_size_bytes", 4096, "bytes", 512, 65536, "Data bytes per flash page (the FTL's mapping unit).")),
      field(at(&SsdConfig::geometry, &FlashGeometry::spare_bytes_per_page),
            integer("nand.spare_bytes_per_page", 0, "bytes", 0, 8192, "OOB/spare bytes per page (metadata, ECC); transferred with the page when non-zero.")),
      field(at(&SsdConfig::geometry, &FlashGeometry::pages_per_block),
            integer("nand.pages_per_block", 64, "pages", 1, 65536, "Pages per erase block.")),
      field(at(&SsdConfig::geometry, &FlashGeometry::blocks_per_plane),
            integer("nand.blocks_per_plane", 512, "blocks", 1, 1 << 24, "Erase blocks per plane.")),
      field(at(&SsdConfig::geometry, &FlashGeometry::planes_per_die),
            integer("nand.planes_per_die", 1, "planes", 1, 8, "Planes per die (multi-plane operations span them).")),
      field(&SsdDerivationInputs::dies_per_chip,
            integer("nand.dies_per_chip", 1, "dies", 1, 16, "Dies (LUNs) per chip / package.")),
      field(&SsdDerivationInputs::read_us,
            number("nand.timing.read_us", 25.0, "us", 0, 1e6, "Array read time tR (all page types unless read_us_by_page_type is given).")),
      field(&SsdDerivationInputs::program_us,
            number("nand.timing.program_us", 200.0, "us", 0, 1e7, "Array program time tPROG (all page types unless program_us_by_page_type is given).")),
      field(at(&SsdConfig::nand_timing, &NandTiming::erase_ns),
            number("nand.timing.erase_us", 1500.0, "us", 0, 1e8, "Block erase time tBERS."),
            kMicrosecondsToNs),
      field(&SsdDerivationInputs::read_us_by_page_type,
            array("nand.timing.read_us_by_page_type", "us", 0, 1e6, "Optional tR per page type (LSB, CSB, MSB, TSB); length = bits per cell.")),
      field(&SsdDerivationInputs::program_us_by_page_type,
            array("nand.timing.program_us_by_page_type", "us", 0, 1e7, "Optional tPROG per page type; length = bits per cell.")),
      field(at(&SsdConfig::nand_timing, &NandTiming::cache_busy_ns),
            number("nand.timing.cache_busy_us", 3.0, "us", 0, 1e4, "tRCBSY/tCBSY: register-to-register move of cache read/program."),
            kMicrosecondsToNs),
      field(at(&SsdConfig::nand_timing, &NandTiming::multi_plane_busy_ns),
            number("nand.timing.multi_plane_busy_us", 0.5, "us", 0, 1e4, "tDBSY between the planes of a multi-plane command."),
            kMicrosecondsToNs),
      field(at(&SsdConfig::nand_timing, &NandTiming::status_read_ns),
            number("nand.timing.status_read_ns", 0.0, "ns", 0, 1e6, "Read-status round trip added to every command."),
            kWholeNanoseconds),
      field(at(&SsdConfig::nand_timing, &NandTiming::program_suspend_ns),
            number("nand.timing.program_suspend_us", 20.0, "us", 0, 1e6, "Program suspend latency (tPSPD): from the suspend command until the die accepts a read (used with controller.suspend.enabled)."),
            kMicrosecondsToNs),
      field(at(&SsdConfig::nand_timing, &NandTiming::erase_suspend_ns),
            number("nand.timing.erase_suspend_us", 40.0, "us", 0, 1e6, "Erase suspend latency (tESPD): from the suspend command until the die accepts a read."),
            kMicrosecondsToNs),
      field(at(&SsdConfig::nand_timing, &NandTiming::resume_ns),
            number("nand.timing.resume_us", 5.0, "us", 0, 1e6, "Resume latency: from the resume command until the suspended program or erase runs again (its remaining array time follows)."),
            kMicrosecondsToNs),
      // Channel bus
      field(at(&SsdConfig::geometry, &FlashGeometry::channels),
            integer("controller.channels", 8, "channels", 1, 1024, "Flash channels (independent ONFI/Toggle buses).")),
      field(&SsdDerivationInputs::chips_per_channel,
            integer("controller.chips_per_channel", 1, "chips", 1, 64, "Chips (packages) sharing one channel bus.")),
      field(at(&SsdConfig::bus_timing, &ChannelBusTiming::transfer_rate_mts),
            integer("channel.transfer_rate_mts", 333, "MT/s", 0, 100000, "Bus transfer rate in mega-transfers per second; 0 is an ideal bus with no transfer time.")),
      field(at(&SsdConfig::bus_timing, &ChannelBusTiming::bus_width_bits),
            integer("channel.bus_width_bits", 8, "bits", 8, 64, "Bus width; bytes per transfer = width / 8.")),
      field(at(&SsdConfig::bus_timing, &ChannelBusTiming::command_cycle_ns),
            number("channel.command_cycle_ns", 5.0, "ns", 0, 1e5, "Duration of one command or address cycle on the bus (tWC)."),
            kWholeNanoseconds),
      field(at(&SsdConfig::bus_timing, &ChannelBusTiming::address_cycles),
            integer("channel.address_cycles", 5, "cycles", 1, 8, "Address cycles of a page command (column + row).")),
      // Flash controller
      field(at(&SsdConfig::controller, &FlashControllerConfig::scheduling_policy),
            choice("controller.scheduling_policy", "fifo", {"fifo", "read-first"}, "Order in which each die's queued commands are issued.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::multi_plane),
            boolean("controller.multi_plane", true, "Merge queued compatible commands of one die on different planes into one multi-plane operation.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cache_commands),
            boolean("controller.cache_commands", false, "The firmware sends page programs and page reads that continue their plane's sequential stream (the next page of the same block) as cache program (80h-15h) and cache read (31h): the controller overlaps the next page's data-in with this page's tPROG, and the next page's tR with this page's data-out, each page paying nand.timing.cache_busy_us; the first page of a stream is a plain command. docs/nand-and-controller.md, \"Cache commands\".")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::use_copyback),
            boolean("controller.copyback", false, "GC moves use copyback (internal move, no bus transfer) when source and destination share a plane.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::command_overhead_ns),
            number("controller.command_overhead_ns", 0.0, "ns", 0, 1e7, "Controller processing per flash command before it is issued to the bus."),
            kWholeNanoseconds),
      field(at(&SsdConfig::controller, &FlashControllerConfig::suspend_enabled),
            boolean("controller.suspend.enabled", false, "Program/erase suspend: a host read queued for a die whose array is programming or erasing suspends the operation, runs, and the operation resumes with the array time it had left.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::max_suspensions_per_operation),
            integer("controller.suspend.max_per_operation", 3, "suspensions", 0, 1000000, "At most this many suspensions of one program or erase (a read stream cannot starve it).")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::ecc, &EccConfig::engine),
            choice("controller.ecc_engine", "tlm", {"tlm", "rtl"}, "ECC engine of each channel's data path (programs encode before their die queue, reads decode after their data-out): `tlm` takes controller.ecc.latency_ns + bytes / controller.ecc.throughput_mbps per page; `rtl` runs the Verilog Hamming SEC-DED block (models/rtl/ecc, 512-byte sectors) and takes its clock cycles x rtl.clock_period_ns + rtl.transactor_overhead_ns per page. `tlm` with both at 0 leaves ECC out of the timeline.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::ecc, &EccConfig::latency_ns),
            number("controller.ecc.latency_ns", 0.0, "ns", 0, 1e7, "ecc_engine tlm: fixed time per page encode or decode."),
            kWholeNanoseconds),
      field(at(&SsdConfig::controller, &FlashControllerConfig::ecc, &EccConfig::throughput_mbps),
            number("controller.ecc.throughput_mbps", 0.0, "MB/s", 0, 1e7, "ecc_engine tlm: bytes per microsecond the engine processes; 0 is unlimited.")),
      // NAND fault model (docs/reliability.md, "NAND faults and wear leveling"); everything off by default
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::factory_bad_block_rate),
            number("nand.reliability.factory_bad_block_rate", 0.0, "fraction of blocks", 0.0, 0.5, "Factory bad blocks: each block is bad with this probability (seeded draw). The FTL never allocates them.")),
      field(&SsdDerivationInputs::factory_bad_blocks,
            array("nand.reliability.factory_bad_blocks", "block ids", 0, 4294967294.0, "Factory bad blocks given explicitly (global block ids: die x blocks per die + plane x blocks per plane + index), in addition to the rate.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::program_fail_probability),
            number("nand.reliability.program_fail_probability", 0.0, "per program", 0.0, 1.0, "Probability that a page program fails; the FTL retires the block (grown bad block), programs the page elsewhere and moves the block's other valid data.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::program_fail_probability_per_pe_cycle),
            number("nand.reliability.program_fail_probability_per_pe_cycle", 0.0, "per program per P/E cycle", 0.0, 1.0, "Added to the program failure probability per program/erase cycle of the block.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::erase_fail_probability),
            number("nand.reliability.erase_fail_probability", 0.0, "per erase", 0.0, 1.0, "Probability that a block erase fails; the FTL retires the block.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::erase_fail_probability_per_pe_cycle),
            number("nand.reliability.erase_fail_probability_per_pe_cycle", 0.0, "per erase per P/E cycle", 0.0, 1.0, "Added to the erase failure probability per program/erase cycle of the block.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::rber_base),
            number("nand.reliability.rber.base", 0.0, "errors per bit", 0.0, 0.5, "RBER(pe, t) = base + wear x (pe/1000)^wear_exponent + retention_per_hour x t_hours x (1 + pe/1000): raw bit error rate of a fresh block.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::rber_wear),
            number("nand.reliability.rber.wear", 0.0, "errors per bit", 0.0, 0.5, "Wear term coefficient of RBER: its value at 1000 P/E cycles.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::rber_wear_exponent),
            number("nand.reliability.rber.wear_exponent", 1.0, "", 0.0, 10.0, "Exponent of the P/E cycles (in thousands) in the wear term.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::rber_retention_per_hour),
            number("nand.reliability.rber.retention_per_hour", 0.0, "errors per bit per hour", 0.0, 0.5, "Retention term coefficient: RBER growth per hour since the block was programmed (scaled by 1 + pe/1000).")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::retention_offset_hours),
            number("nand.reliability.retention_offset_hours", 0.0, "hours", 0.0, 1e7, "Age every page's data is assumed to have at the start (added to the simulated time since its block was programmed).")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::initial_pe_cycles),
            integer("nand.reliability.initial_pe_cycles", 0, "cycles", 0, 1e7, "Program/erase cycles every block has before the run (an aged device).")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::ecc_codeword_bytes),
            integer("nand.reliability.ecc.codeword_bytes", 1024, "bytes", 64, 65536, "ECC codeword size: bit errors are drawn per codeword (Poisson with mean RBER x 8 x bytes).")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::ecc_correctable_bits),
            integer("nand.reliability.ecc.correctable_bits", 40, "bits per codeword", 0, 65536, "ECC correction limit: a codeword with more bit errors is uncorrectable; the host read gets an error status (a RAID array reconstructs the block).")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::read_retry_threshold_bits),
            integer("nand.reliability.read_retry.threshold_bits", 40, "bits per codeword", 0, 65536, "A read whose worst codeword has more bit errors than this is retried (shifted read voltages); must be <= ecc.correctable_bits.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::read_retry_max_steps),
            integer("nand.reliability.read_retry.max_steps", 0, "steps", 0, 255, "Most read-retry steps per page read; each step is another page command + tR + data out through the die queue and channel bus.")),
      field(at(&SsdConfig::controller, &FlashControllerConfig::reliability, &NandReliabilityConfig::read_retry_rber_factor),
            number("nand.reliability.read_retry.rber_factor", 0.5, "", 0.0, 1.0, "RBER multiplier per retry step: step s reads with RBER x rber_factor^s.")),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::dynamic_wear_leveling),
            boolean("ftl.wear_leveling.dynamic", false, "Dynamic wear leveling: a frontier takes the least-worn free block of its plane (otherwise the oldest erased one).")),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::static_wear_leveling),
            boolean("ftl.wear_leveling.static", false, "Static wear leveling: when a plane's highest erase count exceeds that of its least-worn block holding data by more than static_threshold, that block's (cold) data is moved so the block returns to service.")),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::static_wear_leveling_threshold),
            integer("ftl.wear_leveling.static_threshold", 100, "erase cycles", 1, kMaxCount, "Erase-count spread that triggers a static wear-leveling migration.")),
      choice_field(&SsdConfig::nand_model, "nand.model", "tlm",
                   {{"tlm", SsdConfig::NandModel::Tlm}, {"onfi-rtl", SsdConfig::NandModel::OnfiRtl}},
                   "Die model: `tlm` is the built-in die (a TLM target the controller calls directly); `onfi-rtl` runs every die command at pin level, through the Verilated ONFI sequencer (models/rtl/onfi) driving an ONFI target in front of the die, and takes the array time seen on R/B# (the same times and data as `tlm`, much slower; multi-plane, cache and copyback commands become single-plane READ/PROGRAM/ERASE operations; needs a build with SSDTLM_RTL and no nand.reliability)."),
      field(&SsdConfig::data_mode,
            boolean("nand.data_mode", false, "Keep a 64-bit content tag per page and check that every read returns what was last written.")),
      // FTL
      choice_field(&SsdConfig::ftl_mode, "ftl.mode", "page",
                   {{"page", SsdConfig::FtlMode::Page}, {"mjolnir", SsdConfig::FtlMode::Mjolnir}},
                   "Translation layer: `page` is the page-mapped FTL (FtlCore, GC per plane); `mjolnir` is the multi-reference store of [Weiss et al. 2015] (extent map, range copy / move / delete and snapshot commands, mark-and-sweep GC; docs/mjolnir.md). With mjolnir, ftl.gc.* and ftl.write_buffer.* do not apply."),
      field(&SsdDerivationInputs::mjolnir_snapshot_slots,
            integer("ftl.mjolnir.snapshot_slots", 8, "volumes", 0, 4096, "mjolnir: the host namespace is the volume (the physical capacity less ftl.spare_factor, where workloads write) followed by this many volume-sized ranges for snapshots and clones (snapshot k of a workload goes to slot k mod slots + 1).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::scanner, &multi_reference::ScannerConfig::validity_threshold),
            number("ftl.mjolnir.validity_threshold", 0.75, "fraction", 0.0, 1.0, "mjolnir: a segment is a GC candidate when its live blocks are at most this fraction of the segment ([Weiss et al. 2015] 4.2); 1.0 makes every immutable segment a candidate.")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::scanner, &multi_reference::ScannerConfig::max_candidates_per_cycle),
            integer("ftl.mjolnir.max_candidates_per_cycle", 0, "segments", 0, kMaxCount, "mjolnir: at most this many segments selected per scan cycle; 0 is no limit."),
            zero_means_no_limit),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::reverse_map_limit_bytes),
            integer("ftl.mjolnir.reverse_map_limit_bytes", 1048576, "bytes", 24, 9.0e15, "mjolnir: memory limit of the reverse maps of the segments being prepared and cleaned ([Weiss et al. 2015] 4.2.1).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::reverse_map_entry_bytes),
            integer("ftl.mjolnir.reverse_map_entry_bytes", 24, "bytes", 1, 4096, "mjolnir: bytes accounted per reverse-map entry (logical start, physical start, length).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::translation_fanout),
            integer("ftl.mjolnir.translation_fanout", 32, "entries", 3, 65536, "mjolnir: B+-tree node capacity of the extent map (extents per leaf, keys per index node).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::scanner_threads),
            integer("ftl.mjolnir.scanner_threads", 1, "threads", 1, 64, "mjolnir: scanner threads of the mark phase; each occupies one of the ftl.cpu.cores for a scan (must be <= ftl.cpu.cores).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::cycles_per_mapping_scanned),
            integer("ftl.mjolnir.cycles_per_mapping_scanned", 50, "cycles", 0, kMaxCount, "mjolnir: firmware cycles a scanner thread spends per mapping visited (liveness bitmap or reverse-map entry).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::scan_check_interval_mappings),
            integer("ftl.mjolnir.scan_check_interval_mappings", 64, "mappings", 1, kMaxCount, "mjolnir: a scanner thread checks the reassignment flag after this many mappings ([Weiss et al. 2015] 4.2.3).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::scan_barrier_cycles),
            integer("ftl.mjolnir.scan_barrier_cycles", 1000, "cycles", 0, kMaxCount, "mjolnir: cost of one barrier and the leader's reassignment of address ranges.")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::dynamic_reassignment),
            boolean("ftl.mjolnir.dynamic_reassignment", true, "mjolnir: idle scanner threads take half of the widest remaining range (flag and barrier); false keeps the static equal split.")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::cycles_per_range_mapping),
            integer("ftl.mjolnir.cycles_per_range_mapping", 0, "cycles", 0, kMaxCount, "mjolnir: firmware cycles of a range copy / move / delete / snapshot per mapping piece of its source range.")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::cycles_per_mapping_updated),
            integer("ftl.mjolnir.cycles_per_mapping_updated", 50, "cycles", 0, kMaxCount, "mjolnir: firmware cycles of the cleaner per mapping it updates once a copy is written (the copy's slot is held until the updates are done).")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::inflight_pages),
            integer("ftl.mjolnir.inflight_pages", 32, "pages", 1, kMaxCount, "mjolnir: flash page operations (host page reads and writes, GC copies) admitted to the controller at once; the rate limiter divides them between host and GC.")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::rate_limiter, &multi_reference::RateLimiterConfig::gc_start_utilization),
            number("ftl.mjolnir.gc_start_utilization", 0.5, "fraction", 0.0, 1.0, "mjolnir: GC (scanner and cleaner) runs when this fraction of the segments is in use ([Weiss et al. 2015] 5.1).", false, true)),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::store, &multi_reference::MultiReferenceStoreConfig::rate_limiter, &multi_reference::RateLimiterConfig::panic_free_segments),
            integer("ftl.mjolnir.panic_free_segments", 2, "segments", 1, kMaxCount, "mjolnir: panic mode at or below this many free segments: host writes are held, the GC gets all the bandwidth; host writes never use this reserve.")),
      field(at(&SsdConfig::mjolnir, &MultiReferenceCpuConfig::measure_reclaim_at_end),
            boolean("ftl.mjolnir.measure_reclaim_at_end", false, "mjolnir: when the host workload has finished, reclaim every segment that is immutable then, whatever the utilization, and report the time from the start of the first selection scan to the last erase ([Weiss et al. 2015] Tables 2 and 3) under mjolnir.measured_reclaim in stats.json.")),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::spare_factor),
            number("ftl.spare_factor", 0.07, "fraction", 0.0, 1.0, "Fraction of physical capacity hidden from the host (over-provisioning).", true, true)),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::victim_policy),
            choice("ftl.gc.policy", "greedy", {"fifo", "greedy", "random", "windowed", "d-choices", "cost-benefit", "mdc"}, "Victim selection policy (models/ftl/gc/).")),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::policy_params),
            section("ftl.gc.params", "Policy parameters, e.g. {\"d\": 10, \"memory\": 1} for d-choices, {\"window\": 64} for windowed, {\"sort_buffer_segments\": 4} for mdc."),
            string_map),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::frontier_layout),
            choice("ftl.gc.frontier", "single", {"single", "double", "hot-cold"}, "Write-frontier layout: host and GC writes share one frontier, or are separated.")),
      field(at(&SsdConfig::ftl_core, &FtlCoreConfig::frontier_params),
            section("ftl.gc.frontier_params", "Frontier layout parameters (e.g. {\"frontiers\": 2} for hot-cold)."),
            string_map),
      field(&SsdDerivationInputs::gc_low_watermark,
            number("ftl.gc.free_block_low_watermark", 0.05, "fraction of a plane's blocks", 0.0, 0.5, "GC starts in a plane when its free blocks fall to this fraction (rounded up to whole blocks).")),
      field(&SsdDerivationInputs::gc_high_watermark,
            number("ftl.gc.free_block_high_watermark", 0.06, "fraction of a plane's blocks", 0.0, 0.5, "GC in a plane stops when its free blocks exceed this fraction; must be >= the low watermark.")),
      choice_field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::gc_preemption), "ftl.gc.preemption", "none",
                   {{"none", FtlCpuConfig::GcPreemption::None}, {"semi", FtlCpuConfig::GcPreemption::Semi}},
                   "GC preemption ([Lee et al. 2011]): none issues all reads of a victim at once, each program when its read completes, then the erase; semi runs GC as preemptible steps (page read, page program, erase) with the ftl.gc.semi techniques and the preemption levels by free space."),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::gc_yield),
            boolean("ftl.gc.semi.yield", true, "Semi-preemption: between GC steps, pending host requests for the plane run first, as the state allows (false: the GC never yields; host requests for the plane wait for the cycle unless merged).")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::gc_merge),
            boolean("ftl.gc.semi.merge", true, "Merge: a host read of a page being moved is served by the GC's read of it (or from the GC's buffer), and a held host write of a page not yet moved replaces the move.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::gc_pipeline),
            boolean("ftl.gc.semi.pipeline", true, "Pipeline: the read of the next copy is issued together with the program of the current one, so the die never waits for the firmware between copies.")),
      field(&SsdDerivationInputs::gc_state2_watermark,
            number("ftl.gc.semi.state2_watermark", 0.03, "fraction of a plane's blocks", 0.0, 0.5, "State 2 (GC preemptible by reads only) when a collecting plane's free blocks are at or below this fraction (rounded up to whole blocks); above it State 1 (reads and writes).")),
      field(&SsdDerivationInputs::gc_state3_watermark,
            number("ftl.gc.semi.state3_watermark", 0.01, "fraction of a plane's blocks", 0.0, 0.5, "State 3 (GC not preemptible) at or below this fraction; must be <= ftl.gc.semi.state2_watermark.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::foreground_gc),
            boolean("ftl.gc.foreground", false, "Host writes to a plane that is collecting wait for the GC cycle to end (otherwise they wait only when the plane is down to its GC reserve).")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cores),
            integer("ftl.cpu.cores", 1, "cores", 1, 64, "Firmware CPU cores; each FTL step occupies one core.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::clock_mhz),
            number("ftl.cpu.clock_mhz", 500.0, "MHz", 1, 100000, "Firmware CPU clock.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cycles_per_host_read),
            integer("ftl.cpu.cycles_per_host_read", 0, "cycles", 0, kMaxCount, "Firmware cycles to look up and issue one page of a host read.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cycles_per_host_write),
            integer("ftl.cpu.cycles_per_host_write", 0, "cycles", 0, kMaxCount, "Firmware cycles to allocate, map and issue one page of a host write.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cycles_per_trim),
            integer("ftl.cpu.cycles_per_trim", 0, "cycles", 0, kMaxCount, "Firmware cycles per trimmed page.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cycles_per_gc_page),
            integer("ftl.cpu.cycles_per_gc_page", 0, "cycles", 0, kMaxCount, "Firmware cycles per valid page moved by GC.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::cycles_per_gc_victim),
            integer("ftl.cpu.cycles_per_gc_victim", 0, "cycles", 0, kMaxCount, "Firmware cycles to select a victim and retire it.")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::write_buffer_pages),
            integer("ftl.write_buffer.pages", 0, "pages", 0, kMaxCount, "DRAM write buffer capacity; 0 disables it (writes complete when programmed).")),
      field(at(&SsdConfig::ftl_cpu, &FtlCpuConfig::write_buffer_access_ns),
            number("ftl.write_buffer.access_ns", 100.0, "ns", 0, 1e7, "DRAM time to accept or serve one page from the write buffer."),
            kWholeNanoseconds),
      // Sudden power loss and recovery (docs/reliability.md, "Power loss and recovery")
      field(at(&SsdConfig::power, &PowerLossConfig::enabled),
            boolean("power.enabled", false, "Power-loss modelling: every flash program writes OOB metadata (logical page + sequence number, 8 B per physical page of model memory), map checkpoints are written when configured, and a power loss can be cut (power.loss_at_us). Also makes the FTL power-safe: trims are recorded in a trim table in flash (acknowledged once programmed), a GC erase waits until the copies it would destroy are replaced durably, and host writes leave each plane's last free block to GC; needs ftl.gc.free_block_low_watermark of at least one block (no in-place GC). docs/reliability.md.")),
      field(at(&SsdConfig::power, &PowerLossConfig::checkpoint_interval_pages),
            integer("power.checkpoint_interval_pages", 0, "host pages", 0, kMaxCount, "Start a map checkpoint (map + block state written as flash pages of reserved logical pages, origin `other`) after this many host page writes; 0: no checkpoints, the recovery scans every programmed page. Needs power.enabled.")),
      field(at(&SsdConfig::power, &PowerLossConfig::loss_at_ps),
            number("power.loss_at_us", 0.0, "us", 0, 1e15, "`ssdtlm run`: cut the power at this simulated time (or when the run drains earlier); the run ends there and stats.json reports the recovery under `recovery`. 0: no power loss. Needs power.enabled."),
            kMicrosecondsToPs),
      // Host
      field(&SsdConfig::host_queue_depth,
            integer("host.queue_depth", 32, "requests", 1, 65536, "Requests the closed-loop host keeps outstanding (a workload's qd= overrides).")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::logical_block_bytes),
            integer("host.logical_block_bytes", 4096, "bytes", 512, 4096, "Logical block size of the namespace: 512 or 4096.")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::queue_pairs),
            integer("host.nvme.queue_pairs", 1, "pairs", 1, 65535, "NVMe submission/completion queue pairs, served round-robin.")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::queue_entries),
            integer("host.nvme.queue_entries", 1024, "entries", 2, 65536, "Entries per submission queue; more outstanding requests wait in the host.")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::command_overhead_ns),
            number("host.nvme.command_overhead_ns", 0.0, "ns", 0, 1e7, "Front-end processing per NVMe command (doorbell to FTL)."),
            kWholeNanoseconds),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::pcie, &PcieLinkConfig::lanes),
            integer("host.pcie.lanes", 4, "lanes", 1, 32, "PCIe lanes.")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::pcie, &PcieLinkConfig::lane_bandwidth_mbps),
            number("host.pcie.lane_bandwidth_mbps", 1000.0, "MB/s", 1, 1e6, "Usable bandwidth per lane and direction.")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::pcie, &PcieLinkConfig::max_payload_bytes),
            integer("host.pcie.max_payload_bytes", 256, "bytes", 64, 4096, "TLP max payload; transfers are split into TLPs of this size.")),
      field(at(&SsdConfig::host_interface, &HostInterfaceConfig::pcie, &PcieLinkConfig::tlp_overhead_bytes),
            integer("host.pcie.tlp_overhead_bytes", 24, "bytes", 0, 256, "Header, framing and CRC bytes per TLP.")),
      document_only(section("workload", "Default workload of the platform (docs/workloads.md); --workload overrides it.")),
      document_only(optional_choice("precondition", {"none", "fill", "steady"},
                          "Preconditioning before the timed run; --precondition overrides it; absent: none. "
                          "effective-config.json records the run's, so that it reruns the same run.")),
      // Statistics
      field(at(&SsdConfig::stats, &StatsConfig::timeline_interval_ns),
            number("stats.timeline_interval_us", 1000.0, "us", 1, 1e9, "Sampling interval of timeline.csv; a stretch of several intervals in which nothing is due is one row."),
            kMicrosecondsToNs),
      field(at(&SsdConfig::stats, &StatsConfig::per_request_records),
            boolean("stats.per_request_records", false, "Write requests.csv with one line per host request (arrival, completion, latency).")),
      // RTL co-simulation (docs/cosimulation.md)
      field(at(&SsdConfig::controller, &FlashControllerConfig::ecc, &EccConfig::rtl_clock_period_ps),
            number("rtl.clock_period_ns", 2.5, "ns", 0.002, 1e6, "Clock period of the RTL blocks (Verilator): an RTL engine's time is its cycle count x this period."),
            kNanosecondsToPs),
      field(at(&SsdConfig::controller, &FlashControllerConfig::ecc, &EccConfig::rtl_overhead_ps),
            number("rtl.transactor_overhead_ns", 0.0, "ns", 0, 1e7, "Time an RTL engine's transactor adds to each operation besides the RTL's cycles (DMA and register set-up a real controller spends around the block)."),
            kNanosecondsToPs),
      field(at(&SsdConfig::stats, &StatsConfig::vcd_path),
            text("stats.vcd", "", "If set, write a VCD (value change dump, for GTKWave) of every die's state and queue depth, every channel's bus and the free blocks to this file (relative to --out; `ssdtlm run` and Python simulations, not RAID members). Only changes are written: about 100 bytes per flash command, nothing for idle time (docs/architecture.md, \"Outputs over simulated time\")."))
  );
}

// ftl.gc.policy's choices end with the victim policies registered at run time (plugins, Python).
std::vector<ParameterRow<SsdDocumentValues>> with_registered_policies(std::vector<ParameterRow<SsdDocumentValues>> table,
                                                                     const std::vector<std::string>& registered) {
  for (ParameterRow<SsdDocumentValues>& row : table) {
    Parameter& p = row.parameter;
    if (p.path == "ftl.gc.policy") p.choices.insert(p.choices.end(), registered.begin(), registered.end());
  }
  return table;
}

}  // namespace

const ParameterTable<SsdDocumentValues>& ssd_parameter_table() {
  // Built again when a policy was registered since the last call. Earlier tables are kept, not
  // freed: a caller may still hold a reference to one.
  static std::vector<std::unique_ptr<const ParameterTable<SsdDocumentValues>>> tables;
  static std::size_t policies_in_last = 0;
  const std::vector<std::string> registered = registered_victim_policy_names();
  if (tables.empty() || registered.size() != policies_in_last) {
    tables.push_back(std::make_unique<const ParameterTable<SsdDocumentValues>>(with_registered_policies(build_table(), registered)));
    policies_in_last = registered.size();
  }
  return *tables.back();
}

const ParameterSchema& ssd_parameter_schema() { return ssd_parameter_table().schema(); }

}  // namespace ssdtlm

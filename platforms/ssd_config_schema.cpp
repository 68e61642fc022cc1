// The parameter table of one SSD platform: every key of a platform document, with its type,
// unit, default and meaning. docs/configuration.md is generated from it (`ssdtlm config-doc`).
#include "platforms/ssd_config.h"

#include "models/common/config/parameter_builders.h"

namespace ssdtlm {
namespace {

using namespace parameter;

constexpr double kMaxCount = 4294967295.0;

std::vector<Parameter> build_table() {
  return {
      text("name", "custom", "Free-form name of the platform (presets set it)."),
      row("description", ParameterKind::String, nullptr, "", "Optional free-form description: what the platform models and where its numbers come from (the real-drive presets cite their datasheets here). Not used by the model."),
      integer("seed", 1, "", 0, 9.0e18, "Seed of every random choice in the run: same configuration and seed give identical results."),
      // NAND die
      choice("nand.cell_type", "slc", {"slc", "mlc", "tlc", "qlc"}, "Bits per cell; selects how many page types the timing arrays cover (page type = page index mod bits per cell)."),
      integer("nand.page_size_bytes", 4096, "bytes", 512, 65536, "Data bytes per flash page (the FTL's mapping unit)."),
      integer("nand.spare_bytes_per_page", 0, "bytes", 0, 8192, "OOB/spare bytes per page (metadata, ECC); transferred with the page when non-zero."),
      integer("nand.pages_per_block", 64, "pages", 1, 65536, "Pages per erase block."),
      integer("nand.blocks_per_plane", 512, "blocks", 1, 1 << 24, "Erase blocks per plane."),
      integer("nand.planes_per_die", 1, "planes", 1, 8, "Planes per die (multi-plane operations span them)."),
      integer("nand.dies_per_chip", 1, "dies", 1, 16, "Dies (LUNs) per chip / package."),
      number("nand.timing.read_us", 25.0, "us", 0, 1e6, "Array read time tR (all page types unless read_us_by_page_type is given)."),
      number("nand.timing.program_us", 200.0, "us", 0, 1e7, "Array program time tPROG (all page types unless program_us_by_page_type is given)."),
      number("nand.timing.erase_us", 1500.0, "us", 0, 1e8, "Block erase time tBERS."),
      array("nand.timing.read_us_by_page_type", "us", 0, 1e6, "Optional tR per page type (LSB, CSB, MSB, TSB); length = bits per cell."),
      array("nand.timing.program_us_by_page_type", "us", 0, 1e7, "Optional tPROG per page type; length = bits per cell."),
      number("nand.timing.cache_busy_us", 3.0, "us", 0, 1e4, "tRCBSY/tCBSY: register-to-register move of cache read/program."),
      number("nand.timing.multi_plane_busy_us", 0.5, "us", 0, 1e4, "tDBSY between the planes of a multi-plane command."),
      number("nand.timing.status_read_ns", 0.0, "ns", 0, 1e6, "Read-status round trip added to every command."),
      number("nand.timing.program_suspend_us", 20.0, "us", 0, 1e6, "Program suspend latency (tPSPD): from the suspend command until the die accepts a read (used with controller.suspend.enabled)."),
      number("nand.timing.erase_suspend_us", 40.0, "us", 0, 1e6, "Erase suspend latency (tESPD): from the suspend command until the die accepts a read."),
      number("nand.timing.resume_us", 5.0, "us", 0, 1e6, "Resume latency: from the resume command until the suspended program or erase runs again (its remaining array time follows)."),
      // Channel bus
      integer("controller.channels", 8, "channels", 1, 1024, "Flash channels (independent ONFI/Toggle buses)."),
      integer("controller.chips_per_channel", 1, "chips", 1, 64, "Chips (packages) sharing one channel bus."),
      integer("channel.transfer_rate_mts", 333, "MT/s", 0, 100000, "Bus transfer rate in mega-transfers per second; 0 is an ideal bus with no transfer time."),
      integer("channel.bus_width_bits", 8, "bits", 8, 64, "Bus width; bytes per transfer = width / 8."),
      number("channel.command_cycle_ns", 5.0, "ns", 0, 1e5, "Duration of one command or address cycle on the bus (tWC)."),
      integer("channel.address_cycles", 5, "cycles", 1, 8, "Address cycles of a page command (column + row)."),
      // Flash controller
      choice("controller.scheduling_policy", "fifo", {"fifo", "read-first"}, "Order in which each die's queued commands are issued."),
      boolean("controller.multi_plane", true, "Merge queued compatible commands of one die on different planes into one multi-plane operation."),
      boolean("controller.cache_commands", false, "The firmware sends page programs and page reads that continue their plane's sequential stream (the next page of the same block) as cache program (80h-15h) and cache read (31h): the controller overlaps the next page's data-in with this page's tPROG, and the next page's tR with this page's data-out, each page paying nand.timing.cache_busy_us; the first page of a stream is a plain command. docs/nand-and-controller.md, \"Cache commands\"."),
      boolean("controller.copyback", false, "GC moves use copyback (internal move, no bus transfer) when source and destination share a plane."),
      number("controller.command_overhead_ns", 0.0, "ns", 0, 1e7, "Controller processing per flash command before it is issued to the bus."),
      boolean("controller.suspend.enabled", false, "Program/erase suspend: a host read queued for a die whose array is programming or erasing suspends the operation, runs, and the operation resumes with the array time it had left."),
      integer("controller.suspend.max_per_operation", 3, "suspensions", 0, 1000000, "At most this many suspensions of one program or erase (a read stream cannot starve it)."),
      choice("controller.ecc_engine", "tlm", {"tlm", "rtl"}, "ECC engine of each channel's data path (programs encode before their die queue, reads decode after their data-out): `tlm` takes controller.ecc.latency_ns + bytes / controller.ecc.throughput_mbps per page; `rtl` runs the Verilog Hamming SEC-DED block (models/rtl/ecc, 512-byte sectors) and takes its clock cycles x rtl.clock_period_ns + rtl.transactor_overhead_ns per page. `tlm` with both at 0 leaves ECC out of the timeline."),
      number("controller.ecc.latency_ns", 0.0, "ns", 0, 1e7, "ecc_engine tlm: fixed time per page encode or decode."),
      number("controller.ecc.throughput_mbps", 0.0, "MB/s", 0, 1e7, "ecc_engine tlm: bytes per microsecond the engine processes; 0 is unlimited."),
      // NAND fault model (docs/reliability.md, "NAND faults and wear leveling"); everything off by default
      number("nand.reliability.factory_bad_block_rate", 0.0, "fraction of blocks", 0.0, 0.5, "Factory bad blocks: each block is bad with this probability (seeded draw). The FTL never allocates them."),
      array("nand.reliability.factory_bad_blocks", "block ids", 0, 4294967294.0, "Factory bad blocks given explicitly (global block ids: die x blocks per die + plane x blocks per plane + index), in addition to the rate."),
      number("nand.reliability.program_fail_probability", 0.0, "per program", 0.0, 1.0, "Probability that a page program fails; the FTL retires the block (grown bad block), programs the page elsewhere and moves the block's other valid data."),
      number("nand.reliability.program_fail_probability_per_pe_cycle", 0.0, "per program per P/E cycle", 0.0, 1.0, "Added to the program failure probability per program/erase cycle of the block."),
      number("nand.reliability.erase_fail_probability", 0.0, "per erase", 0.0, 1.0, "Probability that a block erase fails; the FTL retires the block."),
      number("nand.reliability.erase_fail_probability_per_pe_cycle", 0.0, "per erase per P/E cycle", 0.0, 1.0, "Added to the erase failure probability per program/erase cycle of the block."),
      number("nand.reliability.rber.base", 0.0, "errors per bit", 0.0, 0.5, "RBER(pe, t) = base + wear x (pe/1000)^wear_exponent + retention_per_hour x t_hours x (1 + pe/1000): raw bit error rate of a fresh block."),
      number("nand.reliability.rber.wear", 0.0, "errors per bit", 0.0, 0.5, "Wear term coefficient of RBER: its value at 1000 P/E cycles."),
      number("nand.reliability.rber.wear_exponent", 1.0, "", 0.0, 10.0, "Exponent of the P/E cycles (in thousands) in the wear term."),
      number("nand.reliability.rber.retention_per_hour", 0.0, "errors per bit per hour", 0.0, 0.5, "Retention term coefficient: RBER growth per hour since the block was programmed (scaled by 1 + pe/1000)."),
      number("nand.reliability.retention_offset_hours", 0.0, "hours", 0.0, 1e7, "Age every page's data is assumed to have at the start (added to the simulated time since its block was programmed)."),
      integer("nand.reliability.initial_pe_cycles", 0, "cycles", 0, 1e7, "Program/erase cycles every block has before the run (an aged device)."),
      integer("nand.reliability.ecc.codeword_bytes", 1024, "bytes", 64, 65536, "ECC codeword size: bit errors are drawn per codeword (Poisson with mean RBER x 8 x bytes)."),
      integer("nand.reliability.ecc.correctable_bits", 40, "bits per codeword", 0, 65536, "ECC correction limit: a codeword with more bit errors is uncorrectable; the host read gets an error status (a RAID array reconstructs the block)."),
      integer("nand.reliability.read_retry.threshold_bits", 40, "bits per codeword", 0, 65536, "A read whose worst codeword has more bit errors than this is retried (shifted read voltages); must be <= ecc.correctable_bits."),
      integer("nand.reliability.read_retry.max_steps", 0, "steps", 0, 255, "Most read-retry steps per page read; each step is another page command + tR + data out through the die queue and channel bus."),
      number("nand.reliability.read_retry.rber_factor", 0.5, "", 0.0, 1.0, "RBER multiplier per retry step: step s reads with RBER x rber_factor^s."),
      boolean("ftl.wear_leveling.dynamic", false, "Dynamic wear leveling: a frontier takes the least-worn free block of its plane (otherwise the oldest erased one)."),
      boolean("ftl.wear_leveling.static", false, "Static wear leveling: when a plane's highest erase count exceeds that of its least-worn block holding data by more than static_threshold, that block's (cold) data is moved so the block returns to service."),
      integer("ftl.wear_leveling.static_threshold", 100, "erase cycles", 1, kMaxCount, "Erase-count spread that triggers a static wear-leveling migration."),
      choice("nand.model", "tlm", {"tlm", "onfi-rtl"}, "Die model: `tlm` is the built-in die (a TLM target the controller calls directly); `onfi-rtl` runs every die command at pin level, through the Verilated ONFI sequencer (models/rtl/onfi) driving an ONFI target in front of the die, and takes the array time seen on R/B# (the same times and data as `tlm`, much slower; multi-plane, cache and copyback commands become single-plane READ/PROGRAM/ERASE operations; needs a build with SSDTLM_RTL and no nand.reliability)."),
      boolean("nand.data_mode", false, "Keep a 64-bit content tag per page and check that every read returns what was last written."),
      // FTL
      choice("ftl.mode", "page", {"page", "mjolnir"}, "Translation layer: `page` is the page-mapped FTL (FtlCore, GC per plane); `mjolnir` is the multi-reference store of seed 000 (extent map, range copy / move / delete and snapshot commands, mark-and-sweep GC; docs/mjolnir.md). With mjolnir, ftl.gc.* and ftl.write_buffer.* do not apply."),
      integer("ftl.mjolnir.snapshot_slots", 8, "volumes", 0, 4096, "mjolnir: the host namespace is the volume (the physical capacity less ftl.spare_factor, where workloads write) followed by this many volume-sized ranges for snapshots and clones (snapshot k of a workload goes to slot k mod slots + 1)."),
      number("ftl.mjolnir.validity_threshold", 0.75, "fraction", 0.0, 1.0, "mjolnir: a segment is a GC candidate when its live blocks are at most this fraction of the segment (seed 000 4.2); 1.0 makes every immutable segment a candidate."),
      integer("ftl.mjolnir.max_candidates_per_cycle", 0, "segments", 0, kMaxCount, "mjolnir: at most this many segments selected per scan cycle; 0 is no limit."),
      integer("ftl.mjolnir.reverse_map_limit_bytes", 1048576, "bytes", 24, 9.0e15, "mjolnir: memory limit of the reverse maps of the segments being prepared and cleaned (seed 000 4.2.1)."),
      integer("ftl.mjolnir.reverse_map_entry_bytes", 24, "bytes", 1, 4096, "mjolnir: bytes accounted per reverse-map entry (logical start, physical start, length)."),
      integer("ftl.mjolnir.translation_fanout", 32, "entries", 3, 65536, "mjolnir: B+-tree node capacity of the extent map (extents per leaf, keys per index node)."),
      integer("ftl.mjolnir.scanner_threads", 1, "threads", 1, 64, "mjolnir: scanner threads of the mark phase; each occupies one of the ftl.cpu.cores for a scan (must be <= ftl.cpu.cores)."),
      integer("ftl.mjolnir.cycles_per_mapping_scanned", 50, "cycles", 0, kMaxCount, "mjolnir: firmware cycles a scanner thread spends per mapping visited (liveness bitmap or reverse-map entry)."),
      integer("ftl.mjolnir.scan_check_interval_mappings", 64, "mappings", 1, kMaxCount, "mjolnir: a scanner thread checks the reassignment flag after this many mappings (seed 000 4.2.3)."),
      integer("ftl.mjolnir.scan_barrier_cycles", 1000, "cycles", 0, kMaxCount, "mjolnir: cost of one barrier and the leader's reassignment of address ranges."),
      boolean("ftl.mjolnir.dynamic_reassignment", true, "mjolnir: idle scanner threads take half of the widest remaining range (flag and barrier); false keeps the static equal split."),
      integer("ftl.mjolnir.cycles_per_range_mapping", 0, "cycles", 0, kMaxCount, "mjolnir: firmware cycles of a range copy / move / delete / snapshot per mapping piece of its source range."),
      integer("ftl.mjolnir.cycles_per_mapping_updated", 50, "cycles", 0, kMaxCount, "mjolnir: firmware cycles of the cleaner per mapping it updates once a copy is written (the copy's slot is held until the updates are done)."),
      integer("ftl.mjolnir.inflight_pages", 32, "pages", 1, kMaxCount, "mjolnir: flash page operations (host page reads and writes, GC copies) admitted to the controller at once; the rate limiter divides them between host and GC."),
      number("ftl.mjolnir.gc_start_utilization", 0.5, "fraction", 0.0, 1.0, "mjolnir: GC (scanner and cleaner) runs when this fraction of the segments is in use (seed 000 5.1).", false, true),
      integer("ftl.mjolnir.panic_free_segments", 2, "segments", 1, kMaxCount, "mjolnir: panic mode at or below this many free segments: host writes are held, the GC gets all the bandwidth; host writes never use this reserve."),
      boolean("ftl.mjolnir.measure_reclaim_at_end", false, "mjolnir: when the host workload has finished, reclaim every segment that is immutable then, whatever the utilization, and report the time from the start of the first selection scan to the last erase (seed 000 Tables 2 and 3) under mjolnir.measured_reclaim in stats.json."),
      number("ftl.spare_factor", 0.07, "fraction", 0.0, 1.0, "Fraction of physical capacity hidden from the host (over-provisioning).", true, true),
      choice("ftl.gc.policy", "greedy", {"fifo", "greedy", "random", "windowed", "d-choices", "cost-benefit", "mdc"}, "Victim selection policy (models/ftl/gc/)."),
      section("ftl.gc.params", "Policy parameters, e.g. {\"d\": 10, \"memory\": 1} for d-choices, {\"window\": 64} for windowed, {\"sort_buffer_segments\": 4} for mdc."),
      choice("ftl.gc.frontier", "single", {"single", "double", "hot-cold"}, "Write-frontier layout: host and GC writes share one frontier, or are separated."),
      section("ftl.gc.frontier_params", "Frontier layout parameters (e.g. {\"frontiers\": 2} for hot-cold)."),
      number("ftl.gc.free_block_low_watermark", 0.05, "fraction of a plane's blocks", 0.0, 0.5, "GC starts in a plane when its free blocks fall to this fraction (rounded up to whole blocks)."),
      number("ftl.gc.free_block_high_watermark", 0.06, "fraction of a plane's blocks", 0.0, 0.5, "GC in a plane stops when its free blocks exceed this fraction; must be >= the low watermark."),
      choice("ftl.gc.preemption", "none", {"none", "semi"}, "GC preemption (seed 001): none issues all reads of a victim at once, each program when its read completes, then the erase; semi runs GC as preemptible steps (page read, page program, erase) with the ftl.gc.semi techniques and the preemption levels by free space."),
      boolean("ftl.gc.semi.yield", true, "Semi-preemption: between GC steps, pending host requests for the plane run first, as the state allows (false: the GC never yields; host requests for the plane wait for the cycle unless merged)."),
      boolean("ftl.gc.semi.merge", true, "Merge: a host read of a page being moved is served by the GC's read of it (or from the GC's buffer), and a held host write of a page not yet moved replaces the move."),
      boolean("ftl.gc.semi.pipeline", true, "Pipeline: the read of the next copy is issued together with the program of the current one, so the die never waits for the firmware between copies."),
      number("ftl.gc.semi.state2_watermark", 0.03, "fraction of a plane's blocks", 0.0, 0.5, "State 2 (GC preemptible by reads only) when a collecting plane's free blocks are at or below this fraction (rounded up to whole blocks); above it State 1 (reads and writes)."),
      number("ftl.gc.semi.state3_watermark", 0.01, "fraction of a plane's blocks", 0.0, 0.5, "State 3 (GC not preemptible) at or below this fraction; must be <= ftl.gc.semi.state2_watermark."),
      boolean("ftl.gc.foreground", false, "Host writes to a plane that is collecting wait for the GC cycle to end (otherwise they wait only when the plane is down to its GC reserve)."),
      integer("ftl.cpu.cores", 1, "cores", 1, 64, "Firmware CPU cores; each FTL step occupies one core."),
      number("ftl.cpu.clock_mhz", 500.0, "MHz", 1, 100000, "Firmware CPU clock."),
      integer("ftl.cpu.cycles_per_host_read", 0, "cycles", 0, kMaxCount, "Firmware cycles to look up and issue one page of a host read."),
      integer("ftl.cpu.cycles_per_host_write", 0, "cycles", 0, kMaxCount, "Firmware cycles to allocate, map and issue one page of a host write."),
      integer("ftl.cpu.cycles_per_trim", 0, "cycles", 0, kMaxCount, "Firmware cycles per trimmed page."),
      integer("ftl.cpu.cycles_per_gc_page", 0, "cycles", 0, kMaxCount, "Firmware cycles per valid page moved by GC."),
      integer("ftl.cpu.cycles_per_gc_victim", 0, "cycles", 0, kMaxCount, "Firmware cycles to select a victim and retire it."),
      integer("ftl.write_buffer.pages", 0, "pages", 0, kMaxCount, "DRAM write buffer capacity; 0 disables it (writes complete when programmed)."),
      number("ftl.write_buffer.access_ns", 100.0, "ns", 0, 1e7, "DRAM time to accept or serve one page from the write buffer."),
      // Sudden power loss and recovery (docs/reliability.md, "Power loss and recovery")
      boolean("power.enabled", false, "Power-loss modelling: every flash program writes OOB metadata (logical page + sequence number, 8 B per physical page of model memory), map checkpoints are written when configured, and a power loss can be cut (power.loss_at_us). Also makes the FTL power-safe: trims are recorded in a trim table in flash (acknowledged once programmed), a GC erase waits until the copies it would destroy are replaced durably, and host writes leave each plane's last free block to GC; needs ftl.gc.free_block_low_watermark of at least one block (no in-place GC). docs/reliability.md."),
      integer("power.checkpoint_interval_pages", 0, "host pages", 0, kMaxCount, "Start a map checkpoint (map + block state written as flash pages of reserved logical pages, origin `other`) after this many host page writes; 0: no checkpoints, the recovery scans every programmed page. Needs power.enabled."),
      number("power.loss_at_us", 0.0, "us", 0, 1e15, "`ssdtlm run`: cut the power at this simulated time (or when the run drains earlier); the run ends there and stats.json reports the recovery under `recovery`. 0: no power loss. Needs power.enabled."),
      // Host
      integer("host.queue_depth", 32, "requests", 1, 65536, "Requests the closed-loop host keeps outstanding (a workload's qd= overrides)."),
      integer("host.logical_block_bytes", 4096, "bytes", 512, 4096, "Logical block size of the namespace: 512 or 4096."),
      integer("host.nvme.queue_pairs", 1, "pairs", 1, 65535, "NVMe submission/completion queue pairs, served round-robin."),
      integer("host.nvme.queue_entries", 1024, "entries", 2, 65536, "Entries per submission queue; more outstanding requests wait in the host."),
      number("host.nvme.command_overhead_ns", 0.0, "ns", 0, 1e7, "Front-end processing per NVMe command (doorbell to FTL)."),
      integer("host.pcie.lanes", 4, "lanes", 1, 32, "PCIe lanes."),
      number("host.pcie.lane_bandwidth_mbps", 1000.0, "MB/s", 1, 1e6, "Usable bandwidth per lane and direction."),
      integer("host.pcie.max_payload_bytes", 256, "bytes", 64, 4096, "TLP max payload; transfers are split into TLPs of this size."),
      integer("host.pcie.tlp_overhead_bytes", 24, "bytes", 0, 256, "Header, framing and CRC bytes per TLP."),
      section("workload", "Default workload of the platform (docs/workloads.md); --workload overrides it."),
      optional_choice("precondition", {"none", "fill", "steady"},
                      "Preconditioning before the timed run; --precondition overrides it; absent: none. "
                      "effective-config.json records the run's, so that it reruns the same run."),
      // Statistics
      number("stats.timeline_interval_us", 1000.0, "us", 1, 1e9, "Sampling interval of timeline.csv; a stretch of several intervals in which nothing is due is one row."),
      boolean("stats.per_request_records", false, "Write requests.csv with one line per host request (arrival, completion, latency)."),
      // RTL co-simulation (docs/cosimulation.md)
      number("rtl.clock_period_ns", 2.5, "ns", 0.002, 1e6, "Clock period of the RTL blocks (Verilator): an RTL engine's time is its cycle count x this period."),
      number("rtl.transactor_overhead_ns", 0.0, "ns", 0, 1e7, "Time an RTL engine's transactor adds to each operation besides the RTL's cycles (DMA and register set-up a real controller spends around the block)."),
      text("stats.vcd", "", "If set, write a VCD (value change dump, for GTKWave) of every die's state and queue depth, every channel's bus and the free blocks to this file (relative to --out; `ssdtlm run` and Python simulations, not RAID members). Only changes are written: about 100 bytes per flash command, nothing for idle time (docs/architecture.md, \"Outputs over simulated time\")."),
  };
}

}  // namespace

const ParameterSchema& ssd_parameter_schema() {
  static const ParameterSchema schema(build_table());
  return schema;
}

}  // namespace ssdtlm

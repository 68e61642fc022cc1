#pragma once
// OnfiTarget: a pin-level ONFI target (asynchronous SDR data interface) in front of a NandDie,
// so that an RTL flash controller can drive our NAND model through real pins. It decodes the
// latch cycles (CLE / ALE / data on WE# rising, data out on RE# falling), turns complete
// command sequences into die-level FlashCommands on its TLM initiator socket (bound to the
// die's socket) and holds R/B# low for the array time the die reports.
//
// Commands: 00h-30h READ, 80h-10h PROGRAM, 60h-D0h ERASE (single plane), 70h READ STATUS,
// FFh RESET; a 00h without address cycles after a status read returns to data output.
// Address cycles: 2 column + 3 row for READ and PROGRAM, 3 row for ERASE. Row address: the
// page in the low page_bits() bits, above it the block of the die, whose low bits are the plane
// (block_of_die = block_in_plane × planes + plane, the ONFI plane-address convention).
//
// Timing: R/B# falls tWB after the WE# rising edge of the confirm command and rises the die's
// array time (tR, tPROG, tBERS) later. The die's state changes at the confirm, as on the TLM
// path (NandDie is loosely timed). Cycle timing of the controller (tWC, tWP, tREA...) is not
// checked.
//
// Data: NandDie keeps a 64-bit tag per page (data mode), not the bytes. A PROGRAM stores
// bytes 0..7 of the page register (little-endian) as the tag; a READ returns the tag in bytes
// 0..7 and FFh in the rest of the page.
//
// Status byte: bit 6 RDY and bit 5 ARDY (1 when not busy), bit 7 WP# (1: not protected),
// bit 0 FAIL (the die rejected the last PROGRAM or ERASE).
//
// A protocol error (unknown command, command while busy, data out while busy, address out of
// range) is reported with SC_REPORT_ERROR, type "ssdtlm/onfi".
#include <cstdint>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_geometry.h"

namespace ssdtlm {

inline constexpr const char* kOnfiReportType = "ssdtlm/onfi";

struct OnfiTargetTiming {
  std::uint64_t t_wb_ps = 100000;  // WE# high (confirm) to R/B# low; ONFI's tWB is <= 100 ns
};

struct OnfiTargetCounters {
  std::uint64_t reads = 0;
  std::uint64_t programs = 0;
  std::uint64_t erases = 0;
  std::uint64_t status_reads = 0;
  std::uint64_t bytes_in = 0;
  std::uint64_t bytes_out = 0;
  std::uint64_t failed = 0;
};

class OnfiTarget : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> ce_n;
  sc_core::sc_in<bool> cle;
  sc_core::sc_in<bool> ale;
  sc_core::sc_in<bool> we_n;
  sc_core::sc_in<bool> re_n;
  sc_core::sc_in<std::uint8_t> dq_in;     // controller to NAND
  sc_core::sc_out<std::uint8_t> dq_out;   // NAND to controller, meaningful while dq_oe
  sc_core::sc_out<bool> dq_oe;
  sc_core::sc_out<bool> rb_n;
  tlm_utils::simple_initiator_socket<OnfiTarget> die_socket;

  SC_HAS_PROCESS(OnfiTarget);
  OnfiTarget(sc_core::sc_module_name name, DieId die, const FlashGeometry& geometry,
             const OnfiTargetTiming& timing = {});

  std::uint32_t page_bits() const { return page_bits_; }
  // The ONFI row address of a page.
  std::uint32_t row_address(std::uint32_t plane, std::uint32_t block_in_plane,
                            std::uint32_t page) const;
  bool busy() const { return busy_; }
  std::uint8_t status() const;
  const OnfiTargetCounters& counters() const { return counters_; }
  // R/B# low period of the latest array operation.
  sc_core::sc_time last_busy_start() const { return last_busy_start_; }
  sc_core::sc_time last_busy_end() const { return last_busy_end_; }

 private:
  enum class Mode : std::uint8_t { Idle, ReadAddress, ProgramAddress, ProgramData, EraseAddress,
                                   ReadSetup, DataOut, StatusOut };

  void on_strobe();
  void on_we_rise();
  void on_re_fall();
  void on_re_rise();
  void on_rb_event();
  void command(std::uint8_t opcode);
  void address(std::uint8_t byte);
  void data_in(std::uint8_t byte);
  // Runs `opcode` on the die for the latched row address; true when the row is valid.
  void execute(FlashOpcode opcode);
  bool decode_row(std::uint32_t row, std::uint32_t& plane, std::uint32_t& block,
                  std::uint32_t& page) const;
  void report(const std::string& message) const;

  DieId die_;
  FlashGeometry geometry_;
  OnfiTargetTiming timing_;
  std::uint32_t page_bits_ = 0;

  Mode mode_ = Mode::Idle;
  Mode data_mode_after_status_ = Mode::Idle;  // what a bare 00h returns to
  std::uint64_t address_ = 0;
  std::uint32_t address_count_ = 0;
  std::uint32_t column_ = 0;
  std::vector<std::uint8_t> page_register_;
  bool busy_ = false;
  bool failed_ = false;
  bool pending_data_out_ = false;  // a READ enters DataOut when the array is done

  tlm::tlm_generic_payload payload_;
  FlashCommand* command_;  // owned by payload_
  sc_core::sc_event rb_event_;
  sc_core::sc_time busy_from_;
  sc_core::sc_time busy_until_;
  sc_core::sc_time last_busy_start_;
  sc_core::sc_time last_busy_end_;
  OnfiTargetCounters counters_;
};

}  // namespace ssdtlm

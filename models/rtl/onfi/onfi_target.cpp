#include "models/rtl/onfi/onfi_target.h"

#include <sstream>

namespace ssdtlm {

namespace {
constexpr std::uint32_t kPageAddressCycles = 5;   // 2 column + 3 row
constexpr std::uint32_t kEraseAddressCycles = 3;  // 3 row
}  // namespace

OnfiTarget::OnfiTarget(sc_core::sc_module_name name, DieId die, const FlashGeometry& geometry,
                       const OnfiTargetTiming& timing)
    : sc_core::sc_module(name),
      ce_n("ce_n"),
      cle("cle"),
      ale("ale"),
      we_n("we_n"),
      re_n("re_n"),
      dq_in("dq_in"),
      dq_out("dq_out"),
      dq_oe("dq_oe"),
      rb_n("rb_n"),
      die_socket("die_socket"),
      die_(die),
      geometry_(geometry),
      timing_(timing),
      page_register_(geometry.page_size_bytes, 0xff),
      command_(new FlashCommand()) {
  while ((1u << page_bits_) < geometry.pages_per_block) ++page_bits_;
  payload_.set_extension(command_);

  // One process per output (SystemC signals have one writer): DQ from the strobe edges,
  // R/B# from the busy timer.
  SC_METHOD(on_strobe);
  sensitive << we_n.pos() << re_n.neg() << re_n.pos();
  dont_initialize();
  SC_METHOD(on_rb_event);
  sensitive << rb_event_;
  dont_initialize();
}

std::uint32_t OnfiTarget::row_address(std::uint32_t plane, std::uint32_t block_in_plane,
                                      std::uint32_t page) const {
  const std::uint32_t block_of_die = block_in_plane * geometry_.planes_per_die + plane;
  return (block_of_die << page_bits_) | page;
}

bool OnfiTarget::decode_row(std::uint32_t row, std::uint32_t& plane, std::uint32_t& block,
                            std::uint32_t& page) const {
  page = row & ((1u << page_bits_) - 1);
  const std::uint32_t block_of_die = row >> page_bits_;
  plane = block_of_die % geometry_.planes_per_die;
  block = block_of_die / geometry_.planes_per_die;
  return page < geometry_.pages_per_block && block < geometry_.blocks_per_plane;
}

std::uint8_t OnfiTarget::status() const {
  std::uint8_t value = 0x80;             // WP#: not write protected
  if (!busy_) value |= 0x60;             // RDY, ARDY
  if (failed_) value |= 0x01;            // FAIL
  return value;
}

// ---------------------------------------------------------------------------- pins

void OnfiTarget::on_strobe() {
  if (we_n.posedge()) on_we_rise();
  if (re_n.negedge()) on_re_fall();
  if (re_n.posedge()) on_re_rise();
}

void OnfiTarget::on_we_rise() {
  if (ce_n.read()) return;  // not selected
  const std::uint8_t byte = dq_in.read();
  const bool command_latch = cle.read();
  const bool address_latch = ale.read();
  if (command_latch && address_latch) {
    report("CLE and ALE both high at a WE# rising edge");
    return;
  }
  if (command_latch) {
    command(byte);
  } else if (address_latch) {
    address(byte);
  } else {
    data_in(byte);
  }
}

void OnfiTarget::on_re_fall() {
  if (ce_n.read()) return;
  if (mode_ == Mode::StatusOut) {
    dq_out.write(status());
    dq_oe.write(true);
    ++counters_.status_reads;
    return;
  }
  if (mode_ == Mode::ReadSetup && address_count_ == 0) mode_ = data_mode_after_status_;  // bare 00h
  if (mode_ != Mode::DataOut || busy_) {
    report(busy_ ? "data output (RE#) while the target is busy" : "data output (RE#) without a READ");
    return;
  }
  dq_out.write(column_ < page_register_.size() ? page_register_[column_] : std::uint8_t(0xff));
  dq_oe.write(true);
  ++counters_.bytes_out;
}

void OnfiTarget::on_re_rise() {
  if (ce_n.read()) return;
  if (mode_ == Mode::DataOut) ++column_;
}

void OnfiTarget::on_rb_event() {
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  if (now < busy_until_ && rb_n.read()) {  // tWB is over: the array starts
    rb_n.write(false);
    last_busy_start_ = now;
    rb_event_.notify(busy_until_ - now);
    return;
  }
  rb_n.write(true);
  busy_ = false;
  last_busy_end_ = now;
  if (pending_data_out_) {
    pending_data_out_ = false;
    // The page is in the register; a controller polling status returns to it with 00h.
    if (mode_ == Mode::StatusOut) {
      data_mode_after_status_ = Mode::DataOut;
    } else {
      mode_ = Mode::DataOut;
    }
  }
}

// ---------------------------------------------------------------------------- protocol

void OnfiTarget::command(std::uint8_t opcode) {
  if (busy_ && opcode != 0x70 && opcode != 0xff) {
    std::ostringstream message;
    message << "command " << std::hex << int(opcode) << "h while the target is busy";
    report(message.str());
    return;
  }
  dq_oe.write(false);
  switch (opcode) {
    case 0x00:
      mode_ = Mode::ReadSetup;
      address_ = 0;
      address_count_ = 0;
      break;
    case 0x30:
      if (mode_ != Mode::ReadAddress) {
        report("30h without 00h and five address cycles");
        return;
      }
      execute(FlashOpcode::Read);
      break;
    case 0x80:
      mode_ = Mode::ProgramAddress;
      address_ = 0;
      address_count_ = 0;
      std::fill(page_register_.begin(), page_register_.end(), std::uint8_t(0xff));
      break;
    case 0x10:
      if (mode_ != Mode::ProgramData) {
        report("10h without 80h and five address cycles");
        return;
      }
      execute(FlashOpcode::Program);
      break;
    case 0x60:
      mode_ = Mode::EraseAddress;
      address_ = 0;
      address_count_ = 0;
      break;
    case 0xd0:
      if (mode_ != Mode::EraseAddress || address_count_ != kEraseAddressCycles) {
        report("D0h without 60h and three address cycles");
        return;
      }
      execute(FlashOpcode::Erase);
      break;
    case 0x70:
      if (mode_ != Mode::StatusOut) data_mode_after_status_ = mode_;
      mode_ = Mode::StatusOut;
      break;
    case 0xff:
      mode_ = Mode::Idle;
      failed_ = false;
      break;
    default: {
      std::ostringstream message;
      message << "unsupported command " << std::hex << int(opcode) << "h";
      report(message.str());
    }
  }
}

void OnfiTarget::address(std::uint8_t byte) {
  const bool page_command = mode_ == Mode::ReadSetup || mode_ == Mode::ReadAddress ||
                            mode_ == Mode::ProgramAddress;
  const std::uint32_t cycles = page_command ? kPageAddressCycles : kEraseAddressCycles;
  if ((!page_command && mode_ != Mode::EraseAddress) || address_count_ >= cycles) {
    report("unexpected address cycle");
    return;
  }
  if (mode_ == Mode::ReadSetup) mode_ = Mode::ReadAddress;
  address_ |= std::uint64_t(byte) << (8 * address_count_++);
  if (page_command && address_count_ == kPageAddressCycles) {
    column_ = static_cast<std::uint32_t>(address_ & 0xffff);
    if (mode_ == Mode::ProgramAddress) mode_ = Mode::ProgramData;
  }
}

void OnfiTarget::data_in(std::uint8_t byte) {
  if (mode_ != Mode::ProgramData) {
    report("data input cycle outside a PROGRAM");
    return;
  }
  if (column_ >= page_register_.size()) {
    report("data input beyond the page");
    return;
  }
  page_register_[column_++] = byte;
  ++counters_.bytes_in;
}

void OnfiTarget::execute(FlashOpcode opcode) {
  const bool erase = opcode == FlashOpcode::Erase;
  if (!erase && address_count_ != kPageAddressCycles) {
    report("a page command needs five address cycles");
    return;
  }
  const std::uint32_t row = static_cast<std::uint32_t>(erase ? address_ : address_ >> 16) & 0xffffff;
  std::uint32_t plane = 0, block = 0, page = 0;
  if (!decode_row(row, plane, block, page)) {
    std::ostringstream message;
    message << "row address " << std::hex << row << "h is outside the die";
    report(message.str());
    return;
  }
  FlashCommand& command = *command_;
  command = FlashCommand();
  command.opcode = opcode;
  command.die = die_;
  command.plane_count = 1;
  command.targets[0].plane = plane;
  command.targets[0].block_in_plane = block;
  command.targets[0].page = erase ? 0 : page;
  if (opcode == FlashOpcode::Program) {
    std::uint64_t tag = 0;
    for (int i = 0; i < 8 && std::size_t(i) < page_register_.size(); ++i) {
      tag |= std::uint64_t(page_register_[i]) << (8 * i);
    }
    command.targets[0].data_tag = tag;
  }
  payload_.set_command(opcode == FlashOpcode::Read ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
  payload_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time array = sc_core::SC_ZERO_TIME;
  die_socket->b_transport(payload_, array);
  const bool ok = payload_.is_response_ok();

  switch (opcode) {
    case FlashOpcode::Read: {
      ++counters_.reads;
      std::fill(page_register_.begin(), page_register_.end(), std::uint8_t(0xff));
      const std::uint64_t tag = ok ? command.targets[0].data_tag : 0;
      for (int i = 0; i < 8 && std::size_t(i) < page_register_.size(); ++i) {
        page_register_[i] = static_cast<std::uint8_t>(tag >> (8 * i));
      }
      mode_ = Mode::Idle;
      pending_data_out_ = true;
      break;
    }
    case FlashOpcode::Program: ++counters_.programs; mode_ = Mode::Idle; break;
    case FlashOpcode::Erase: ++counters_.erases; mode_ = Mode::Idle; break;
    default: break;
  }
  failed_ = !ok;
  if (!ok) ++counters_.failed;

  // R/B#: low from tWB after this edge for the array time.
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const sc_core::sc_time t_wb = sc_core::sc_time::from_value(timing_.t_wb_ps);
  busy_ = true;
  busy_from_ = now + t_wb;
  busy_until_ = busy_from_ + array;
  if (array == sc_core::SC_ZERO_TIME) busy_until_ += sc_core::sc_time::from_value(1);  // visible
  rb_event_.notify(t_wb);  // on_rb_event drives R/B# low, then high at busy_until_
}

void OnfiTarget::report(const std::string& message) const {
  SC_REPORT_ERROR(kOnfiReportType, (std::string(name()) + ": " + message).c_str());
}

}  // namespace ssdtlm

#include "models/nand/nand_die.h"

#include <sstream>

#include "models/kernel/event_loop.h"

namespace ssdtlm {

namespace {

bool reads_page(FlashOpcode opcode) {
  return opcode == FlashOpcode::Read || opcode == FlashOpcode::CacheRead;
}
bool programs_page(FlashOpcode opcode) {
  return opcode == FlashOpcode::Program || opcode == FlashOpcode::CacheProgram;
}

}  // namespace

NandDie::NandDie(sc_core::sc_module_name name, DieId id, const FlashGeometry& geometry,
                 const NandTiming& timing, bool data_mode)
    : sc_core::sc_module(name),
      socket("socket"),
      id_(id),
      geometry_(geometry),
      timing_(timing),
      array_(geometry, data_mode),
      page_times_(timing, geometry.pages_per_block) {
  socket.register_b_transport(this, &NandDie::b_transport);
}

void NandDie::b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
  FlashCommand* command = payload.get_extension<FlashCommand>();
  if (command == nullptr) {
    report("transaction without a FlashCommand extension");
    payload.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  const NandDieAnswer answer = execute(*command);
  if (!answer.accepted) {
    payload.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  answer_array_time(payload, delay, answer.array);
}

NandDieAnswer NandDie::execute(FlashCommand& command) {
  // Every command of a run without a fault model or multi-plane merging takes this path: one
  // plane of this die, and NandArrayState's yes/no rules (each true exactly when its check_*
  // answers None; with one target the multi-plane rules hold trivially). Same state changes,
  // counters, status and array time as execute_checked, without its second pass over the
  // targets.
  if (command.plane_count != 1 || command.die != id_ || faults_ != nullptr) return execute_checked(command);
  PlaneTarget& target = command.targets[0];
  const std::uint32_t plane = target.plane, block = target.block_in_plane, page = target.page;
  NandDieAnswer answer;
  switch (command.opcode) {
    case FlashOpcode::Read:
    case FlashOpcode::CacheRead:
      if (!array_.readable(plane, block, page)) return execute_checked(command);
      target.data_tag = array_.read(plane, block, page);
      ++counters_.page_reads;
      answer.array.first_ps = page_times_.read_ps(page);
      break;
    case FlashOpcode::Program:
    case FlashOpcode::CacheProgram:
      if (!array_.programmable(plane, block, page)) return execute_checked(command);
      array_.program(plane, block, page, target.data_tag);
      ++counters_.page_programs;
      answer.array.first_ps = page_times_.program_ps(page);
      break;
    case FlashOpcode::Erase:
      if (!array_.block_in_range(plane, block)) return execute_checked(command);
      array_.erase(plane, block);
      ++counters_.block_erases;
      answer.array.first_ps = page_times_.erase_ps();
      break;
    case FlashOpcode::Copyback: {
      const std::uint32_t dest_block = target.dest_block_in_plane, dest_page = target.dest_page;
      if (!array_.readable(plane, block, page) || !array_.programmable(plane, dest_block, dest_page)) {
        return execute_checked(command);
      }
      target.data_tag = array_.read(plane, block, page);
      array_.program(plane, dest_block, dest_page, target.data_tag);
      ++counters_.copybacks;
      answer.array.first_ps = page_times_.read_ps(page);
      answer.array.second_ps = page_times_.program_ps(dest_page);
      break;
    }
    case FlashOpcode::ReadStatus: return execute_checked(command);
  }
  target.failed = false;
  command.status = FlashStatus::Ok;
  answer.accepted = true;
  return answer;
}

NandDieAnswer NandDie::execute_checked(FlashCommand& command) {
  NandDieAnswer answer;
  if (!check(command)) {
    command.status = command.opcode == FlashOpcode::Erase ? FlashStatus::EraseFailed
                     : reads_page(command.opcode)         ? FlashStatus::UncorrectableRead
                                                          : FlashStatus::ProgramFailed;
    return answer;
  }
  perform(command);
  command.status = FlashStatus::Ok;
  if (faults_) {
    for (int i = 0; i < command.plane_count; ++i) {
      if (!command.targets[i].failed) continue;
      command.status = command.opcode == FlashOpcode::Erase ? FlashStatus::EraseFailed : FlashStatus::ProgramFailed;
    }
  }
  answer.accepted = true;
  answer.array = array_phases(timing_, command);
  return answer;
}

bool NandDie::check(const FlashCommand& command) const {
  if (command.die != id_) {
    std::ostringstream message;
    message << "command for die " << command.die << " delivered to die " << id_;
    report(message.str());
    return false;
  }
  if (command.plane_count < 1 || command.plane_count > geometry_.planes_per_die ||
      command.plane_count > kMaxPlanes) {
    std::ostringstream message;
    message << "die " << id_ << ": " << to_string(command.opcode) << " on "
            << int(command.plane_count) << " planes, the die has " << geometry_.planes_per_die;
    report(message.str());
    return false;
  }
  // ONFI multi-plane rules: one target per plane, and reads/programs address the same page
  // in every plane (the controller only merges commands that satisfy this).
  std::uint32_t planes_seen = 0;
  for (int i = 0; i < command.plane_count; ++i) {
    const PlaneTarget& target = command.targets[i];
    const bool same_page_rule = reads_page(command.opcode) || programs_page(command.opcode);
    const bool duplicate = target.plane < 32 && (planes_seen & (1u << target.plane)) != 0;
    if (duplicate || (same_page_rule && target.page != command.targets[0].page)) {
      std::ostringstream message;
      message << "die " << id_ << ": multi-plane " << to_string(command.opcode) << " target " << i
              << " (plane " << target.plane << " page " << target.page
              << ") repeats a plane or differs in page index";
      report(message.str());
      return false;
    }
    if (target.plane < 32) planes_seen |= 1u << target.plane;
    if (!check_target(command, target)) return false;
  }
  return true;
}

bool NandDie::check_target(const FlashCommand& command, const PlaneTarget& target) const {
  const char* operation = to_string(command.opcode);
  FlashRuleViolation violation = FlashRuleViolation::None;
  switch (command.opcode) {
    case FlashOpcode::Read:
    case FlashOpcode::CacheRead:
      violation = array_.check_read(target.plane, target.block_in_plane, target.page);
      break;
    case FlashOpcode::Program:
    case FlashOpcode::CacheProgram:
      violation = array_.check_program(target.plane, target.block_in_plane, target.page);
      break;
    case FlashOpcode::Erase:
      violation = array_.check_block(target.plane, target.block_in_plane);
      break;
    case FlashOpcode::Copyback:
      violation = array_.check_read(target.plane, target.block_in_plane, target.page);
      if (violation != FlashRuleViolation::None) break;
      violation = array_.check_program(target.plane, target.dest_block_in_plane, target.dest_page);
      if (violation != FlashRuleViolation::None) {
        report_violation("copyback destination", violation, target.plane,
                         target.dest_block_in_plane, target.dest_page);
        return false;
      }
      break;
    case FlashOpcode::ReadStatus: break;
  }
  if (violation == FlashRuleViolation::None && command.opcode != FlashOpcode::ReadStatus && faults_ &&
      faults_->factory_bad(target.plane, target.block_in_plane)) {  // a status read touches no block
    std::ostringstream message;
    message << "die " << id_ << " plane " << target.plane << " block " << target.block_in_plane << ": "
            << operation << " of a factory bad block (the FTL must never allocate it)";
    report(message.str());
    return false;
  }
  if (violation == FlashRuleViolation::None) return true;
  report_violation(operation, violation, target.plane, target.block_in_plane, target.page);
  return false;
}

void NandDie::perform(FlashCommand& command) {
  if (command.plane_count > 1) ++counters_.multi_plane_operations;
  for (int i = 0; i < command.plane_count; ++i) {
    PlaneTarget& target = command.targets[i];
    target.failed = false;
    if (faults_) {
      perform_with_faults(command, target);
      continue;
    }
    switch (command.opcode) {
      case FlashOpcode::Read:
      case FlashOpcode::CacheRead:
        target.data_tag = array_.read(target.plane, target.block_in_plane, target.page);
        ++counters_.page_reads;
        break;
      case FlashOpcode::Program:
      case FlashOpcode::CacheProgram:
        array_.program(target.plane, target.block_in_plane, target.page, target.data_tag);
        ++counters_.page_programs;
        break;
      case FlashOpcode::Erase:
        array_.erase(target.plane, target.block_in_plane);
        ++counters_.block_erases;
        break;
      case FlashOpcode::Copyback:
        target.data_tag = array_.read(target.plane, target.block_in_plane, target.page);
        array_.program(target.plane, target.dest_block_in_plane, target.dest_page, target.data_tag);
        ++counters_.copybacks;
        break;
      case FlashOpcode::ReadStatus: break;
    }
  }
}

void NandDie::perform_with_faults(const FlashCommand& command, PlaneTarget& target) {
  const std::uint64_t now_ps = sim_now_ps();
  const std::uint32_t plane = target.plane, block = target.block_in_plane;
  // The corrupted content of a failed program: never the written tag, never 0 (erased).
  auto program = [&](std::uint32_t program_block, std::uint32_t page, std::uint64_t tag) {
    const bool fails = faults_->program_fails(array_.erase_count(plane, program_block));
    array_.program(plane, program_block, page, fails ? (tag ^ 0xdeadbeefcafef00dull) | 1 : tag);
    faults_->on_program(plane, program_block, page, now_ps);
    if (fails) {
      target.failed = true;
      ++counters_.program_failures;
    }
  };
  switch (command.opcode) {
    case FlashOpcode::Read:
    case FlashOpcode::CacheRead: {
      target.data_tag = array_.read(plane, block, target.page);
      const std::uint32_t bytes = command.transfer_bytes != 0 ? command.transfer_bytes : geometry_.page_size_bytes;
      const ReadBitErrors errors = faults_->draw_read_errors(plane, block, array_.erase_count(plane, block), now_ps,
                                                             bytes, target.read_retry_step);
      target.bit_errors_worst = errors.worst_codeword;
      target.bit_errors_total = errors.total;
      counters_.raw_bit_errors += errors.total;
      ++counters_.page_reads;
      break;
    }
    case FlashOpcode::Program:
    case FlashOpcode::CacheProgram:
      program(block, target.page, target.data_tag);
      ++counters_.page_programs;
      break;
    case FlashOpcode::Erase:
      // A failed erase leaves the block as it was; the FTL retires it.
      if (faults_->erase_fails(array_.erase_count(plane, block))) {
        target.failed = true;
        ++counters_.erase_failures;
      } else {
        array_.erase(plane, block);
      }
      ++counters_.block_erases;
      break;
    case FlashOpcode::Copyback:
      // The data stays in the die and passes no ECC: its bit errors are not modelled.
      target.data_tag = array_.read(plane, block, target.page);
      program(target.dest_block_in_plane, target.dest_page, target.data_tag);
      ++counters_.copybacks;
      break;
    case FlashOpcode::ReadStatus: break;
  }
}

void NandDie::backdoor_program(std::uint32_t plane, std::uint32_t block, std::uint32_t page,
                               std::uint64_t tag) {
  const FlashRuleViolation violation = array_.check_program(plane, block, page);
  if (violation != FlashRuleViolation::None) {
    report_violation("backdoor program", violation, plane, block, page);
    return;
  }
  array_.program(plane, block, page, tag);
}

void NandDie::backdoor_erase(std::uint32_t plane, std::uint32_t block) {
  const FlashRuleViolation violation = array_.check_block(plane, block);
  if (violation != FlashRuleViolation::None) {
    report_violation("backdoor erase", violation, plane, block, 0);
    return;
  }
  array_.erase(plane, block);
}

void NandDie::backdoor_restore_block(std::uint32_t plane, std::uint32_t block, std::uint32_t programmed_pages,
                                     std::uint32_t erase_count) {
  FlashRuleViolation violation = array_.check_block(plane, block);
  if (violation == FlashRuleViolation::None && programmed_pages > geometry_.pages_per_block) {
    violation = FlashRuleViolation::PageOutOfRange;
  }
  if (violation != FlashRuleViolation::None) {
    report_violation("backdoor restore", violation, plane, block, programmed_pages);
    return;
  }
  if (array_.data_mode()) {
    report("die " + std::to_string(id_) + ": backdoor restore of a block in data mode (its pages' contents are unknown)");
    return;
  }
  array_.restore_block(plane, block, programmed_pages, erase_count);
}

std::uint64_t NandDie::backdoor_read(std::uint32_t plane, std::uint32_t block,
                                     std::uint32_t page) const {
  const FlashRuleViolation violation = array_.check_read(plane, block, page);
  if (violation != FlashRuleViolation::None) {
    report_violation("backdoor read", violation, plane, block, page);
    return 0;
  }
  return array_.read(plane, block, page);
}

void NandDie::report_violation(const char* operation, FlashRuleViolation violation,
                               std::uint32_t plane, std::uint32_t block,
                               std::uint32_t page) const {
  std::ostringstream message;
  message << "die " << id_ << " plane " << plane << " block " << block << " page " << page << ": "
          << operation << ": " << describe(violation);
  if (violation == FlashRuleViolation::ProgramOutOfOrder ||
      violation == FlashRuleViolation::ProgramWithoutErase) {
    message << " (next programmable page is " << array_.next_program_page(plane, block) << ")";
  }
  report(message.str());
}

void NandDie::report(const std::string& message) const {
  SC_REPORT_ERROR(kNandReportType, message.c_str());
}

}  // namespace ssdtlm

#include "models/controller/operation_script.h"

namespace ssdtlm {

std::uint64_t read_status_ps(const NandTiming& nand, const ChannelBusTiming& bus) {
  if (nand.status_read_ns > 0) return nand.status_read_ns * 1000;
  return bus.command_cycle_ns * 1000 + bus.transfer_ps(1);  // 70h, then one status byte out
}

OperationScript build_operation_script(const OperationShape& shape, const ArrayPhases& array,
                                       const NandTiming& nand, const ChannelBusTiming& bus) {
  const std::uint64_t n = shape.plane_count;
  const std::uint64_t between_planes_ps = (n - 1) * nand.multi_plane_busy_ns * 1000;
  const std::uint64_t page_commands_ps = n * bus.page_command_ps() + between_planes_ps;
  const std::uint64_t data_in_ps = page_commands_ps + shape.transfer_ps_total;
  const std::uint64_t status_ps = nand.status_read_ns * 1000;
  const std::uint64_t cache_busy_ps = nand.cache_busy_ns * 1000;

  OperationScript script;
  switch (shape.opcode) {
    case FlashOpcode::Read:
      script.add(StepKind::Bus, page_commands_ps);
      script.add(StepKind::Array, array.first_ps);
      script.add(StepKind::Bus, status_ps + shape.transfer_ps_total);
      script.mark_data_step();
      break;
    case FlashOpcode::Program:
      script.add(StepKind::Bus, data_in_ps);
      script.mark_data_step();
      script.add(StepKind::Array, array.first_ps);
      script.add(StepKind::Bus, status_ps);
      break;
    case FlashOpcode::Erase:
      script.add(StepKind::Bus, n * bus.erase_command_ps() + between_planes_ps);
      script.add(StepKind::Array, array.first_ps);
      script.add(StepKind::Bus, status_ps);
      break;
    case FlashOpcode::Copyback:
      script.add(StepKind::Bus, page_commands_ps);  // 00h-addr-35h
      script.add(StepKind::Array, array.first_ps);
      script.add(StepKind::Bus, page_commands_ps);  // 85h-addr-10h
      script.add(StepKind::Array, array.second_ps);
      script.add(StepKind::Bus, status_ps);
      break;
    case FlashOpcode::ReadStatus:
      script.add(StepKind::Bus, read_status_ps(nand, bus));
      // The die answers the status (no array time): the operation's outcome is the die's, never
      // the one its slot's previous operation left behind.
      script.add(StepKind::Array, array.first_ps);
      break;
    case FlashOpcode::CacheProgram:
      script.add(StepKind::Bus, data_in_ps);
      script.mark_data_step();
      script.add(StepKind::AcquirePageRegister);
      script.add(StepKind::RegisterMove, cache_busy_ps);
      script.add(StepKind::OpenPipeline);
      script.add(StepKind::Array, array.first_ps);
      script.add(StepKind::ReleasePageRegister);
      script.add(StepKind::Bus, status_ps);
      break;
    case FlashOpcode::CacheRead:
      script.add(StepKind::Bus, page_commands_ps);
      script.add(StepKind::AcquirePageRegister);
      script.add(StepKind::Array, array.first_ps);
      script.add(StepKind::OpenPipeline);
      script.add(StepKind::AcquireCacheRegister);
      script.add(StepKind::RegisterMove, cache_busy_ps);
      script.add(StepKind::ReleasePageRegister);
      script.add(StepKind::Bus, status_ps + shape.transfer_ps_total);
      script.mark_data_step();
      script.add(StepKind::ReleaseCacheRegister);
      break;
  }
  return script;
}

namespace {

// A Bus or RegisterMove step of zero length is done as soon as it is reached (it does not ask
// for the bus), so leaving it out changes no time; the data step stays, its ΣX comes later.
OperationScript without_idle_steps(const OperationScript& script) {
  OperationScript kept;
  for (std::size_t i = 0; i < script.size(); ++i) {
    const Step& step = script[i];
    const bool idle = (step.kind == StepKind::Bus || step.kind == StepKind::RegisterMove) &&
                      step.duration_ps == 0 && i != script.data_step();
    if (idle) continue;
    kept.add(step.kind, step.duration_ps);
    if (i == script.data_step()) kept.mark_data_step();
  }
  return kept;
}

// See OperationScript::relayable_tail. The data step counts as timed (its ΣX comes later), an
// Array step too (the die's answer; zero only when the die rejects the command, which
// FlashController::relay_tail checks).
bool has_relayable_tail(const OperationScript& script) {
  std::size_t first_array = 0;
  while (first_array < script.size() && script[first_array].kind != StepKind::Array) ++first_array;
  std::size_t timed = 0;
  for (std::size_t i = first_array; i < script.size(); ++i) {
    const Step& step = script[i];
    if (step.kind != StepKind::Array && step.kind != StepKind::Bus) return false;
    if (step.kind == StepKind::Array || step.duration_ps != 0 || i == script.data_step()) ++timed;
  }
  return timed >= 2;
}

// Tags the steps whose time differs between operations of the kind (Step::variable).
void tag_variable_steps(OperationScript& script) {
  bool first_array = true;
  for (std::size_t i = 0; i < script.size(); ++i) {
    Step& step = script[i];
    if (step.kind == StepKind::Array) {
      step.variable = first_array ? kFirstArrayVariable : kSecondArrayVariable;
      first_array = false;
    } else if (i == script.data_step()) {
      step.variable = kTransferVariable;
    }
  }
}

}  // namespace

OperationScriptTemplates::OperationScriptTemplates(const NandTiming& nand, const ChannelBusTiming& bus,
                                                   std::uint32_t max_planes)
    : max_planes_(max_planes) {
  constexpr FlashOpcode kOpcodes[] = {FlashOpcode::Read,     FlashOpcode::Program,
                                      FlashOpcode::Erase,    FlashOpcode::Copyback,
                                      FlashOpcode::ReadStatus, FlashOpcode::CacheProgram,
                                      FlashOpcode::CacheRead};
  scripts_.resize(std::size(kOpcodes) * max_planes);
  const ArrayPhases from_die{kArrayFromDie, kArrayFromDie};
  for (const FlashOpcode opcode : kOpcodes) {
    for (std::uint32_t planes = 1; planes <= max_planes; ++planes) {
      OperationShape shape;
      shape.opcode = opcode;
      shape.plane_count = planes;
      OperationScript& script = scripts_[static_cast<std::size_t>(opcode) * max_planes + planes - 1];
      script = without_idle_steps(build_operation_script(shape, from_die, nand, bus));
      tag_variable_steps(script);
      if (has_relayable_tail(script)) script.mark_relayable_tail();
    }
  }
}

}  // namespace ssdtlm

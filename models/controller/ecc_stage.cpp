#include "models/controller/ecc_stage.h"

#include <algorithm>
#include <string>

#include "models/kernel/event_loop.h"

namespace ssdtlm {

namespace {

bool encodes_page(FlashOpcode opcode) {
  return opcode == FlashOpcode::Program || opcode == FlashOpcode::CacheProgram;
}

}  // namespace

EccStage::EccStage(const EccConfig& config, const FlashGeometry& geometry, bool data_mode)
    : enabled_(config.charges_time()),
      data_mode_(data_mode),
      geometry_(geometry),
      sockets_("ecc_socket", config.charges_time() ? geometry.channels : 0) {
  if (!enabled_) return;
  for (std::uint32_t channel = 0; channel < geometry.channels; ++channel) {
    const std::string engine_name = "ecc_" + std::to_string(channel);
    engines_.push_back(make_ecc_engine(engine_name.c_str(), config));
    sockets_[channel].bind(engines_.back()->socket);
    channels_.push_back(std::make_unique<Channel>());
  }
  pending_enqueues_.assign(geometry.dies(), 0);
  last_enqueue_at_.assign(geometry.dies(), sc_core::SC_ZERO_TIME);
}

bool EccStage::hold_for_encode(const FlashCommand& command, sc_core::sc_time& ready) {
  const sc_core::sc_time now = sim_now();
  ready = now;
  if (encodes_page(command.opcode)) {
    ready = run(geometry_.channel_of_die(command.die), EccOperation::Encode, transfer_bytes_of(command),
                content(command.die, command.targets[0]));
  }
  std::uint32_t& pending = pending_enqueues_[command.die];
  sc_core::sc_time& last = last_enqueue_at_[command.die];
  if (pending > 0 && ready < last) ready = last;
  if (ready == now && pending == 0) return false;
  ++pending;
  last = ready;
  return true;
}

EccStage::Decoded EccStage::decode(std::uint32_t channel, const FlashCommand& command) {
  Decoded decoded;
  decoded.end = run(channel, EccOperation::Decode, transfer_bytes_of(command), content(command.die, command.targets[0]));
  decoded.uncorrectable = channels_[channel]->command->uncorrectable_sectors > 0;
  return decoded;
}

sc_core::sc_time EccStage::run(std::uint32_t channel, EccOperation operation, std::uint32_t bytes,
                               std::uint64_t content) {
  Channel& ecc = *channels_[channel];
  const sc_core::sc_time now = sim_now();
  const sc_core::sc_time start = std::max(now, ecc.busy_until);
  EccCommand& command = *ecc.command;
  command.operation = operation;
  command.bytes = bytes;
  command.content = content;
  command.check_bits.clear();
  ecc.payload.set_command(operation == EccOperation::Encode ? tlm::TLM_WRITE_COMMAND
                                                            : tlm::TLM_READ_COMMAND);
  ecc.payload.set_data_ptr(nullptr);
  ecc.payload.set_data_length(0);
  ecc.payload.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = start - now;
  sockets_[channel]->b_transport(ecc.payload, delay);
  const sc_core::sc_time end = now + delay;
  ecc.busy_time += end - start;
  ecc.busy_until = end;
  if (operation == EccOperation::Encode) {
    ++counters_.encodes;
  } else {
    ++counters_.decodes;
  }
  counters_.rtl_cycles += command.rtl_cycles;
  counters_.corrected_bits += command.corrected_bits;
  counters_.uncorrectable_sectors += command.uncorrectable_sectors;
  return end;
}

std::uint64_t EccStage::content(DieId die, const PlaneTarget& target) const {
  if (data_mode_) return target.data_tag;
  // Without data tags a page's bytes follow from its address.
  std::uint64_t z = (std::uint64_t(die) << 48) ^ (std::uint64_t(target.plane) << 40) ^
                    (std::uint64_t(target.block_in_plane) << 16) ^ target.page;
  z = (z ^ (z >> 31)) * 0x7fb5d329728ea185ull;
  return z ^ (z >> 27);
}

sc_core::sc_time EccStage::busy_time(std::uint32_t channel) const {
  if (!enabled_) return sc_core::SC_ZERO_TIME;
  const Channel& ecc = *channels_[channel];
  // Operations are booked ahead: count only what has elapsed.
  const sc_core::sc_time now = sim_now();
  return ecc.busy_until > now ? ecc.busy_time - (ecc.busy_until - now) : ecc.busy_time;
}

}  // namespace ssdtlm

#pragma once
// EccStage: the ECC step of FlashController's data path. Each channel has an ECC engine
// (ecc_engine.h: the behavioural TlmEccEngine or the RTL block) used first come, first served.
// A program's page is encoded when the command reaches the controller and the command joins its
// die queue when the encode ends; commands of one die still join the queue in arrival order, so
// a command waits for an earlier one of its die that is being encoded. A read's page is decoded
// once its data is over the bus, and the read completes when the decode ends (the die is free
// meanwhile). A copyback's data stays in the die and passes no engine.
//
// Disabled (enabled() false, no engine built) when the configured engine takes no time
// (EccConfig::charges_time): the controller then leaves ECC out of its timeline entirely.
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_geometry.h"
#include "models/controller/ecc_config.h"
#include "models/controller/ecc_engine.h"

namespace ssdtlm {

class EccStage final {
 public:
  // The engines' work so far, over all channels.
  struct Counters {
    std::uint64_t encodes = 0;
    std::uint64_t decodes = 0;
    std::uint64_t rtl_cycles = 0;
    std::uint64_t corrected_bits = 0;
    std::uint64_t uncorrectable_sectors = 0;
  };
  // The end of a page's decode, and whether a sector of it was uncorrectable.
  struct Decoded {
    sc_core::sc_time end;
    bool uncorrectable = false;
  };

  // Builds one engine per channel of `geometry` when `config` charges time. The engines and the
  // sockets that call them are SystemC objects: named in the module under construction (the
  // controller). `data_mode`: pages carry data tags, which are then the pages' content.
  EccStage(const EccConfig& config, const FlashGeometry& geometry, bool data_mode);
  EccStage(const EccStage&) = delete;
  EccStage& operator=(const EccStage&) = delete;

  bool enabled() const { return enabled_; }

  // A command reaches the controller (enabled() only): encodes a program's page and answers when
  // the command may join its die queue. False when that is now and no earlier command of its die
  // is still waiting; otherwise true with `ready` set, and the command counts as waiting until
  // joined_queue() is called for its die.
  bool hold_for_encode(const FlashCommand& command, sc_core::sc_time& ready);
  void joined_queue(DieId die) { --pending_enqueues_[die]; }
  // Decodes the page a read brought over `channel`'s bus (enabled() only).
  Decoded decode(std::uint32_t channel, const FlashCommand& command);

  // Runs one operation on `channel`'s engine, after the ones before it; returns its end.
  sc_core::sc_time run(std::uint32_t channel, EccOperation operation, std::uint32_t bytes, std::uint64_t content);
  // The seed of a page's bytes (EccCommand::content): its data tag in data mode, else a hash of
  // its address.
  std::uint64_t content(DieId die, const PlaneTarget& target) const;
  // Bytes a command moves over the bus (a whole page unless it says otherwise).
  std::uint32_t transfer_bytes_of(const FlashCommand& command) const {
    return command.transfer_bytes != 0 ? command.transfer_bytes : geometry_.page_size_bytes;
  }

  // Time `channel`'s engine has worked up to now (operations are booked ahead); zero when disabled.
  sc_core::sc_time busy_time(std::uint32_t channel) const;
  const Counters& counters() const { return counters_; }
  EccEngine& engine(std::uint32_t channel) { return *engines_[channel]; }

 private:
  struct Channel {
    Channel() : command(new EccCommand()) { payload.set_extension(command); }
    tlm::tlm_generic_payload payload;  // owns `command`
    EccCommand* command;
    sc_core::sc_time busy_until;
    sc_core::sc_time busy_time;
  };

  bool enabled_ = false;
  bool data_mode_ = false;
  FlashGeometry geometry_;
  sc_core::sc_vector<tlm_utils::simple_initiator_socket<EccStage>> sockets_;
  std::vector<std::unique_ptr<EccEngine>> engines_;
  std::vector<std::unique_ptr<Channel>> channels_;
  // Per die: enqueues still scheduled, and the time of the latest, so that a command never
  // overtakes an earlier one of its die that waits for its encode.
  std::vector<std::uint32_t> pending_enqueues_;
  std::vector<sc_core::sc_time> last_enqueue_at_;
  Counters counters_;
};

}  // namespace ssdtlm

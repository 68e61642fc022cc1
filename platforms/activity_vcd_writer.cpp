#include "platforms/activity_vcd_writer.h"

#include "models/common/config/config_error.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {
namespace {

// VCD identifiers: printable ASCII from '!' to '~', as many characters as needed.
std::string identifier(std::size_t index) {
  constexpr std::size_t kFirst = 33;
  constexpr std::size_t kCount = 94;
  std::string code;
  do {
    code.push_back(static_cast<char>(kFirst + index % kCount));
    index /= kCount;
  } while (index != 0);
  return code;
}

std::uint32_t bits_for(std::uint64_t largest) {
  std::uint32_t bits = 1;
  while (bits < 64 && (largest >> bits) != 0) ++bits;
  return bits;
}

}  // namespace

ActivityVcdWriter::ActivityVcdWriter(const std::string& path, FlashController& controller,
                                     std::function<std::uint64_t()> free_blocks)
    : path_(path), out_(path), controller_(controller), free_blocks_(std::move(free_blocks)) {
  if (!out_) throw config_error(path, "cannot write the VCD (stats.vcd)");
  const FlashGeometry& geometry = controller_.geometry();
  for (DieId d = 0; d < geometry.dies(); ++d) {
    die_state_.push_back(add_signal(kDieActivityBits));
    die_queue_.push_back(add_signal(32));
  }
  const std::uint32_t die_bits = bits_for(geometry.dies() - 1);
  for (std::uint32_t c = 0; c < geometry.channels; ++c) {
    channel_busy_.push_back(add_signal(1));
    channel_die_.push_back(add_signal(die_bits));
  }
  free_blocks_signal_ = add_signal(64);
  controller_.set_activity_observer(this);
}

ActivityVcdWriter::~ActivityVcdWriter() {
  controller_.set_activity_observer(nullptr);
  if (closed_) return;
  try {
    close(sim_now_ps());
  } catch (const std::exception&) {
    // A destructor cannot report it; close() is where a failed write is an error.
  }
}

std::size_t ActivityVcdWriter::add_signal(std::uint32_t width) {
  signals_.push_back(Signal{identifier(signals_.size()), width});
  return signals_.size() - 1;
}

void ActivityVcdWriter::write_header() {
  const FlashGeometry& geometry = controller_.geometry();
  out_ << "$version ssdtlm stats.vcd $end\n"
       << "$comment die state: 0 idle, 1 waiting, 2 transfer, 3 read, 4 program, 5 erase, 6 copyback, "
          "7 suspended $end\n"
       << "$timescale 1 ps $end\n"
       << "$scope module ssd $end\n";
  for (DieId d = 0; d < geometry.dies(); ++d) {
    out_ << "$scope module die" << d << " $end\n"
         << "$var wire " << kDieActivityBits << ' ' << signals_[die_state_[d]].code << " state $end\n"
         << "$var wire 32 " << signals_[die_queue_[d]].code << " queue $end\n"
         << "$upscope $end\n";
  }
  for (std::uint32_t c = 0; c < geometry.channels; ++c) {
    const Signal& die = signals_[channel_die_[c]];
    out_ << "$scope module channel" << c << " $end\n"
         << "$var wire 1 " << signals_[channel_busy_[c]].code << " busy $end\n"
         << "$var wire " << die.width << ' ' << die.code << " die $end\n"
         << "$upscope $end\n";
  }
  out_ << "$var wire 64 " << signals_[free_blocks_signal_].code << " free_blocks $end\n"
       << "$upscope $end\n"
       << "$enddefinitions $end\n";
}

void ActivityVcdWriter::start() {
  if (started_ || closed_) return;
  started_ = true;
  time_ps_ = sim_now_ps();
  write_header();
  for (DieId d = 0; d < die_state_.size(); ++d) read_die(d);
  // Every signal's value at the start (a free channel's die is x).
  out_ << '#' << time_ps_ << "\n$dumpvars\n";
  for (Signal& signal : signals_) {
    write_value(signal, signal.pending);
    signal.written = signal.pending;
    signal.dirty = false;
  }
  dirty_.clear();
  out_ << "$end\n";
}

void ActivityVcdWriter::set(std::size_t index, std::uint64_t value) {
  Signal& signal = signals_[index];
  signal.pending = value;
  if (!signal.dirty && value != signal.written) {
    signal.dirty = true;
    dirty_.push_back(index);
  }
}

void ActivityVcdWriter::die_changed(DieId die) {
  if (closed_) return;
  if (!started_) start();
  const std::uint64_t now_ps = sim_now_ps();
  if (now_ps > time_ps_) {
    flush_instant();
    time_ps_ = now_ps;
  }
  read_die(die);
}

void ActivityVcdWriter::read_die(DieId die) {
  set(die_state_[die], static_cast<std::uint64_t>(controller_.die_activity(die)));
  set(die_queue_[die], controller_.queued_commands(die));
  const std::uint32_t channel = controller_.geometry().channel_of_die(die);
  const DieId holder = controller_.channel_holder(channel);
  set(channel_busy_[channel], holder != FlashController::kNoDie ? 1 : 0);
  set(channel_die_[channel], holder != FlashController::kNoDie ? holder : kUnknown);
  set(free_blocks_signal_, free_blocks_());
}

void ActivityVcdWriter::flush_instant() {
  bool stamped = false;
  for (const std::size_t index : dirty_) {
    Signal& signal = signals_[index];
    signal.dirty = false;
    if (signal.pending == signal.written) continue;  // changed and changed back within the instant
    if (!stamped) {
      out_ << '#' << time_ps_ << '\n';
      stamped = true;
    }
    write_value(signal, signal.pending);
    signal.written = signal.pending;
  }
  dirty_.clear();
}

void ActivityVcdWriter::write_value(const Signal& signal, std::uint64_t value) {
  if (signal.width == 1) {
    out_ << (value == kUnknown ? 'x' : value != 0 ? '1' : '0') << signal.code << '\n';
    return;
  }
  if (value == kUnknown) {
    out_ << "bx " << signal.code << '\n';
    return;
  }
  char bits[65];
  int count = 0;
  do {
    bits[count++] = static_cast<char>('0' + (value & 1));
    value >>= 1;
  } while (value != 0);
  out_ << 'b';
  while (count > 0) out_ << bits[--count];
  out_ << ' ' << signal.code << '\n';
}

void ActivityVcdWriter::close(std::uint64_t end_ps) {
  if (closed_) return;
  if (!started_) start();
  flush_instant();
  closed_ = true;
  controller_.set_activity_observer(nullptr);
  if (end_ps > time_ps_) out_ << '#' << end_ps << '\n';
  out_.flush();
  if (!out_) throw config_error(path_, "could not write the VCD (stats.vcd): disk full?");
}

}  // namespace ssdtlm

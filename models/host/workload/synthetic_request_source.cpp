#include "models/host/workload/synthetic_request_source.h"

#include <algorithm>

#include "models/common/config/config_error.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

// One independent stream per aspect of the workload (see the header).
enum Stream : std::uint64_t { kOps = 1, kAddresses = 2, kSizes = 3, kArrivals = 4, kSequential = 5, kRangeCommands = 6 };

// The range commands a workload can issue besides snapshots, in the order they are issued when
// several fall due after the same request.
constexpr HostOp kRangeCommandOps[] = {HostOp::RangeCopy, HostOp::RangeMove, HostOp::RangeDelete};
std::uint8_t range_command_bit(HostOp op) { return static_cast<std::uint8_t>(1u << (static_cast<int>(op) - static_cast<int>(HostOp::RangeCopy))); }

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t seed_offset, Stream stream) {
  // Rng::reseed runs this through splitmix64, which scatters nearby seeds; the odd constants
  // keep (seed, offset, stream) triples from colliding in the common small-number cases.
  return seed + seed_offset * 0x9e3779b97f4a7c15ull +
         static_cast<std::uint64_t>(stream) * 0xd1b54a32d192ed03ull;
}

std::uint64_t round_up(std::uint64_t value, std::uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

SyntheticRequestSource::SyntheticRequestSource(const WorkloadSpec& spec, const DeviceLayout& layout,
                                               std::uint64_t seed)
    : spec_(spec),
      layout_(layout),
      op_rng_(stream_seed(seed, spec.seed_offset, kOps)),
      address_rng_(stream_seed(seed, spec.seed_offset, kAddresses)),
      size_rng_(stream_seed(seed, spec.seed_offset, kSizes)),
      arrival_rng_(stream_seed(seed, spec.seed_offset, kArrivals)),
      sequential_rng_(stream_seed(seed, spec.seed_offset, kSequential)),
      range_rng_(stream_seed(seed, spec.seed_offset, kRangeCommands)),
      clock_(make_arrival_clock(spec)),
      sequential_cursor_bytes_(layout.range_start_bytes) {
  if (spec_.snapshot_every != 0 && layout_.range_end_bytes - layout_.range_start_bytes > 0xffffffffull) {
    throw config_error("workload.snapshot_every", "a snapshot covers the workload's range, which must be under 4 GiB");
  }
  double total = 0;
  for (const SizeChoice& choice : spec_.sizes) cumulative_weights_.push_back(total += choice.weight);
  if (spec_.pattern == AccessPattern::Random) {
    // One size: candidate offsets are multiples of the size (rounded up to the alignment), as
    // fio aligns random blocks to their size, so "hotcold:f=0.2" means a fifth of the blocks
    // of that size. A size mix: every aligned offset, clamped so the request fits.
    slot_bytes_ = spec_.sizes.size() == 1 ? round_up(spec_.sizes[0].size_bytes, layout_.alignment_bytes)
                                          : layout_.alignment_bytes;
    const std::uint64_t slots = (layout_.range_end_bytes - layout_.range_start_bytes) / slot_bytes_;
    addresses_ =
        make_address_distribution(spec_.address_distribution, slots, "workload.address_distribution");
  }
}

ArrivalMode SyntheticRequestSource::arrival_mode() const {
  return spec_.arrival == ArrivalProcess::Closed ? ArrivalMode::ClosedLoop : ArrivalMode::OpenLoop;
}

std::uint32_t SyntheticRequestSource::next_size() {
  if (spec_.sizes.size() == 1) return static_cast<std::uint32_t>(spec_.sizes[0].size_bytes);
  const double pick = size_rng_.uniform01() * cumulative_weights_.back();
  const auto chosen = std::upper_bound(cumulative_weights_.begin(), cumulative_weights_.end(), pick);
  const std::size_t index =
      std::min<std::size_t>(chosen - cumulative_weights_.begin(), spec_.sizes.size() - 1);
  return static_cast<std::uint32_t>(spec_.sizes[index].size_bytes);
}

std::uint64_t SyntheticRequestSource::next_offset(std::uint32_t size_bytes) {
  const std::uint64_t start = layout_.range_start_bytes;
  const std::uint64_t end = layout_.range_end_bytes;
  if (spec_.pattern == AccessPattern::Sequential) {
    if (sequential_cursor_bytes_ + size_bytes > end) sequential_cursor_bytes_ = start;  // wrap
    const std::uint64_t offset = sequential_cursor_bytes_;
    sequential_cursor_bytes_ += round_up(size_bytes, layout_.alignment_bytes);
    return offset;
  }
  if (spec_.sequential_fraction > 0.0 && issued_ > 1 &&
      sequential_rng_.uniform01() < spec_.sequential_fraction) {
    // Right after the previous request (wrapping at the range's end); the address stream is
    // not drawn from, so seq= leaves the random addresses where they were.
    std::uint64_t offset = sequential_cursor_bytes_;
    if (offset + size_bytes > end) offset = start;
    sequential_cursor_bytes_ = offset + round_up(size_bytes, layout_.alignment_bytes);
    return offset;
  }
  std::uint64_t offset = start + addresses_->sample(address_rng_) * slot_bytes_;
  if (offset + size_bytes > end) {
    offset = (end - size_bytes) / layout_.alignment_bytes * layout_.alignment_bytes;
  }
  sequential_cursor_bytes_ = offset + round_up(size_bytes, layout_.alignment_bytes);
  return offset;
}

bool SyntheticRequestSource::next(HostRequest& request) {
  // Checked first: snapshot_every = count takes one snapshot after the last request.
  if (spec_.snapshot_every != 0 && (burst_left_ > 0 || since_snapshot_ == spec_.snapshot_every)) {
    // A snapshot of the workload's range into the next slot (docs/mjolnir.md); it takes a
    // request's place in the stream but not in request_count.
    if (burst_left_ == 0) burst_left_ = spec_.snapshot_burst;
    if (--burst_left_ == 0) since_snapshot_ = 0;
    request = HostRequest{};
    request.id = issued_ + snapshots_ + range_commands_;
    request.op = HostOp::Snapshot;
    request.offset_bytes = layout_.range_start_bytes;
    request.size_bytes = static_cast<std::uint32_t>(layout_.range_end_bytes - layout_.range_start_bytes);
    request.destination_bytes = layout_.range_start_bytes + (1 + snapshots_ % spec_.snapshot_slots) * layout_.device_bytes;
    request.arrival_ns = last_arrival_ns_;
    ++snapshots_;
    return true;
  }
  if (range_commands_due_ != 0) {
    next_range_command(request);
    return true;
  }
  // With a warm-up the host driver applies count and time, from the warm-up's end.
  const bool own_limits = !spec_.has_warmup();
  if (own_limits && spec_.request_count != 0 && issued_ >= spec_.request_count) return false;
  std::uint64_t arrival_ns = 0;
  if (clock_) {
    arrival_ns = clock_->next_arrival_ns(arrival_rng_);
    if (own_limits && spec_.duration_ns != 0 && arrival_ns >= spec_.duration_ns) return false;
  }
  request = HostRequest{};
  request.id = issued_++ + snapshots_ + range_commands_;
  request.arrival_ns = arrival_ns;
  last_arrival_ns_ = arrival_ns;
  ++since_snapshot_;
  const auto due = [this](std::uint64_t every) { return every != 0 && issued_ % every == 0; };
  if (due(spec_.range_copy_every)) range_commands_due_ |= range_command_bit(HostOp::RangeCopy);
  if (due(spec_.range_move_every)) range_commands_due_ |= range_command_bit(HostOp::RangeMove);
  if (due(spec_.range_delete_every)) range_commands_due_ |= range_command_bit(HostOp::RangeDelete);
  const double read_fraction = spec_.read_fraction;
  const bool read = read_fraction >= 1.0 || (read_fraction > 0.0 && op_rng_.uniform01() < read_fraction);
  request.op = read ? HostOp::Read : HostOp::Write;
  request.size_bytes = next_size();
  request.offset_bytes = next_offset(request.size_bytes);
  return true;
}

std::uint64_t SyntheticRequestSource::random_range_place() {
  const std::uint64_t places = (layout_.range_end_bytes - layout_.range_start_bytes) / layout_.range_command_bytes;
  return layout_.range_start_bytes + range_rng_.below(places) * layout_.range_command_bytes;
}

void SyntheticRequestSource::next_range_command(HostRequest& request) {
  // Like a snapshot, it takes a request's place in the stream (at the last request's arrival
  // time) but not in request_count; its places come from its own random stream, so the
  // requests around it are those of the same workload without range commands.
  HostOp op = HostOp::RangeCopy;
  for (HostOp candidate : kRangeCommandOps) {
    if (range_commands_due_ & range_command_bit(candidate)) {
      op = candidate;
      break;
    }
  }
  range_commands_due_ &= static_cast<std::uint8_t>(~range_command_bit(op));
  request = HostRequest{};
  request.id = issued_ + snapshots_ + range_commands_++;
  request.op = op;
  request.size_bytes = static_cast<std::uint32_t>(layout_.range_command_bytes);
  request.offset_bytes = random_range_place();
  if (op != HostOp::RangeDelete) request.destination_bytes = random_range_place();
  request.arrival_ns = last_arrival_ns_;
}

std::string SyntheticRequestSource::describe() const {
  std::string text = to_compact(spec_) + " over bytes [" + std::to_string(layout_.range_start_bytes) + ", " +
                     std::to_string(layout_.range_end_bytes) + ")";
  if (addresses_) text += ", " + addresses_->describe() + " of " + spec::format_bytes(slot_bytes_);
  return text;
}

}  // namespace ssdtlm

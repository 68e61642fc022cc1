#include "models/ftl/recovery/power_loss_recorder.h"

#include <algorithm>
#include <stdexcept>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

// One checkpoint: the 4-byte map entry of every logical page plus a 4-byte state word per block
// (open or not, for the roll-forward), rounded up to whole flash pages.
std::uint32_t checkpoint_pages_for(const FtlCore& core) {
  const std::uint64_t bytes = 4 * core.logical_pages() + 4 * core.geometry().total_blocks();
  const std::uint64_t page = core.geometry().page_size_bytes;
  return static_cast<std::uint32_t>((bytes + page - 1) / page);
}

}  // namespace

PowerLossRecorder::PowerLossRecorder(const PowerLossConfig& config, const FtlCore& core, const DataOracle* oracle)
    : config_(config), core_(core), oracle_(oracle), oob_(core.geometry().total_pages()) {
  // The trim table sits in the logical pages above the spare-factor space (see FtlCoreConfig).
  trim_table_first_lpn_ = static_cast<Lpn>(core.fillable_logical_pages());
  trim_table_pages_ = static_cast<std::uint32_t>(core.logical_pages() - core.fillable_logical_pages());
  trim_entries_per_page_ = std::max<std::uint32_t>(1, core.geometry().page_size_bytes / 4);
  host_logical_pages_ = core.fillable_logical_pages();
  if (config.checkpoint_interval_pages > 0) {
    checkpoint_pages_ = checkpoint_pages_for(core);
    const std::uint64_t reserved = 2ull * checkpoint_pages_;
    if (reserved * 2 > core.logical_pages()) {
      throw config_error("power.checkpoint_interval_pages",
                         "the two checkpoint slots (" + std::to_string(reserved) + " pages) would take more than half of the " +
                             std::to_string(core.logical_pages()) + " logical pages; use a larger device or no checkpoints");
    }
    host_logical_pages_ -= reserved;
  }
  if (std::uint64_t(trim_table_pages_) * trim_entries_per_page_ < host_logical_pages_) {
    throw std::logic_error("power-loss model: the trim table does not cover the host's logical pages");
  }
  trim_seq_.assign(host_logical_pages_, 0);
  table_current_.resize(trim_table_pages_);
  table_previous_.resize(trim_table_pages_);
  // The durability record exists for the data-mode check only (16 B per host page).
  if (oracle_ != nullptr) durable_.assign(host_logical_pages_, Durable{});
}

std::uint64_t PowerLossRecorder::bytes() const {
  std::uint64_t tables = 0;
  for (const auto* versions : {&table_current_, &table_previous_}) {
    for (const TableVersion& v : *versions) tables += v.content ? v.content->capacity() * sizeof(std::uint32_t) : 0;
  }
  return oob_.bytes() + durable_.capacity() * sizeof(Durable) + (pending_.map.capacity() + complete_.map.capacity()) * sizeof(Ppn) +
         trim_seq_.capacity() * sizeof(std::uint32_t) + tables + table_copies_.size() * 16;
}

void PowerLossRecorder::trim_applied(Lpn host_lpn) { trim_seq_[host_lpn] = oob_.next_seq(); }

const PowerLossRecorder::TableVersion* PowerLossRecorder::table_version(std::uint32_t table_page, std::uint32_t id) const {
  if (table_current_[table_page].id == id && table_current_[table_page].content) return &table_current_[table_page];
  if (table_previous_[table_page].id == id && table_previous_[table_page].content) return &table_previous_[table_page];
  return nullptr;
}

void PowerLossRecorder::trims_durable(const TrimTableContent& content, std::uint32_t table_page) {
  if (durable_.empty()) return;
  const Lpn first = table_page * trim_entries_per_page_;
  for (std::uint32_t i = 0; i < content.size(); ++i) {
    Durable& d = durable_[first + i];
    if (content[i] > d.seq) d = Durable{content[i], 0};
  }
}

void PowerLossRecorder::on_program(Ppn ppn, Lpn lpn, OpOrigin origin) {
  if (next_ != nullptr) next_->on_program(ppn, lpn, origin);  // the die mirror first: it sets the oracle's tag
  const std::uint32_t seq = oob_.next_seq();
  oob_.write(ppn, lpn, seq);
  if (is_trim_table_lpn(lpn)) {
    const std::uint32_t page = trim_table_page_of_lpn(lpn);
    if (origin == OpOrigin::Gc) {
      // A move (or a failed program driven again) copies the version it moves: the mapped one.
      table_copies_[ppn] = table_current_[page].id;
    } else {
      const Lpn first = page * trim_entries_per_page_;
      const Lpn end = std::min<Lpn>(first + trim_entries_per_page_, static_cast<Lpn>(host_logical_pages_));
      table_previous_[page] = std::move(table_current_[page]);
      table_current_[page] = TableVersion{seq, std::make_shared<const TrimTableContent>(trim_seq_.begin() + first, trim_seq_.begin() + end)};
      table_copies_[ppn] = seq;
    }
  }
  if (!instant_) {
    inflight_[ppn] = InFlight{false, lpn, 0};
    return;
  }
  if (lpn < durable_.size()) durable_[lpn] = Durable{seq, oracle_->expected(lpn)};
}

void PowerLossRecorder::on_erase(BlockId block) {
  if (next_ != nullptr) next_->on_erase(block);
  const std::uint32_t pages = core_.geometry().pages_per_block;
  oob_.erase_block(block * pages, pages);
  erasing_.erase(block);
  if (!table_copies_.empty()) {
    for (std::uint32_t p = 0; p < pages; ++p) table_copies_.erase(Ppn(block * pages + p));
  }
}

void PowerLossRecorder::host_write_issued(Lpn /*lpn*/, Ppn ppn, std::uint64_t tag) {
  const auto it = inflight_.find(ppn);
  if (it == inflight_.end()) return;
  it->second.host = true;
  it->second.tag = tag;
}

void PowerLossRecorder::program_completed(Ppn ppn) {
  inflight_.erase(ppn);
  if (!table_copies_.empty()) {
    const auto copy = table_copies_.find(ppn);
    if (copy != table_copies_.end()) {
      const std::uint32_t page = trim_table_page_of_lpn(oob_.at(ppn).lpn);
      if (const TableVersion* version = table_version(page, copy->second)) trims_durable(*version->content, page);
    }
  }
  if (checkpoint_running_ && oob_.at(ppn).seq <= pending_.seq) {
    --pending_older_programs_;
    maybe_complete_checkpoint();
  }
}

void PowerLossRecorder::host_write_durable(Lpn lpn, Ppn ppn, std::uint64_t tag) {
  if (lpn >= durable_.size()) return;
  const std::uint32_t seq = oob_.at(ppn).seq;
  if (seq > durable_[lpn].seq) durable_[lpn] = Durable{seq, tag};
}

void PowerLossRecorder::erase_issued(BlockId block) { erasing_[block] = true; }

bool PowerLossRecorder::host_page_written() {
  if (config_.checkpoint_interval_pages == 0) return false;
  if (++writes_since_checkpoint_ < config_.checkpoint_interval_pages || checkpoint_running_) return false;
  writes_since_checkpoint_ = 0;
  return true;
}

std::vector<Lpn> PowerLossRecorder::begin_checkpoint() {
  checkpoint_running_ = true;
  ++checkpoints_started_;
  pending_.seq = oob_.last_seq();
  pending_.map.resize(core_.logical_pages());
  for (Lpn lpn = 0; lpn < core_.logical_pages(); ++lpn) pending_.map[lpn] = core_.lookup(lpn);
  pending_.open_blocks.clear();
  for (BlockId block = 0; block < core_.geometry().total_blocks(); ++block) {
    if (core_.blocks().state(block) == BlockState::Open) pending_.open_blocks.push_back(block);
  }
  pending_.pages.clear();
  pending_pages_done_ = 0;
  pending_older_programs_ = inflight_.size();  // all mapped before now: sequence numbers <= S
  std::vector<Lpn> lpns(checkpoint_pages_);
  const Lpn base = static_cast<Lpn>(host_logical_pages_ + std::uint64_t(next_slot_) * checkpoint_pages_);
  for (std::uint32_t i = 0; i < checkpoint_pages_; ++i) lpns[i] = base + i;
  next_slot_ ^= 1u;
  return lpns;
}

void PowerLossRecorder::checkpoint_page_completed() {
  ++pending_pages_done_;
  maybe_complete_checkpoint();
}

void PowerLossRecorder::maybe_complete_checkpoint() {
  if (!checkpoint_running_ || pending_pages_done_ < checkpoint_pages_ || pending_older_programs_ != 0) return;
  // The root pointer (a few bytes in the controller's boot area) now names this checkpoint.
  checkpoint_running_ = false;
  has_complete_ = true;
  std::swap(complete_, pending_);
  complete_.pages.assign(checkpoint_pages_, kInvalidPpn);
  complete_slot_ = next_slot_ ^ 1u;  // next_slot_ was flipped when this checkpoint began
  ++checkpoints_completed_;
}

void PowerLossRecorder::restore(const std::vector<OobEntry>& oob, const std::vector<Ppn>& l2p,
                                const std::function<std::uint64_t(Ppn)>& content, const PowerCutImage& image) {
  oob_.restore(oob);
  for (Lpn lpn = 0; lpn < durable_.size(); ++lpn) {
    if (l2p[lpn] != kInvalidPpn) durable_[lpn] = Durable{oob[l2p[lpn]].seq, content(l2p[lpn])};
  }
  // The table pages the recovery found are the current versions: later table programs start
  // from their entries, and a later recovery reads them again.
  for (std::uint32_t page = 0; page < trim_table_pages_; ++page) {
    const Ppn ppn = l2p[trim_table_lpn(page)];
    if (ppn == kInvalidPpn) continue;
    const auto found = image.trim_tables.find(ppn);
    if (found == image.trim_tables.end()) {
      throw std::logic_error("power-loss model: the recovered trim-table page " + std::to_string(page) + " has no content");
    }
    table_current_[page] = TableVersion{oob[ppn].seq, found->second};
    table_copies_[ppn] = oob[ppn].seq;
    std::copy(found->second->begin(), found->second->end(), trim_seq_.begin() + page * trim_entries_per_page_);
  }
}

PowerCutImage PowerLossRecorder::cut(const std::function<bool(Ppn)>& started_on_die) const {
  PowerCutImage image;
  const FlashGeometry& g = core_.geometry();
  image.geometry = g;
  image.logical_pages = core_.logical_pages();
  image.host_logical_pages = host_logical_pages_;
  image.oob = oob_.entries();
  for (const auto& [ppn, flight] : inflight_) {
    if (started_on_die(ppn)) {
      image.oob[ppn].lpn = OobEntry::kTorn;
      ++image.torn_programs;
    } else {
      image.oob[ppn] = OobEntry{};
      ++image.lost_programs;
    }
    if (flight.host && flight.lpn < durable_.size() && oob_.at(ppn).seq > durable_[flight.lpn].seq) {
      image.inflight_host_tags.emplace_back(flight.lpn, flight.tag);
    }
  }
  // Trims applied whose table page has not been programmed yet (and not overtaken by a durable
  // write): the page may read back as trimmed too.
  for (Lpn lpn = 0; lpn < durable_.size(); ++lpn) {
    if (trim_seq_[lpn] > durable_[lpn].seq) image.inflight_host_tags.emplace_back(lpn, 0);
  }
  std::sort(image.inflight_host_tags.begin(), image.inflight_host_tags.end());
  image.trim_table_first_lpn = trim_table_first_lpn_;
  image.trim_table_pages = trim_table_pages_;
  image.trim_entries_per_page = trim_entries_per_page_;
  for (const auto& [ppn, id] : table_copies_) {
    if (!image.oob[ppn].readable()) continue;
    if (const TableVersion* version = table_version(trim_table_page_of_lpn(image.oob[ppn].lpn), id)) {
      image.trim_tables.emplace(ppn, version->content);
    }
  }
  for (const auto& [block, unused] : erasing_) {
    for (std::uint32_t p = 0; p < g.pages_per_block; ++p) image.oob[g.page_id(block, p)].lpn = OobEntry::kTorn;
    ++image.torn_erases;
  }
  image.durable_tag.resize(host_logical_pages_, 0);  // all 0 (no contents) without data mode
  for (Lpn lpn = 0; lpn < durable_.size(); ++lpn) image.durable_tag[lpn] = durable_[lpn].tag;
  if (has_complete_) {
    image.has_checkpoint = true;
    image.checkpoint = complete_;
    // The root pointer tracks the checkpoint pages' current places (GC may have moved them):
    // the newest readable copy of each.
    const Lpn base = static_cast<Lpn>(host_logical_pages_ + std::uint64_t(complete_slot_) * checkpoint_pages_);
    std::vector<std::uint32_t> best_seq(checkpoint_pages_, 0);
    for (Ppn ppn = 0; ppn < image.oob.size(); ++ppn) {
      const OobEntry& e = image.oob[ppn];
      if (!e.readable() || e.lpn < base || e.lpn >= base + checkpoint_pages_) continue;
      const std::uint32_t i = e.lpn - base;
      if (e.seq >= best_seq[i]) {
        best_seq[i] = e.seq;
        image.checkpoint.pages[i] = ppn;
      }
    }
    for (const Ppn ppn : image.checkpoint.pages) {
      if (ppn == kInvalidPpn) throw std::logic_error("power-loss model: a page of the latest checkpoint has no readable copy");
    }
  }
  return image;
}

}  // namespace ssdtlm

#include "models/host/host_interface.h"
#include "models/kernel/event_loop.h"

#include <algorithm>
#include <sstream>

namespace ssdtlm {

using sc_core::sc_time;
using sc_core::SC_PS;

struct HostInterface::Request {
  tlm::tlm_generic_payload* host_gp = nullptr;
  HostCommand* command = nullptr;
  std::uint32_t pages_outstanding = 0;
  sc_time last_data_done;  // reads: when the last page's data reached the host
  bool failed = false;     // a page came back with an error status (NAND fault model)
};

// The page command is the payload: the FTL's response leads back to it with a cast.
struct HostInterface::PageCommand : tlm::tlm_generic_payload {
  FtlCommand command;
  Request* request = nullptr;

  PageCommand() { set_extension(&command); }
  ~PageCommand() override { clear_extension(&command); }  // the extension is a member, not heap-owned
};

HostInterface::HostInterface(sc_core::sc_module_name name, const HostInterfaceConfig& config,
                             std::uint32_t page_size_bytes, std::uint64_t logical_pages)
    : sc_core::sc_module(name),
      host_socket("host_socket"),
      ftl_socket("ftl_socket"),
      config_(config),
      page_size_bytes_(page_size_bytes),
      logical_pages_(logical_pages),
      timer_("timer"),
      submission_queues_(config.queue_pairs) {
  host_socket.register_nb_transport_fw(this, &HostInterface::nb_transport_fw);
  ftl_socket.register_nb_transport_bw(this, &HostInterface::nb_transport_bw);
}

HostInterface::~HostInterface() = default;

sc_time HostInterface::reserve(sc_time& free_at, std::uint64_t& busy_ps, std::uint64_t ps) {
  const sc_time start = std::max(free_at, sim_now());
  free_at = start + sc_core::sc_time::from_value(ps);
  busy_ps += ps;
  return free_at;
}

tlm::tlm_sync_enum HostInterface::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time&) {
  if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
  auto* command = gp.get_extension<HostCommand>();
  if (phase != tlm::BEGIN_REQ || command == nullptr) {
    SC_REPORT_ERROR("ssdtlm/host", "host interface expects BEGIN_REQ with a HostCommand extension");
    return tlm::TLM_COMPLETED;
  }
  if (!accept_request(gp, *command)) return tlm::TLM_COMPLETED;  // refused (reported)
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void HostInterface::begin_command(tlm::tlm_generic_payload& payload, HostCommand& command) {
  accept_request(payload, command);
}

const sc_core::sc_interface* HostInterface::command_forward_interface() const {
  return &host_socket.get_base_interface();
}

bool HostInterface::link_command_initiator(CommandInitiator<HostCommand>& initiator,
                                           const sc_core::sc_interface* backward_interface) {
  if (backward_interface == nullptr || host_socket.get_base_port().get_interface() != backward_interface) return false;
  driver_ = &initiator;
  return true;
}

void HostInterface::end_of_elaboration() {
  CommandTarget<FtlCommand>* ftl = find_command_target<FtlCommand>(ftl_socket.get_base_port().get_interface());
  if (ftl != nullptr && ftl->link_command_initiator(*this, &ftl_socket.get_base_interface())) ftl_ = ftl;
}

bool HostInterface::accept_request(tlm::tlm_generic_payload& gp, HostCommand& command) {
  const auto& r = command.request;
  const std::uint64_t end = r.offset_bytes + r.size_bytes;
  if (r.size_bytes == 0 && r.op != HostOp::Flush) {
    SC_REPORT_ERROR("ssdtlm/host", "zero-length request");
    return false;
  }
  if (r.offset_bytes % config_.logical_block_bytes != 0 || r.size_bytes % config_.logical_block_bytes != 0 ||
      end > logical_pages_ * page_size_bytes_) {
    std::ostringstream message;
    message << "request " << r.id << " [" << r.offset_bytes << ", +" << r.size_bytes
            << ") is not aligned to " << config_.logical_block_bytes << " B blocks or exceeds the "
            << logical_pages_ * page_size_bytes_ << " B namespace";
    SC_REPORT_ERROR("ssdtlm/host", message.str().c_str());
    return false;
  }
  if (is_range_command(r.op)) {
    // The multi-reference store maps whole pages: a range command names whole pages, and its
    // destination must lie in the namespace too.
    const std::uint64_t destination_end = r.destination_bytes + r.size_bytes;
    if (r.offset_bytes % page_size_bytes_ != 0 || r.size_bytes % page_size_bytes_ != 0 ||
        r.destination_bytes % page_size_bytes_ != 0 || destination_end > logical_pages_ * page_size_bytes_) {
      std::ostringstream message;
      message << to_string(r.op) << " request " << r.id << " [" << r.offset_bytes << ", +" << r.size_bytes
              << ") -> " << r.destination_bytes << " is not aligned to " << page_size_bytes_
              << " B pages or its destination exceeds the " << logical_pages_ * page_size_bytes_ << " B namespace";
      SC_REPORT_ERROR("ssdtlm/host", message.str().c_str());
      return false;
    }
  }
  Request* request;
  if (free_requests_.empty()) {
    request_storage_.push_back(std::make_unique<Request>());
    request = request_storage_.back().get();
  } else {
    request = free_requests_.back();
    free_requests_.pop_back();
  }
  request->host_gp = &gp;
  request->command = &command;
  request->pages_outstanding = 0;
  request->last_data_done = sc_core::SC_ZERO_TIME;
  submission_queues_[r.stream % submission_queues_.size()].push_back(request);
  try_fetch();
  return true;
}

void HostInterface::try_fetch() {
  if (fetch_in_progress_) return;
  // Round-robin arbitration over non-empty submission queues.
  for (std::size_t tried = 0; tried < submission_queues_.size(); ++tried) {
    auto& queue = submission_queues_[next_queue_];
    next_queue_ = (next_queue_ + 1) % submission_queues_.size();
    if (queue.empty()) continue;
    Request* request = queue.front();
    queue.pop_front();
    fetch_in_progress_ = true;
    // Command fetch, then (writes) the data pull; both on the host->device direction.
    std::uint64_t ps = config_.pcie.transfer_ps(config_.command_bytes);
    const sc_time command_done = reserve(downstream_free_at_, downstream_busy_ps_, ps);
    // The next fetch may start as soon as this command is in; data pulls queue behind it.
    timer_.schedule_at(command_done, [this, request]() {
      fetch_in_progress_ = false;
      fetched(*request);
      try_fetch();
    });
    return;
  }
}

void HostInterface::fetched(Request& request) {
  request.command->fetch_time_ps = sim_now_ps();
  const auto& r = request.command->request;
  sc_time ready = sim_now();
  if (r.op == HostOp::Write) {
    ready = reserve(downstream_free_at_, downstream_busy_ps_, config_.pcie.transfer_ps(r.size_bytes));
  }
  ready += sc_time(double(config_.command_overhead_ns), sc_core::SC_NS);
  timer_.schedule_at(ready, [this, &request]() { dispatch_pages(request); });
}

void HostInterface::dispatch_pages(Request& request) {
  const auto& r = request.command->request;
  if (r.op == HostOp::Flush) {
    // One command to the FTL, which completes it once everything written before it is
    // durable (with a volatile write buffer, after the buffer has drained).
    request.pages_outstanding = 1;
    PageCommand* page = take_page();
    page->request = &request;
    page->command.op = r.op;
    page->command.lpn = 0;
    page->command.pages = 1;
    page->command.destination_lpn = 0;
    page->command.bytes = 0;
    page->command.data_tag = 0;
    send_page_command(*page);
    return;
  }
  const std::uint64_t first_page = r.offset_bytes / page_size_bytes_;
  const std::uint64_t last_page = (r.offset_bytes + r.size_bytes - 1) / page_size_bytes_;
  if (is_range_command(r.op)) {
    // One command for the whole range: the FTL changes its map, no page is transferred.
    request.pages_outstanding = 1;
    PageCommand* page = take_page();
    page->request = &request;
    page->command.op = r.op;
    page->command.lpn = static_cast<Lpn>(first_page);
    page->command.pages = last_page - first_page + 1;
    page->command.destination_lpn = static_cast<Lpn>(r.destination_bytes / page_size_bytes_);
    page->command.bytes = 0;
    page->command.data_tag = 0;
    send_page_command(*page);
    return;
  }
  request.pages_outstanding = static_cast<std::uint32_t>(last_page - first_page + 1);
  for (std::uint64_t lpn = first_page; lpn <= last_page; ++lpn) {
    PageCommand* page = take_page();
    const std::uint64_t page_start = lpn * page_size_bytes_;
    const std::uint64_t from = std::max<std::uint64_t>(page_start, r.offset_bytes);
    const std::uint64_t to = std::min<std::uint64_t>(page_start + page_size_bytes_, r.offset_bytes + r.size_bytes);
    page->request = &request;
    page->command.op = r.op;
    page->command.lpn = static_cast<Lpn>(lpn);
    page->command.bytes = static_cast<std::uint32_t>(to - from);
    page->command.pages = 1;
    page->command.data_tag = 0;
    send_page_command(*page);
  }
}

void HostInterface::send_page_command(PageCommand& page) {
  page.command.issuer_tag = reinterpret_cast<std::uint64_t>(&page);
  page.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  send_begin_request(ftl_, ftl_socket, page, page.command);
}

HostInterface::PageCommand* HostInterface::take_page() {
  if (free_pages_.empty()) {
    page_storage_.push_back(std::make_unique<PageCommand>());
    return page_storage_.back().get();
  }
  PageCommand* page = free_pages_.back();
  free_pages_.pop_back();
  return page;
}

tlm::tlm_sync_enum HostInterface::nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time&) {
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  page_completed(static_cast<PageCommand&>(gp));  // only PageCommands are sent
  return tlm::TLM_COMPLETED;
}

void HostInterface::end_command(tlm::tlm_generic_payload& payload) {
  page_completed(static_cast<PageCommand&>(payload));  // only PageCommands are sent
}

void HostInterface::page_completed(PageCommand& page) {
  Request& request = *page.request;
  if (page.is_response_error()) request.failed = true;
  if (request.command->request.op == HostOp::Read) {
    // Each page's data goes up as soon as it is read (PRP-style transfers).
    request.last_data_done = reserve(upstream_free_at_, upstream_busy_ps_, config_.pcie.transfer_ps(page.command.bytes));
  }
  free_pages_.push_back(&page);
  if (--request.pages_outstanding == 0) request_pages_done(request);
}

void HostInterface::request_pages_done(Request& request) {
  if (request.last_data_done > sim_now()) {
    timer_.schedule_at(request.last_data_done, [this, &request]() { send_completion(request); });
  } else {
    send_completion(request);
  }
}

void HostInterface::send_completion(Request& request) {
  const sc_time done = reserve(upstream_free_at_, upstream_busy_ps_, config_.pcie.transfer_ps(config_.completion_bytes));
  timer_.schedule_at(done, [this, &request]() {
    tlm::tlm_generic_payload& gp = *request.host_gp;
    free_requests_.push_back(&request);
    gp.set_response_status(request.failed ? tlm::TLM_GENERIC_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE);
    if (request.failed) ++failed_requests_;
    request.failed = false;
    send_begin_response(driver_, host_socket, gp);
  });
}

}  // namespace ssdtlm

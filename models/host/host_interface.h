#pragma once
// HostInterface: the NVMe-like front end of the SSD. Commands arrive in submission queues
// (one FIFO per queue pair, served round-robin), are fetched over the PCIe link, write data is
// pulled from the host, the request is split into flash pages for the FTL, read data is pushed
// back page by page as pages complete, and a completion entry ends the request.
//
// The link is full duplex: one serial resource per direction (host->device carries command
// fetches and write data; device->host carries read data and completions).
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/kernel/command_link.h"
#include "models/common/ftl_command.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/host/host_interface_config.h"

namespace ssdtlm {

class HostInterface : public sc_core::sc_module,
                      public CommandTarget<HostCommand>,  // public: found by dynamic_cast (command_link.h)
                      private CommandInitiator<FtlCommand> {
 public:
  tlm_utils::simple_target_socket<HostInterface> host_socket;  // from the host driver
  tlm_utils::simple_initiator_socket<HostInterface> ftl_socket; // to FtlCpu

  HostInterface(sc_core::sc_module_name name, const HostInterfaceConfig& config,
                std::uint32_t page_size_bytes, std::uint64_t logical_pages);
  ~HostInterface() override;

  std::uint64_t downstream_busy_ps() const { return downstream_busy_ps_; }
  std::uint64_t upstream_busy_ps() const { return upstream_busy_ps_; }
  // Requests completed with an error status (a page failed: NAND fault model).
  std::uint64_t failed_requests() const { return failed_requests_; }
  // Whether the host driver and the FTL are reached by direct calls (models/kernel/command_link.h;
  // known from the end of elaboration) rather than through host_socket and ftl_socket.
  bool direct_host_calls() const { return driver_ != nullptr; }
  bool direct_ftl_calls() const { return ftl_ != nullptr; }

 private:
  struct Request;
  struct PageCommand;

  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  // A host request (BEGIN_REQ), by either path; false: refused (reported).
  bool accept_request(tlm::tlm_generic_payload& gp, HostCommand& command);
  // Direct calls (models/kernel/command_link.h): the driver's requests and the FTL's responses.
  void end_of_elaboration() override;
  void begin_command(tlm::tlm_generic_payload& payload, HostCommand& command) override;
  const sc_core::sc_interface* command_forward_interface() const override;
  bool link_command_initiator(CommandInitiator<HostCommand>& initiator,
                              const sc_core::sc_interface* backward_interface) override;
  void end_command(tlm::tlm_generic_payload& payload) override;

  void try_fetch();
  void fetched(Request& request);
  void dispatch_pages(Request& request);
  PageCommand* take_page();
  // Hands a filled page command to the FTL (BEGIN_REQ); its completion comes back on the socket.
  void send_page_command(PageCommand& page);
  void page_completed(PageCommand& page);
  void request_pages_done(Request& request);
  void send_completion(Request& request);
  // Reserves the link direction for `ps` from the earliest free instant; returns the end time.
  sc_core::sc_time reserve(sc_core::sc_time& free_at, std::uint64_t& busy_ps, std::uint64_t ps);

  HostInterfaceConfig config_;
  std::uint64_t failed_requests_ = 0;
  std::uint32_t page_size_bytes_;
  std::uint64_t logical_pages_;
  TimedCallbackQueue timer_;
  CommandInitiator<HostCommand>* driver_ = nullptr;  // the host driver's direct calls
  CommandTarget<FtlCommand>* ftl_ = nullptr;         // the FTL's direct calls
  std::vector<std::deque<Request*>> submission_queues_;
  std::uint32_t next_queue_ = 0;
  bool fetch_in_progress_ = false;
  sc_core::sc_time downstream_free_at_;
  sc_core::sc_time upstream_free_at_;
  std::uint64_t downstream_busy_ps_ = 0;
  std::uint64_t upstream_busy_ps_ = 0;

  std::vector<std::unique_ptr<Request>> request_storage_;
  std::vector<Request*> free_requests_;
  std::vector<std::unique_ptr<PageCommand>> page_storage_;
  std::vector<PageCommand*> free_pages_;
};

}  // namespace ssdtlm

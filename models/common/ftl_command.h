#pragma once
// Payload extension of one page-level command from HostInterface to FtlCpu.
#include <cstdint>

#include <tlm>

#include "models/common/flash_geometry.h"
#include "models/common/host_request.h"

namespace ssdtlm {

class FtlCommand : public tlm::tlm_extension<FtlCommand> {
 public:
  HostOp op = HostOp::Read;
  Lpn lpn = 0;
  std::uint32_t bytes = 0;       // bytes of the page this command covers
  // Range commands (is_range_command(op)) come as one command for the whole range.
  std::uint64_t pages = 1;
  Lpn destination_lpn = 0;
  std::uint64_t data_tag = 0;    // data mode: content read
  std::uint64_t issuer_tag = 0;  // opaque to FtlCpu

  tlm::tlm_extension_base* clone() const override { return new FtlCommand(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const FtlCommand&>(other);
  }
};

// Payload extension of one host request from the host driver to HostInterface.
class HostCommand : public tlm::tlm_extension<HostCommand> {
 public:
  HostRequest request;
  std::uint64_t submit_time_ps = 0;
  // When the host interface had fetched the command (the end of its transfer over the link):
  // fio's submission latency ends here, its completion latency starts.
  std::uint64_t fetch_time_ps = 0;
  std::uint64_t issuer_tag = 0;

  tlm::tlm_extension_base* clone() const override { return new HostCommand(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const HostCommand&>(other);
  }
};

}  // namespace ssdtlm

// FtlCpu and mdc's sort buffer (HostSortBuffer, models/ftl/firmware/host_sort_buffer.h): the
// buffer's view of this firmware.
#include "models/ftl/ftl_cpu.h"

namespace ssdtlm {

std::uint64_t FtlCpu::sort_buffer_tag(Lpn lpn) const {
  if (sort_) return sort_->tag(lpn);
  return oracle_ != nullptr ? oracle_->expected(lpn) : 0;
}

void FtlCpu::SortHooks::program_entry(const PendingWrite& write) { cpu_.host_writes_.accept(write); }

void FtlCpu::SortHooks::answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) {
  cpu_.complete_host_after(gp, delay_ns);
}

void FtlCpu::SortHooks::check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) {
  cpu_.check_page_data(lpn, ppn, expected_tag, tag_read);
}

void FtlCpu::SortHooks::page_rewritten(Lpn lpn) {
  cpu_.faults_.page_replaced(lpn);
}

bool FtlCpu::SortHooks::draining() const { return static_cast<bool>(cpu_.idle_callback_); }

void FtlCpu::SortHooks::batch_done() {
  if (cpu_.idle_callback_) cpu_.check_idle();
}

bool FtlCpu::SortHooks::writes_waiting(UnitId unit) const { return cpu_.host_writes_.writes_waiting(unit); }

}  // namespace ssdtlm

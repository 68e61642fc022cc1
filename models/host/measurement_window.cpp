#include "models/host/measurement_window.h"

namespace ssdtlm {

void MeasurementWindow::end_counted_warmup(std::uint64_t now_ps) {
  if (pending_ == 0) return;
  --pending_;
  start_ps_ = std::max(start_ps_, now_ps);
  open_if_due(now_ps);
}

void MeasurementWindow::open_if_due(std::uint64_t now_ps) {
  if (opened_ || !has_warmup_ || pending_ != 0 || now_ps < start_ps_) return;
  opened_ = true;
  for (const std::function<void()>& listener : listeners_) listener();
}

}  // namespace ssdtlm

#pragma once
// The `ssdtlm` command's progress display: one line on stderr, rewritten in place, with the
// phase (preconditioning or the timed run), percent done, the estimated time left and a
// detail. Only on a terminal and without --quiet (SSDTLM_PROGRESS=1 forces it on, =0 off);
// nothing for the first two wall seconds, so short runs print nothing; then at most four
// updates per wall second. Callers ask due() first (one clock read) and build the figures only
// when it is true.
#include <chrono>
#include <string>

namespace ssdtlm::cli {

class ProgressLine {
 public:
  // Whether a run's progress is shown: stderr is a terminal and not `quiet`, unless the
  // environment's SSDTLM_PROGRESS says otherwise.
  static bool wanted(bool quiet);

  explicit ProgressLine(bool enabled) : enabled_(enabled) {}
  ~ProgressLine() { finish(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // A new phase: its clock (for the time left) starts now.
  void start(const std::string& phase);
  bool due() const;
  // `fraction` of the phase done (shown as a percentage with the time left), or negative when
  // unknown (then only the elapsed time); `detail` follows.
  void show(double fraction, const std::string& detail);
  // Ends the line (the next output starts on a fresh line).
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  std::string phase_;
  Clock::time_point phase_start_ = Clock::now();
  Clock::time_point next_update_ = Clock::now();
  bool line_open_ = false;
};

}  // namespace ssdtlm::cli

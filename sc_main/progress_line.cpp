#include "sc_main/progress_line.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ssdtlm::cli {
namespace {

constexpr auto kQuietStart = std::chrono::seconds(2);
constexpr auto kUpdateInterval = std::chrono::milliseconds(250);

std::string format_duration(double seconds) {
  const long total = static_cast<long>(seconds + 0.5);
  char text[32];
  if (total >= 3600) {
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
  } else {
    std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
  }
  return text;
}

}  // namespace

bool ProgressLine::wanted(bool quiet) {
  if (const char* forced = std::getenv("SSDTLM_PROGRESS"); forced != nullptr && *forced != '\0') {
    return std::strcmp(forced, "0") != 0;
  }
  return !quiet && ::isatty(STDERR_FILENO) == 1;
}

void ProgressLine::start(const std::string& phase) {
  phase_ = phase;
  phase_start_ = Clock::now();
  next_update_ = phase_start_ + kQuietStart;
}

bool ProgressLine::due() const { return enabled_ && Clock::now() >= next_update_; }

void ProgressLine::show(double fraction, const std::string& detail) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  next_update_ = now + kUpdateInterval;
  const double elapsed = std::chrono::duration<double>(now - phase_start_).count();
  std::string figures;
  if (fraction >= 0.0) {
    // A phase that runs past its estimate (steady preconditioning) stays below 100 %.
    const double shown = std::min(fraction, 0.999);
    char percent[16];
    std::snprintf(percent, sizeof percent, "%5.1f%%", 100.0 * shown);
    figures = std::string(percent) + ", ETA " +
              (shown > 0.0 ? format_duration(elapsed * (1.0 - shown) / shown) : std::string("?"));
  } else {
    figures = "elapsed " + format_duration(elapsed);
  }
  // \r and erase-to-end-of-line: the line is rewritten in place.
  std::fprintf(stderr, "\r\033[K[ssdtlm] %s %s  %s", phase_.c_str(), figures.c_str(), detail.c_str());
  std::fflush(stderr);
  line_open_ = true;
}

void ProgressLine::finish() {
  if (!line_open_) return;
  std::fprintf(stderr, "\n");
  std::fflush(stderr);
  line_open_ = false;
}

}  // namespace ssdtlm::cli

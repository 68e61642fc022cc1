#include "models/common/config/did_you_mean.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <utility>

namespace ssdtlm {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: three rows of the dynamic programme (the one before last for
  // transpositions).
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  std::iota(previous.begin(), previous.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

namespace {
std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}
}  // namespace

std::string nearest_name(std::string_view name, const std::vector<std::string>& candidates) {
  // Names are short; a hint for a long garbled input is noise, and the cost is quadratic.
  constexpr std::size_t kLongestCompared = 64;
  if (name.empty() || name.size() > kLongestCompared) return "";
  const std::string name_lower = lower(name);
  const std::size_t allowed = std::max<std::size_t>(1, name.size() / 3);
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& candidate : candidates) {
    if (candidate == name || candidate.size() > kLongestCompared) continue;
    const std::size_t distance = edit_distance(name_lower, lower(candidate));
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  const std::string nearest = nearest_name(name, candidates);
  return nearest.empty() ? "" : " (did you mean '" + nearest + "'?)";
}

}  // namespace ssdtlm

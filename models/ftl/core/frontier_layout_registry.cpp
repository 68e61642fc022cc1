// The table of write-frontier layouts by name (explicit, like the victim policy registry).
#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/ftl/core/frontier_layout.h"

namespace ssdtlm {

const std::vector<FrontierLayoutInfo>& frontier_layouts() {
  static const std::vector<FrontierLayoutInfo> table = {
      {"single", "host and GC writes share one frontier ([Van Houdt 2013] sec 2.1)", "", {}, make_single_frontier},
      {"double", "WFE for host writes, WFI for GC writes ([Van Houdt 2013] sec 2.1)", "", {}, make_double_frontier},
      {"hot-cold", "k host frontiers by update-interval estimate, plus a GC frontier",
       "frontiers=2: k host frontiers; hot_interval=0.5: rewrite interval, in logical capacities, "
       "below which a write leaves the coldest frontier; ratio=4: interval factor between "
       "successive frontiers",
       {"frontiers", "hot_interval", "ratio"}, make_hot_cold_frontier},
  };
  return table;
}

std::string frontier_layout_names() {
  std::string names;
  for (const auto& info : frontier_layouts()) names += (names.empty() ? "" : ", ") + std::string(info.name);
  return names;
}

std::unique_ptr<FrontierLayout> make_frontier_layout(const std::string& name, PolicyParams& params,
                                                     const std::string& where_layout) {
  for (const auto& info : frontier_layouts()) {
    if (name != info.name) continue;
    auto layout = info.make(params);
    params.finish(std::string("frontier layout ") + info.name);
    return layout;
  }
  std::vector<std::string> names;
  for (const auto& info : frontier_layouts()) names.emplace_back(info.name);
  throw config_error(where_layout, "unknown frontier layout '" + name + "'" + did_you_mean(name, names) +
                                       " (available: " + frontier_layout_names() + ")");
}

}  // namespace ssdtlm

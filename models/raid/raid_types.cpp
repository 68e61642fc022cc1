#include "models/raid/raid_types.h"

#include "models/common/config/config_error.h"

namespace ssdtlm {

const char* to_string(RaidLevel level) {
  switch (level) {
    case RaidLevel::Raid0: return "raid0";
    case RaidLevel::Raid1: return "raid1";
    case RaidLevel::Raid10: return "raid10";
    case RaidLevel::Raid5: return "raid5";
    case RaidLevel::Raid6: return "raid6";
  }
  return "?";
}

RaidLevel parse_raid_level(const std::string& text, const std::string& where) {
  for (RaidLevel level : {RaidLevel::Raid0, RaidLevel::Raid1, RaidLevel::Raid10, RaidLevel::Raid5, RaidLevel::Raid6}) {
    if (text == to_string(level)) return level;
  }
  throw config_error(where, "expected one of raid0, raid1, raid10, raid5, raid6, got \"" + text + "\"");
}

std::uint32_t tolerated_failures(RaidLevel level) {
  switch (level) {
    case RaidLevel::Raid0: return 0;
    case RaidLevel::Raid6: return 2;
    default: return 1;
  }
}

}  // namespace ssdtlm

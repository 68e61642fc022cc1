#pragma once
// FrontierLayout: how many write frontiers (open blocks) an allocation unit keeps and which one
// a page write goes to. One implementation per file in frontier/, picked by name through the
// registry (frontier_layout_registry.cpp).
//
// A layout only classifies writes. The mechanics every layout shares live in FtlCore: a
// frontier that fills takes a free block at once; with no free block left it is "starved", and
// GC collects a victim in place (Van Houdt, d-choices with memory, sec 2.1): the victim's valid pages first fill what is
// left of the GC frontier, the rest are written back into the erased victim, which becomes that
// frontier's new block. With a GC frontier of its own this is exactly Van Houdt's double write
// frontier; when GC shares host frontier 0 it is the single write frontier.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/common/flash_geometry.h"
#include "models/ftl/gc/policy_params.h"

namespace ssdtlm {

struct FrontierContext {
  std::uint64_t logical_pages = 0;
  std::uint32_t pages_per_block = 0;
  const std::uint64_t* host_write_clock = nullptr;  // host page writes so far
};

class FrontierLayout {
 public:
  virtual ~FrontierLayout() = default;
  virtual const char* name() const = 0;
  virtual void attach(const FrontierContext&) {}
  // Host frontiers per unit (>= 1); index 0 is the coldest.
  virtual std::uint32_t host_frontiers() const = 0;
  // True: GC writes go to a frontier of their own (after the host ones); false: they share
  // host frontier 0.
  virtual bool separate_gc_frontier() const = 0;
  // Called for every host write when host_frontiers() > 1: which host frontier takes it. The
  // layout may record the write (update-frequency estimate).
  virtual std::uint32_t host_frontier_for(Lpn) { return 0; }
  virtual std::uint64_t bytes() const { return 0; }
};

struct FrontierLayoutInfo {
  const char* name;
  const char* summary;
  const char* parameters;
  std::vector<std::string> keys;  // parameter names, so shared parameter lists can be routed
  std::unique_ptr<FrontierLayout> (*make)(PolicyParams& params);
};

const std::vector<FrontierLayoutInfo>& frontier_layouts();
std::string frontier_layout_names();
// Throws ConfigError naming `where_layout` for an unknown name, "<params.where()><key>" for a
// bad parameter.
std::unique_ptr<FrontierLayout> make_frontier_layout(const std::string& name, PolicyParams& params,
                                                     const std::string& where_layout);

std::unique_ptr<FrontierLayout> make_single_frontier(PolicyParams&);
std::unique_ptr<FrontierLayout> make_double_frontier(PolicyParams&);
std::unique_ptr<FrontierLayout> make_hot_cold_frontier(PolicyParams&);

}  // namespace ssdtlm

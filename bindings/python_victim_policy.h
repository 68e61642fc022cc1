#pragma once
// ssdtlm.register_gc_policy(name, fn): a GC victim policy written in Python, registered in the
// same registry as the built-in ones (models/ftl/gc/victim_policy_registry.h), so ftl.gc.policy
// and wa(policy=...) pick it in the timed and the functional engine. The slow path: every
// selection holds the GIL and calls fn once per victim.
#include <string>

#include <pybind11/pybind11.h>

namespace ssdtlm::python {

// fn(candidates) -> block id (or None: nothing to collect now). `candidates` lists the unit's
// sealed blocks as dicts {"block", "valid_pages", "erase_count", "data_stamp", "age"}; the first
// is the one greedy would collect (fewest valid pages, the most recently updated among equals),
// the others follow by block id, so a fn that returns the first of the fewest valid pages makes
// exactly greedy's choices. ValueError when the name is taken.
void register_gc_policy(const std::string& name, const pybind11::function& fn);

}  // namespace ssdtlm::python

#include "bindings/python_victim_policy.h"

#include <memory>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/ftl/gc/victim_policy_registry.h"

namespace py = pybind11;

namespace ssdtlm::python {
namespace {

class PythonVictimPolicy final : public VictimPolicy {
 public:
  PythonVictimPolicy(std::string name, const py::function* fn) : name_(std::move(name)), fn_(fn) {}

  const char* name() const override { return name_.c_str(); }
  // The index orders the candidates the way greedy does, so the first one offered is greedy's.
  bool needs_valid_count_index() const override { return true; }
  void attach(const PolicyContext& context) override {
    blocks_ = context.blocks;
    index_ = context.valid_count_index;
    blocks_per_unit_ = context.blocks_per_unit;
    host_write_clock_ = context.host_write_clock;
  }
  void on_sealed(BlockId) override {}  // candidates are read from the block table

  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    const std::size_t first = victims.size();
    while (victims.size() - first < max_victims) {
      // Taken from the index as greedy takes it: when fn agrees, the index evolves exactly as
      // under greedy; otherwise the entry is put back, since the block is still a candidate.
      const BlockId fewest = index_->pop_fewest_valid(unit, victims.data() + first, victims.size() - first);
      if (fewest == kInvalidBlock) return;
      const BlockId chosen = ask(unit, fewest, victims, first);
      if (chosen != fewest) index_->push(unit, fewest, blocks_->valid_count(fewest));
      if (chosen == kInvalidBlock) return;
      victims.push_back(chosen);
    }
  }

 private:
  BlockId ask(UnitId unit, BlockId fewest, const std::vector<BlockId>& victims, std::size_t first) {
    py::gil_scoped_acquire gil;
    py::list candidates;
    std::vector<BlockId> offered{fewest};
    const BlockId begin = unit * blocks_per_unit_;
    for (BlockId block = begin; block < begin + blocks_per_unit_; ++block) {
      if (block == fewest || !blocks_->is_candidate(block)) continue;
      bool picked = false;
      for (std::size_t i = first; i < victims.size(); ++i) picked = picked || victims[i] == block;
      if (!picked) offered.push_back(block);
    }
    for (const BlockId block : offered) {
      py::dict candidate;
      candidate["block"] = block;
      candidate["valid_pages"] = blocks_->valid_count(block);
      candidate["erase_count"] = blocks_->erase_count(block);
      candidate["data_stamp"] = blocks_->data_stamp(block);
      candidate["age"] = *host_write_clock_ - std::min(*host_write_clock_, blocks_->data_stamp(block));
      candidates.append(std::move(candidate));
    }
    const std::string where = "gc policy '" + name_ + "'";
    py::object result;
    try {
      result = (*fn_)(candidates);
    } catch (py::error_already_set& error) {
      throw config_error(where, std::string("the Python function raised ") + error.what());
    }
    if (result.is_none()) return kInvalidBlock;
    BlockId chosen = kInvalidBlock;
    try {
      chosen = result.cast<BlockId>();
    } catch (const py::cast_error&) {
      throw config_error(where, "the Python function returned " + std::string(py::str(py::repr(result))) +
                                    ", not a block id of the candidates (or None)");
    }
    for (const BlockId block : offered) {
      if (block == chosen) return chosen;
    }
    throw config_error(where, "the Python function returned block " + std::to_string(chosen) +
                                  ", which is not one of the candidates");
  }

  std::string name_;
  const py::function* fn_;
  const BlockView* blocks_ = nullptr;
  ValidCountIndex* index_ = nullptr;
  std::uint32_t blocks_per_unit_ = 0;
  const std::uint64_t* host_write_clock_ = nullptr;
};

}  // namespace

void register_gc_policy(const std::string& name, const py::function& fn) {
  // Registered policies live as long as the process; the function is deliberately never
  // released: the registry outlives the interpreter, and a reference dropped after
  // finalization would crash at exit.
  const py::function* kept = new py::function(fn);
  register_victim_policy(name, [name, kept](PolicyParams&, std::uint32_t) -> std::unique_ptr<VictimPolicy> {
    return std::make_unique<PythonVictimPolicy>(name, kept);
  });
}

}  // namespace ssdtlm::python

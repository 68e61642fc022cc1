#pragma once
// The classic GC engine: every valid page of a victim is read (or copied back) at once, each
// program follows its read, and the victim is erased when the last move has completed. A
// victim collected in place (no free block to move into) is read whole into DRAM, erased and
// written back into itself.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/firmware_step_runner.h"
#include "models/ftl/firmware/gc_engine.h"
#include "models/ftl/ftl_cpu_config.h"

namespace ssdtlm {

class ClassicGcEngine final : public GcEngine {
 public:
  ClassicGcEngine(FtlCore& core, const FtlCpuConfig& config, FirmwareStepRunner& steps, GcFirmware& firmware);

  void collect(GcJob& job) override;
  void read_completed(GcJob& job, std::size_t index, Lpn lpn, Ppn source, std::uint64_t tag) override;
  void program_completed(GcJob& job, std::size_t index) override;

  // In place, after the victim's erase (or its failure): programs the buffered valid pages
  // wherever FtlCore relocates them.
  void write_back_buffered(GcJob& job);
  // In place, between the erase and the write-back, the victim's valid data is in DRAM: the
  // content of physical page `ppn` when it is one of them.
  bool buffered_tag(const GcJob& job, Ppn ppn, std::uint64_t& tag) const {
    const Victim& victim = victims_[job.unit];
    return victim.erasing_in_place && find_buffered_tag(job, ppn, tag);
  }

 private:
  struct Victim {
    std::uint32_t outstanding = 0;             // page operations not yet finished
    bool writing_back = false;                 // in place: programs after the erase
    bool erasing_in_place = false;             // in place: valid data lives in the buffer
    std::vector<std::uint64_t> buffered_tags;  // in place: contents read before the erase
  };

  void move_page(GcJob& job, std::size_t index);
  void page_finished(GcJob& job);
  void reads_finished(GcJob& job);
  bool find_buffered_tag(const GcJob& job, Ppn ppn, std::uint64_t& tag) const;

  FtlCore& core_;
  const FtlCpuConfig& config_;
  FirmwareStepRunner& steps_;
  GcFirmware& firmware_;
  std::vector<Victim> victims_;  // per unit
};

}  // namespace ssdtlm

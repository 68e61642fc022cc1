#pragma once
// Internal to the workload spec: the name of each field in the form the user wrote it, so
// one validation routine can blame "workload.read_fraction" for JSON input and
// "--workload read" for the compact form.
#include <string>

namespace ssdtlm {

struct WorkloadSpec;

enum class WorkloadField {
  Pattern,
  ReadFraction,
  SequentialFraction,
  Arrival,
  QueueDepth,
  Rate,
  BurstOn,
  BurstOff,
  Size,
  Range,
  Distribution,
  Count,
  Duration,
  RampRequests,
  RampDuration,
  Alignment,
  SeedOffset,
  SnapshotEvery,
  SnapshotSlots,
  SnapshotBurst,
  RangeCopyEvery,
  RangeMoveEvery,
  RangeDeleteEvery,
  RangeSize,
  TracePath,
  TraceFormat,
  TraceStrict,
  TraceEvent,
  TraceDevices,
  TraceReplay,
  TraceSpeedup,
  TraceRepeat,
  TraceBeyond,
  TraceSplit,
  FioJobFile,
};

class WorkloadFieldNames {
 public:
  // JSON: `prefix` is the section's key path; compact: the flag.
  WorkloadFieldNames(std::string prefix, bool compact) : prefix_(std::move(prefix)), compact_(compact) {}
  std::string operator()(WorkloadField field) const;
  bool compact() const { return compact_; }

 private:
  std::string prefix_;
  bool compact_;
};

void validate_workload(const WorkloadSpec& spec, const WorkloadFieldNames& name);

}  // namespace ssdtlm

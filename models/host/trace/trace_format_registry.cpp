#include "models/host/trace/trace_format_registry.h"

#include "models/common/config/did_you_mean.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {

const std::vector<TraceFormat>& trace_formats() {
  // mqsim before disksim: an integer-time line reads as both, and MQSim's ns is the common case.
  static const std::vector<TraceFormat> formats = {
      {"msr", "MSR Cambridge CSV: Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime",
       &make_msr_parser},
      {"spc", "SPC (UMass): ASU,LBA,Size,Opcode,Timestamp", &make_spc_parser},
      {"mqsim", "MQSim ASCII: arrival_ns device start_sector size_sectors type", &make_mqsim_parser},
      {"disksim", "DiskSim ASCII: arrival_ms device block size_blocks flags", &make_disksim_parser},
      {"blkparse", "blkparse text output: maj,min cpu seq time pid action RWBS sector + count",
       &make_blkparse_parser},
      {"fiu", "FIU IODedup: timestamp_ns pid process sector n_sectors R|W major minor md5", &make_fiu_parser},
      {"fio", "fio iolog version 2 or 3", &make_fio_parser},
  };
  return formats;
}

const TraceFormat* find_trace_format(std::string_view name) {
  for (const TraceFormat& format : trace_formats()) {
    if (name == format.name) return &format;
  }
  return nullptr;
}

std::string trace_format_names() {
  std::string names;
  for (const TraceFormat& format : trace_formats()) {
    names += (names.empty() ? "" : ", ") + std::string(format.name);
  }
  return names;
}

std::string unknown_trace_format(const std::string& name) {
  std::vector<std::string> names = {"auto"};
  for (const TraceFormat& format : trace_formats()) names.emplace_back(format.name);
  return "unknown trace format '" + name + "'" + did_you_mean(name, names) + ": expected auto or one of " +
         trace_format_names();
}

}  // namespace ssdtlm

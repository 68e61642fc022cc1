#pragma once
// The line parser of each supported trace format, one source file each. The registry
// (trace_format_registry.cpp) lists them by name; tests use them directly.
#include <memory>

#include "models/host/trace/trace_line_parser.h"

namespace ssdtlm {

// MSR Cambridge: Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime
// (Windows FILETIME ticks of 100 ns; bytes; Type Read|Write).            msr_trace_format.cpp
std::unique_ptr<TraceLineParser> make_msr_parser(const TraceReaderOptions& options);
// SPC (UMass Financial, WebSearch): ASU,LBA,Size,Opcode,Timestamp[,...]
// (512-byte sectors; bytes; r|w; seconds).                               spc_trace_format.cpp
std::unique_ptr<TraceLineParser> make_spc_parser(const TraceReaderOptions& options);
// MQSim ASCII: arrival_ns device start_sector size_sectors type (type bit 0: 1 read, 0 write).
std::unique_ptr<TraceLineParser> make_mqsim_parser(const TraceReaderOptions& options);
// DiskSim ASCII: arrival_ms device block size_blocks flags (ms may have a fraction;
// 512-byte blocks; flags bit 0: 1 read).                             disksim_trace_format.cpp
std::unique_ptr<TraceLineParser> make_disksim_parser(const TraceReaderOptions& options);
// blkparse default text: maj,min cpu seq sec.ns pid action RWBS sector + count [process];
// only options.blkparse_event actions become records.                blkparse_trace_format.cpp
std::unique_ptr<TraceLineParser> make_blkparse_parser(const TraceReaderOptions& options);
// FIU IODedup: timestamp_ns pid process sector n_sectors R|W major minor md5. fiu_trace_format.cpp
std::unique_ptr<TraceLineParser> make_fiu_parser(const TraceReaderOptions& options);
// fio iolog v2 ("file action [offset length]", time from wait actions in us) and v3
// ("time_us file action [offset length]"), chosen by the header line.  fio_trace_format.cpp
std::unique_ptr<TraceLineParser> make_fio_parser(const TraceReaderOptions& options);

}  // namespace ssdtlm

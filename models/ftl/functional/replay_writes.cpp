#include "models/ftl/functional/replay_writes.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace ssdtlm {

// Replays `count` writes of `stream`. The stream is read a chunk ahead (plus a margin) so that
// FtlCore::write_host_functional_batch() can prefetch the map entries and block records of
// writes some iterations away: the map is far larger than the caches and these misses would
// otherwise serialize every write.
void replay_writes(FtlCore& core, WriteStream& stream, std::uint64_t count) {
  constexpr std::size_t kChunk = 4096;
  constexpr std::size_t kLookahead = 32;  // >= the batch's prefetch distance
  std::vector<Lpn> lpns(kChunk + kLookahead);
  std::uint64_t to_generate = count;
  std::size_t filled = static_cast<std::size_t>(std::min<std::uint64_t>(to_generate, lpns.size()));
  stream.next(lpns.data(), filled);
  to_generate -= filled;
  std::uint64_t done = 0;
  while (done < count) {
    const std::size_t limit = to_generate == 0 ? filled : kChunk;
    core.write_host_functional_batch(lpns.data(), limit, filled);
    done += limit;
    if (done >= count) break;
    const std::size_t tail = filled - limit;
    std::memmove(lpns.data(), lpns.data() + limit, tail * sizeof(Lpn));
    const std::size_t more = static_cast<std::size_t>(std::min<std::uint64_t>(to_generate, lpns.size() - tail));
    stream.next(lpns.data() + tail, more);
    to_generate -= more;
    filled = tail + more;
  }
}

}  // namespace ssdtlm

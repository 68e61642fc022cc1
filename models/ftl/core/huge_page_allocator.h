#pragma once
// std::vector allocator for the FTL's big flat arrays (map, reverse map, block records). The
// functional engine touches them at random, tens of millions of times per second: with 4 KiB
// pages nearly every access also misses the TLB, and the CPU has only a couple of page walkers,
// so the walks, not the cache misses, bound the speed. Arrays of 2 MiB or more are therefore
// placed on 2 MiB boundaries and marked for transparent huge pages (madvise, which is what this
// machine's kernel honours). Where that is unavailable it is a plain aligned allocation.
#include <cstddef>
#include <cstdlib>
#include <new>

#include <sys/mman.h>

namespace ssdtlm {

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t count) {
    const std::size_t bytes = count * sizeof(T);
    if (bytes < kHugePage) {
      void* memory = std::malloc(bytes == 0 ? 1 : bytes);
      if (memory == nullptr) throw std::bad_alloc();
      return static_cast<T*>(memory);
    }
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* memory = std::aligned_alloc(kHugePage, rounded);
    if (memory == nullptr) throw std::bad_alloc();
    madvise(memory, rounded, MADV_HUGEPAGE);
    return static_cast<T*>(memory);
  }
  void deallocate(T* memory, std::size_t) { std::free(memory); }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
  template <class U>
  bool operator!=(const HugePageAllocator<U>&) const { return false; }

 private:
  static constexpr std::size_t kHugePage = 2u << 20;
};

}  // namespace ssdtlm

// Test bench of the popcount32 block: 10,000 pseudo-random words (and the two extremes) through
// the Verilated model, each count checked against the C++ one a clock later. Exit status 0 when
// every count matches.
#include <cstdint>
#include <cstdio>
#include <memory>

#include "Vpopcount32.h"
#include "verilated.h"

namespace {

void tick(Vpopcount32& block) {
  block.clk = 0;
  block.eval();
  block.clk = 1;
  block.eval();
}

}  // namespace

int main() {
  auto context = std::make_unique<VerilatedContext>();
  Vpopcount32 block(context.get());
  block.rst_n = 0;
  block.in_valid = 0;
  tick(block);
  block.rst_n = 1;

  std::uint32_t state = 12345;
  int mismatches = 0;
  for (int i = 0; i < 10002; ++i) {
    state = state * 1664525u + 1013904223u;  // a fixed sequence: the same run every time
    const std::uint32_t word = i == 0 ? 0u : i == 1 ? 0xffffffffu : state;
    block.in_valid = 1;
    block.in_data = word;
    tick(block);
    const unsigned expected = static_cast<unsigned>(__builtin_popcount(word));
    if (!block.out_valid || block.out_count != expected) {
      if (++mismatches <= 5) std::printf("word 0x%08x: count %u, expected %u\n", word, unsigned(block.out_count), expected);
    }
  }
  block.final();
  std::printf("popcount32: %d mismatches in 10002 words\n", mismatches);
  return mismatches == 0 ? 0 : 1;
}

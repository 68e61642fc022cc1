"""A GC victim policy written in Python (docs/extending.md, "A GC victim policy in Python"):
registered by name, then used by the functional engine and a timed simulation like a built-in
one. Run it with the ssdtlm package installed (make python):

    .venv/bin/python examples/python_gc_policy/python_gc_policy.py
"""
import ssdtlm


def fewest_valid_then_least_worn(candidates):
    """The block with the fewest valid pages; among equals the one erased least often."""
    best = min(candidates, key=lambda c: (c["valid_pages"], c["erase_count"]))
    return best["block"]


ssdtlm.register_gc_policy("fewest-valid-then-least-worn", fewest_valid_then_least_worn)

functional = ssdtlm.wa(pages_per_block=64, blocks=256, spare_factor=0.2, policy="fewest-valid-then-least-worn",
                       host_writes=2, warmup=1, seed=3)
print(f"functional engine: write amplification {functional['write_amplification']:.3f}")

config = ssdtlm.Config.preset("slc-2011").update({"nand.blocks_per_plane": 64,
                                                  "ftl.gc.policy": "fewest-valid-then-least-worn"})
timed = ssdtlm.simulate(config, "random-write:qd=8,count=2000,size=4KiB", precondition="steady")
print(f"timed simulation: write amplification {timed.write_amplification:.3f}, "
      f"{timed.stats['gc']['victims']} GC victims")
assert functional["write_amplification"] > 1.0 and timed.stats["gc"]["victims"] > 0

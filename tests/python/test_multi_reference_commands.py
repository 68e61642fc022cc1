"""The multi-reference store's commands (ftl.mode = mjolnir, docs/mjolnir.md): sim.snapshot,
sim.range_copy, sim.range_move and sim.range_delete issued from Python at the current simulated
time (between run calls and from `at` callbacks), their semantics in data mode, their handles,
the errors of bad use, and range commands from workload specs through `ssdtlm run`."""
import csv
import json
import subprocess

import pytest

import ssdtlm

PAGE = 4096
# 4 dies on 2 channels, 16 blocks of 8 pages per die: 512 pages; a 128-page volume (512 KiB)
# and two snapshot slots after it. Every flash read is checked (data mode).
SMALL = {"ftl.mode": "mjolnir", "ftl.spare_factor": 0.75, "ftl.mjolnir.snapshot_slots": 2,
         "ftl.gc.free_block_low_watermark": 0.0, "ftl.gc.free_block_high_watermark": 0.0,
         "controller.channels": 2, "controller.chips_per_channel": 1, "nand.dies_per_chip": 2,
         "nand.planes_per_die": 1, "nand.blocks_per_plane": 16, "nand.pages_per_block": 8,
         "nand.page_size_bytes": PAGE, "nand.data_mode": True}
WRITE_8 = "sequential-write:qd=8,count=8,size=4KiB,range=32KiB"  # pages 0..7


@pytest.fixture
def cfg():
    return ssdtlm.Config.preset("slc-2011").update(SMALL)


def test_snapshot_and_clone_from_callbacks_keep_the_data_of_their_instant(cfg):
    sim = ssdtlm.Simulation(cfg)
    assert sim.volume_bytes == 128 * PAGE
    sim.add_workload(WRITE_8)
    sim.add_workload(WRITE_8, start="4ms")  # rewrites pages 0..7 after the snapshot
    seen = {}

    def take(s):
        seen["before"] = s.page_contents(0, "32KiB")
        seen["snapshot"] = s.snapshot(0, "32KiB", slot=1)
        seen["clone"] = s.range_copy(0, "16KiB", "256KiB")

    sim.at("3ms", take)
    sim.run()
    before, snapshot, clone = seen["before"], seen["snapshot"], seen["clone"]
    assert all(tag is not None for tag in before)
    assert snapshot.op == "snapshot" and snapshot.status == "ok" and snapshot.done
    assert snapshot.issued_ns == 3_000_000
    assert snapshot.completed_ns == snapshot.issued_ns + snapshot.latency_ns and snapshot.latency_ns > 0
    assert (snapshot.id, clone.id) == (0, 1)
    # Slot 1 is the same range one volume further: it holds the data as of 3 ms, the clone
    # the first half of it; the origin was rewritten page by page since.
    assert sim.page_contents(sim.volume_bytes, "32KiB") == before
    assert sim.page_contents("256KiB", "16KiB") == before[:4]
    after = sim.page_contents(0, "32KiB")
    assert all(a is not None and a != b for a, b in zip(after, before))
    stats = sim.stats()
    assert stats["host"]["snapshot"]["count"] == 1 and stats["host"]["range-copy"]["count"] == 1
    assert stats["mjolnir"]["data_mismatches"] == 0
    assert stats["data_integrity"] == {"checked_pages": 8 + 8 + 4, "mismatches": 0}
    result = sim.result()
    assert snapshot.status == "ok"  # the handle keeps its last state once the simulation is closed
    assert len(sim.commands()) == 2 and result.stats["host"]["snapshot"]["count"] == 1


def test_move_and_delete_between_runs_and_run_waits_for_them(cfg, tmp_path):
    sim = ssdtlm.Simulation(cfg, records=True, out=tmp_path)
    sim.add_workload(WRITE_8)
    sim.run()
    before = sim.page_contents(0, "32KiB")
    move = sim.range_move(0, "16KiB", "64KiB")
    delete = sim.range_delete("16KiB", 2 * PAGE)
    assert move.status == "pending" and not sim.done
    sim.run()  # until the commands issued have completed
    assert sim.done and move.status == "ok" and delete.status == "ok"
    assert move.issued_ns == delete.issued_ns
    assert sim.page_contents(0, "32KiB") == [None] * 6 + before[6:]
    assert sim.page_contents("64KiB", "16KiB") == before[:4]
    sim.result()
    with open(tmp_path / "requests.csv") as handle:
        rows = [row for row in csv.DictReader(handle) if row["op"].startswith("range-")]
    assert [(row["op"], row["id"], row["offset_bytes"], row["size_bytes"]) for row in rows] == [
        ("range-move", "0", "0", "16384"), ("range-delete", "1", "16384", "8192")]
    scenario = json.loads((tmp_path / "scenario.json").read_text())
    assert [c["op"] for c in scenario["commands"]] == ["range-move", "range-delete"]


def test_commands_without_a_workload_and_exact_issue_times(cfg):
    sim = ssdtlm.Simulation(cfg)
    sim.run_until("10us")
    first = sim.range_copy(0, PAGE, "8KiB")
    sim.at("15us", lambda s: s.range_copy(0, PAGE, "12KiB"))
    sim.run_until("50us")
    second = sim.commands()[1]
    assert (first.issued_ns, second.issued_ns) == (10_000, 15_000)
    # An idle device: both take the same time (fetch, firmware step, completion).
    assert first.latency_ns == second.latency_ns > 0
    sim.range_delete(0, PAGE)
    sim.run()  # no workload: runs until the command issued has completed
    assert sim.done and sim.commands()[2].completed_ns == sim.now_ns


def test_bad_use_names_the_problem(cfg):
    page_mode = ssdtlm.Simulation(ssdtlm.Config.preset("slc-2011"))
    with pytest.raises(ValueError, match="ftl.mode"):
        page_mode.range_copy(0, PAGE, 2 * PAGE)
    with pytest.raises(ValueError, match="ftl.mode"):
        page_mode.snapshot()
    sim = ssdtlm.Simulation(cfg)
    with pytest.raises(ValueError, match="^length:"):
        sim.range_copy(0, 6000, 2 * PAGE)
    with pytest.raises(ValueError, match="^offset:"):
        sim.range_delete(512, PAGE)
    with pytest.raises(ValueError, match="^destination:.*namespace"):
        sim.range_move(0, "8KiB", 384 * PAGE - PAGE)  # the namespace is 3 x 128 pages
    with pytest.raises(ValueError, match="^destination:"):
        sim.snapshot(slot=3)  # two snapshot slots
    with pytest.raises(ValueError, match="^slot:"):
        sim.snapshot(slot=0)
    with pytest.raises(ValueError, match="destination or a slot"):
        sim.snapshot(destination=sim.volume_bytes, slot=1)
    with pytest.raises(ValueError, match="^offset:"):
        sim.range_copy("lots", PAGE, 0)
    with pytest.raises(ValueError, match="^offset:"):
        sim.page_contents(100, PAGE)
    assert sim.commands() == []
    sim.close()
    with pytest.raises(RuntimeError, match="closed"):
        sim.snapshot()


def _run(binary, tmp_path, *args):
    # --force: a test runs several commands into the one directory, each replacing the last's files
    return subprocess.run([binary, "run", "--quiet", "--force", "--out", str(tmp_path / "out"), *args],
                          capture_output=True, text=True, timeout=120, env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})


def test_workload_specs_issue_range_commands_through_the_cli(ssdtlm_binary, tmp_path):
    sets = [arg for key, value in SMALL.items() for arg in ("--set", f"{key}={str(value).lower()}")]
    spec = "random-write:qd=4,count=200,size=4KiB,range_copy_every=20,range_move_every=50,range_delete_every=40"
    result = _run(ssdtlm_binary, tmp_path, "--config", "slc-2011", *sets, "--workload", spec)
    assert result.returncode == 0, result.stderr
    stats = json.loads((tmp_path / "out" / "stats.json").read_text())
    counts = {op: stats["host"][op]["count"] for op in ("write", "range-copy", "range-move", "range-delete")}
    assert counts == {"write": 200, "range-copy": 10, "range-move": 4, "range-delete": 5}
    assert stats["mjolnir"]["range_commands"] == 19
    assert stats["data_integrity"]["mismatches"] == 0 and stats["mjolnir"]["data_mismatches"] == 0

    # The platform JSON's workload section takes the same keys.
    document = ssdtlm.Config.preset("slc-2011").update(SMALL).to_dict()
    document["workload"] = {"pattern": "random", "request_count": 60, "size_bytes": 8192,
                            "range_copy_every": 30, "range_size_bytes": 16384}
    path = tmp_path / "platform.json"
    path.write_text(json.dumps(document))
    result = _run(ssdtlm_binary, tmp_path, "--config", str(path))
    assert result.returncode == 0, result.stderr
    stats = json.loads((tmp_path / "out" / "stats.json").read_text())
    assert stats["host"]["range-copy"]["count"] == 2 and stats["host"]["range-copy"]["bytes"] == 2 * 16384

    # Page mode cannot issue them: a configuration error naming the key, before the run.
    result = _run(ssdtlm_binary, tmp_path, "--config", "slc-2011", "--workload",
                  "random-write:count=20,range_copy_every=5")
    assert result.returncode == 2
    assert "workload.range_copy_every" in result.stderr and "ftl.mode = mjolnir" in result.stderr

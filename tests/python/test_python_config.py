"""ssdtlm.Config and input checking: presets, files, set/get, and ValueError naming the key."""
import json

import pytest

import ssdtlm

TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}


def test_presets_are_listed_and_load_with_defaults_filled():
    assert {"slc-2011", "mlc-mqsim", "tlc-modern"} <= set(ssdtlm.presets())
    cfg = ssdtlm.Config.preset("slc-2011")
    assert cfg.get("name") == "slc-2011"
    assert cfg.get("ftl.gc.policy") == "greedy"
    assert cfg.get("nand.timing.cache_busy_us") == 3.0  # a default the preset does not set
    assert cfg["ftl.spare_factor"] == 0.15


def test_set_validates_returns_self_and_to_dict_is_a_copy():
    cfg = ssdtlm.Config.preset("slc-2011")
    assert cfg.set("ftl.gc.policy", "d-choices").set("ftl.gc.params", {"d": 10}) is cfg
    assert cfg.get("ftl.gc.policy") == "d-choices"
    assert cfg.get("ftl.gc.params") == {"d": 10}
    document = cfg.to_dict()
    document["ftl"]["gc"]["policy"] = "fifo"
    assert cfg.get("ftl.gc.policy") == "d-choices"
    other = cfg.copy().set("seed", 7)
    assert other.get("seed") == 7 and cfg.get("seed") == 1
    assert cfg != other and cfg == cfg.copy()


def test_update_sets_several_keys_and_accepts_numpy_values():
    np = pytest.importorskip("numpy")
    cfg = ssdtlm.Config.preset("slc-2011").update({**TINY, "ftl.spare_factor": np.float64(0.2)})
    assert cfg.get("controller.channels") == 2
    assert cfg.get("ftl.spare_factor") == 0.2


def test_save_and_load_round_trip(tmp_path):
    cfg = ssdtlm.Config.preset("mlc-mqsim").update(TINY)
    path = cfg.save(tmp_path / "platform.json")
    assert json.loads(path.read_text())["controller"]["channels"] == 2
    assert ssdtlm.Config.load(path) == cfg
    assert ssdtlm.Config.coerce(str(path)) == cfg
    assert ssdtlm.Config.coerce("mlc-mqsim").get("name") == "mlc-mqsim"
    assert ssdtlm.Config.from_dict(cfg.to_dict()) == cfg


@pytest.mark.parametrize("key,value,named", [
    ("ftl.gc.polcy", "greedy", "ftl.gc.polcy"),            # unknown key
    ("ftl.spare_factor", "lots", "ftl.spare_factor"),     # wrong type
    ("ftl.spare_factor", 1.5, "ftl.spare_factor"),        # out of range
    ("ftl.gc.policy", "best", "ftl.gc.policy"),           # unknown choice
    ("controller.channels", 0, "controller.channels"),
])
def test_bad_key_or_value_raises_value_error_naming_the_key(key, value, named):
    cfg = ssdtlm.Config.preset("slc-2011")
    with pytest.raises(ValueError, match=named.replace(".", r"\.")):
        cfg.set(key, value)
    assert cfg.get("ftl.spare_factor") == 0.15  # unchanged after a rejected set


def test_unknown_preset_missing_file_and_bad_dict():
    with pytest.raises(ValueError, match="no-such-ssd"):
        ssdtlm.Config.preset("no-such-ssd")
    with pytest.raises(ValueError, match="nope.json"):
        ssdtlm.Config.load("nope.json")
    with pytest.raises(ValueError, match="nand.bogus"):
        ssdtlm.Config({"nand": {"bogus": 1}})


def test_cross_key_rules_raise_value_error_naming_the_key():
    cfg = ssdtlm.Config.preset("slc-2011").update({**TINY, "ftl.spare_factor": 0.01})
    with pytest.raises(ValueError, match=r"ftl\.spare_factor"):
        cfg.check()
    with pytest.raises(ValueError, match=r"ftl\.spare_factor"):
        ssdtlm.simulate(cfg, "random-read:qd=1,count=10,size=4KiB")


def test_bad_workload_and_precondition_raise_value_error():
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    with pytest.raises(ValueError, match="workload"):
        ssdtlm.simulate(cfg, "random-read:qd=1,cnt=10")
    with pytest.raises(ValueError, match="workload"):
        ssdtlm.simulate(cfg, {"pattern": "random", "queue_depth": "deep"})
    with pytest.raises(ValueError, match="precondition"):
        ssdtlm.simulate(cfg, "random-read:qd=1,count=10,size=4KiB", precondition="hot")
    with pytest.raises(ValueError, match="workload"):
        ssdtlm.simulate(cfg)  # no workload argument and no "workload" section


def test_workload_forms_normalize_to_the_same_section():
    section = ssdtlm.normalize_workload("random-read:qd=4,count=100,size=4KiB")
    assert section["queue_depth"] == 4 and section["read_fraction"] == 1.0
    assert ssdtlm.normalize_workload(section) == section
    assert ssdtlm.workload_compact(section).startswith("random-read:")


def test_parameters_describe_every_key():
    entries = {entry["key"]: entry for entry in ssdtlm.parameters()}
    assert "greedy" in entries["ftl.gc.policy"]["choices"]
    assert entries["nand.timing.read_us"]["unit"] == "us"
    assert ssdtlm.describe("ftl.spare_factor")["description"]
    with pytest.raises(ValueError):
        ssdtlm.describe("no.such.key")

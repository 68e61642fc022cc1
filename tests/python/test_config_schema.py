"""`ssdtlm config-schema`: the JSON Schema editors validate platform files with. Every preset and
every effective-config.json (of `ssdtlm run` and `ssdtlm raid`) validates against it with the
jsonschema library, files the loader rejects fail it too, the committed platforms/ssdtlm.schema.json
is the command's output, and the presets' "$schema" reference is accepted wherever a platform
file is read."""
import copy
import json
import pathlib

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRESETS = sorted((ROOT / "platforms" / "presets").glob("*.json"))
SCHEMA_FILE = ROOT / "platforms" / "ssdtlm.schema.json"
SMALL = ["--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
         "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2"]
RAID_SMALL = ["--set", "ssd.controller.channels=1", "--set", "ssd.controller.chips_per_channel=1",
              "--set", "ssd.nand.blocks_per_plane=64", "--set", "ssd.nand.planes_per_die=1"]


@pytest.fixture(scope="module")
def schema(run_ssdtlm):
    printed = json.loads(run_ssdtlm("config-schema").stdout)
    jsonschema.Draft7Validator.check_schema(printed)
    return printed


@pytest.fixture(scope="module")
def validator(schema):
    return jsonschema.Draft7Validator(schema)


def errors_of(validator, document):
    return [f"{'.'.join(str(p) for p in error.absolute_path)}: {error.message}"
            for error in validator.iter_errors(document)]


def check_rejected_by_both(run_ssdtlm, validator, tmp_path, command, preset, change, complaint):
    """The preset changed by `change` fails validation with `complaint`, and `ssdtlm COMMAND`
    rejects it (exit 2)."""
    document = json.loads((ROOT / "platforms" / "presets" / f"{preset}.json").read_text())
    change(document)
    messages = errors_of(validator, document)
    assert any(complaint in message for message in messages), messages
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    result = run_ssdtlm(command, "--config", str(path), "--workload", "random-read:count=10",
                        "--out", str(tmp_path / "out"), check=False)
    assert result.returncode == 2, result.stderr


def test_the_committed_schema_is_what_config_schema_prints(run_ssdtlm):
    printed = run_ssdtlm("config-schema").stdout
    assert printed == SCHEMA_FILE.read_text(), \
        "platforms/ssdtlm.schema.json is out of date: run `build/ssdtlm config-schema > platforms/ssdtlm.schema.json`"


@pytest.mark.parametrize("preset", PRESETS, ids=[p.stem for p in PRESETS])
def test_every_preset_names_the_schema_and_validates(preset, validator):
    document = json.loads(preset.read_text())
    assert document["$schema"] == "../ssdtlm.schema.json"
    assert (preset.parent / document["$schema"]).resolve() == SCHEMA_FILE.resolve()
    assert errors_of(validator, document) == []


def test_effective_configurations_of_run_and_raid_validate(run_ssdtlm, validator, tmp_path):
    run_ssdtlm("run", "--config", "slc-2011", *SMALL, "--precondition", "fill",
           "--workload", "mixed:qd=4,count=200,read=0.5,size=4KiB", "--out", str(tmp_path / "run"))
    run_ssdtlm("raid", "--config", "raid-5-mlc", *RAID_SMALL,
           "--workload", "mixed:qd=4,count=200,read=0.5,size=8KiB", "--out", str(tmp_path / "raid"))
    for name in ("run", "raid"):
        effective = json.loads((tmp_path / name / "effective-config.json").read_text())
        assert "workload" in effective and "precondition" in effective
        assert "$schema" not in effective  # a property of the preset file, not of the run
        assert errors_of(validator, effective) == [], name
    effective = json.loads((tmp_path / "run" / "effective-config.json").read_text())
    assert effective["precondition"] == "fill"


@pytest.mark.parametrize("change,complaint", [
    (lambda d: d["nand"].update(pages_per_block="64"), "nand.pages_per_block: '64' is not of type 'integer'"),
    (lambda d: d["nand"].update(pages_per_block=64.5), "nand.pages_per_block: 64.5 is not of type 'integer'"),
    (lambda d: d["nand"]["timing"].update(read_us=-1), "nand.timing.read_us: -1 is less than the minimum of 0"),
    (lambda d: d["ftl"].update(spare_factor=1.0), "ftl.spare_factor: 1.0 is greater than or equal to the maximum of 1"),
    (lambda d: d["nand"]["timing"].update(raed_us=30), "nand.timing: Additional properties are not allowed ('raed_us'"),
    (lambda d: d.update(colour="red"), ": Additional properties are not allowed ('colour'"),
    (lambda d: d["ftl"]["gc"].update(policy="gredy"), "ftl.gc.policy: 'gredy' is not one of"),
    (lambda d: d.update(precondition="full"), "precondition: 'full' is not one of ['none', 'fill', 'steady']"),
])
def test_what_the_loader_rejects_fails_validation(run_ssdtlm, validator, tmp_path, change, complaint):
    check_rejected_by_both(run_ssdtlm, validator, tmp_path, "run", "slc-2011", change, complaint)


@pytest.mark.parametrize("change,complaint", [
    (lambda d: d["raid"].update(level="raid7"), "raid.level: 'raid7' is not one of"),
    (lambda d: d["raid"].update(members=1), "raid.members: 1 is less than the minimum of 2"),
    (lambda d: d["ssd_overrides"].update({"nand.blocks_per_plan": 64}),
     "ssd_overrides: 'nand.blocks_per_plan' does not match any of the regexes"),
    (lambda d: d["ssd_overrides"].update({"nand.blocks_per_plane": "many"}), "'many' is not of type 'integer'"),
    (lambda d: d.update(member_overrides={"x": {}}), "member_overrides: 'x' does not match any of the regexes"),
    (lambda d: d["ssd_overrides"].update(precondition="fill"), "ssd_overrides: 'precondition' does not match any"),
    (lambda d: d.update(ssd={"nand": {"pages_per_block": 0}}), "ssd: {'nand': {'pages_per_block': 0}} is not valid"),
])
def test_raid_documents_are_validated_with_their_member_ssd(run_ssdtlm, validator, tmp_path, change, complaint):
    check_rejected_by_both(run_ssdtlm, validator, tmp_path, "raid", "raid-5-mlc", change, complaint)


def test_valid_override_forms_of_a_raid_document_validate(validator):
    document = json.loads((ROOT / "platforms" / "presets" / "raid-5-mlc.json").read_text())
    document["ssd_overrides"].update({"ftl.gc.params.d": 4, "ftl.gc.policy": "d-choices"})
    document["member_overrides"] = {"0": {"nand.timing.program_us": 300}, "5": {"seed": 3}}
    document["ssd"] = {"$schema": "../ssdtlm.schema.json", "nand": {"cell_type": "mlc"}}
    assert errors_of(validator, document) == []


def test_a_schema_reference_is_accepted_wherever_a_platform_file_is_read(run_ssdtlm, tmp_path):
    ssd = json.loads((ROOT / "platforms" / "presets" / "slc-2011.json").read_text())
    ssd["$schema"] = "https://example.org/ssdtlm.schema.json"
    (tmp_path / "ssd.json").write_text(json.dumps(ssd))
    raid = {"$schema": "ssdtlm.schema.json", "raid": {"level": "raid1", "members": 2}, "ssd": str(tmp_path / "ssd.json")}
    (tmp_path / "raid.json").write_text(json.dumps(raid))
    run_ssdtlm("run", "--config", str(tmp_path / "ssd.json"), *SMALL, "--workload", "random-read:count=10",
           "--out", str(tmp_path / "run"))
    run_ssdtlm("raid", "--config", str(tmp_path / "raid.json"), *RAID_SMALL,
           "--workload", "random-read:count=10", "--out", str(tmp_path / "raid"))
    assert "$schema" not in json.loads((tmp_path / "run" / "effective-config.json").read_text())
    import ssdtlm as package

    assert "$schema" not in package.Config.load(tmp_path / "ssd.json").to_dict()
    assert package.Config({"$schema": "x.json", "seed": 3}).get("seed") == 3
    assert "$schema" not in package.load_raid_config(str(tmp_path / "raid.json"))
    bad = copy.deepcopy(ssd)
    bad["$schema"] = 3
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    result = run_ssdtlm("run", "--config", str(tmp_path / "bad.json"), "--workload", "random-read:count=10",
                    "--out", str(tmp_path / "bad"), check=False)
    assert result.returncode == 2
    assert "$schema: expected a string" in result.stderr


def test_the_presets_of_the_installed_package_find_the_schema_beside_them():
    import ssdtlm as package

    presets = sorted(package.preset_directory().glob("*.json"))
    assert presets
    for preset in presets:
        reference = json.loads(preset.read_text())["$schema"]
        assert (preset.parent / reference).read_text() == SCHEMA_FILE.read_text(), preset

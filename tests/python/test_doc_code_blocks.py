"""Every fenced code block of README.md and docs/*.md runs (the conventions are in
doc_blocks.py): one test per document, whose failure names the file and line of each failing
block with the end of its output."""
import json
import os
import pathlib
import subprocess
import sys
import warnings

import pytest

import doc_blocks
from doc_blocks import Block, blocks_of, shell_script

ROOT = doc_blocks.ROOT
DOCUMENTS = doc_blocks.documents()
# Beyond the blocks' own limits: starting Python, importing the package, preparing the copy.
DOCUMENT_OVERHEAD_S = 60


def run_blocks(document: pathlib.Path, binary: pathlib.Path, tmp_path: pathlib.Path, root=ROOT) -> list[dict]:
    workdir = doc_blocks.prepare_workdir(tmp_path, binary, root=root)
    results = tmp_path / "results.jsonl"
    blocks = blocks_of(document.read_text(), str(document.relative_to(root)))
    limit_s = sum(block.timeout_s for block in blocks if block.runs) + DOCUMENT_OVERHEAD_S
    env = {**os.environ, "SSDTLM_BINARY": str(binary)}
    status, output = doc_blocks.run_process_group(
        [sys.executable, doc_blocks.__file__, str(document), "--root", str(root), "--workdir", str(workdir),
         "--results", str(results)], limit_s, env=env)
    if status is None:
        stopped = f"the document's blocks took more than their time limits together ({limit_s:g} s)"
    else:
        stopped = f"the runner stopped (exit status {status}):\n{output[-3000:]}"
    records = [json.loads(line) for line in results.read_text().splitlines()] if results.exists() else []
    expected = [block for block in blocks if block.runs]
    for block in expected[len(records):]:
        records.append({"where": block.where, "language": block.language, "ok": False, "seconds": 0,
                        "log": f"not run: {stopped}"})
    return records


def checkout_state() -> dict:
    """What a block could change in the checkout through a link by mistake: the names in the
    folders blocks write into, and the documents themselves (config-doc > docs/...)."""
    folders = [ROOT, *(ROOT / name for name in ("docs", "scenarios", "build"))]
    state = {str(folder): sorted(entry.name for entry in folder.iterdir()) for folder in folders if folder.is_dir()}
    state.update({str(document): document.stat().st_mtime_ns for document in doc_blocks.documents()})
    return state


def failures(records: list[dict]) -> str:
    return "\n\n".join(f"{record['where']} ({record['language']}) failed after {record['seconds']} s:\n"
                       + record["log"][-4000:] for record in records if not record["ok"])


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_every_code_block_of_the_document_runs(document, ssdtlm_binary, tmp_path):
    before = checkout_state()
    records = run_blocks(document, pathlib.Path(ssdtlm_binary).absolute(), tmp_path)
    assert all(record["ok"] for record in records), failures(records)
    for record in records:
        if record["log"].startswith(doc_blocks.SKIPPED):
            warnings.warn(f"{record['where']}: {record['log']}")
    after = checkout_state()
    changed = sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))
    assert not changed, f"the blocks changed the checkout: {changed}"


# ---------------------------------------------------------------- the harness's conventions
MARKDOWN = """Intro.

```sh
build/ssdtlm run --config nope \\
    --out x   # exits 2: no such preset
make test
```

<!-- doc-test: file=sweep.json timeout=30 -->
```json
{"a": 1}
```

- a list item:

  ```python
  x = 1
  ```

```
untagged
```
"""


def test_blocks_are_found_with_language_line_options_and_indentation_removed():
    blocks = blocks_of(MARKDOWN, "doc.md")
    assert [(b.line, b.language, b.kind) for b in blocks] == [
        (3, "sh", "shell"), (10, "json", "json"), (16, "python", "python"), (20, "", "unknown")]
    assert blocks[1].options == {"file": "sweep.json", "timeout": "30", "replace": []} and blocks[1].timeout_s == 30
    assert blocks[2].text == "x = 1\n"
    assert blocks[0].timeout_s == doc_blocks.DEFAULT_TIMEOUT_S


def test_an_unclosed_block_is_an_error_naming_its_line():
    with pytest.raises(ValueError, match=r"doc.md:2: code block never closed"):
        blocks_of("text\n```sh\nls\n", "doc.md")


def test_a_command_marked_exits_n_must_exit_with_n_and_ci_steps_become_dry_runs():
    script, notes = shell_script(blocks_of(MARKDOWN, "doc.md")[0])
    assert "set +e\ndoc_test_output=$( {\nbuild/ssdtlm run --config nope \\\n    --out x   # exits 2: no such preset\n} 2>&1 )\n" in script
    assert 'if [ "$doc_test_status" -ne 2 ]' in script and "grep -qF -- 'no such preset'" in script
    assert "\nmake -n test\n" in script
    assert notes == ["CI step `make test` checked as `make -n test`"]


def test_building_and_installing_the_wheel_are_ci_steps():
    block = Block("doc.md", 1, "sh", "make wheel\nssdtlm-env/bin/pip install dist/ssdtlm-*.whl   # x\n", {})
    script, notes = shell_script(block)
    assert script == "make -n wheel\nmake -n wheel   # x\n"
    assert notes == ["CI step `make wheel` checked as `make -n wheel`",
                     "CI step `ssdtlm-env/bin/pip install dist/ssdtlm-*.whl` checked as `make -n wheel`"]


def test_console_blocks_run_only_the_prompted_lines():
    block = Block("doc.md", 1, "console", "$ echo one \\\n  two\none two\n$ true\n", {})
    assert shell_script(block)[0] == "echo one \\\n  two\ntrue\n"


SAMPLE = """```sh
false   # exits 1
sh -c 'echo "bad key" >&2; exit 2'   # exits 2: bad key
true   # exits 3
```

```python

1 / 0
```

```python
>>> 1 + 1
3
```

```json
{"a": 1, "a": 2}
```

```json
{"nand": {"pages_per_block": -1}}
```

<!-- doc-test: timeout=1 -->
```sh
sleep 30
```

<!-- doc-test: timeout=1 -->
```python
import time
time.sleep(30)
```

<!-- doc-test: file=data/numbers.txt replace=two->2 -->
```text
1 two
```

<!-- doc-test: replace=one->1 -->
```sh
test "$(cat data/numbers.txt)" = "1 2" && echo one
```

```sh
ls ../shared/traces/
```

```sh
sh -c 'echo "other" >&2; exit 2'   # exits 2: bad key
```
"""


def test_failing_blocks_are_reported_with_file_and_line(tmp_path, ssdtlm_binary):
    root = tmp_path / "root"
    (root / "docs").mkdir(parents=True)
    document = root / "docs" / "sample.md"
    document.write_text(SAMPLE)
    (root / "README.md").write_text("")
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    records = run_blocks(document, pathlib.Path(ssdtlm_binary).absolute(), run_dir, root=root)
    assert [r["where"] for r in records] == [b.where for b in blocks_of(SAMPLE, "docs/sample.md") if b.runs]
    assert [r["ok"] for r in records] == [False] * 7 + [True] * 3 + [False]
    assert "expected exit status 3, got 0" in records[0]["log"]
    division_line = SAMPLE.splitlines().index("1 / 0") + 1
    assert f'File "docs/sample.md", line {division_line}' in records[1]["log"] and "ZeroDivisionError" in records[1]["log"]
    assert "Expected:\n    3\nGot:\n    2" in records[2]["log"]
    assert "repeated key(s) a" in records[3]["log"]
    assert "nand.pages_per_block" in records[4]["log"]
    assert "timed out after 1 s" in records[5]["log"] and records[5]["seconds"] < 10
    assert "timed out after 1 s" in records[6]["log"] and records[6]["seconds"] < 10
    assert (run_dir / "repo" / "data" / "numbers.txt").read_text() == "1 2\n"
    assert records[8]["log"] == "doc-test: run with 'one' replaced by '1'\n1\n"
    if not os.environ.get("SSDTLM_TRACES"):  # no ../shared beside this root
        assert records[9]["log"].startswith("skipped: ../shared")
    assert "bad key" in records[0]["log"]
    assert "other\ndoc-test: the output of sh -c 'echo \"other\" >&2; exit 2' does not say 'bad key'" in records[10]["log"]


def test_the_configuration_reference_is_what_config_doc_prints(ssdtlm_binary):
    # README.md: docs/configuration.md is produced by `build/ssdtlm config-doc`
    done = subprocess.run([ssdtlm_binary, "config-doc"], capture_output=True, text=True, check=True,
                          env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    assert done.stdout == (ROOT / "docs" / "configuration.md").read_text(), \
        "docs/configuration.md is out of date: run `build/ssdtlm config-doc > docs/configuration.md`"

"""Extracts the fenced code blocks of README.md and docs/*.md and runs them: the project rule
"every code block in README.md and docs/ runs in CI" (tests/python/test_doc_code_blocks.py).
docs/history/ is left out on purpose: it records commands as they were run on older commits,
which need not run today (it holds no fenced blocks; its commands are inline text).

What a block is, by the first word after its opening fence:
  sh, bash, shell, console  run by `bash -e -o pipefail` from the repository root; in `console`
                            blocks only the lines after a "$ " prompt run, the rest is output;
  python, py                run by the Python that has the ssdtlm package; a block that starts
                            with ">>>" is a doctest: its output and exceptions are compared
                            ("..." matches anything, as in doctest's ELLIPSIS);
  json                      parsed (a repeated key is an error); a platform document (every
                            top-level key a configuration section) is also validated by the
                            configuration schema (ssdtlm.Config(...).check());
  text, cpp, cmake, ...     not run: output listings, grammars, pseudo-code, other languages
                            (NOT_RUN);
  no word, or another one   an error: every block says what it is.

Conventions in the documents:
  * A command meant to fail ends with the comment "# exits N" or "# exits N: TEXT": the block
    checks that this command exits with status N (and prints TEXT) and goes on.
  * An HTML comment on the line just before a fence passes options, invisible when rendered:
      <!-- doc-test: file=sweep.json -->   write the block into that file of the working
                                           directory for later blocks to use, instead of
                                           running it (JSON is still parsed and validated,
                                           Python compiled);
      <!-- doc-test: timeout=300 -->       the block's time limit in seconds (DEFAULT_TIMEOUT_S);
      <!-- doc-test: replace=2000000->20000 -->
                                           run the block with this text replaced (repeatable):
                                           a long benchmark shown as measured, run shorter;
                                           the block's log lists each replacement.
  * The blocks of one document run in order and share one working directory and one Python
    namespace: a later block may use what an earlier one made (cfg, result, out/run1).
  * The CI steps themselves (make test, make sanitize-test, make fuzz-test, make build,
    make python, make wheel, the package install, the wheel's install) are not rerun from
    inside `make test`: CI_STEPS replaces each by a dry run (`make -n`), and the block's log
    says so.

Where blocks run: prepare_workdir() makes a copy of the repository root in a temporary
directory (README.md and docs/ copied; build/ and scenarios/ directories of links to the files
of the build tree and of scenarios/; everything else linked), with ../shared linked beside it
as in the checkout (or $SSDTLM_TRACES as ../shared/traces; without either, the shell and Python
blocks that use ../shared/ are skipped and the test warns), so that outputs (out/...,
build/demo, docs/configuration.md, a new scenarios/NAME.py) land in the copy, never in the
checkout.

Run by hand, from the repository root (the same as the test, one line per block):
  .venv/bin/python tests/python/doc_blocks.py README.md docs/python.md
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import doctest
import io
import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_TIMEOUT_S = 120

SHELL = {"sh", "bash", "shell", "console"}
PYTHON = {"python", "py"}
JSON = {"json"}
NOT_RUN = {"text", "cpp", "c++", "c", "cmake", "systemverilog", "verilog", "csv", "diff", "markdown", "ini", "yaml"}

# Copied into the working directory (blocks write into them); the rest of the root is linked.
COPIED = {"README.md", "docs"}
# Directories of links to the files of the checkout's: blocks add files to them.
LINK_FARMS = {"scenarios"}
# Left out of build/'s links: what documented commands write there (`make demo`).
BUILD_OUTPUTS = {"demo"}
# Never linked: outputs of earlier runs in the checkout would mix with the blocks' own.
LEFT_OUT = {"out", ".git"}

# The start of the log of a block not run: it needs ../shared, which the checkout has beside it,
# a clean CI machine may not (the trace tests skip then, too).
SKIPPED = "skipped"

# The CI steps: (command as documented, what the harness runs instead). `make demo` runs for
# real, without rebuilding (`-o build`: the build is CI's own step).
CI_STEPS = [
    (re.compile(r"^make (test|sanitize-test|fuzz-test|build|python|wheel|setup|release)\b"), r"make -n \1"),
    (re.compile(r"^make demo\b"), "make -o setup -o build demo"),
    (re.compile(r"^\.venv/bin/(python -m )?pip install --no-build-isolation \.(?=\s|$)"), "make -n python"),
    # installing the repaired wheel into a fresh venv: tests/python/test_wheel_install.py's step
    (re.compile(r"^\S*pip install \S*dist/ssdtlm-\S*\.whl"), "make -n wheel"),
]

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
DIRECTIVE = re.compile(r"^\s*<!--\s*doc-test:(?P<options>.*?)-->\s*$")
EXPECTED_EXIT = re.compile(r"#.*\bexits (?P<status>\d+)\b(?::\s*(?P<message>.*?))?\s*$")


@dataclasses.dataclass
class Block:
    document: str  # path relative to the repository root
    line: int  # 1-based line of the opening fence
    language: str
    text: str
    options: dict

    @property
    def where(self) -> str:
        return f"{self.document}:{self.line}"

    @property
    def kind(self) -> str:
        if self.language in SHELL:
            return "shell"
        if self.language in PYTHON:
            return "python"
        if self.language in JSON:
            return "json"
        if self.language in NOT_RUN:
            return "not-run"
        return "unknown"

    @property
    def runs(self) -> bool:
        """Whether the harness does something with the block (a file= block of any language is written)."""
        return self.kind != "not-run" or "file" in self.options

    @property
    def timeout_s(self) -> float:
        return float(self.options.get("timeout", DEFAULT_TIMEOUT_S))


def documents(root: pathlib.Path = ROOT) -> list[pathlib.Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


OPTIONS = {"file", "timeout", "replace"}


def parse_options(text: str) -> dict:
    options = {"replace": []}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep or key not in OPTIONS:
            raise ValueError(f"doc-test option {item!r}: expected KEY=VALUE, KEY one of {', '.join(sorted(OPTIONS))}")
        if key == "replace":
            old, arrow, new = value.partition("->")
            if not arrow or not old:
                raise ValueError(f"doc-test option {item!r}: expected replace=OLD->NEW")
            options["replace"].append((old, new))
        else:
            options[key] = value
    return options


def replaced_text(block: "Block") -> tuple[str, list[str]]:
    """The block's text with its replace= options applied, and a note for each."""
    text, notes = block.text, []
    for old, new in block.options.get("replace", []):
        if old not in text:
            raise ValueError(f"{block.where}: replace={old}->{new}: {old!r} is not in the block")
        text = text.replace(old, new)
        notes.append(f"run with {old!r} replaced by {new!r}")
    return text, notes


def blocks_of(text: str, document: str) -> list[Block]:
    """The fenced code blocks of a Markdown text, in order. Raises ValueError for a fence that
    is never closed or a malformed doc-test comment, naming the line."""
    lines = text.splitlines()
    blocks = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening or ("`" in opening["info"] and opening["fence"][0] == "`"):
            index += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        options = {}
        directive = DIRECTIVE.match(lines[index - 1]) if index > 0 else None
        if directive:
            try:
                options = parse_options(directive["options"])
            except ValueError as error:
                raise ValueError(f"{document}:{index}: {error}") from None
        body = []
        end = index + 1
        while end < len(lines):
            stripped = lines[end].strip()
            if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                break
            line = lines[end]
            cut = len(line) - len(line.lstrip(" \t"))
            body.append(line[min(cut, indent):])
            end += 1
        else:
            raise ValueError(f"{document}:{index + 1}: code block never closed")
        words = opening["info"].split()
        blocks.append(Block(document, index + 1, words[0].lower() if words else "", "\n".join(body) + "\n", options))
        index = end + 1
    return blocks


# ---------------------------------------------------------------- shell blocks
def logical_commands(text: str, console: bool) -> list[list[str]]:
    """Physical lines grouped into commands (a line ending in a backslash continues). In a
    console block only prompted lines ("$ ") and their continuations are kept."""
    commands, current = [], None
    for line in text.splitlines():
        if current is not None:
            current.append(line)
        elif console:
            if not line.startswith("$ "):
                continue
            current = [line[2:]]
        else:
            current = [line]
        if not line.endswith("\\"):
            commands.append(current)
            current = None
    if current is not None:
        commands.append(current)
    return commands


def shell_script(block: Block) -> tuple[str, list[str]]:
    """The bash script a shell block runs, and notes on what the harness changed (CI steps)."""
    script, notes = [], []
    for command in logical_commands(block.text, block.language == "console"):
        first = command[0].lstrip()
        for pattern, replacement in CI_STEPS:
            if pattern.match(first):
                replaced = pattern.sub(replacement, first, count=1)
                notes.append(f"CI step `{first.split('#')[0].strip()}` checked as `{replaced.split('#')[0].strip()}`")
                command = [replaced, *command[1:]]
                break
        expected = EXPECTED_EXIT.search(command[-1])
        if expected:
            status, message = expected["status"], expected["message"]
            quoted = shlex.quote(first.split("#")[0].strip())
            script += ["set +e", "doc_test_output=$( {", *command, "} 2>&1 )", "doc_test_status=$?", "set -e",
                       'printf "%s\\n" "$doc_test_output"',
                       f'if [ "$doc_test_status" -ne {status} ]; then',
                       f'  echo "doc-test: expected exit status {status}, got $doc_test_status:" {quoted}; exit 1',
                       "fi"]
            if message:
                script += [f'if ! grep -qF -- {shlex.quote(message)} <<< "$doc_test_output"; then',
                           f'  echo "doc-test: the output of" {quoted} "does not say" {shlex.quote(repr(message))}; exit 1',
                           "fi"]
        else:
            script += command
    return "\n".join(script) + "\n", notes


def run_process_group(command: list[str], timeout_s: float, **options) -> tuple[int | None, str]:
    """Runs a command in a process group of its own; on timeout the whole group is killed (the
    programs a block started too). Returns (exit status or None after a timeout, output)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", start_new_session=True, **options)
    try:
        output, _ = process.communicate(timeout=timeout_s)
        return process.returncode, output
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return None, output


def run_shell(block: Block, workdir: pathlib.Path, env: dict) -> tuple[bool, str]:
    script, notes = shell_script(block)
    status, output = run_process_group(["bash", "-e", "-o", "pipefail", "-c", script], block.timeout_s,
                                       cwd=workdir, env=env)
    log = "".join(f"doc-test: {note}\n" for note in notes) + output
    if status is None:
        log += f"\ndoc-test: timed out after {block.timeout_s:g} s"
    elif status != 0:
        log += f"\ndoc-test: exit status {status}"
    return status == 0, log


# ---------------------------------------------------------------- Python blocks
class BlockTimeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float):
    def expire(signum, frame):
        raise BlockTimeout(f"timed out after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_python(block: Block, namespace: dict) -> tuple[bool, str]:
    output = io.StringIO()
    try:
        with time_limit(block.timeout_s), contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            if block.text.lstrip().startswith(">>>"):
                parser = doctest.DocTestParser()
                test = parser.get_doctest(block.text, namespace, block.where, block.document, block.line)
                runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
                report = io.StringIO()
                results = runner.run(test, out=report.write, clear_globs=False)
                namespace.update(test.globs)
                if results.failed:
                    return False, output.getvalue() + report.getvalue()
            else:
                # padded so that line numbers in a traceback are the document's
                code = compile("\n" * block.line + block.text, block.document, "exec")
                exec(code, namespace)
    except BaseException as error:  # noqa: BLE001 - a block's failure of any kind is reported
        if isinstance(error, KeyboardInterrupt):
            raise
        return False, output.getvalue() + "".join(traceback.format_exception(error))
    return True, output.getvalue()


# ---------------------------------------------------------------- JSON blocks
def reject_repeated_keys(pairs):
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise ValueError(f"repeated key(s) {', '.join(repeated)}")
    return dict(pairs)


def run_json(block: Block) -> tuple[bool, str]:
    try:
        document = json.loads(block.text, object_pairs_hook=reject_repeated_keys)
    except ValueError as error:
        return False, f"not valid JSON: {error}"
    if not isinstance(document, dict) or not document:
        return True, ""
    import ssdtlm

    sections = {parameter["key"].split(".")[0] for parameter in ssdtlm.parameters()}
    if not set(document) <= sections:
        return True, f"not a platform document (keys {sorted(document)}): parsed only"
    try:
        ssdtlm.Config(document, source=block.where).check()
    except ValueError as error:
        return False, f"platform document rejected by the configuration schema: {error}"
    return True, "platform document: valid"


# ---------------------------------------------------------------- one document
def write_file(block: Block) -> tuple[bool, str]:
    """A block that is a file for later blocks: written, and checked as far as it can be
    without running it."""
    path = pathlib.Path(block.options["file"])
    if path.is_absolute() or ".." in path.parts:
        return False, f"file={path}: a path inside the working directory expected"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(block.text)
    if block.kind == "json":
        return run_json(block)
    if block.kind == "python":
        try:
            compile("\n" * block.line + block.text, block.document, "exec")
        except SyntaxError:
            return False, traceback.format_exc()
    return True, f"written to {path}"


def link_farm(source: pathlib.Path, target: pathlib.Path, left_out=frozenset()):
    target.mkdir()
    for entry in source.iterdir():
        if entry.name not in left_out and entry.name != "__pycache__":
            (target / entry.name).symlink_to(entry)


def prepare_workdir(parent: pathlib.Path, binary: pathlib.Path, root: pathlib.Path = ROOT) -> pathlib.Path:
    """parent/repo: the repository root as blocks see it (see the module comment), with
    parent/shared linked to the checkout's ../shared. build/ holds links to the files of the
    directory of `binary` (the build tree under test)."""
    workdir = parent / "repo"
    workdir.mkdir()
    shared = root.parent / "shared"
    if shared.exists():
        (parent / "shared").symlink_to(shared)
    elif os.environ.get("SSDTLM_TRACES"):  # where the trace tests find the traces without ../shared
        (parent / "shared").mkdir()
        (parent / "shared" / "traces").symlink_to(pathlib.Path(os.environ["SSDTLM_TRACES"]).absolute())
    for entry in root.iterdir():
        if entry.name in LEFT_OUT:
            continue
        target = workdir / entry.name
        if entry.name in COPIED:
            (shutil.copytree if entry.is_dir() else shutil.copy2)(entry, target)
        elif entry.name in LINK_FARMS:
            link_farm(entry, target)
        elif entry.name != "build":
            target.symlink_to(entry)
    build = workdir / "build"
    link_farm(binary.parent, build, left_out=BUILD_OUTPUTS)
    if not (build / "ssdtlm").exists():
        (build / "ssdtlm").symlink_to(binary)
    return workdir


def run_block(block: Block, workdir: pathlib.Path, env: dict, namespace: dict) -> tuple[bool, str]:
    try:
        text, notes = replaced_text(block)
    except ValueError as error:
        return False, str(error)
    block = dataclasses.replace(block, text=text)
    if block.kind in ("shell", "python") and "../shared/" in block.text and not (workdir.parent / "shared").exists():
        return True, f"{SKIPPED}: ../shared (the traces beside the checkout) not found; set SSDTLM_TRACES"
    if "file" in block.options:
        ok, log = write_file(block)
    elif block.kind == "shell":
        ok, log = run_shell(block, workdir, env)
    elif block.kind == "python":
        ok, log = run_python(block, namespace)
    else:
        ok, log = run_json(block)
    return ok, "".join(f"doc-test: {note}\n" for note in notes) + log


def run_document(document: pathlib.Path, workdir: pathlib.Path, results, root: pathlib.Path = ROOT):
    """Runs the blocks of one document in order; writes one JSON line per block to `results`
    (where, language, ok, seconds, log) as it goes."""
    relative = str(document.relative_to(root))
    blocks = blocks_of(document.read_text(), relative)
    # no bytecode caches written through the links into the checkout
    os.environ.update({"MPLBACKEND": "Agg", "PYTHONDONTWRITEBYTECODE": "1"})
    sys.dont_write_bytecode = True
    env = dict(os.environ)
    os.chdir(workdir)
    sys.path.insert(0, str(workdir))
    namespace = {"__name__": "__doc_block__"}
    for block in blocks:
        started = time.monotonic()
        if block.kind == "unknown":
            ok, log = False, (f"code block tagged {block.language!r}: tag it with what it is: sh, python, json "
                              f"(run), or text (output, pseudo-code) and the other NOT_RUN languages")
        elif not block.runs:
            continue
        else:
            ok, log = run_block(block, workdir, env, namespace)
        record = {"where": block.where, "language": block.language, "ok": ok,
                  "seconds": round(time.monotonic() - started, 2), "log": log}
        results.write(json.dumps(record) + "\n")
        results.flush()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("documents", nargs="*", help="Markdown files (default: README.md and docs/*.md)")
    parser.add_argument("--workdir", help="run in this prepared directory (internal: the test sets it)")
    parser.add_argument("--results", help="JSON lines, one per block (internal: the test sets it)")
    parser.add_argument("--verbose", action="store_true", help="print the output of every block")
    parser.add_argument("--root", default=str(ROOT), help="the repository root the documents belong to")
    parser.add_argument("--ssdtlm", default=os.environ.get("SSDTLM_BINARY", str(ROOT / "build" / "ssdtlm")))
    args = parser.parse_args(argv)
    if args.workdir:
        (document,) = args.documents
        with open(args.results, "a") as results:
            run_document(pathlib.Path(document).resolve(), pathlib.Path(args.workdir), results,
                         root=pathlib.Path(args.root).resolve())
        return 0
    failed = 0
    root = pathlib.Path(args.root).resolve()
    for document in [pathlib.Path(d).resolve() for d in args.documents] or documents(root):
        with tempfile.TemporaryDirectory(prefix="doc-blocks-") as parent:
            workdir = prepare_workdir(pathlib.Path(parent), pathlib.Path(args.ssdtlm).absolute(), root)
            results_path = pathlib.Path(parent) / "results.jsonl"
            subprocess.run([sys.executable, __file__, str(document), "--root", str(root), "--workdir", str(workdir),
                            "--results", str(results_path)], check=False)
            for record in map(json.loads, results_path.read_text().splitlines() if results_path.exists() else []):
                failed += not record["ok"]
                print(f"{'ok  ' if record['ok'] else 'FAIL'} {record['seconds']:7.1f} s  {record['where']} "
                      f"({record['language']})")
                if not record["ok"] or args.verbose:
                    log = record["log"] if args.verbose else record["log"][-3000:]
                    print("      " + log.replace("\n", "\n      "))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

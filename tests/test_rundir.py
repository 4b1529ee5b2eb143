"""The one writer: a file is replaced whole or not at all; the run folder's paths have one map."""
import re
from pathlib import Path

import pytest

from seq2seq.rundir import RunDir, WriteError, atomic_write, link, write_json, write_text

PACKAGE = Path(__file__).resolve().parents[1] / "seq2seq"


def test_atomic_write_replaces_whole_file(tmp_path):
    path = tmp_path / "sub" / "out.txt"
    write_text(path, "first\n")
    with atomic_write(path) as f:
        f.write("second\n")
        assert path.read_text() == "first\n"  # not visible until the block ends
    assert path.read_text() == "second\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["out.txt"]


def test_failure_inside_leaves_previous_file_and_no_temporary(tmp_path):
    path = tmp_path / "results.json"
    write_json(path, {"a": 1})
    with pytest.raises(RuntimeError, match="boom"):
        with atomic_write(path) as f:
            f.write('{"half": ')
            raise RuntimeError("boom")
    assert path.read_text() == '{\n  "a": 1\n}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


def test_full_disk_is_a_write_error_naming_the_file(tmp_path):
    path = tmp_path / "x.bin"
    write_text(path, "old")
    with pytest.raises(WriteError, match=r"x.bin: writing failed \(No space left on device\).*intact"):
        with atomic_write(path, "wb"):
            raise OSError(28, "No space left on device")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.bin"]


def test_unwritable_folder_is_a_write_error_naming_the_folder(tmp_path):
    (tmp_path / "afile").write_text("a file where a folder should be")
    with pytest.raises(WriteError, match=r"afile: cannot write here") as info:
        write_text(tmp_path / "afile" / "out.txt", "x")
    assert info.value.folder


def test_link_keeps_old_content_when_source_is_rewritten(tmp_path):
    src, dst = tmp_path / "last.pt", tmp_path / "best.pt"
    write_text(src, "step 1")
    link(src, dst)
    write_text(src, "step 2")
    assert dst.read_text() == "step 1" and src.read_text() == "step 2"


def test_run_dir_names_every_path(tmp_path):
    run = RunDir(tmp_path)
    assert run.best == tmp_path / "checkpoints" / "best.pt"
    assert run.step_checkpoint(1500) == tmp_path / "checkpoints" / "step-00001500.pt"
    assert run.tokenizer_files(True) == (tmp_path / "spm.model",) * 2
    assert run.tokenizer_files(False) == (tmp_path / "spm.src.model", tmp_path / "spm.tgt.model")
    assert run.results.name == "results.json" and run.tensorboard.name == "tb"


def test_no_module_writes_files_another_way():
    """Every file goes through rundir.atomic_write: no module opens files for writing by itself."""
    patterns = [r"\.write_text\(", r"\.write_bytes\(", r"os\.replace\(", r"mkstemp\(", r"open\([^)]*['\"][wa]b?['\"]",
                r"savefig\(\s*(png|path|out)", r"shutil\.copy"]
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "rundir.py":
            continue
        for no, line in enumerate(path.read_text().splitlines(), 1):
            if any(re.search(p, line) for p in patterns):
                offenders.append(f"{path.relative_to(PACKAGE)}:{no}: {line.strip()}")
    assert not offenders, "\n".join(offenders)

"""Checkpoints as plain dicts, written atomically; loaded with ``weights_only=True`` and checked."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import torch

from seq2seq.errors import CheckpointError

FORMAT = "seq2seq-checkpoint"
_FAULT_DELAY = float(os.environ.get("SEQ2SEQ_FAULT_SAVE_DELAY", "0") or 0)
VERSION = 1


def save(state: dict, path: Path) -> None:
    """Write to a temporary file in the same folder, fsync, rename: a kill leaves the old file intact."""
    path = Path(path)
    state = {"format": FORMAT, "version": VERSION, **state}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as e:
        raise CheckpointError(f"{path.parent}: cannot write checkpoints ({e.strerror}); make the folder "
                              "writable or choose another hydra.run.dir") from None
    try:
        with os.fdopen(fd, "wb") as f:
            torch.save(state, f)
            if _FAULT_DELAY:  # fault injection for the tests: widen the window a kill can land in
                import time

                time.sleep(_FAULT_DELAY)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        with _suppress():
            os.unlink(tmp)
        if isinstance(e, OSError) or (isinstance(e, RuntimeError) and "write" in str(e).lower()):
            raise CheckpointError(f"{path}: writing the checkpoint failed ({getattr(e, 'strerror', None) or e}); "
                                  "free disk space and resume: the previous checkpoint is intact") from None
        raise
    with _suppress():  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


class _suppress:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return exc[0] is not None and issubclass(exc[0], OSError)


def link(src: Path, dst: Path) -> None:
    """Make ``dst`` another name of ``src``'s current content (a hard link: no second 100 MB write).

    ``save`` replaces files by rename, so the link keeps the old content when ``src`` is rewritten.
    Falls back to a copy where the file system has no hard links.
    """
    tmp = dst.with_name(f".{dst.name}.link")
    with _suppress():
        os.unlink(tmp)
    try:
        os.link(src, tmp)
    except OSError:
        import shutil

        shutil.copyfile(src, tmp)
    os.replace(tmp, dst)


def newest_valid(folder: Path) -> Path | None:
    """The valid checkpoint with the highest step among last.pt, step-*.pt and best.pt (corrupt ones skipped)."""
    found = []
    for path in Path(folder).glob("*.pt"):
        try:
            found.append((int(load(path, mmap=True).get("progress", {}).get("step", -1)), path.name == "last.pt", path))
        except CheckpointError:
            continue
    return max(found)[2] if found else None


def load(path: Path, map_location: str | torch.device = "cpu", mmap: bool = False) -> dict:
    """Load and check a checkpoint; every failure is one CheckpointError naming the file.

    ``mmap=True`` maps the file instead of reading it: only the tensors the caller touches become
    resident, so loading the weights alone (translation, the final test) does not also pull the
    optimizer's moments (twice the weights) into memory. Only for read-only use: the tensors are
    copy-on-write views of the file.
    """
    path = Path(path)
    if not path.is_file():
        raise CheckpointError(f"{path}: no such checkpoint")
    try:
        state = torch.load(path, map_location=map_location, weights_only=True, mmap=mmap)
    except Exception as e:  # truncated zip, pickle errors, foreign files: all mean "not a usable checkpoint"
        raise CheckpointError(f"{path}: not a readable checkpoint, truncated or corrupt "
                              f"({type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise CheckpointError(f"{path}: not a seq2seq checkpoint")
    if state.get("version") != VERSION:
        raise CheckpointError(f"{path}: checkpoint format version {state.get('version')} but this seq2seq "
                              f"reads version {VERSION}; use the seq2seq release that wrote it")
    return state

"""Checkpoints as plain dicts, written atomically; loaded with ``weights_only=True`` and checked."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import torch

from seq2seq.errors import CheckpointError

FORMAT = "seq2seq-checkpoint"
VERSION = 1


def save(state: dict, path: Path) -> None:
    """Write to a temporary file in the same folder, fsync, rename: a kill leaves the old file intact."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {"format": FORMAT, "version": VERSION, **state}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            torch.save(state, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with _suppress():
            os.unlink(tmp)
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


def load(path: Path, map_location: str | torch.device = "cpu") -> dict:
    """Load and check a checkpoint; every failure is one CheckpointError naming the file."""
    path = Path(path)
    if not path.is_file():
        raise CheckpointError(f"{path}: no such checkpoint")
    try:
        state = torch.load(path, map_location=map_location, weights_only=True)
    except Exception as e:  # truncated zip, pickle errors, foreign files: all mean "not a usable checkpoint"
        raise CheckpointError(f"{path}: not a readable checkpoint, truncated or corrupt "
                              f"({type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise CheckpointError(f"{path}: not a seq2seq checkpoint")
    if state.get("version") != VERSION:
        raise CheckpointError(f"{path}: checkpoint format version {state.get('version')} but this seq2seq "
                              f"reads version {VERSION}; use the seq2seq release that wrote it")
    return state

"""The run folder's map (``RunDir``) and the one way any file is written (``atomic_write``).

Every file the program leaves (checkpoints, caches, tokenizer models, results, hypotheses, heatmaps,
``output=``) is written to a temporary file in the destination folder and renamed into place, so a kill,
a full disk or an exception at any moment leaves either the previous file or the new one, never half of
one. Logs that grow while the program runs (``train.log``, TensorBoard events) are the exception.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Iterator

import numpy as np

from seq2seq.errors import UserError


class WriteError(UserError):
    """A file could not be written (unwritable folder, full disk); whatever was there is intact."""

    def __init__(self, path: Path, reason: str, folder: bool):
        self.path, self.reason, self.folder = path, reason, folder
        super().__init__(f"{path.parent}: cannot write here ({reason}); make the folder writable or choose "
                         "another output folder" if folder else
                         f"{path}: writing failed ({reason}); free disk space or choose another folder: the "
                         "previous file is intact")


def _fsync_folder(folder: Path) -> None:
    """Make a rename itself durable (best effort: not every file system lets a folder be opened)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def atomic_write(path: Path | str, mode: str = "w", *, durable: bool = False) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on a clean exit it replaces ``path``, else it is removed.

    ``mode`` is ``"w"`` (UTF-8 text, ``\\n`` line ends) or ``"wb"``. ``durable`` fsyncs the file and
    the folder (checkpoints: a power cut must not leave an empty ``last.pt``); caches and reports skip it.
    Raises ``WriteError`` naming the path when the folder or the file cannot be written.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as e:
        raise WriteError(path, e.strerror or str(e), folder=True) from None
    try:
        with os.fdopen(fd, mode, **({"encoding": "utf-8", "newline": "\n"} if "b" not in mode else {})) as f:
            yield f
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise WriteError(path, e.strerror or str(e), folder=False) from None
        raise
    if durable:
        _fsync_folder(path.parent)


@contextlib.contextmanager
def atomic_folder(path: Path | str) -> Iterator[Path]:
    """A temporary folder beside ``path`` to fill; on a clean exit it is renamed to ``path``, else removed.

    For a cache entry made of several files (a corpus's id arrays): readers see all of them or none.
    An existing ``path`` is kept (another process finished first; its content is the same by key).
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"))
    except OSError as e:
        raise WriteError(path / "x", e.strerror or str(e), folder=True) from None
    try:
        yield tmp
        try:
            os.rename(tmp, path)
        except OSError:
            if not path.is_dir():
                raise
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException as e:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(e, OSError):
            raise WriteError(path, e.strerror or str(e), folder=False) from None
        raise


class NpyAppender:
    """A 1-D ``.npy`` file written in pieces: arrays of unknown total length go straight to disk.

    The header is reserved at a fixed size and rewritten with the final length on ``close``; until then
    the file is not a valid array, so write it inside ``atomic_folder``.
    """

    HEADER = 128  # bytes; a multiple of 64 as numpy's format asks, room for any 1-D shape

    def __init__(self, path: Path, dtype) -> None:
        self.path, self.dtype, self.length = Path(path), np.dtype(dtype), 0
        self.file = open(self.path, "wb")
        self.file.write(self._header(0))

    def _header(self, n: int) -> bytes:
        d = "{'descr': %r, 'fortran_order': False, 'shape': (%d,), }" % (self.dtype.str, n)
        room = self.HEADER - 10  # magic (6), version (2), header length (2)
        return b"\x93NUMPY\x01\x00" + room.to_bytes(2, "little") + d.encode("latin1").ljust(room - 1) + b"\n"

    def append(self, values: np.ndarray) -> None:
        self.file.write(np.ascontiguousarray(values, dtype=self.dtype).tobytes())
        self.length += len(values)

    def close(self) -> None:
        self.file.seek(0)
        self.file.write(self._header(self.length))
        self.file.close()


def save_npy(path: Path | str, array: np.ndarray) -> None:
    with atomic_write(path, "wb") as f:
        np.save(f, array, allow_pickle=False)


def write_text(path: Path | str, text: str) -> None:
    with atomic_write(path) as f:
        f.write(text)


def write_bytes(path: Path | str, data: bytes) -> None:
    with atomic_write(path, "wb") as f:
        f.write(data)


def write_json(path: Path | str, obj: Any) -> None:
    write_text(path, json.dumps(obj, indent=2, ensure_ascii=False) + "\n")


def copy_file(src: Path | str, dst: Path | str) -> None:
    with open(src, "rb") as f_in, atomic_write(dst, "wb") as f_out:
        shutil.copyfileobj(f_in, f_out)


def link(src: Path, dst: Path) -> None:
    """Make ``dst`` another name of ``src``'s current content (a hard link: no second 100 MB write).

    Files are replaced by rename, so the link keeps the old content when ``src`` is rewritten. Falls back
    to a copy where the file system has no hard links.
    """
    tmp = dst.with_name(f".{dst.name}.link")
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    try:
        os.link(src, tmp)
    except OSError:
        copy_file(src, tmp)
    os.replace(tmp, dst)


def sha256(path: Path) -> str:
    """sha256 of a file's bytes, read in 1 MiB blocks: how exports and fine-tuned runs name the files they rest on."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@dataclass(frozen=True)
class RunDir:
    """Every path of a run folder: training writes them, the inference commands read them."""

    root: Path

    def __post_init__(self) -> None:
        object.__setattr__(self, "root", Path(self.root))

    @property
    def checkpoints(self) -> Path:
        return self.root / "checkpoints"

    def checkpoint(self, name: str) -> Path:
        """``best``, ``last`` or ``step-00001000`` -> its ``.pt`` file."""
        return self.checkpoints / f"{name}.pt"

    @property
    def last(self) -> Path:
        return self.checkpoint("last")

    @property
    def best(self) -> Path:
        return self.checkpoint("best")

    def step_checkpoint(self, step: int) -> Path:
        return self.checkpoint(f"step-{step:08d}")

    def step_checkpoints(self) -> list[Path]:
        """Rotating validation checkpoints, oldest first."""
        return sorted(self.checkpoints.glob("step-*.pt"))

    @property
    def tensorboard(self) -> Path:
        return self.root / "tb"

    @property
    def results(self) -> Path:
        return self.root / "results.json"

    @property
    def hydra_config(self) -> Path:
        return self.root / ".hydra" / "config.yaml"

    def tokenizer_files(self, joint: bool) -> tuple[Path, Path]:
        """(source model, target model): the same file twice for a joint model."""
        if joint:
            return self.root / "spm.model", self.root / "spm.model"
        return self.root / "spm.src.model", self.root / "spm.tgt.model"

    @property
    def eval_dir(self) -> Path:
        return self.root / "eval"

    @property
    def attention_dir(self) -> Path:
        return self.root / "attention"

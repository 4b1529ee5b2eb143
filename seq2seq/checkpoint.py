"""Checkpoints as plain dicts, built here, written atomically; loaded with ``weights_only=True`` and checked.

Every checkpoint (the trainer's ``last.pt``, ``ema.pt``, ``averaged.pt``) is made by ``contents``, so
they share one layout: the run's config, the tokenizer's sizes and special ids, the weights, and what
the kind of file adds (training state, or ``weights_only`` naming a file that cannot continue a run).
``best.pt`` and ``step-N.pt`` are hard links to a ``last.pt`` (``keep``): they cost no disk.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import torch

from seq2seq.errors import CheckpointError
from seq2seq.rundir import RunDir, WriteError, atomic_write, link

FORMAT = "seq2seq-checkpoint"
_FAULT_DELAY = float(os.environ.get("SEQ2SEQ_FAULT_SAVE_DELAY", "0") or 0)
VERSION = 1


def vocab(tok) -> dict:
    """The tokenizer's sizes and special ids (``tok``: data.tokenizer.Tokenizer), which a loader checks
    against the tokenizer it finds beside the checkpoint."""
    return {"src": tok.src_vocab_size, "tgt": tok.tgt_vocab_size, "pad": tok.pad_id, "bos": tok.bos_id,
            "eos": tok.eos_id}


def contents(config: dict, vocab: dict, model: dict, **parts) -> dict:
    """A checkpoint's dict: ``config`` (plain containers), ``vocab`` (see ``vocab``), the model's
    ``state_dict`` and ``parts``: the training state (optimizer, schedule, ...) or ``weights_only``."""
    return {"config": config, "model": model, **parts, "vocab": vocab}


def save(state: dict, path: Path) -> None:
    """Write through ``atomic_write`` (fsync'd): a kill or a full disk leaves the previous file intact."""
    path = Path(path)
    state = {"format": FORMAT, "version": VERSION, **state}
    try:
        with atomic_write(path, "wb", durable=True) as f:
            torch.save(state, f)
            if _FAULT_DELAY:  # fault injection for the tests: widen the window a kill can land in
                time.sleep(_FAULT_DELAY)
    except WriteError as e:
        if e.folder:
            raise CheckpointError(f"{path.parent}: cannot write checkpoints ({e.reason}); make the folder writable "
                                  "or choose another hydra.run.dir") from None
        raise _failed(path, e.reason) from None
    except RuntimeError as e:  # torch.save reports some failed writes as RuntimeError
        if "write" not in str(e).lower():
            raise
        raise _failed(path, str(e)) from None


def _failed(path: Path, reason: str) -> CheckpointError:
    return CheckpointError(f"{path}: writing the checkpoint failed ({reason}); free disk space and resume: the "
                           "previous checkpoint is intact")


def keep(run: RunDir, step: int, improved: bool, keep_last: int) -> None:
    """After ``last.pt`` of ``step`` is written: link it as ``best.pt`` (when dev BLEU improved) and as
    ``step-N.pt``, keeping the last ``trainer.keep_last`` of those (``seq2seq-average`` averages them)."""
    if improved:
        link(run.last, run.best)
    if keep_last:
        link(run.last, run.step_checkpoint(step))
        for old in run.step_checkpoints()[:-keep_last]:
            old.unlink()


def newest_valid(folder: Path) -> Path | None:
    """The valid checkpoint with the highest step among last.pt, step-*.pt and best.pt (corrupt ones skipped).

    Weights-only files (ema.pt, averaged.pt: no optimizer state) cannot continue a run and are passed over.
    """
    found = []
    for path in Path(folder).glob("*.pt"):
        try:
            state = load(path, mmap=True)
        except CheckpointError:
            continue
        if "optimizer" in state:
            found.append((int(state.get("progress", {}).get("step", -1)), path.name == "last.pt", path))
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

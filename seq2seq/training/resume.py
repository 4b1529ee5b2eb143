"""What a resumed run may and may not change, and where its checkpoint comes from."""
from __future__ import annotations

import logging
from pathlib import Path

import torch

from seq2seq import checkpoint
from seq2seq.errors import CheckpointError
from seq2seq.rundir import RunDir

log = logging.getLogger("seq2seq.training.trainer")  # train.log names the trainer for these lines, as before

# Keys that decide what is learned from which data: changing them mid-run gives a different run.
FROZEN_PREFIXES = ("model.", "tokenizer.", "data.train", "data.src", "data.tgt", "data.max_len", "data.limit_train",
                   "trainer.seed", "trainer.batch_tokens", "trainer.max_sentences")
IGNORED = ("tokenizer.cache_dir",)


def flatten(d: dict, prefix: str = "") -> dict:
    """Nested config sections as one dict of dotted keys (``model.emb_size``): how configs are compared."""
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def frozen_differences(saved: dict, current: dict) -> list[str]:
    """``key: saved -> current`` for every frozen key whose value changed."""
    a, b = flatten(saved), flatten(current)
    keys = sorted(k for k in set(a) | set(b) if k.startswith(FROZEN_PREFIXES) and k not in IGNORED)
    return [f"{k}: {a.get(k)!r} -> {b.get(k)!r}" for k in keys if a.get(k) != b.get(k)]


def find_checkpoint(resume: str, run_dir: Path) -> Path | None:
    """``auto`` = this run folder; a folder = its newest valid checkpoint; a file = that file.

    ``auto`` in a run folder that holds no checkpoint file yet gives None (start fresh), so one command
    both starts a run and continues it (a job scheduler's requeue, torchrun's restarts). Checkpoint files
    that are all unreadable stay an error: starting over would overwrite what may still be recovered.
    """
    target = run_dir if resume == "auto" else Path(resume)
    if target.is_file():
        return target
    folder = target / "checkpoints" if (target / "checkpoints").is_dir() else target
    if resume == "auto" and not any(folder.glob("*.pt")):
        return None
    if not folder.is_dir():
        raise CheckpointError(f"trainer.resume={resume}: no such run folder or checkpoint")
    found = checkpoint.newest_valid(folder)
    if found is None:
        raise CheckpointError(f"{folder}: no valid checkpoint to resume from")
    return found


def load_resume(resume: str, run: RunDir, device: torch.device, config: dict,
                ranks: int) -> tuple[dict | None, RunDir | None]:
    """The checkpoint ``trainer.resume`` names and the run folder it came from; (None, None) for a new run.

    Refused in one line: a changed model/data config (``config``, plain containers), or another number
    of training processes than the ``ranks`` that wrote it (the data order is split by rank).
    """
    if not resume:
        return None, None
    path = find_checkpoint(resume, run.root)
    if path is None:
        log.info("trainer.resume=auto: no checkpoint in %s yet, starting a new run", run.root)
        return None, None
    state = checkpoint.load(path, map_location=device)
    diff = frozen_differences(state.get("config", {}), config)
    if diff:
        raise CheckpointError(f"{path}: cannot resume with a changed model/data config ({'; '.join(diff)}); "
                              "start a new run, or resume with the original values")
    written = state["sampler"].get("world_size", 1)
    if written != ranks:
        raise CheckpointError(f"{path}: written by {written} training process(es), resumed with {ranks}; "
                              f"resume with the same number (torchrun --nproc-per-node ...) or start a new run")
    log.info("resuming from %s (step %d)", path, state["progress"]["step"])
    return state, RunDir(path.parent.parent)

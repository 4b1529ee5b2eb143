"""What a resumed run may and may not change, and where its checkpoint comes from."""
from __future__ import annotations

from pathlib import Path

from seq2seq import checkpoint
from seq2seq.errors import CheckpointError

# Keys that decide what is learned from which data: changing them mid-run gives a different run.
FROZEN_PREFIXES = ("model.", "tokenizer.", "data.train", "data.src", "data.tgt", "data.max_len", "data.limit_train",
                   "trainer.seed", "trainer.batch_tokens", "trainer.max_sentences")
IGNORED = ("tokenizer.cache_dir",)


def _flatten(d: dict, prefix: str = "") -> dict:
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def frozen_differences(saved: dict, current: dict) -> list[str]:
    """``key: saved -> current`` for every frozen key whose value changed."""
    a, b = _flatten(saved), _flatten(current)
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

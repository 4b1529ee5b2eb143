"""Checkpoint averaging (``seq2seq-average``): the parameter mean of several step checkpoints of one run.

The trainer keeps the step checkpoints of its last ``trainer.keep_last`` validations (``step-N.pt``);
each carries its own dev BLEU as the last entry of ``progress.history``. ``last=K`` averages the newest K,
``best=K`` the K of them with the highest dev BLEU. The mean is written as ``checkpoints/averaged.pt``
(weights only), which ``seq2seq-eval checkpoint=averaged`` and ``Translator.from_run(run, "averaged")``
load like ``best``.
"""
from __future__ import annotations

from pathlib import Path

import torch

from seq2seq import checkpoint
from seq2seq.config import AverageConfig
from seq2seq.errors import CheckpointError
from seq2seq.rundir import RunDir
from seq2seq.training.resume import frozen_differences


def _dev_bleu(state: dict) -> float:
    history = state.get("progress", {}).get("history") or []
    return float(history[-1][2]) if history else float("-inf")


def select(run: RunDir, last: int = 0, best: int = 0) -> list[Path]:
    """The step checkpoints to average, oldest first; an error when fewer than asked are kept."""
    kept = run.step_checkpoints()
    want = last or best
    if len(kept) < want:
        raise CheckpointError(f"{run.checkpoints}: {len(kept)} step checkpoint(s) kept, {want} asked for; "
                              f"train with trainer.keep_last={want} or more")
    if last:
        return kept[-last:]
    scored = sorted(kept, key=lambda p: _dev_bleu(checkpoint.load(p, mmap=True)), reverse=True)
    return sorted(scored[:best])


def average_states(paths: list[Path]) -> dict:
    """The first checkpoint's config/vocab with ``model`` replaced by the mean of every model tensor.

    Means are taken in float64 and cast back to each tensor's dtype. Checkpoints of another model,
    tokenizer or training data, or another vocabulary, are refused with one line naming both files.
    """
    first = checkpoint.load(paths[0], mmap=True)
    sums = {k: v.double().clone() for k, v in first["model"].items()}
    for path in paths[1:]:
        state = checkpoint.load(path, mmap=True)
        diff = frozen_differences(first.get("config", {}), state.get("config", {}))
        if diff or state.get("vocab") != first.get("vocab") or state["model"].keys() != sums.keys():
            why = "; ".join(diff) or "vocabulary or parameters differ"
            raise CheckpointError(f"{path}: cannot be averaged with {paths[0]} ({why})")
        for k, v in state["model"].items():
            sums[k] += v.double()
    model = {k: (s / len(paths)).to(first["model"][k].dtype) for k, s in sums.items()}
    return checkpoint.contents(first.get("config", {}), first.get("vocab", {}), model, weights_only="averaged",
                               averaged=[p.name for p in paths],
                               progress={"step": int(checkpoint.load(paths[-1], mmap=True)["progress"]["step"])})


def run_average(cfg: AverageConfig) -> tuple[Path, list[Path]]:
    """Write ``checkpoints/NAME.pt``; returns it and the checkpoints it averages."""
    run = RunDir(cfg.run_dir)
    if not run.checkpoints.is_dir():
        raise CheckpointError(f"{run.root}: no checkpoints folder (run_dir= must be a seq2seq-train run folder)")
    paths = select(run, cfg.last, cfg.best)
    out = run.checkpoint(cfg.name)
    checkpoint.save(average_states(paths), out)
    return out, paths


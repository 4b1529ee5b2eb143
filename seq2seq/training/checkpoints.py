"""Which checkpoint files a run keeps: ``last.pt``, and hard links to it that cost no disk.

``best.pt`` links the last validation that improved dev BLEU; ``step-N.pt`` the last
``trainer.keep_last`` validations, which ``seq2seq-average`` averages. ``ema.pt`` is written apart.
"""
from __future__ import annotations

from seq2seq.rundir import RunDir, link


def keep(run: RunDir, step: int, improved: bool, keep_last: int) -> None:
    """After ``last.pt`` of ``step`` is written: link it as ``best.pt`` and ``step-N.pt``, drop old step files."""
    if improved:
        link(run.last, run.best)
    if keep_last:
        link(run.last, run.step_checkpoint(step))
        for old in run.step_checkpoints()[:-keep_last]:
            old.unlink()

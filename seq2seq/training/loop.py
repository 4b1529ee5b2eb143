"""The epoch loop of ``Trainer.fit``: steps in accumulation groups, validation at its interval, and the
stop rules checked after every step.

The loop decides only when: ``tr`` (the ``Trainer``) does the work through ``start_epoch``,
``run_step``, ``validate_and_save`` and ``save_last``.
"""
from __future__ import annotations

import sys
from collections.abc import Iterator

from seq2seq.training.signals import Stopper
from seq2seq.training.stopping import agreed


def groups(loader, size: int) -> Iterator[list]:
    """This epoch's batches in groups of ``size`` (``trainer.accum_steps``; the last may be shorter)."""
    group = []
    for batch in loader:
        group.append(batch)
        if len(group) == size:
            yield group
            group = []
    if group:
        yield group


def epochs(tr, stop: Stopper) -> tuple[str, bool]:
    """Train until a budget, patience, ``trainer.max_epochs`` or a signal stops it: (why, by a signal).

    Under DDP every rank takes the same decision after each step (``agreed``), so none is left waiting.
    """
    t, p = tr.cfg.trainer, tr.progress
    while True:
        tr.start_epoch(p.epoch)
        for batches in groups(tr.loader, t.accum_steps):
            tr.run_step(batches)
            signal, reason = agreed(tr.world, tr.budget, stop.requested, tr.budget.reason(p.step))
            if signal:
                return _interrupted(tr, signal), True
            if p.step % t.eval_every == 0 or reason:
                if tr.validate_and_save() and not reason:
                    reason = f"early stopping: no dev BLEU gain in {t.patience} validations"
                # the validation itself may have used up the budget: stop here, it was just validated
                reason = reason or agreed(tr.world, tr.budget, "", tr.budget.reason(p.step))[1]
            if reason:
                return reason, False
        p.epoch += 1
        if t.max_epochs and p.epoch >= t.max_epochs:
            if p.step % t.eval_every:
                tr.validate_and_save()
            return f"reached trainer.max_epochs={t.max_epochs}", False


def _interrupted(tr, signal_name: str) -> str:
    """Save ``last.pt`` (on every rank: a collective under DDP) and say how to resume."""
    tr.read_meter()
    tr.save_last()
    if tr.world.is_main:
        launcher = "torchrun ... $(command -v seq2seq-train)" if tr.world.enabled else "seq2seq-train"
        print(f"stopped by {signal_name} at step {tr.progress.step}; last.pt written. Resume with:\n"
              f"  {launcher} ... hydra.run.dir={tr.run.root} trainer.resume=auto", file=sys.stderr)
    return f"interrupted by {signal_name}"

"""The epoch loop of ``Trainer.fit`` and every reason it stops: the step and wall-clock budgets,
early stopping's count, ``trainer.max_epochs``, SIGINT/SIGTERM, and one decision for all ranks.

The loop decides only when: ``tr`` (the ``Trainer``) does the work through ``start_epoch``,
``run_step``, ``validate_and_save`` and ``save_last``. Under DDP every rank leaves the loop at the same
step (a rank that left alone would hang the others' all-reduce).
"""
from __future__ import annotations

import logging
import math
import signal
import sys
import time
from collections.abc import Callable, Iterator

from seq2seq.distributed import World
from seq2seq.training.schedule import LRSchedule
from seq2seq.training.state import Progress
from seq2seq.training.validation import DevScores

log = logging.getLogger("seq2seq.training.trainer")  # train.log names the trainer for these lines, as before


class Stopper:
    """SIGINT/SIGTERM for the life of a training loop: finish the step, save, exit 0 (``requested`` names
    the signal). A second SIGINT exits at once."""

    def __init__(self) -> None:
        self.requested = ""
        self._previous: dict = {}
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self._previous[sig] = signal.signal(sig, self._handle)
            except ValueError:  # not the main thread (e.g. called from a library): no handlers
                pass

    def _handle(self, signum, frame) -> None:
        if self.requested and signum == signal.SIGINT:
            raise KeyboardInterrupt  # second Ctrl-C: leave now (checkpoint writes are atomic)
        self.requested = signal.Signals(signum).name
        print(f"\n{self.requested}: finishing this step, then saving last.pt (Ctrl-C again to quit now)",
              file=sys.stderr)

    def restore(self) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous = {}


class Budget:
    """``trainer.max_steps`` and ``trainer.max_minutes``. The clock is the run's, not the session's: a
    resumed run starts it at the checkpoint's ``wall_seconds`` and gets what is left of the minutes."""

    def __init__(self, max_steps: int, max_minutes: float):
        self.max_steps, self.max_minutes = max_steps, max_minutes
        self.start = time.perf_counter()

    def resume_at(self, wall_seconds: float) -> None:
        self.start = time.perf_counter() - wall_seconds

    def elapsed(self) -> float:
        """Wall-clock seconds of the run so far, earlier sessions included."""
        return time.perf_counter() - self.start

    def seconds(self) -> float:
        return self.max_minutes * 60 or math.inf

    def left(self) -> float:
        return self.seconds() - self.elapsed()

    def clock_reason(self) -> str:
        return f"reached trainer.max_minutes={self.max_minutes}"

    def reason(self, step: int) -> str:
        """Why training should stop after ``step`` ('' = go on)."""
        if self.max_steps and step >= self.max_steps:
            return f"reached trainer.max_steps={self.max_steps}"
        if self.elapsed() >= self.seconds():
            return self.clock_reason()
        return ""


def agreed(world: World, budget: Budget, signal_name: str, reason: str) -> tuple[str, str]:
    """(signal, reason) that every rank acts on: a signal or a budget on any rank stops them all."""
    if not world.enabled:
        return signal_name, reason
    code = world.max_int(2 if signal_name else 1 if reason else 0)
    if code == 2:
        return signal_name or "a signal to another training process", ""
    if code == 1 and not reason:  # max_steps is reached together; only the clock can differ
        reason = budget.clock_reason()
    return "", reason if code == 1 else ""


def record(p: Progress, scores: DevScores, wall_seconds: float, best_dev: Callable[[], dict],
           schedule: LRSchedule) -> bool:
    """One validation's bookkeeping: history, best, early stopping's count, the plateau schedule, the log
    line. Returns whether dev BLEU improved. ``best_dev`` gives the figures results.json keeps for the best."""
    p.history.append([p.step, round(wall_seconds, 1), scores.bleu])
    improved = scores.bleu > p.best_bleu
    if improved:
        p.best_bleu, p.best_step, p.bad_evals = scores.bleu, p.step, 0
        p.best_dev = best_dev()
    else:
        p.bad_evals += 1
    if schedule.observe(scores.bleu):
        log.info("dev BLEU stalled: learning rate scale now %.3g", schedule.scale)
    log.info("step %d: dev BLEU %.2f chrF %.2f loss %.3f%s", p.step, scores.bleu, scores.chrf, scores.loss,
             " (best)" if improved else f" (best {p.best_bleu:.2f} at {p.best_step})")
    return improved


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
    """Train until a budget, patience, ``trainer.max_epochs`` or a signal stops it: (why, by a signal)."""
    t, p = tr.cfg.trainer, tr.progress
    while True:
        tr.start_epoch(p.epoch)
        for batches in groups(tr.loader, t.accum_steps):
            tr.run_step(batches)
            signal_name, reason = agreed(tr.world, tr.budget, stop.requested, tr.budget.reason(p.step))
            if signal_name:
                return _interrupted(tr, signal_name), True
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

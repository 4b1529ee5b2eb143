"""When training stops: the step and wall-clock budgets, early stopping's count, and one decision for all ranks.

A SIGINT/SIGTERM is caught in ``signals.py``; here it only joins the other reasons, so that under DDP
every rank leaves the loop at the same step (a rank that left alone would hang the others' all-reduce).
"""
from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable

from seq2seq.distributed import World
from seq2seq.training.schedule import LRSchedule
from seq2seq.training.state import Progress
from seq2seq.training.validation import DevScores

log = logging.getLogger("seq2seq.training.trainer")  # train.log names the trainer for these lines, as before


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


def agreed(world: World, budget: Budget, signal: str, reason: str) -> tuple[str, str]:
    """(signal, reason) that every rank acts on: a signal or a budget on any rank stops them all."""
    if not world.enabled:
        return signal, reason
    code = world.max_int(2 if signal else 1 if reason else 0)
    if code == 2:
        return signal or "a signal to another training process", ""
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

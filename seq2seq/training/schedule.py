"""Learning-rate schedules: linear warm-up, then inverse square root, constant, or reduce-on-plateau.

Plateau is driven by dev BLEU (what we select checkpoints by), not dev loss: with label smoothing the two
part ways late in training. The state is three numbers, so resume restores it exactly.
"""
from __future__ import annotations

import math

from seq2seq.config import OptimConfig


class LRSchedule:
    def __init__(self, cfg: OptimConfig):
        self.cfg = cfg
        self.scale = 1.0          # plateau multiplier
        self.best = -math.inf     # best dev BLEU seen by the plateau rule
        self.stale = 0            # validations since it improved

    def lr(self, step: int) -> float:
        """Learning rate for optimizer step ``step`` (1-based)."""
        c = self.cfg
        warm = c.warmup_steps
        warmup = min(1.0, step / warm) if warm else 1.0
        if c.schedule == "inverse_sqrt":
            return c.lr * (warmup if step < warm or not warm else math.sqrt(warm / step))
        if c.schedule == "plateau":
            return max(c.min_lr, c.lr * self.scale) * warmup
        return c.lr * warmup

    def observe(self, bleu: float) -> bool:
        """Feed a dev BLEU; returns True when the plateau rule lowered the rate."""
        if self.cfg.schedule != "plateau":
            return False
        if bleu > self.best:
            self.best, self.stale = bleu, 0
            return False
        self.stale += 1
        if self.stale >= self.cfg.plateau_patience:
            self.scale *= self.cfg.plateau_factor
            self.stale = 0
            return True
        return False

    def state_dict(self) -> dict:
        return {"scale": self.scale, "best": self.best, "stale": self.stale}

    def load_state_dict(self, state: dict) -> None:
        self.scale, self.best, self.stale = float(state["scale"]), float(state["best"]), int(state["stale"])

"""Scheduled sampling (Bengio et al. 2015) in the two-pass form, so the fast teacher-forced recurrence stays.

A first teacher-forced pass without gradients gives the model's prediction at every position; the second
pass (the normal, differentiable one) reads, at each input position after BOS, the model's prediction for
that position instead of the reference token with probability ``1 - eps(i)``. ``eps(i)`` is the
teacher-forcing probability at optimizer step ``i``. Every random draw comes from torch's global generator,
whose state the checkpoints carry, so a resumed run stays bit-identical.
"""
from __future__ import annotations

import dataclasses
import math

import torch

from seq2seq.config import SamplingSchedule, TrainerConfig


def teacher_forcing_prob(t: TrainerConfig, step: int) -> float:
    """eps(step) of ``trainer.scheduled_sampling`` with ``ss_k``/``ss_c``, never below ``ss_min``; 1 when off."""
    kind, k = t.scheduled_sampling, t.ss_k
    if kind == SamplingSchedule.none:
        return 1.0
    if kind == SamplingSchedule.linear:
        eps = k - t.ss_c * step
    elif kind == SamplingSchedule.exponential:
        eps = k ** step
    else:  # inverse sigmoid; exp overflows past ~709: the probability is 0 there anyway
        x = step / k
        eps = k / (k + math.exp(x)) if x < 700 else 0.0
    return max(t.ss_min, eps)


def mix_inputs(tgt_in: torch.Tensor, predicted: torch.Tensor, pad_id: int, p_model: float) -> torch.Tensor:
    """The second pass's inputs: tgt_in (B, T) with each real token after BOS replaced, with probability
    ``p_model``, by the first pass's prediction for that position.

    predicted (B, T): the first pass's token at each output position (predicted[:, t] follows tgt_in[:, t]),
    so input position t + 1 may read predicted[:, t]. BOS (column 0) and padding are never replaced.
    """
    out = tgt_in.clone()
    if tgt_in.size(1) < 2:
        return out
    real = tgt_in[:, 1:] != pad_id
    take = (torch.rand(real.shape, device=tgt_in.device) < p_model) & real
    out[:, 1:] = torch.where(take, predicted[:, :-1], tgt_in[:, 1:])
    return out


@torch.no_grad()
def predict(model, batch, sample: bool) -> torch.Tensor:
    """The first, teacher-forced pass: (B, T) argmax (or sampled) token at every output position.

    Runs in the model's current (training) mode, so dropout is on as in the gradient pass.
    """
    logits, _ = model(batch.src, batch.src_len, batch.tgt_in)
    if not sample:
        return logits.argmax(-1)
    probs = torch.softmax(logits.float(), -1)
    return torch.multinomial(probs.flatten(0, 1), 1).view(logits.shape[:2])


class ScheduledSampling:
    """The trainer's hook: ``apply(model, batch, step)`` returns the batch the gradient pass should see."""

    def __init__(self, t: TrainerConfig, pad_id: int):
        self.cfg, self.pad_id = t, pad_id

    @property
    def enabled(self) -> bool:
        return self.cfg.scheduled_sampling != SamplingSchedule.none

    def model_prob(self, step: int) -> float:
        """Probability that an input token is the model's own prediction at this step (train/ss_prob)."""
        return 1.0 - teacher_forcing_prob(self.cfg, step)

    def apply(self, model, batch, step: int):
        p = self.model_prob(step)
        if p <= 0.0:  # no first pass and no random draw: bit-identical to plain teacher forcing
            return batch
        predicted = predict(model, batch, self.cfg.ss_sample)
        return dataclasses.replace(batch, tgt_in=mix_inputs(batch.tgt_in, predicted, self.pad_id, p))

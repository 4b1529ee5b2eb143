"""Several models decoding as one: the search's model protocol (``encode``, ``init_state``, ``step``,
``rank``, and memory and state that ``index_select``) over a list of ``Seq2Seq`` models, so greedy and beam
search run unchanged.

At every step each model's logits become float32 log-probabilities and the ensemble returns their weighted
mean as its "logits". The searches take ``log_softmax`` of what ``step`` returns, which renormalises that
mean: the ensemble's distribution is the weighted geometric mean of the models' distributions. Applied to
log-probabilities that are already normalised, float32 ``log_softmax`` subtracts a log-sum-exp that is
zero only up to rounding, so an ensemble of one model picks the model's tokens but its scores may differ
from the model's own in the last bits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import torch
from torch import nn

from seq2seq.model.seq2seq import Seq2Seq


@dataclass
class EnsembleMemory:
    """One ``Memory`` per model over the same source rows; ``mask`` (B, S) bool is the same in all."""

    parts: tuple

    @property
    def mask(self) -> torch.Tensor:
        return self.parts[0].mask

    def index_select(self, idx: torch.Tensor) -> "EnsembleMemory":
        return EnsembleMemory(tuple(m.index_select(idx) for m in self.parts))


@dataclass
class EnsembleState:
    """One ``DecoderState`` per model, rows in step with ``EnsembleMemory``."""

    parts: tuple

    def index_select(self, idx: torch.Tensor) -> "EnsembleState":
        return EnsembleState(tuple(s.index_select(idx) for s in self.parts))


class Ensemble(nn.Module):
    """Models that share one tokenizer, decoding together with ``weights`` (normalised to sum to 1).

    An ``nn.Module`` so ``eval()``/``train()`` reach every member (``batched.translate_ids`` sets them).
    """

    def __init__(self, models: Sequence[Seq2Seq], weights: Sequence[float] | None = None):
        super().__init__()
        if not models:
            raise ValueError("an ensemble needs at least one model")
        raw = [1.0] * len(models) if weights is None or len(weights) == 0 else [float(w) for w in weights]
        if len(raw) != len(models) or min(raw) <= 0:
            raise ValueError(f"ensemble weights {raw} must be {len(models)} positive numbers, one per model")
        self.models = nn.ModuleList(models)
        self.weights = [w / sum(raw) for w in raw]  # Python floats: w * tensor keeps the tensor's float32

    def encode(self, src: torch.Tensor, src_len: torch.Tensor) -> EnsembleMemory:
        return EnsembleMemory(tuple(m.encode(src, src_len) for m in self.models))

    def init_state(self, memory: EnsembleMemory) -> EnsembleState:
        return EnsembleState(tuple(m.init_state(mem) for m, mem in zip(self.models, memory.parts)))

    def step(self, prev: torch.Tensor, state: EnsembleState, memory: EnsembleMemory):
        """prev (B,) long -> mean log-probs (B, V) float32, next state, mean attention (B, S) float32.

        Both means use ``weights``, summed in model order.
        """
        logp = attn = None
        states = []
        for m, w, st, mem in zip(self.models, self.weights, state.parts, memory.parts):
            logits, st, a = m.step(prev, st, mem)
            states.append(st)
            lp, a = w * torch.log_softmax(logits.float(), dim=-1), w * a.float()
            logp, attn = (lp, a) if logp is None else (logp + lp, attn + a)
        return logp, EnsembleState(tuple(states)), attn

    rank = staticmethod(Seq2Seq.rank)

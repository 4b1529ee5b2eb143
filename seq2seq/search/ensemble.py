"""Several models decoding as one: the search's model protocol (``encode``, ``init_state``, ``step``,
``rank``, and memory and state that ``index_select``) over a list of ``Seq2Seq`` models, so greedy and beam
search run unchanged.

At every step the ensemble returns the weighted mean of the models' float32 logits. The searches take
``log_softmax`` of what ``step`` returns, and the per-model log-normalisers are constants of each row, so that
is the renormalised weighted mean of the models' log-probabilities: the weighted geometric mean of their
distributions. Averaging logits rather than log-probabilities takes one rounding step out, so an ensemble of
one model decodes bit for bit as the model alone (scores included).
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
        """prev (B,) long -> mean logits (B, V) float32, next state, mean attention (B, S) float32.

        Both means use ``weights``, summed in model order.
        """
        mean = attn = None
        states = []
        for m, w, st, mem in zip(self.models, self.weights, state.parts, memory.parts):
            logits, st, a = m.step(prev, st, mem)
            states.append(st)
            lg, a = w * logits.float(), w * a.float()
            mean, attn = (lg, a) if mean is None else (mean + lg, attn + a)
        return mean, EnsembleState(tuple(states)), attn

    rank = staticmethod(Seq2Seq.rank)

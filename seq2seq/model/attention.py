"""Soft attention over encoder states: additive (Bahdanau) and multiplicative (Luong dot / general).

Keys are computed once per batch (``keys``); each decoder step only projects its query, which is what
keeps the additive score affordable inside the time loop.
"""
from __future__ import annotations

import torch
from torch import nn

from seq2seq.config import AttentionType


class _AdditiveScore(torch.autograd.Function):
    """s = 2 v . sigmoid(K + 2q) (see ``Attention.forward``), recomputing the sigmoid in backward.

    Saved for backward per decoder step: q (B, A) and a reference to K, which all steps share,
    instead of the (B, S, A) activation autograd would keep. Over a T-step teacher-forced loop that
    activation is B*T*S*A values, the largest tensor of a training step and quadratic in sentence
    length (about 250 MB for a batch of 24 sentences of 100 pieces at A = 512, bf16); recomputing it
    costs one add and one sigmoid over (B, S, A) per step in backward.
    """

    @staticmethod
    def forward(ctx, keys, q, v):
        # keys (B, S, A), q (B, A), v (A,) all in one dtype -> scores (B, S) in that dtype
        z = torch.sigmoid(keys + 2.0 * q.unsqueeze(1))
        ctx.save_for_backward(keys, q, v)
        return 2.0 * torch.matmul(z, v)

    @staticmethod
    def backward(ctx, grad_s):
        keys, q, v = ctx.saved_tensors
        z = torch.sigmoid_(keys + 2.0 * q.unsqueeze(1))                 # (B, S, A), recomputed in place
        g = grad_s.to(z.dtype)                                          # (B, S)
        grad_v = 2.0 * torch.einsum("bs,bsa->a", g, z) if ctx.needs_input_grad[2] else None
        # pre = K + 2q: d s / d pre = sigmoid'(pre) * 2v, with sigmoid' fused from z in one pass
        d_pre = torch.ops.aten.sigmoid_backward(g.unsqueeze(-1) * (2.0 * v), z)
        grad_q = 2.0 * d_pre.sum(1) if ctx.needs_input_grad[1] else None
        return d_pre if ctx.needs_input_grad[0] else None, grad_q, grad_v


class Attention(nn.Module):
    def __init__(self, kind: AttentionType | str, query_size: int, value_size: int, attention_size: int,
                 coverage: bool = False):
        super().__init__()
        kind = AttentionType(kind)  # an old checkpoint's config holds the plain string
        self.kind = kind.value
        if kind is AttentionType.bahdanau:
            self.key_proj = nn.Linear(value_size, attention_size, bias=False)    # U
            self.query_proj = nn.Linear(query_size, attention_size, bias=True)   # W (with the shared bias)
            self.v = nn.Linear(attention_size, 1, bias=False)                   # v
            # w_c: the coverage term w_c * cov_j inside the tanh (Tu et al. 2016, "linguistic" coverage)
            self.coverage_proj = nn.Linear(1, attention_size, bias=False) if coverage else None
        elif coverage:  # ModelConfig refuses this before a model is built
            raise ValueError("coverage needs additive (bahdanau) attention")
        elif kind is AttentionType.luong_general:
            self.key_proj = nn.Linear(value_size, query_size, bias=False)       # W_a applied to h_j once
        elif query_size != value_size:  # luong_dot; ModelConfig refuses this before a model is built
            raise ValueError(f"luong_dot attention needs query size {query_size} == value size {value_size}")

    def keys(self, values: torch.Tensor) -> torch.Tensor:
        """(B, S, value_size) -> (B, S, K): the query-independent half of the score, once per batch.

        Additive keys come doubled (2 U h_j): see ``forward`` for why.
        """
        if self.kind == "bahdanau":
            return 2.0 * self.key_proj(values)
        return values if self.kind == "luong_dot" else self.key_proj(values)

    @staticmethod
    def mask_bias(mask: torch.Tensor) -> torch.Tensor:
        """(B, S) bool -> (B, S) float32: 0 at real positions, -inf at padding (added to the scores)."""
        return torch.zeros(mask.shape, device=mask.device).masked_fill(~mask, float("-inf"))

    def forward(self, query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor,
                mask: torch.Tensor, bias: torch.Tensor | None = None, recompute: bool = False,
                coverage: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """Attend with one query per sentence.

        Args:
            query: (B, query_size) decoder state s (search steps; the teacher-forced additive loop runs
                in ``recurrence.py``, which fuses W into its per-step state product).
            keys: (B, S, K) from ``keys``.
            values: (B, S, value_size) encoder states h_j.
            mask: (B, S) bool, True at real source positions.
            bias: ``mask_bias(mask)``, when the caller computed it once for all steps.
            recompute: additive only: save nothing of size (B, S, A) for backward and recompute it
                there (``_AdditiveScore``): less memory, a little more time. Not with ``coverage``.
            coverage: (B, S) float32, the attention weights summed over the earlier decoder steps (additive
                attention with ``coverage_proj`` only): the score becomes v^T tanh(W s + U h_j + w_c cov_j),
                so the model can learn to look away from source words it has already translated.
        Returns:
            context: (B, value_size) sum_j a_j h_j.
            weights: (B, S) float32 (float64 for a float64 model) softmax over real positions; exactly 0 on
                padding.
        """
        if self.kind == "bahdanau":
            # v^T tanh(z) = 2 v^T sigmoid(2z) - sum(v), and softmax ignores the constant -sum(v): the same
            # weights, but sigmoid costs a third of tanh on this CPU and the (B, S, A) activation is the
            # costliest elementwise op of the decoder step. ``keys`` already holds 2 U h_j.
            q = self.query_proj(query).to(keys.dtype)   # (B, A)
            if coverage is not None:  # 2 w_c cov_j joins the doubled keys: (B, S, A), per step
                keys = keys + 2.0 * self.coverage_proj(coverage.unsqueeze(-1).to(keys.dtype))
            if recompute and coverage is None and torch.is_grad_enabled():
                scores = _AdditiveScore.apply(keys, q, self.v.weight[0].to(keys.dtype))  # (B, S)
            else:
                scores = 2.0 * self.v(torch.sigmoid(keys + 2.0 * q.unsqueeze(1))).squeeze(-1)
        else:
            scores = torch.bmm(keys, query.unsqueeze(-1).to(keys.dtype)).squeeze(-1)
        # softmax in float32 at least (float64 models keep float64)
        scores = scores.to(torch.promote_types(scores.dtype, torch.float32))
        scores = scores + (self.mask_bias(mask) if bias is None else bias)
        weights = torch.softmax(scores, dim=-1)
        context = torch.bmm(weights.unsqueeze(1).to(values.dtype), values).squeeze(1)
        return context, weights

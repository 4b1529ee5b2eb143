"""GRU decoder with input feeding and attention; teacher-forced ``forward`` and one-step ``step``.

Step t reads [embedding(y_{t-1}); context_{t-1}] (input feeding), updates the GRU state s_t, attends with
s_t to get context_t, and predicts y_t from tanh(W_o [s_t; context_t; embedding(y_{t-1})]).
Only the recurrence runs in the time loop: the embedding half of the GRU input projection, the output
layer and the vocabulary projection run once over all steps as large matrix products.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from seq2seq.model.attention import Attention
from seq2seq.model.recurrence import attentive_gru


@dataclass
class DecoderState:
    hidden: torch.Tensor   # (B, H) GRU state s_{t-1}
    context: torch.Tensor  # (B, C) previous attentional context (fed into the next input)
    coverage: torch.Tensor | None = None  # (B, S) float32 attention summed over the steps so far (coverage models)

    def index_select(self, idx: torch.Tensor) -> "DecoderState":
        cov = None if self.coverage is None else self.coverage.index_select(0, idx)
        return DecoderState(self.hidden.index_select(0, idx), self.context.index_select(0, idx), cov)


@dataclass
class Memory:
    values: torch.Tensor   # (B, S, C) encoder outputs
    keys: torch.Tensor     # (B, S, K) attention keys, computed once
    mask: torch.Tensor     # (B, S) bool, True at real positions
    init: torch.Tensor     # (B, H) initial decoder state from the bridge

    def index_select(self, idx: torch.Tensor) -> "Memory":
        return Memory(*(t.index_select(0, idx) for t in (self.values, self.keys, self.mask, self.init)))


class Decoder(nn.Module):
    def __init__(self, vocab_size: int, emb_size: int, hidden: int, context_size: int, attention: str,
                 attention_size: int, output_size: int, dropout: float, pad_id: int, tie_embeddings: bool,
                 coverage: bool = False):
        super().__init__()
        self.hidden_size, self.context_size = hidden, context_size
        # The additive score's (B, S, A) activation, kept for backward at every step, is the largest
        # tensor of a training step (B*T*S*A values): trainer.recompute_attention recomputes it instead.
        self.recompute_attention = False
        self.embedding = nn.Embedding(vocab_size, emb_size, padding_idx=pad_id)
        self.dropout = nn.Dropout(dropout)
        # GRU input weights split by input: the embedding part runs outside the loop (bias b_ih lives here).
        self.input_emb = nn.Linear(emb_size, 3 * hidden)
        self.input_ctx = nn.Linear(context_size, 3 * hidden, bias=False)
        self.hidden_proj = nn.Linear(hidden, 3 * hidden)                # W_hh, b_hh
        self.attention = Attention(attention, hidden, context_size, attention_size, coverage=coverage)
        self.coverage = coverage
        self.out_layer = nn.Linear(hidden + context_size + emb_size, output_size)
        self.out_proj = nn.Linear(output_size, vocab_size)
        if tie_embeddings:
            self.out_proj.weight = self.embedding.weight

    def init_state(self, memory: Memory) -> DecoderState:
        b = memory.values.size(0)
        cov = memory.mask.new_zeros(memory.mask.shape, dtype=torch.float32) if self.coverage else None
        return DecoderState(memory.init, memory.values.new_zeros(b, self.context_size), cov)

    def _cell(self, gi: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        """GRU update (same equations as ``nn.GRUCell``) from a precomputed input projection gi (B, 3H)."""
        i_r, i_z, i_n = gi.chunk(3, dim=-1)
        h_r, h_z, h_n = self.hidden_proj(h).chunk(3, dim=-1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return n + z * (h.to(n.dtype) - n)

    def _fused_state_weights(self, like: torch.Tensor):
        """[W_hh; W_q] and [b_hh; b_q]: s_t feeds both the next GRU step and this step's additive query,
        so one (H, 3H + A) product per step serves both. Cast once here to the autocast dtype, since the
        recurrence runs with autocast off."""
        att = self.attention
        w = torch.cat([self.hidden_proj.weight, att.query_proj.weight], 0)
        b = torch.cat([self.hidden_proj.bias, att.query_proj.bias], 0)
        device = like.device.type
        if torch.is_autocast_enabled(device):
            dtype = torch.get_autocast_dtype(device)
            w, b = w.to(dtype), b.to(dtype)
        return w, b

    def _recur(self, gi_emb: torch.Tensor, state: DecoderState, memory: Memory):
        """Run the recurrence over T steps of precomputed embedding projections (B, T, 3H).

        Returns states (B, T, H), contexts (B, T, C), attention (B, T, S) float32 and the final state.
        A coverage model takes this step-by-step path (the fused additive loop has no coverage term).
        """
        if self.attention.kind == "bahdanau" and gi_emb.size(1) > 1 and not self.coverage:
            return self._recur_additive(gi_emb, state, memory)
        h, ctx, cov = state.hidden, state.context, state.coverage
        hs, ctxs, attns = [], [], []
        bias = self.attention.mask_bias(memory.mask)
        recompute = self.recompute_attention and torch.is_grad_enabled()
        # unbind, not gi_emb[:, t]: indexing's backward writes each step's gradient into a zeroed
        # full-size (B, T, 3H) tensor and sums T of them (quadratic in T); unbind's backward stacks once.
        for gi_t in gi_emb.unbind(1):
            h = self._cell(gi_t + self.input_ctx(ctx), h)
            ctx, w = self.attention(h, memory.keys, memory.values, memory.mask, bias=bias, recompute=recompute,
                                    coverage=cov)
            if cov is not None:
                cov = cov + w.float()
            hs.append(h)
            ctxs.append(ctx)
            attns.append(w)
        return torch.stack(hs, 1), torch.stack(ctxs, 1), torch.stack(attns, 1), DecoderState(h, ctx, cov)

    def _recur_additive(self, gi_emb: torch.Tensor, state: DecoderState, memory: Memory):
        """The teacher-forced additive-attention loop as one autograd node (``recurrence.py``): the same
        equations as the step-by-step path, with weight gradients as single products over all steps."""
        w_hq, b_hq = self._fused_state_weights(gi_emb)
        dtype = w_hq.dtype
        hs, ctxs, attn = attentive_gru(
            gi_emb.to(dtype), state.hidden, state.context, self.input_ctx.weight.to(dtype), w_hq, b_hq,
            memory.keys.to(dtype), memory.values.to(dtype), self.attention.v.weight[0].to(dtype),
            self.attention.mask_bias(memory.mask), recompute=self.recompute_attention)
        return hs, ctxs, attn, DecoderState(hs[:, -1], ctxs[:, -1])

    def _outputs(self, hs: torch.Tensor, ctxs: torch.Tensor, emb: torch.Tensor) -> torch.Tensor:
        """tanh(W_o [s_t; c_t; e_t]) with dropout: (..., H), (..., C), (..., E) -> (..., O)."""
        out = torch.tanh(self.out_layer(torch.cat([hs, ctxs.to(hs.dtype), emb.to(hs.dtype)], dim=-1)))
        return self.dropout(out)

    def forward(self, tgt_in: torch.Tensor, state: DecoderState, memory: Memory):
        """Teacher-forced decoding.

        Args:
            tgt_in: (B, T) BOS + target ids.
        Returns:
            logits: (B, T, V); attention: (B, T, S) float32; final state.
        """
        emb = self.dropout(self.embedding(tgt_in))
        hs, ctxs, attn, state = self._recur(self.input_emb(emb), state, memory)
        return self.out_proj(self._outputs(hs, ctxs, emb)), attn, state

    def features(self, tgt_in: torch.Tensor, state: DecoderState, memory: Memory, keep: torch.Tensor):
        """Teacher-forced output-layer features at the real target positions only.

        The loss needs no scores at padding, so the output layer and the (costliest) vocabulary projection
        skip it: about a tenth of the positions with length bucketing.
        Args:
            tgt_in: (B, T) BOS + target ids; keep: (B, T) bool, True where tgt_out is a real token.
        Returns:
            features: (N, O) for the N True positions of ``keep`` in row-major order; attention (B, T, S).
        """
        emb = self.dropout(self.embedding(tgt_in))
        hs, ctxs, attn, _ = self._recur(self.input_emb(emb), state, memory)
        rows = keep.flatten().nonzero().squeeze(1)

        def pick(t: torch.Tensor) -> torch.Tensor:
            return t.flatten(0, 1).index_select(0, rows)

        return self._outputs(pick(hs), pick(ctxs), pick(emb)), attn

    def step(self, prev: torch.Tensor, state: DecoderState, memory: Memory):
        """One search step: prev (B,) -> logits (B, V), new state, attention (B, S)."""
        logits, attn, state = self.forward(prev.unsqueeze(1), state, memory)
        return logits.squeeze(1), state, attn.squeeze(1)

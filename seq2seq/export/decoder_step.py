"""The decoder step as exported, and example inputs for the export and its check (torch).

``DecoderStep`` is one search step and its ranking, the model's ``rank`` (so the numpy search moves
(b, 2K) arrays per step instead of (b*K, V) ones); its inputs and outputs are ``ort_search``'s engine
protocol. ``sample`` and ``step_args`` make the padded batches that ``torch.onnx.export`` traces and the
check against ONNX Runtime runs (other sizes than the export's example, padding included).
"""
from __future__ import annotations

import torch
from torch import nn

from seq2seq.model.decoder import DecoderState, Memory


class DecoderStep(nn.Module):
    """One search step and its ranking, as exported (shapes: ``ort_search``'s engine protocol)."""

    def __init__(self, model):
        super().__init__()
        self.decoder = model.decoder
        self.rank = model.rank  # the PyTorch beam's ranking step (a function of its inputs only)

    def forward(self, prev, hidden, context, keys, values, mask, scores):
        logits, state, attn = self.decoder.step(prev, DecoderState(hidden, context), Memory(values, keys, mask, hidden))
        top_val, top_idx = self.rank(logits, scores)
        return top_val, top_idx, state.hidden, state.context, attn


STEP_INPUTS = ["prev", "hidden", "context", "keys", "values", "mask", "scores"]
STEP_OUTPUTS = ["top_val", "top_idx", "new_hidden", "new_context", "attention"]


def sample(vocab: int, pad_id: int, eos_id: int, batch: int, src_len: int, seed: int):
    """A padded batch of random source ids (B, S) with lengths (B,) from 1 to ``src_len`` (the longest
    first), each ending in EOS as an encoded sentence does."""
    g = torch.Generator().manual_seed(seed)
    lens = torch.randint(1, src_len + 1, (batch,), generator=g)
    lens[0] = src_len
    src = torch.randint(4, vocab, (batch, src_len), generator=g)
    src[torch.arange(src_len)[None, :] >= lens[:, None]] = pad_id
    src[torch.arange(batch), lens - 1] = eos_id
    return src, lens


def step_args(model, src, lens, k: int):
    """Example step inputs for b = len(src) // k sentences of k beams, in ``STEP_INPUTS`` order."""
    with torch.no_grad():
        mem = model.encode(src, lens)
    n = src.size(0)
    g = torch.Generator().manual_seed(n)
    return (torch.randint(4, model.decoder.out_proj.out_features, (n,), generator=g), mem.init,
            torch.randn(n, mem.values.size(-1), generator=g), mem.keys, mem.values, mem.mask,
            torch.randn(n // k, k, generator=g))

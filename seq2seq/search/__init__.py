"""Greedy and beam search over any model that implements the decoding step protocol.

The protocol (the real model implements it; this package never imports the model)::

    model.encode(src (B, S) long, src_len (B,) long) -> memory
    model.init_state(memory) -> state
    model.step(prev (B,) long, state, memory) -> (logits (B, V), new_state, attn (B, S))
    memory.index_select(idx (B',) long) -> memory   # picks / repeats rows along the batch dim
    state.index_select(idx (B',) long) -> state

``attn`` holds the attention weights over source positions used to predict the token of
this step (0 on padding). ``logits`` may be bf16 under autocast, so log-softmax is always
taken in float32: bf16 log-probs summed over 50 steps would lose the ranking precision the
search depends on.

Modules, one job each:

- ``options``: ``SearchOptions``, ``Hypothesis``, the length penalty and output limits (lengths
  and scores are defined there); torch-free, shared with ``seq2seq.export.ort_search``;
- ``hypothesis``: the batched output limits and encoding of the PyTorch searches;
- ``cadence``: how rarely the loops consult the host, and when they shrink the batch;
- ``greedy``: ``greedy_search``;
- ``beam``: ``beam_search`` and its stopping rule; ``pool`` and ``backtrack`` hold its
  per-sentence tables and the recovery of hypotheses from its per-step records;
- ``batched``: the ``search`` dispatch, ``translate_ids`` over a whole set.

The names below load their module on first use (PEP 562), so ``from seq2seq.search.options import
SearchOptions`` (the ONNX Runtime path) does not import torch.
"""
from __future__ import annotations

import importlib

_HOMES = {
    "Hypothesis": "options",
    "SearchOptions": "options",
    "length_penalty": "options",
    "Scoring": "options",
    "max_output_len": "hypothesis",
    "greedy_search": "greedy",
    "beam_search": "beam",
    "collate_src": "batched",
    "translate_ids": "batched",
    "search": "batched",
}
__all__ = list(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(f"seq2seq.search.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'seq2seq.search' has no attribute {name!r}")


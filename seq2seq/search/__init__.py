"""Greedy and beam search over any model that implements the decoding step protocol.

The protocol (the real model implements it; this package never imports the model)::

    model.encode(src (B, S) long, src_len (B,) long) -> memory
    model.init_state(memory) -> state
    model.step(prev (B,) long, state, memory) -> (logits (B, V), new_state, attn (B, S))
    model.rank(logits (b*k, V), scores (b, k) float32) -> top_val (b, 2k), top_idx (b, 2k) long
    memory.index_select(idx (B',) long) -> memory   # picks / repeats rows along the batch dim
    state.index_select(idx (B',) long) -> state

``attn`` holds the attention weights over source positions used to predict the token of
this step (0 on padding). ``rank`` is beam search's ranking step: float32 log-softmax of the
logits (which may be bf16 under autocast: bf16 log-probs summed over 50 steps would lose the
ranking precision the search depends on), plus each live beam's score, and the 2k best of the
k * V extensions of each sentence, best first (``top_idx = beam * V + token``). The exported
decoder step folds the same method into its graph (``seq2seq.export.onnx_export``).

Modules, one job each:

- ``options``: ``SearchOptions``, ``Scoring``, the length penalty and output limits (lengths
  and scores are defined there); torch-free, shared with ``seq2seq.export.ort_search``;
- ``finish``: ``Hypothesis``, cropping a decoded row and scoring it, each sentence's n-best list;
  torch-free, what both backends' loops hand back is made there;
- ``stopping``: beam search's stopping rules 1-3; ``host_checks``: when the loops look at their
  progress, and whether they stop or drop what is done; both torch-free, used by both backends;
- ``translate_set``: translating a whole set in length-sorted batches, for any backend (torch-free);
- ``device``: the PyTorch loops' output limits, encoding and coverage penalty on the device;
- ``greedy``: ``greedy_search``;
- ``beam``: ``beam_search``; ``beam_tables`` holds its per-sentence tables (``LiveBeams``,
  ``Found``) and ``backtrack`` the recovery of hypotheses from its per-step records;
- ``batched``: the ``search`` dispatch of one batch and ``translate_ids`` of a set on PyTorch.

The names below load their module on first use (PEP 562), so ``from seq2seq.search.options import
SearchOptions`` (the ONNX Runtime path) does not import torch.
"""
from __future__ import annotations

import importlib

_HOMES = {
    "Hypothesis": "finish",
    "SearchOptions": "options",
    "length_penalty": "options",
    "Scoring": "options",
    "max_output_len": "device",
    "greedy_search": "greedy",
    "beam_search": "beam",
    "collate_src": "batched",
    "translate_ids": "batched",
    "translate_set": "translate_set",
    "search": "batched",
}
__all__ = list(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(f"seq2seq.search.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'seq2seq.search' has no attribute {name!r}")

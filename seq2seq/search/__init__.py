"""Greedy and beam search over any model that implements the decoding step protocol.

The protocol (the real model implements it; this package never imports the model)::

    model.encode(src (B, S) long, src_len (B,) long) -> memory
    model.init_state(memory) -> state
    model.step(prev (B,) long, state, memory) -> (logits (B, V), new_state, attn (B, S))
    model.rank(logits (b*k, V), scores (b, k) float32) -> top_val (b, 2k), top_idx (b, 2k) long
    memory.index_select(idx (B',) long) -> memory   # picks / repeats rows along the batch dim
    state.index_select(idx (B',) long) -> state

``attn`` holds the attention weights over source positions used to predict the token of this step (0 on
padding); ``rank`` is beam search's ranking step (``Seq2Seq.rank``), also folded into the exported graph.

Modules: ``options`` (what a search is asked for, lengths and scores), ``finish`` (``Hypothesis`` and
n-best lists), ``stopping`` (when the loops stop) and ``translate_set`` (a whole set in batches) are
torch-free and shared with the ONNX Runtime loops (``seq2seq.export.ort_search``); ``device`` (limits,
encoding and coverage on the device), ``greedy``, ``beam`` with its tables (``beam_tables``) and its
back-tracking (``backtrack``), and ``batched`` (sets on PyTorch) are the PyTorch loops.

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
    "translate_ids": "batched",
}
__all__ = list(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(f"seq2seq.search.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'seq2seq.search' has no attribute {name!r}")

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

- ``hypothesis``: ``Hypothesis``, output length limits, the length penalty, encoding (lengths
  and scores are defined there);
- ``cadence``: how rarely the loops consult the host, and when they shrink the batch;
- ``greedy``: ``greedy_search``;
- ``beam``: ``beam_search`` and its stopping rule; ``pool`` and ``backtrack`` hold its
  per-sentence tables and the recovery of hypotheses from its per-step records;
- ``batched``: ``SearchOptions``, the ``search`` dispatch, ``translate_ids`` over a whole set.
"""

from seq2seq.search.batched import SearchOptions, collate_src, search, translate_ids
from seq2seq.search.beam import beam_search
from seq2seq.search.greedy import greedy_search
from seq2seq.search.hypothesis import Hypothesis, length_penalty, max_output_len

__all__ = [
    "Hypothesis",
    "max_output_len",
    "length_penalty",
    "greedy_search",
    "beam_search",
    "SearchOptions",
    "collate_src",
    "translate_ids",
    "search",
]

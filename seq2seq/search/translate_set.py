"""Translating a whole set of id sequences: the one way every path does it (no torch).

Validation, ``Translator`` on PyTorch (``batched.translate_ids``) and ``OrtModel`` on ONNX Runtime all
call ``translate_set`` with a callback that decodes one padded batch on their backend: empty sources are
answered without running the model, the rest go in length-sorted batches under the token budget divided
by the beam size (little padding), and the results come back in input order. With target prefixes
(``search.prefix``) each batch's callback also gets its rows' (b, P) prefix array; a batch whose prefixes
are all empty gets none, and decodes exactly as without prefixes.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import numpy as np

from seq2seq.data.arrays import TokenArray
from seq2seq.data.buckets import length_sorted_batches
from seq2seq.search.finish import Hypothesis, empty_translation
from seq2seq.search.options import SearchOptions
from seq2seq.search.prefix import check_prefixes, prefix_array

# src (B, S) int64 padded ids + EOS, src_len (B,) int64, prefix (B, P) int64 or None (no row of the batch
# has one) -> one n-best list per row, in row order
DecodeBatch = Callable[[np.ndarray, np.ndarray, Optional[np.ndarray]], list[list[Hypothesis]]]


def collate_sources(seqs: Sequence[np.ndarray], pad_id: int, eos_id: int) -> tuple[np.ndarray, np.ndarray]:
    """Source ids + EOS, padded, as in training: -> src (B, S) int64, src_len (B,) int64."""
    lens = np.array([len(s) + 1 for s in seqs], dtype=np.int64)
    src = np.full((len(seqs), int(lens.max())), pad_id, dtype=np.int64)
    for i, s in enumerate(seqs):
        src[i, : len(s)] = s
        src[i, len(s)] = eos_id
    return src, lens


def translate_set(decode_batch: DecodeBatch, src: TokenArray, opts: SearchOptions, batch_tokens: int, *,
                  pad_id: int, eos_id: int, prefix: TokenArray | None = None) -> list[list[Hypothesis]]:
    """n-best lists for every sequence of ``src`` (cut at ``opts.max_src_len``), in input order; ``prefix``:
    one target prefix per sequence (may be empty), forced at the start of its outputs."""
    lengths = np.minimum(src.lengths(), opts.max_src_len)
    results: list[list[Hypothesis] | None] = [None] * len(src)
    decode = lengths > 0
    if prefix is not None:
        check_prefixes([prefix[i] for i in range(len(prefix))], lengths, opts, eos_id)
        decode |= prefix.lengths() > 0  # an empty source with a prefix still continues it
    nonempty = np.flatnonzero(decode)
    for i in np.flatnonzero(~decode):
        results[i] = empty_translation()
    # Beam search holds beam_size rows per sentence: shrink the batch so memory stays the same.
    budget = max(1, batch_tokens // max(1, opts.beam_size))
    for batch in length_sorted_batches(lengths[nonempty] + 1, budget):
        rows = nonempty[batch]
        ids, ids_len = collate_sources([src[int(i)][: opts.max_src_len] for i in rows], pad_id, eos_id)
        forced = None if prefix is None else prefix_array([prefix[int(i)] for i in rows])
        for i, hyps in zip(rows, decode_batch(ids, ids_len, forced)):
            results[int(i)] = hyps
    return results  # type: ignore[return-value]

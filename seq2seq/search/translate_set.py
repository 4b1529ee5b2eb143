"""Translating a whole set of id sequences: the one way every path does it (no torch).

Validation, ``Translator`` on PyTorch (``batched.translate_ids``) and ``OrtModel`` on ONNX Runtime all
call ``translate_set`` with a callback that decodes one padded batch on their backend: empty sources are
answered without running the model, the rest go in length-sorted batches under the token budget divided
by the beam size (little padding), and the results come back in input order.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from seq2seq.data.arrays import TokenArray
from seq2seq.data.buckets import length_sorted_batches
from seq2seq.search.finish import Hypothesis, empty_translation
from seq2seq.search.options import SearchOptions

# src (B, S) int64 padded ids + EOS, src_len (B,) int64 -> one n-best list per row, in row order
DecodeBatch = Callable[[np.ndarray, np.ndarray], list[list[Hypothesis]]]


def collate_sources(seqs: Sequence[np.ndarray], pad_id: int, eos_id: int) -> tuple[np.ndarray, np.ndarray]:
    """Source ids + EOS, padded, as in training: -> src (B, S) int64, src_len (B,) int64."""
    lens = np.array([len(s) + 1 for s in seqs], dtype=np.int64)
    src = np.full((len(seqs), int(lens.max())), pad_id, dtype=np.int64)
    for i, s in enumerate(seqs):
        src[i, : len(s)] = s
        src[i, len(s)] = eos_id
    return src, lens


def translate_set(decode_batch: DecodeBatch, src: TokenArray, opts: SearchOptions, batch_tokens: int, *,
                  pad_id: int, eos_id: int) -> list[list[Hypothesis]]:
    """n-best lists for every sequence of ``src`` (cut at ``opts.max_src_len``), in input order."""
    lengths = np.minimum(src.lengths(), opts.max_src_len)
    results: list[list[Hypothesis] | None] = [None] * len(src)
    nonempty = np.flatnonzero(lengths > 0)
    for i in np.flatnonzero(lengths == 0):
        results[i] = empty_translation()
    # Beam search holds beam_size rows per sentence: shrink the batch so memory stays the same.
    budget = max(1, batch_tokens // max(1, opts.beam_size))
    for batch in length_sorted_batches(lengths[nonempty] + 1, budget):
        rows = nonempty[batch]
        ids, ids_len = collate_sources([src[int(i)][: opts.max_src_len] for i in rows], pad_id, eos_id)
        for i, hyps in zip(rows, decode_batch(ids, ids_len)):
            results[int(i)] = hyps
    return results  # type: ignore[return-value]

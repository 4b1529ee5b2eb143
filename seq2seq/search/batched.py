"""Decoding whole sets of sentences: the options, the greedy/beam dispatch, length-sorted batches.

Every command that translates (training's validation, seq2seq-eval, seq2seq-translate,
seq2seq-attention, the benchmark) goes through ``search`` with a ``SearchOptions``, so they all
choose between greedy and beam search the same way.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import torch

from seq2seq.data.batching import TokenArray, TokenBudgetBatchSampler
from seq2seq.runtime import autocast
from seq2seq.search.beam import beam_search
from seq2seq.search.greedy import greedy_search
from seq2seq.search.hypothesis import Hypothesis
from seq2seq.search.options import SearchOptions

def search(model, src: torch.Tensor, src_len: torch.Tensor, opts: SearchOptions, *, bos_id: int,
           eos_id: int) -> list[list[Hypothesis]]:
    """Greedy or beam search of one padded batch, as ``opts`` asks; n-best lists in input order.

    src: (B, S) long, src_len: (B,) long, on the model's device; autocast is the caller's.
    """
    if opts.greedy:
        # The scoring options only set greedy's norm_score (its choices do not depend on them): the score
        # a user sees then means the same as beam search's with the same options.
        return greedy_search(model, src, src_len, bos_id=bos_id, eos_id=eos_id, max_len_a=opts.max_len_a,
                             max_len_b=opts.max_len_b, alpha=opts.alpha, length_norm=opts.length_norm,
                             coverage_beta=opts.coverage_beta)
    return beam_search(model, src, src_len, bos_id=bos_id, eos_id=eos_id, beam_size=opts.beam_size,
                       alpha=opts.alpha, n_best=opts.n_best, max_len_a=opts.max_len_a, max_len_b=opts.max_len_b,
                       length_norm=opts.length_norm, coverage_beta=opts.coverage_beta)


def collate_src(seqs: Sequence[np.ndarray], pad_id: int, eos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Pad source ids + EOS (as in training): -> src (B, S), src_len (B,)."""
    lens = np.array([len(s) + 1 for s in seqs], dtype=np.int64)
    src = np.full((len(seqs), int(lens.max())), pad_id, dtype=np.int64)
    for i, s in enumerate(seqs):
        src[i, : len(s)] = s
        src[i, len(s)] = eos_id
    return torch.from_numpy(src), torch.from_numpy(lens)


def _empty_translation() -> list[Hypothesis]:
    return [Hypothesis(tokens=[], score=0.0, norm_score=0.0, attention=torch.zeros(0, 0), finished=True)]


@torch.no_grad()
def translate_ids(model, src: TokenArray, *, pad_id: int, bos_id: int, eos_id: int, device: torch.device,
                  precision: str, batch_tokens: int, opts: SearchOptions) -> list[list[Hypothesis]]:
    """Translate every sequence of ``src``; returns n-best lists in input order.

    Sentences are sorted by length for batching (little padding) and put back by index. An empty source
    gets an empty translation without running the model.
    """
    was_training = model.training
    model.eval()
    lengths = np.minimum(src.lengths(), opts.max_src_len)
    results: list[list[Hypothesis] | None] = [None] * len(src)
    nonempty = np.flatnonzero(lengths > 0)
    for i in np.flatnonzero(lengths == 0):
        results[i] = _empty_translation()
    # Beam search holds beam_size rows per sentence: shrink the batch so memory stays the same.
    budget = max(1, batch_tokens // max(1, opts.beam_size))
    sampler = TokenBudgetBatchSampler(lengths[nonempty] + 1, lengths[nonempty] + 1, budget, shuffle=False)
    for batch in sampler:
        rows = nonempty[np.asarray(batch)]
        src_t, src_len = collate_src([src[int(i)][: opts.max_src_len] for i in rows], pad_id, eos_id)
        src_t, src_len = src_t.to(device), src_len.to(device)
        with autocast(device, precision):
            hyps = search(model, src_t, src_len, opts, bos_id=bos_id, eos_id=eos_id)
        for i, h in zip(rows, hyps):
            results[int(i)] = h
    model.train(was_training)
    return results  # type: ignore[return-value]

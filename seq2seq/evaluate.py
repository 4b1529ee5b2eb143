"""Translate a set of sentences in length-sorted batches and score it with sacrebleu.

Scores are always on detokenised hypotheses against the raw reference lines, with signatures.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import torch
from sacrebleu.metrics import BLEU, CHRF, TER

from seq2seq.data.batching import TokenArray, TokenBudgetBatchSampler
from seq2seq.runtime import autocast
from seq2seq.search import Hypothesis, beam_search, greedy_search


@dataclass
class SearchOptions:
    beam_size: int = 1
    alpha: float = 0.6
    n_best: int = 1
    max_len_a: float = 1.5
    max_len_b: int = 10
    max_src_len: int = 400  # longer inputs are cut: bounded memory and time for any line


def collate_src(seqs: Sequence[np.ndarray], pad_id: int, eos_id: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Pad source ids + EOS (as in training): -> src (B, S), src_len (B,)."""
    lens = np.array([len(s) + 1 for s in seqs], dtype=np.int64)
    src = np.full((len(seqs), int(lens.max())), pad_id, dtype=np.int64)
    for i, s in enumerate(seqs):
        src[i, : len(s)] = s
        src[i, len(s)] = eos_id
    return torch.from_numpy(src), torch.from_numpy(lens)


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
        results[i] = [Hypothesis(tokens=[], score=0.0, norm_score=0.0, attention=torch.zeros(0, 0), finished=True)]
    # Beam search holds beam_size rows per sentence: shrink the batch so memory stays the same.
    budget = max(1, batch_tokens // max(1, opts.beam_size))
    sampler = TokenBudgetBatchSampler(lengths[nonempty] + 1, lengths[nonempty] + 1, budget, shuffle=False)
    for batch in sampler:
        rows = nonempty[np.asarray(batch)]
        src_t, src_len = collate_src([src[int(i)][: opts.max_src_len] for i in rows], pad_id, eos_id)
        src_t, src_len = src_t.to(device), src_len.to(device)
        with autocast(device, precision):
            if opts.beam_size == 1 and opts.n_best == 1:
                hyps = greedy_search(model, src_t, src_len, bos_id=bos_id, eos_id=eos_id,
                                     max_len_a=opts.max_len_a, max_len_b=opts.max_len_b)
            else:
                hyps = beam_search(model, src_t, src_len, bos_id=bos_id, eos_id=eos_id, beam_size=opts.beam_size,
                                   alpha=opts.alpha, n_best=opts.n_best, max_len_a=opts.max_len_a,
                                   max_len_b=opts.max_len_b)
        for i, h in zip(rows, hyps):
            results[int(i)] = h
    model.train(was_training)
    return results  # type: ignore[return-value]


@dataclass
class Scores:
    bleu: float
    chrf: float
    ter: float | None
    bleu_signature: str
    chrf_signature: str
    ter_signature: str | None

    def as_dict(self, prefix: str = "") -> dict:
        return {f"{prefix}{k}": v for k, v in self.__dict__.items() if v is not None}


def score(hyps: Sequence[str], refs: Sequence[Sequence[str]], ter: bool = False) -> Scores:
    """Corpus BLEU / chrF (and TER) of detokenised ``hyps`` against one or more reference streams."""
    refs = [list(r) for r in refs]
    bleu, chrf = BLEU(), CHRF()
    b = bleu.corpus_score(list(hyps), refs)
    c = chrf.corpus_score(list(hyps), refs)
    t_metric = TER() if ter else None
    t = t_metric.corpus_score(list(hyps), refs) if t_metric else None
    return Scores(round(b.score, 2), round(c.score, 2), None if t is None else round(t.score, 2),
                  str(bleu.get_signature()), str(chrf.get_signature()),
                  None if t_metric is None else str(t_metric.get_signature()))

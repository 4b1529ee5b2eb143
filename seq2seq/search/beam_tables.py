"""Beam search's per-sentence tables: what is still searching (``LiveBeams``) and what was found (``Found``).

Every field of these dataclasses holds one row per sentence in the batch, so dropping done sentences
re-indexes all of them with one ``take`` and writing them back into the full-size result is one ``put``: a
field added later cannot be forgotten by either. A hypothesis is identified by the step it ended at and the
global row (``i * K + k`` of the full batch) it extended at that step (``backtrack`` recovers it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import torch

from seq2seq.search.options import Scoring
from seq2seq.search.stopping import sentences_done

NEG_INF = float("-inf")


class PerSentence:
    """Mixin for dataclasses whose every field is a tensor with one row per sentence."""

    def take(self, keep: torch.Tensor):
        """A copy holding only rows ``keep`` ((b',) long) of every field."""
        return replace(self, **{f.name: getattr(self, f.name).index_select(0, keep) for f in fields(self)})

    def put(self, rows: torch.Tensor, part: PerSentence) -> None:
        """Write every field of ``part`` (b rows) into rows ``rows`` ((b,) long) of this one, in place."""
        for f in fields(self):
            getattr(self, f.name).index_copy_(0, rows, getattr(part, f.name))


@dataclass
class LiveBeams(PerSentence):
    """The b sentences still in the batch and their K live beams."""

    sent: torch.Tensor  # (b,) long: original sentence id; its global rows are sent*K .. sent*K+K-1
    scores: torch.Tensor  # (b, K) float32: live beam scores, best first, -inf for dead beams
    lens: torch.Tensor  # (b,) long: maximum output length
    lp_max: torch.Tensor  # (b,) float32: length penalty at that length
    done: torch.Tensor  # (b,) bool: stopped searching (kept, masked, until compaction)

    @classmethod
    def start(cls, max_lens: torch.Tensor, K: int, scoring: Scoring) -> LiveBeams:
        """Step 0: only beam 0 is live, else K identical beams would yield K copies of everything."""
        B, device = max_lens.numel(), max_lens.device
        scores = torch.full((B, K), NEG_INF, device=device)
        scores[:, 0] = 0.0
        return cls(sent=torch.arange(B, device=device), scores=scores, lens=max_lens,
                   lp_max=scoring.penalty(max_lens.float()),
                   done=torch.zeros(B, dtype=torch.bool, device=device))

    def update_done(self, t: int, found: Found, scoring: Scoring) -> None:
        """After step ``t``: apply stopping rules 1-3 (``stopping``) to ``done``."""
        K, N = self.scores.size(1), found.fin_norm.size(1)
        stop = sentences_done(t, found.n_fin, found.fin_norm[:, -1], self.scores[:, 0], self.lens, self.lp_max,
                              K, N, scoring)
        self.done = self.done | stop


def _merge(kept: torch.Tensor, new: torch.Tensor, pick: torch.Tensor) -> torch.Tensor:
    """Columns ``pick`` (b, N) of ``[kept | new]``: kept (b, N), new (b, 2K)."""
    return torch.cat([kept, new], dim=1).gather(1, pick)


@dataclass
class Found(PerSentence):
    """What each sentence found: its N best finished hypotheses, kept sorted by norm score, and
    its N best live beams at its last allowed step (the unfinished fall-back, which ends at step
    max_len - 1). Empty slots have score -inf."""

    fin_norm: torch.Tensor  # (b, N) float32: norm score, best first
    fin_score: torch.Tensor  # (b, N) float32: raw score
    fin_step: torch.Tensor  # (b, N) long: step of the EOS
    fin_row: torch.Tensor  # (b, N) long: global row the EOS extended
    n_fin: torch.Tensor  # (b,) long: finished hypotheses seen so far (also those not kept)
    unf_score: torch.Tensor  # (b, N) float32
    unf_row: torch.Tensor  # (b, N) long: global row the last token extended
    unf_tok: torch.Tensor  # (b, N) long: the last token

    @classmethod
    def empty(cls, B: int, N: int, device: torch.device) -> Found:
        scores, ids = torch.full((B, N), NEG_INF, device=device), torch.zeros((B, N), dtype=torch.long, device=device)
        return cls(fin_norm=scores, fin_score=scores.clone(), fin_step=ids, fin_row=ids.clone(),
                   n_fin=torch.zeros(B, dtype=torch.long, device=device),
                   unf_score=scores.clone(), unf_row=ids.clone(), unf_tok=ids.clone())  # ``put`` writes in place

    def record_finished(self, t: int, new_fin: torch.Tensor, val: torch.Tensor, row: torch.Tensor,
                        scoring: Scoring, bonus: torch.Tensor | None = None) -> None:
        """Merge the EOS extensions of step ``t`` into the finished table (one top-N over the N kept and
        the 2K new candidates, by norm score).

        new_fin: (b, 2K) bool, the extensions that finish a hypothesis; val: (b, 2K) their scores; row:
        (b, 2K) the global rows they extend; bonus: (b, 2K) their coverage penalties, or None.
        """
        neg_inf = torch.full_like(val, NEG_INF)
        norm = val / scoring.penalty(t + 1)
        if bonus is not None:
            norm = norm + bonus
        cand_norm = torch.where(new_fin, norm, neg_inf)
        self.fin_norm, pick = torch.cat([self.fin_norm, cand_norm], dim=1).topk(self.fin_norm.size(1), dim=1)
        self.fin_score = _merge(self.fin_score, torch.where(new_fin, val, neg_inf), pick)
        self.fin_step = _merge(self.fin_step, torch.full_like(row, t), pick)
        self.fin_row = _merge(self.fin_row, row, pick)
        self.n_fin = self.n_fin + new_fin.sum(dim=1)

    def record_unfinished(self, last: torch.Tensor, val: torch.Tensor, row: torch.Tensor,
                          tok: torch.Tensor) -> None:
        """Keep the N best live beams of the sentences at their length limit.

        last: (b, 1) bool, this step is the sentence's last; val, row, tok: (b, K) the live
        beams after this step (best first), the global rows they extended and their tokens.
        """
        N = self.unf_score.size(1)
        self.unf_score = torch.where(last, val[:, :N], self.unf_score)
        self.unf_row = torch.where(last, row[:, :N], self.unf_row)
        self.unf_tok = torch.where(last, tok[:, :N], self.unf_tok)

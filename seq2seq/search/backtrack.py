"""Beam search's per-step records, and the back-tracking that turns them into hypotheses.

Beam search never copies a hypothesis's growing history (a (B*K, t, S) attention copy per step
would dominate the search). Per step it records, for every new global row, the token chosen and
the global row it extended, plus that step's attention rows (``History``). Each hypothesis is
then recovered by walking those back-pointers from where it ended, for all hypotheses at once,
in one pass at the end (``backtrack``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from seq2seq.search.beam_tables import NEG_INF, Found
from seq2seq.search.device import torch_coverage
from seq2seq.search.finish import Hypothesis, best_first, hypothesis
from seq2seq.search.options import Scoring


class History:
    """Per step: (B*K,) token chosen for each new global row, (B*K,) the global row it extends,
    and (B*K, S) float32 attention, in the rows of the full batch (dropped sentences get 0)."""

    def __init__(self, n_rows: int) -> None:
        self.n_rows = n_rows
        self.tokens: list[torch.Tensor] = []
        self.origins: list[torch.Tensor] = []
        self.attention: list[torch.Tensor] = []

    def record(self, tokens: torch.Tensor, origins: torch.Tensor, attention: torch.Tensor,
               global_rows: torch.Tensor | None) -> None:
        """Store one step given in local rows (b*K, ...); ``global_rows`` (b*K,) numbers them in
        the full batch, None while no sentence has been dropped (local rows are global ones)."""
        self.tokens.append(self._full(tokens, global_rows))
        self.origins.append(self._full(origins, global_rows))
        self.attention.append(self._full(attention, global_rows))

    def _full(self, part: torch.Tensor, global_rows: torch.Tensor | None) -> torch.Tensor:
        if global_rows is None:
            return part
        full = torch.zeros((self.n_rows, *part.shape[1:]), dtype=part.dtype, device=part.device)
        return full.index_copy_(0, global_rows, part)


@dataclass
class Ends:
    """Where each of the H = B * 2N candidate outputs ends, sentence-major, each sentence's N
    finished slots first, then its N unfinished ones."""

    step: torch.Tensor  # (H,) long: the step of its last token
    row: torch.Tensor  # (H,) long: the global row that last token extended
    last: torch.Tensor  # (H,) long: the last token (EOS for finished ones)

    @classmethod
    def of(cls, found: Found, max_lens: torch.Tensor, eos_id: int) -> Ends:
        """From the full-size (B rows) table; max_lens: (B,) long (unfinished ones end there)."""
        B, N = found.fin_row.shape
        unf_step = (max_lens - 1).unsqueeze(1).expand(B, N)
        return cls(
            step=torch.cat([found.fin_step, unf_step], dim=1).reshape(-1),
            row=torch.cat([found.fin_row, found.unf_row], dim=1).reshape(-1),
            last=torch.cat([torch.full_like(found.fin_row, eos_id), found.unf_tok], dim=1).reshape(-1),
        )


def backtrack(history: History, ends: Ends) -> tuple[torch.Tensor, torch.Tensor]:
    """Tokens (H, Tn) long and attention (H, Tn, S) float32 of every candidate output.

    Tn is the number of recorded steps; entries after a candidate's end step are 0. One
    index_select per step and per record over all H candidates: cost independent of B's split
    into sentences.
    """
    tokens, origins = torch.stack(history.tokens), torch.stack(history.origins)  # (Tn, B*K)
    attention = torch.stack(history.attention)  # (Tn, B*K, S)
    Tn, H = tokens.size(0), ends.step.numel()
    out_tok = torch.zeros((H, Tn), dtype=torch.long, device=tokens.device)
    out_attn = torch.zeros((H, Tn, attention.size(-1)), dtype=torch.float32, device=tokens.device)
    cur = ends.row.clone()  # the row each candidate extends at step s + 1 (for s < its end step)
    for s in range(Tn - 1, -1, -1):
        ends_here = ends.step == s
        tok_s = torch.where(ends_here, ends.last, tokens[s].index_select(0, cur))
        row_s = torch.where(ends_here, ends.row, origins[s].index_select(0, cur))
        valid = ends.step >= s
        out_tok[:, s] = torch.where(valid, tok_s, torch.zeros_like(tok_s))
        out_attn[:, s] = attention[s].index_select(0, row_s) * valid.unsqueeze(1)
        cur = torch.where(valid, row_s, cur)
    return out_tok, out_attn


def collect(tokens: torch.Tensor, attention: torch.Tensor, ends: Ends, found: Found, src_len: torch.Tensor,
            scoring: Scoring) -> list[list[Hypothesis]]:
    """Per sentence, its N best hypotheses from ``backtrack``'s output; found: the full-size table (B rows)
    ``ends`` was made from. Everything is copied to the host once, as whole arrays."""
    B, N = found.fin_score.shape
    tok_l = tokens.view(B, 2 * N, -1).cpu().numpy()
    attn_l = attention.view(B, 2 * N, tokens.size(1), -1).cpu().numpy()
    step_l = ends.step.view(B, 2 * N).cpu().tolist()
    score_l = torch.cat([found.fin_score, found.unf_score], dim=1).cpu().tolist()
    src_len_l = torch.as_tensor(src_len).cpu().tolist()
    return [_n_best(tok_l[i], attn_l[i], step_l[i], score_l[i], src_len_l[i], scoring) for i in range(B)]


def _n_best(tokens: np.ndarray, attention: np.ndarray, steps: list[int], scores: list[float], src_len: int,
            scoring: Scoring) -> list[Hypothesis]:
    """One sentence's 2N candidates (N finished slots, then N unfinished; -inf: empty or dead) -> its N best."""
    N = len(scores) // 2
    hyps = [hypothesis(tokens[j], attention[j], score, steps[j] + 1, j < N, src_len, scoring, torch_coverage)
            for j, score in enumerate(scores) if score != NEG_INF]
    return best_first([h for h in hyps if h.finished], [h for h in hyps if not h.finished], N)

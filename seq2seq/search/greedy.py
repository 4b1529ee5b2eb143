"""Greedy search: the most probable token at every step, one ``model.step`` for the whole batch.

Rows that are done (EOS emitted or at their max length) keep being fed EOS and are ignored until a check
drops them (``stopping``). What the search returns is written into full-size (B, ...) buffers at the row's
original index, so dropping rows never renumbers the result.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F

from seq2seq.search.device import prepare, torch_coverage
from seq2seq.search.finish import Hypothesis, hypothesis
from seq2seq.search.options import Scoring, SearchOptions
from seq2seq.search.stopping import Next, is_check_step, next_action


@dataclass
class _Record:
    """What greedy decoding found, one row per original sentence (B rows, never compacted)."""

    finished: torch.Tensor  # (B,) bool: emitted EOS
    length: torch.Tensor  # (B,) long: generated tokens incl. EOS
    score: torch.Tensor  # (B,) float32: sum of the chosen tokens' log-probs
    tokens: torch.Tensor  # (B, T) long, EOS where nothing was generated
    attention: torch.Tensor  # (B, T, S) float32

    @classmethod
    def empty(cls, B: int, T: int, S: int, eos_id: int, device: torch.device) -> _Record:
        return cls(
            finished=torch.zeros(B, dtype=torch.bool, device=device),
            length=torch.zeros(B, dtype=torch.long, device=device),
            score=torch.zeros(B, dtype=torch.float32, device=device),
            tokens=torch.full((B, T), eos_id, dtype=torch.long, device=device),
            attention=torch.zeros(B, T, S, dtype=torch.float32, device=device),
        )

    def write(self, t: int, rows, running, tok, tok_lp, is_eos, attn) -> None:
        """Store step ``t`` of the b active rows. rows: (b,) original row of each; running,
        is_eos: (b,) bool; tok, tok_lp: (b,) chosen token and its log-prob; attn: (b, S).
        Rows no longer running add nothing to score, length or finished."""
        self.score.index_add_(0, rows, torch.where(running, tok_lp, torch.zeros_like(tok_lp)))
        self.length.index_add_(0, rows, running.long())
        self.finished.index_put_((rows,), is_eos, accumulate=True)
        self.tokens[rows, t] = tok
        self.attention[rows, t] = attn.float()


def _decode(model, memory, state, max_lens: torch.Tensor, T: int, record: _Record, *, bos_id: int,
            eos_id: int) -> int:
    """Run the greedy loop, writing into ``record``; returns the number of steps taken (<= T).

    max_lens: (B,) long per-row limit. ``rows`` maps the active rows back to their index in ``record``.
    """
    device = max_lens.device
    rows = torch.arange(max_lens.numel(), device=device)  # original row of each active row
    prev = torch.full_like(rows, bos_id)
    running = torch.ones_like(rows, dtype=torch.bool)  # active rows that may still generate
    active_max = max_lens
    steps = 0
    for t in range(T):
        logits, state, attn = model.step(prev, state, memory)
        logp = F.log_softmax(logits.float(), dim=-1)  # (b, V)
        tok_lp, tok = logp.max(dim=-1)  # (b,), (b,)
        is_eos = running & (tok == eos_id)
        record.write(t, rows, running, tok, tok_lp, is_eos, attn)
        running = running & ~is_eos & (active_max > t + 1)
        prev = torch.where(running, tok, torch.full_like(tok, eos_id))
        steps = t + 1
        if not is_check_step(steps):
            continue
        action = next_action(running)
        if action is Next.STOP:
            break
        if action is Next.COMPACT:
            # Drop finished rows: a length-sorted batch still finishes unevenly, and every row
            # kept costs a full vocabulary projection per step.
            keep = running.nonzero().squeeze(1)
            rows, running, prev, active_max = rows[keep], running[keep], prev[keep], active_max[keep]
            state, memory = state.index_select(keep), memory.index_select(keep)
    return steps


def _unpack(record: _Record, steps: int, src_len: torch.Tensor, scoring: Scoring) -> list[list[Hypothesis]]:
    """One single-element list per sentence, from the first ``steps`` columns of ``record`` (copied to the
    host once, as whole arrays)."""
    tokens = record.tokens[:, :steps].cpu().numpy()  # (B, T')
    attention = record.attention[:, :steps].cpu().numpy()  # (B, T', S)
    length_l = record.length.cpu().tolist()
    fin_l = record.finished.cpu().tolist()
    score_l = record.score.cpu().tolist()
    src_len_l = torch.as_tensor(src_len).cpu().tolist()
    return [[hypothesis(tokens[i], attention[i], score_l[i], length_l[i], bool(fin_l[i]), src_len_l[i], scoring,
                        torch_coverage)] for i in range(len(length_l))]


@torch.no_grad()
def greedy_search(model, src: torch.Tensor, src_len: torch.Tensor, opts: SearchOptions, *, bos_id: int,
                  eos_id: int) -> list[list[Hypothesis]]:
    """One single-element list per sentence, in input order; src: (B, S) long, padded; src_len: (B,) long.

    Of ``opts``, the output limit bounds the search and ``opts.scoring`` only fills ``norm_score`` (greedy's
    choices do not depend on it), so the score means the same as beam search's.
    """
    B = src.size(0)
    if B == 0:
        return []
    memory, state, max_lens, T = prepare(model, src, src_len, opts.max_len_a, opts.max_len_b)
    record = _Record.empty(B, T, src.size(1), eos_id, src.device)
    steps = _decode(model, memory, state, max_lens, T, record, bos_id=bos_id, eos_id=eos_id)
    return _unpack(record, steps, src_len, opts.scoring)

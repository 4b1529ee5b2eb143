"""Greedy search: the most probable token at every step, one ``model.step`` for the whole batch.

Rows that are done (EOS emitted or at their max length) keep being fed EOS and are ignored until a check
drops them (``stopping``). What the search returns is written into full-size (B, ...) buffers at the row's
original index, so dropping rows never renumbers the result.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from seq2seq.search.device import force_token, prepare, torch_coverage
from seq2seq.search.finish import Hypothesis, hypothesis
from seq2seq.search.options import Scoring, SearchOptions
from seq2seq.search.prefix import forced_at
from seq2seq.search.stopping import Next, is_check_step, next_action


@torch.no_grad()
def greedy_search(model, src: torch.Tensor, src_len: torch.Tensor, opts: SearchOptions, *, bos_id: int,
                  eos_id: int, prefix: torch.Tensor | None = None) -> list[list[Hypothesis]]:
    """One single-element list per sentence, in input order; src: (B, S) long, padded; src_len: (B,) long;
    prefix: (B, P) long target prefixes to force (``search.prefix.prefix_array``), or None.

    Of ``opts``, the output limit bounds the search and ``opts.scoring`` only fills ``norm_score`` (greedy's
    choices do not depend on it), so the score means the same as beam search's.
    """
    B, S = src.shape
    if B == 0:
        return []
    memory, state, max_lens, T = prepare(model, src, src_len, opts.max_len_a, opts.max_len_b)
    device = src.device
    tokens = torch.full((B, T), eos_id, dtype=torch.long, device=device)  # EOS where nothing was generated
    attention = torch.zeros(B, T, S, dtype=torch.float32, device=device)
    score = torch.zeros(B, dtype=torch.float32, device=device)  # sum of the chosen tokens' log-probs
    length = torch.zeros(B, dtype=torch.long, device=device)  # generated tokens incl. EOS
    finished = torch.zeros(B, dtype=torch.bool, device=device)  # emitted EOS
    rows = torch.arange(B, device=device)  # original row of each active row
    prev = torch.full_like(rows, bos_id)
    running = torch.ones_like(rows, dtype=torch.bool)  # active rows that may still generate
    limit, steps = max_lens, 0
    for t in range(T):
        logits, state, attn = model.step(prev, state, memory)
        logp = F.log_softmax(logits.float(), dim=-1)  # (b, V)
        tok_lp, tok = logp.max(dim=-1)  # (b,), (b,)
        forced = forced_at(prefix, rows, t)
        if forced is not None:  # a target prefix: its piece, with its log-prob, where one is forced
            tok_lp, tok = force_token(logp, tok_lp, tok, forced)
        is_eos = running & (tok == eos_id)
        # Rows no longer running add nothing to score, length or finished.
        score.index_add_(0, rows, torch.where(running, tok_lp, torch.zeros_like(tok_lp)))
        length.index_add_(0, rows, running.long())
        finished.index_put_((rows,), is_eos, accumulate=True)
        tokens[rows, t] = tok
        attention[rows, t] = attn.float()
        running = running & ~is_eos & (limit > t + 1)
        prev = torch.where(running, tok, torch.full_like(tok, eos_id))
        steps = t + 1
        if not is_check_step(steps):
            continue
        action = next_action(running)
        if action is Next.STOP:
            break
        if action is Next.COMPACT:  # a length-sorted batch still finishes unevenly; a kept row costs a step
            keep = running.nonzero().squeeze(1)
            rows, running, prev, limit = rows[keep], running[keep], prev[keep], limit[keep]
            state, memory = state.index_select(keep), memory.index_select(keep)
    return _unpack(tokens[:, :steps], attention[:, :steps], length, finished, score, src_len, opts.scoring)


def _unpack(tokens: torch.Tensor, attention: torch.Tensor, length: torch.Tensor, finished: torch.Tensor,
            score: torch.Tensor, src_len: torch.Tensor, scoring: Scoring) -> list[list[Hypothesis]]:
    """One single-element list per sentence, copied to the host once, as whole arrays."""
    tok_l, attn_l = tokens.cpu().numpy(), attention.cpu().numpy()  # (B, T'), (B, T', S)
    length_l, fin_l, score_l = length.cpu().tolist(), finished.cpu().tolist(), score.cpu().tolist()
    src_len_l = torch.as_tensor(src_len).cpu().tolist()
    return [[hypothesis(tok_l[i], attn_l[i], score_l[i], length_l[i], bool(fin_l[i]), src_len_l[i], scoring,
                        torch_coverage)] for i in range(len(length_l))]

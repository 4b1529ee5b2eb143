"""Greedy and beam search over any model that implements the decoding step protocol.

The protocol (the real model implements it; this module never imports the model)::

    model.encode(src (B, S) long, src_len (B,) long) -> memory
    model.init_state(memory) -> state
    model.step(prev (B,) long, state, memory) -> (logits (B, V), new_state, attn (B, S))
    memory.index_select(idx (B',) long) -> memory   # picks / repeats rows along the batch dim
    state.index_select(idx (B',) long) -> state

``attn`` holds the attention weights over source positions used to predict the token of
this step (0 on padding). ``logits`` may be bf16 under autocast, so log-softmax is always
taken in float32: bf16 log-probs summed over 50 steps would lose the ranking precision the
search depends on.

Lengths. The "length" of a hypothesis counts generated tokens including EOS (BOS is never
generated). Sentence ``i`` may generate at most ``max_output_len(src_len, a, b)[i]`` tokens,
EOS included; a hypothesis that reaches that length without EOS is returned as unfinished.

Scores. ``score`` is the sum of the float32 token log-probs (the EOS log-prob included when
finished); ``norm_score = score / length_penalty(length, alpha)``, the GNMT penalty
``((5 + length) / 6) ** alpha``. Greedy reports the same ``norm_score`` so both searches'
outputs can be compared or mixed.

Beam stopping rule (``beam_search``)
------------------------------------
Per step, each sentence's ``beam * V`` extensions are ranked and the top ``2 * beam`` are
taken. An EOS extension that ranks within the top ``beam`` becomes a finished hypothesis
(the slot it would have taken in the beam is "spent" on it); the best ``beam`` non-EOS
extensions stay live (there are at most ``beam`` EOS extensions, so ``2 * beam`` always
holds ``beam`` non-EOS ones). A sentence stops when

1. it has collected ``beam_size`` finished hypotheses (the standard rule; with
   ``beam_size=1`` it makes beam search exactly greedy search), or
2. it has ``>= n_best`` finished hypotheses and no live beam can beat the worst of the
   ``n_best`` best ones any more: a live beam's score can only fall, so its best possible
   normalised score is ``score / length_penalty(L)`` at the most favourable length ``L`` it
   could still finish at (the longest one for ``alpha >= 0``). Rule 2 only cuts short work
   whose result rule 1 would have thrown away, so the returned hypotheses are the same as
   with rule 1 alone (a test checks it), or
3. it reaches its maximum length: its live beams become unfinished hypotheses.

Each sentence returns its ``n_best`` best finished hypotheses by ``norm_score``; only when it
has fewer than ``n_best`` finished ones (it hit its maximum length first) is the list topped
up with its best unfinished ones, placed after the finished ones (each group sorted best
first by ``norm_score``), so ``hyps[0]`` is the best *complete* translation whenever one was
found. Fewer than ``n_best`` come back only if fewer distinct sequences exist within the
maximum length (tiny vocabularies).

Batching. Beam rows ``i * beam + k`` belong to sentence ``i``: memory is expanded to beams
once and reordered only when done sentences are dropped; state is reordered every step with one
flat index. Per-step token choices and back-pointers are kept on the device, in the row numbers of
the full batch, and each hypothesis's tokens and attention rows are recovered by back-tracking
once at the end, instead of copying a growing (B*beam, t, S) attention history every step. The
host is consulted only every ``_DONE_CHECK_EVERY`` steps (one ``.sum()``), never per sentence
inside the loop. Between checks, finished or over-length rows keep being computed but are masked
out; at a check, once fewer than ``_COMPACT_BELOW`` of them still run, the done rows (greedy) or
done sentences (beam) leave the batch.
"""

from __future__ import annotations

from dataclasses import dataclass
import torch
import torch.nn.functional as F

__all__ = [
    "Hypothesis",
    "max_output_len",
    "length_penalty",
    "greedy_search",
    "beam_search",
]

# Ask the device whether every sentence is done only every this many steps: a host sync per
# step stalls the GPU queue, and the few extra (masked) steps at the end cost less.
_DONE_CHECK_EVERY = 4
# At a done check, drop finished rows (greedy) or finished sentences (beam) once fewer than
# this share of the batch still runs: index_select of state and memory costs about one step.
_COMPACT_BELOW = 0.75


@dataclass
class Hypothesis:
    """One output sentence.

    tokens: output ids, without BOS and without EOS.
    score: sum of the token log-probs, including the EOS log-prob if ``finished``.
    norm_score: ``score / length_penalty(len(tokens) + finished, alpha)``.
    attention: float32 CPU tensor (T, src_len_i), one row per generated step including the
        EOS step if finished (so T = len(tokens) + finished), columns cropped to this
        sentence's true source length (padding columns dropped).
    finished: True if it ended with EOS, False if it hit the maximum length.
    """

    tokens: list[int]
    score: float
    norm_score: float
    attention: torch.Tensor
    finished: bool


def max_output_len(src_len: torch.Tensor, a: float, b: int) -> torch.Tensor:
    """Maximum number of generated tokens (EOS included) per sentence.

    src_len: (B,) long source lengths. Returns (B,) long ``floor(a * src_len + b)``, at least
    1 so every sentence can at least emit EOS. Computed in float64 so e.g. ``1.5 * 7`` floors
    exactly.
    """
    lens = torch.as_tensor(src_len)
    out = torch.floor(lens.to(torch.float64) * a + b).to(torch.long)
    return out.clamp_min(1)


def length_penalty(length, alpha: float):
    """GNMT length penalty ``((5 + length) / 6) ** alpha``.

    length counts generated tokens including EOS; works on Python numbers and on tensors
    (any shape; an integer tensor gives a float tensor).
    """
    return ((5 + length) / 6) ** alpha


def _prepare(model, src: torch.Tensor, src_len: torch.Tensor, max_len_a: float, max_len_b: int):
    """Encode and compute per-sentence limits.

    Returns memory, state, max_lens (B,) long on src's device, and T = max(max_lens) (one
    host sync, needed to bound the Python loop).
    """
    device = src.device
    max_lens = max_output_len(src_len, max_len_a, max_len_b).to(device)
    memory = model.encode(src, src_len)
    state = model.init_state(memory)
    return memory, state, max_lens, int(max_lens.max())


@torch.no_grad()
def greedy_search(
    model,
    src: torch.Tensor,
    src_len: torch.Tensor,
    *,
    bos_id: int,
    eos_id: int,
    max_len_a: float = 1.5,
    max_len_b: int = 10,
    alpha: float = 0.6,
) -> list[list[Hypothesis]]:
    """Pick the most probable token at every step, for the whole batch at once.

    src: (B, S) long, padded; src_len: (B,) long true lengths. ``alpha`` is used only to fill
    ``norm_score`` (greedy's choices do not depend on it). Returns one single-element list per
    sentence, in input order. One ``model.step`` call per time step for all B rows; rows that
    are done (EOS emitted or at their max length) keep being fed EOS and are ignored.
    The model's train/eval mode is left to the caller.
    """
    B = src.size(0)
    if B == 0:
        return []
    device = src.device
    memory, state, max_lens, T = _prepare(model, src, src_len, max_len_a, max_len_b)

    S = src.size(1)
    rows = torch.arange(B, device=device)  # original row of each active row
    prev = torch.full((B,), bos_id, dtype=torch.long, device=device)
    running = torch.ones(B, dtype=torch.bool, device=device)  # active rows that may still generate
    active_max = max_lens
    finished = torch.zeros(B, dtype=torch.bool, device=device)  # emitted EOS (all rows)
    length = torch.zeros(B, dtype=torch.long, device=device)  # generated tokens incl. EOS (all rows)
    score = torch.zeros(B, dtype=torch.float32, device=device)
    tok_buf = torch.full((B, T), eos_id, dtype=torch.long, device=device)
    attn_buf = torch.zeros(B, T, S, dtype=torch.float32, device=device)

    steps = 0
    for t in range(T):
        logits, state, attn = model.step(prev, state, memory)
        logp = F.log_softmax(logits.float(), dim=-1)  # (b, V)
        tok_lp, tok = logp.max(dim=-1)  # (b,), (b,)
        score.index_add_(0, rows, torch.where(running, tok_lp, torch.zeros_like(tok_lp)))
        length.index_add_(0, rows, running.long())
        is_eos = running & (tok == eos_id)
        finished.index_put_((rows,), is_eos, accumulate=True)
        tok_buf[rows, t] = tok
        attn_buf[rows, t] = attn.float()
        running = running & ~is_eos & (active_max > t + 1)
        prev = torch.where(running, tok, torch.full_like(tok, eos_id))
        steps = t + 1
        if steps % _DONE_CHECK_EVERY == 0:
            n_run = int(running.sum())
            if n_run == 0:
                break
            if n_run <= _COMPACT_BELOW * running.numel():
                # Drop finished rows: a length-sorted batch still finishes unevenly, and every row
                # kept costs a full vocabulary projection per step.
                keep = running.nonzero().squeeze(1)
                rows, running, prev, active_max = rows[keep], running[keep], prev[keep], active_max[keep]
                state, memory = state.index_select(keep), memory.index_select(keep)

    tok_all = tok_buf[:, :steps].cpu()  # (B, T')
    attn_all = attn_buf[:, :steps].cpu()  # (B, T', S)
    length_l = length.cpu().tolist()
    fin_l = finished.cpu().tolist()
    score_l = score.cpu().tolist()
    src_len_l = torch.as_tensor(src_len).cpu().tolist()

    out: list[list[Hypothesis]] = []
    for i in range(B):
        L, fin = length_l[i], bool(fin_l[i])
        out.append(
            [
                Hypothesis(
                    tokens=tok_all[i, : L - int(fin)].tolist(),
                    score=score_l[i],
                    norm_score=score_l[i] / length_penalty(L, alpha),
                    attention=attn_all[i, :L, : src_len_l[i]].clone(),
                    finished=fin,
                )
            ]
        )
    return out


@torch.no_grad()
def beam_search(
    model,
    src: torch.Tensor,
    src_len: torch.Tensor,
    *,
    bos_id: int,
    eos_id: int,
    beam_size: int = 5,
    alpha: float = 0.6,
    n_best: int = 1,
    max_len_a: float = 1.5,
    max_len_b: int = 10,
) -> list[list[Hypothesis]]:
    """Batched beam search with GNMT length normalisation (stopping rule: module docstring).

    src: (B, S) long, padded; src_len: (B,) long true lengths. Decodes B*beam_size rows at
    once, row ``i * beam_size + k`` being beam k of sentence i. Returns, per sentence in input
    order, ``n_best`` distinct hypotheses: finished ones best first by ``norm_score``, then (only
    if too few finished) unfinished ones best first. beam_size=1 reproduces greedy_search.
    Raises ValueError unless 1 <= n_best <= beam_size.
    """
    if beam_size < 1:
        raise ValueError(f"beam_size must be >= 1, got {beam_size}")
    if n_best < 1 or n_best > beam_size:
        raise ValueError(f"n_best must be between 1 and beam_size={beam_size}, got {n_best}")
    B = src.size(0)
    if B == 0:
        return []
    K, N = beam_size, n_best
    device = src.device
    memory, state, max_lens, T = _prepare(model, src, src_len, max_len_a, max_len_b)

    # Expand to beams once; rows of sentence i stay at i*K..i*K+K-1 until the batch is compacted.
    expand = torch.arange(B, device=device).repeat_interleave(K)  # (B*K,)
    memory = memory.index_select(expand)
    state = state.index_select(expand)
    neg_inf = float("-inf")
    beam_ids = torch.arange(K, device=device)

    # The loop works on the b sentences still searching (``sent`` holds their ids, local row
    # i*K+k is beam k of sentence sent[i]); everything it records for back-tracking uses global
    # rows sent[i]*K+k, so dropping done sentences never renumbers the history.
    sent = torch.arange(B, device=device)
    row_base = (sent * K).unsqueeze(1)  # (b, 1) global row of beam 0 of each sentence
    local_base = row_base  # (b, 1) its local row: the same until the batch is compacted
    prev = torch.full((B * K,), bos_id, dtype=torch.long, device=device)
    # Only beam 0 is live at step 0, otherwise the K identical beams would yield K copies
    # of every hypothesis.
    scores = torch.full((B, K), neg_inf, device=device)
    scores[:, 0] = 0.0
    lens = max_lens
    lp_max = length_penalty(max_lens.float(), alpha)  # (b,) penalty at the longest length

    # Pool of the N best finished hypotheses per sentence, kept sorted by norm score. A
    # hypothesis is identified by (step it ended at, pre-selection global row at that step); its
    # tokens and attention are recovered by back-tracking at the end.
    fin_norm = torch.full((B, N), neg_inf, device=device)
    fin_score = torch.full((B, N), neg_inf, device=device)
    fin_step = torch.zeros((B, N), dtype=torch.long, device=device)
    fin_row = torch.zeros((B, N), dtype=torch.long, device=device)
    n_fin = torch.zeros(B, dtype=torch.long, device=device)
    # Best N live beams at the sentence's last allowed step: the unfinished fall-back. They
    # end at step max_len - 1, at pre-selection global row unf_row, with last token unf_tok.
    unf_score = torch.full((B, N), neg_inf, device=device)
    unf_row = torch.zeros((B, N), dtype=torch.long, device=device)
    unf_tok = torch.zeros((B, N), dtype=torch.long, device=device)
    done = torch.zeros(B, dtype=torch.bool, device=device)
    # What back-tracking needs of every sentence, full size (B, N): filled from the loop's
    # (b, N) tensors by ``flush`` when sentences are dropped and at the end.
    out_pool = [t.clone() for t in (fin_score, fin_step, fin_row, unf_score, unf_row, unf_tok)]

    def flush() -> None:
        for full, part in zip(out_pool, (fin_score, fin_step, fin_row, unf_score, unf_row, unf_tok)):
            full.index_copy_(0, sent, part)

    tok_hist: list[torch.Tensor] = []  # per step (B*K,): token chosen for new global row j
    orig_hist: list[torch.Tensor] = []  # per step (B*K,): pre-selection global row new row j extends
    attn_hist: list[torch.Tensor] = []  # per step (B*K, S) float32, pre-selection global rows
    in_top_k = (torch.arange(2 * K, device=device) < K).unsqueeze(0)  # (1, 2K)
    grow = None  # (b*K,) global row of each local row; None while b == B (identity)

    def to_global(t: torch.Tensor, fill) -> torch.Tensor:
        """(b*K, ...) in local rows -> (B*K, ...) in global rows; dropped sentences get ``fill``."""
        if grow is None:
            return t
        full = torch.full((B * K, *t.shape[1:]), fill, dtype=t.dtype, device=device)
        return full.index_copy_(0, grow, t)

    for t in range(T):
        logits, state, attn = model.step(prev, state, memory)
        b, V = scores.size(0), logits.size(-1)
        logp = F.log_softmax(logits.float(), dim=-1).view(b, K, V)
        cand = (scores.unsqueeze(2) + logp).view(b, K * V)  # dead beams stay -inf
        top_val, top_idx = cand.topk(2 * K, dim=1)  # (b, 2K), best first
        top_beam = top_idx.div(V, rounding_mode="floor")
        top_tok = top_idx.remainder(V)
        top_row = row_base + top_beam  # (b, 2K) pre-selection global row

        active = ~done  # sentences still searching at this step
        is_eos = top_tok == eos_id
        new_fin = is_eos & in_top_k & torch.isfinite(top_val) & active.unsqueeze(1)
        cand_norm = torch.where(
            new_fin, top_val / length_penalty(t + 1, alpha), torch.full_like(top_val, neg_inf)
        )
        fin_norm, pick = torch.cat([fin_norm, cand_norm], dim=1).topk(N, dim=1)
        cand_score = torch.where(new_fin, top_val, torch.full_like(top_val, neg_inf))
        fin_score = torch.cat([fin_score, cand_score], dim=1).gather(1, pick)
        fin_step = torch.cat([fin_step, torch.full_like(top_row, t)], dim=1).gather(1, pick)
        fin_row = torch.cat([fin_row, top_row], dim=1).gather(1, pick)
        n_fin = n_fin + new_fin.sum(dim=1)

        # Best K non-EOS extensions continue (at most K of the 2K are EOS).
        live_val, live_pos = top_val.masked_fill(is_eos, neg_inf).topk(K, dim=1)  # (b, K)
        live_tok = top_tok.gather(1, live_pos)
        live_beam = top_beam.gather(1, live_pos)
        live_row = row_base + live_beam

        last = (active & (lens == t + 1)).unsqueeze(1)  # (b, 1) at its length limit
        unf_score = torch.where(last, live_val[:, :N], unf_score)
        unf_row = torch.where(last, live_row[:, :N], unf_row)
        unf_tok = torch.where(last, live_tok[:, :N], unf_tok)

        tok_hist.append(to_global(live_tok.reshape(-1), 0))
        orig_hist.append(to_global(live_row.reshape(-1), 0))
        attn_hist.append(to_global(attn.float(), 0.0))
        scores = live_val
        prev = live_tok.reshape(-1)
        state = state.index_select((local_base + live_beam).reshape(-1))

        # Rule 2: the best normalised score any live beam could still reach.
        best_live = live_val[:, 0]
        bound = torch.maximum(best_live / length_penalty(t + 2, alpha), best_live / lp_max)
        hopeless = (n_fin >= N) & (bound <= fin_norm[:, -1])
        done = done | (n_fin >= K) | hopeless | (lens <= t + 1)
        if (t + 1) % _DONE_CHECK_EVERY == 0:
            n_done = int(done.sum())
            if n_done == b:
                break
            if n_done >= (1.0 - _COMPACT_BELOW) * b:
                # Drop done sentences: each keeps costing K full vocabulary projections per step.
                flush()
                keep = (~done).nonzero().squeeze(1)
                rows = (keep * K).unsqueeze(1).add(beam_ids).reshape(-1)
                (sent, scores, lens, lp_max, done, n_fin, fin_norm,
                 fin_score, fin_step, fin_row, unf_score, unf_row, unf_tok) = (
                    x.index_select(0, keep) for x in (sent, scores, lens, lp_max, done, n_fin, fin_norm,
                                                      fin_score, fin_step, fin_row, unf_score, unf_row, unf_tok))
                prev = prev.index_select(0, rows)
                state, memory = state.index_select(rows), memory.index_select(rows)
                row_base = (sent * K).unsqueeze(1)
                local_base = (torch.arange(sent.numel(), device=device) * K).unsqueeze(1)
                grow = row_base.add(beam_ids).reshape(-1)

    flush()
    fin_score, fin_step, fin_row, unf_score, unf_row, unf_tok = out_pool

    # Back-track all 2*B*N candidate outputs at once: H = 2*B*N rows, finished pool first.
    Tn = len(tok_hist)
    toks_t = torch.stack(tok_hist)  # (Tn, B*K)
    origs_t = torch.stack(orig_hist)  # (Tn, B*K)
    attns_t = torch.stack(attn_hist)  # (Tn, B*K, S)
    unf_step = (max_lens - 1).unsqueeze(1).expand(B, N)
    h_step = torch.cat([fin_step, unf_step], dim=1).reshape(-1)  # (H,)
    h_row = torch.cat([fin_row, unf_row], dim=1).reshape(-1)
    h_last = torch.cat([torch.full_like(fin_row, eos_id), unf_tok], dim=1).reshape(-1)
    H = h_step.numel()
    out_tok = torch.zeros((H, Tn), dtype=torch.long, device=device)
    out_attn = torch.zeros((H, Tn, attns_t.size(-1)), dtype=torch.float32, device=device)
    cur = h_row.clone()  # pre-selection row at step s + 1 (for s < h_step)
    for s in range(Tn - 1, -1, -1):
        ends_here = h_step == s
        tok_s = torch.where(ends_here, h_last, toks_t[s].index_select(0, cur))
        row_s = torch.where(ends_here, h_row, origs_t[s].index_select(0, cur))
        valid = h_step >= s
        out_tok[:, s] = torch.where(valid, tok_s, torch.zeros_like(tok_s))
        out_attn[:, s] = attns_t[s].index_select(0, row_s) * valid.unsqueeze(1)
        cur = torch.where(valid, row_s, cur)

    out_tok = out_tok.view(B, 2 * N, Tn).cpu()
    out_attn = out_attn.view(B, 2 * N, Tn, -1).cpu()
    step_l = h_step.view(B, 2 * N).cpu().tolist()
    score_l = torch.cat([fin_score, unf_score], dim=1).cpu().tolist()
    src_len_l = torch.as_tensor(src_len).cpu().tolist()

    results: list[list[Hypothesis]] = []
    for i in range(B):
        groups: list[list[Hypothesis]] = [[], []]
        for j in range(2 * N):
            sc = score_l[i][j]
            if sc == neg_inf:
                continue  # empty pool slot / dead beam
            fin = j < N
            length = step_l[i][j] + 1  # generated tokens incl. EOS
            groups[0 if fin else 1].append(
                Hypothesis(
                    tokens=out_tok[i, j, : length - int(fin)].tolist(),
                    score=sc,
                    norm_score=sc / length_penalty(length, alpha),
                    attention=out_attn[i, j, :length, : src_len_l[i]].clone(),
                    finished=fin,
                )
            )
        for g in groups:
            g.sort(key=lambda h: h.norm_score, reverse=True)
        results.append((groups[0] + groups[1])[:N])
    return results

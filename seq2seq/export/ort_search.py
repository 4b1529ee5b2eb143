"""Greedy and beam search in numpy over an exported model's graphs: the ONNX Runtime twin of ``seq2seq.search``.

Same rules, same results (tests compare them sentence by sentence with the PyTorch searches); only the loops
are this module's own. Shared with the PyTorch searches: lengths, limits and scores (``search.options``), the
ranking step (the model's ``rank``, folded into the exported decoder step, so numpy only moves a few (b, 2K)
arrays per step), when to stop (``search.stopping``; the loops look after every step) and the hypotheses and
n-best lists (``search.finish``).

The engine protocol (``OrtModel`` implements it)::

    engine.encode(src (B, S) int64, src_len (B,) int64) -> values (B, S, C), keys (B, S, K), init (B, H)
    engine.step(prev (N,), hidden (N, H), context (N, C), keys, values, mask (N, S) bool, scores (b, k))
        -> top_val (b, 2k) float32 best first, top_idx (b, 2k) int64 (beam * V + token),
           hidden (N, H), context (N, C), attention (N, S)      with N = b * k
    engine.log_probs(the same inputs as step) -> (N, V) float32   (only where a target prefix forces a piece)

Nothing here imports torch.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from seq2seq.search.finish import Hypothesis, best_first, coverage_term, hypothesis
from seq2seq.search.options import Scoring, SearchOptions, output_limit
from seq2seq.search.prefix import force_rank, forced_at
from seq2seq.search.stopping import Next, next_action, sentences_done

NEG_INF = np.float32(-np.inf)


def _prepare(engine, src: np.ndarray, src_len: np.ndarray, opts: SearchOptions):
    """Encode; -> values, keys, init, mask (B, S) bool, max_lens (B,) int64 and the longest limit T."""
    values, keys, init = engine.encode(src, src_len)
    mask = np.arange(src.shape[1])[None, :] < src_len[:, None]
    max_lens = np.array([output_limit(int(n), opts.max_len_a, opts.max_len_b) for n in src_len], dtype=np.int64)
    return values, keys, init, mask, max_lens, int(max_lens.max())


def greedy_search(engine, src: np.ndarray, src_len: np.ndarray, opts: SearchOptions, *, bos_id: int,
                  eos_id: int, prefix: np.ndarray | None = None) -> list[list[Hypothesis]]:
    """The most probable token at every step for the whole batch (the prefix's pieces where ``prefix``
    (B, P) int64 forces them); one single-element list per sentence."""
    B, S = src.shape
    values, keys, hidden, mask, max_lens, T = _prepare(engine, src, src_len, opts)
    context = np.zeros((B, values.shape[-1]), dtype=np.float32)
    tokens = np.full((B, T), eos_id, dtype=np.int64)
    attention = np.zeros((B, T, S), dtype=np.float32)
    score, length, finished = np.zeros(B, dtype=np.float32), np.zeros(B, dtype=np.int64), np.zeros(B, dtype=bool)
    rows = np.arange(B)  # original row of each active row
    prev = np.full(B, bos_id, dtype=np.int64)
    running = np.ones(B, dtype=bool)
    limit = max_lens
    for t in range(T):
        top_val, top_idx, hidden, context, attn = _step(
            engine, (prev, hidden, context, keys, values, mask, np.zeros((rows.size, 1), dtype=np.float32)),
            prefix, rows, t)
        tok, tok_lp = top_idx[:, 0], top_val[:, 0]  # k = 1: the index is the token
        is_eos = running & (tok == eos_id)
        score[rows] += np.where(running, tok_lp, np.float32(0))
        length[rows] += running
        finished[rows] |= is_eos
        tokens[rows, t] = tok
        attention[rows, t] = attn
        running = running & ~is_eos & (limit > t + 1)
        prev = np.where(running, tok, eos_id)
        action = next_action(running)
        if action is Next.STOP:
            break
        if action is Next.COMPACT:
            keep = np.flatnonzero(running)
            rows, running, prev, limit = rows[keep], running[keep], prev[keep], limit[keep]
            hidden, context, keys, values, mask = hidden[keep], context[keep], keys[keep], values[keep], mask[keep]
    return [[hypothesis(tokens[i], attention[i], score[i], int(length[i]), bool(finished[i]), int(src_len[i]),
                        opts.scoring)] for i in range(B)]


@dataclass
class _Found:
    """One sentence's finished hypotheses and its unfinished fall-back at its length limit."""

    finished: list[tuple[float, float, int, int]] = field(default_factory=list)  # (norm, score, end step, row)
    n_fin: int = 0  # finished hypotheses seen so far (also those no longer kept)
    unfinished: list[tuple[float, int, int]] = field(default_factory=list)  # (score, row, last token)


def beam_search(engine, src: np.ndarray, src_len: np.ndarray, opts: SearchOptions, *, bos_id: int,
                eos_id: int, prefix: np.ndarray | None = None) -> list[list[Hypothesis]]:
    """Batched beam search by the rules of ``seq2seq.search.beam`` (``prefix``: as ``greedy_search``). Per step
    the chosen tokens, the rows they extend and the attention are recorded in global rows (``i * K + k``)."""
    B, S = src.shape
    K, N, scoring = opts.beam_size, opts.n_best, opts.scoring
    values, keys, init, mask, max_lens, T = _prepare(engine, src, src_len, opts)
    expand = np.repeat(np.arange(B), K)
    values, keys, mask, hidden = values[expand], keys[expand], mask[expand], init[expand]
    context = np.zeros((B * K, values.shape[-1]), dtype=np.float32)
    prev = np.full(B * K, bos_id, dtype=np.int64)
    scores = np.full((B, K), NEG_INF, dtype=np.float32)
    scores[:, 0] = 0.0  # only beam 0 is live at step 0, else K identical beams would give K copies of everything
    sent = np.arange(B)  # sentences in the batch
    done = np.zeros(B, dtype=bool)
    lens = max_lens
    lp_max = scoring.penalty(max_lens.astype(np.float32))
    # (b*K, S) attention summed over each live beam's steps, for the coverage penalty only
    cov = np.zeros(mask.shape, dtype=np.float32) if scoring.uses_coverage else None
    found = [_Found() for _ in range(B)]
    hist_tok, hist_org = np.zeros((2, T, B * K), dtype=np.int64)  # chosen tokens, the global rows they extend
    hist_att = np.zeros((T, B * K, S), dtype=np.float32)
    beam_ids, in_top_k = np.arange(K), np.arange(2 * K) < K
    steps = 0
    for t in range(T):
        top_val, top_idx, hidden, context, attn = _step(engine, (prev, hidden, context, keys, values, mask, scores),
                                                        prefix, sent, t)
        top_tok, top_beam = np.divmod(top_idx, engine.tgt_vocab)[::-1]
        grows = (sent[:, None] * K + beam_ids).reshape(-1)  # global row of each local row
        row_base = (sent * K)[:, None]
        hist_att[t, grows] = attn
        active = ~done
        is_eos = top_tok == eos_id
        new_fin = is_eos & in_top_k & np.isfinite(top_val) & active[:, None]
        # an extension's coverage penalty is that of the beam it extends, this step included
        cov = None if cov is None else cov + attn
        bonus = None if cov is None else coverage_term(cov, mask, scoring.coverage_beta).reshape(-1, K)
        _record_finished(found, sent, new_fin, top_val, row_base + top_beam, top_beam, t, scoring, bonus)
        live_val, live_tok, live_beam = _live(is_eos, top_val, top_tok, top_beam, K)
        live_row = row_base + live_beam
        for i in np.flatnonzero(active & (lens == t + 1)):
            found[sent[i]].unfinished = [(float(v), int(r), int(k)) for v, r, k in
                                         zip(live_val[i, :N], live_row[i, :N], live_tok[i, :N])]
        hist_tok[t, grows] = live_tok.reshape(-1)
        hist_org[t, grows] = live_row.reshape(-1)
        steps = t + 1
        scores = live_val
        prev = live_tok.reshape(-1)
        local = (np.arange(sent.size)[:, None] * K + live_beam).reshape(-1)
        hidden, context = hidden[local], context[local]
        cov = None if cov is None else cov[local]
        done = done | _stops(found, sent, scores, lens, lp_max, t, K, N, scoring)
        action = next_action(~done)
        if action is Next.STOP:
            break
        if action is Next.COMPACT:
            (sent, scores, done, lens, lp_max), (prev, hidden, context, keys, values, mask, cov) = _compact(
                ~done, K, (sent, scores, done, lens, lp_max), (prev, hidden, context, keys, values, mask, cov))
    return [_n_best(found[i], hist_tok[:steps], hist_org[:steps], hist_att[:steps], int(max_lens[i]), int(src_len[i]),
                    N, scoring, eos_id) for i in range(B)]


def _step(engine, inputs: tuple, prefix, rows, t: int):
    """``engine.step`` on ``inputs``, its ranking overridden where ``prefix`` forces a piece at step ``t`` for
    one of ``rows`` (original rows: greedy's rows, beam's sentences)."""
    top_val, top_idx, hidden, context, attn = engine.step(*inputs)
    forced = forced_at(prefix, rows, t)
    if forced is not None:
        top_val, top_idx = _force(engine, inputs, top_val, top_idx, forced)
    return top_val, top_idx, hidden, context, attn


def _force(engine, inputs: tuple, top_val, top_idx, forced):
    """``prefix.force_rank`` for the numpy loops: the forced piece's log-prob from beam 0's row of the
    step's log-probs (``engine.log_probs`` on the step's ``inputs``), added to beam 0's score as the
    exported rank adds it. top_val, top_idx (b, 2k); forced (b,) int64."""
    logp = engine.log_probs(*inputs)
    scores = inputs[-1]  # (b, k)
    b = scores.shape[0]
    lp = logp.reshape(b, -1, logp.shape[-1])[:, 0][np.arange(b), np.maximum(forced, 0)]
    first = (np.arange(top_val.shape[1]) == 0)[None, :]
    return force_rank(np.where, top_val, top_idx, forced, scores[:, 0] + lp, first)


def _compact(running: np.ndarray, K: int, per_sentence: tuple, per_row: tuple) -> tuple[list, list]:
    """Keep only the running sentences: rows of the per-sentence arrays, their K beam rows of the per-row
    ones (None stays None)."""
    keep = np.flatnonzero(running)
    rows = (keep[:, None] * K + np.arange(K)).reshape(-1)
    return [a[keep] for a in per_sentence], [None if a is None else a[rows] for a in per_row]


def _record_finished(found: list[_Found], sent, new_fin, top_val, rows, top_beam, t: int, scoring: Scoring,
                     bonus) -> None:
    """Add step ``t``'s EOS extensions (``new_fin`` (b, 2K)) to their sentences' finished lists, with their
    norm scores (``bonus`` (b, K): each beam's coverage penalty, or None); rows: (b, 2K) global rows."""
    for i, j in zip(*np.nonzero(new_fin)):
        f = found[sent[i]]
        val = float(top_val[i, j])
        norm = val / scoring.penalty(t + 1) + (0.0 if bonus is None else float(bonus[i, top_beam[i, j]]))
        f.finished.append((norm, val, t, int(rows[i, j])))
        f.n_fin += 1


def _live(is_eos, top_val, top_tok, top_beam, K: int):
    """The best K non-EOS extensions (at most K of the 2K are EOS): scores, tokens, beams, each (b, K).
    A stable sort keeps the ranking's order among equal scores."""
    masked = np.where(is_eos, NEG_INF, top_val)
    live_pos = np.argsort(-masked, axis=1, kind="stable")[:, :K]
    return tuple(np.take_along_axis(a, live_pos, 1) for a in (masked, top_tok, top_beam))


def _stops(found: list[_Found], sent, scores, lens, lp_max, t: int, K: int, N: int, scoring: Scoring) -> np.ndarray:
    """``stopping.sentences_done`` after step ``t`` for the b sentences in the batch (figures in float64)."""
    n_fin = np.array([found[s].n_fin for s in sent])
    nth = np.array([_nth_best(found[s], N) for s in sent], dtype=np.float64)
    return sentences_done(t, n_fin, nth, scores[:, 0].astype(np.float64), lens, lp_max, K, N, scoring)


def _nth_best(f: _Found, N: int) -> float:
    if len(f.finished) < N:
        return -np.inf
    f.finished.sort(key=lambda h: h[0], reverse=True)
    del f.finished[N:]  # only the N best can be returned
    return f.finished[N - 1][0]


def _n_best(f: _Found, hist_tok, hist_org, hist_att, max_len: int, src_len: int, N: int, scoring: Scoring,
            eos_id: int) -> list[Hypothesis]:
    """The N best finished hypotheses, in the order of this loop's norm scores, topped up with the best
    unfinished ones (``finish.best_first``)."""

    def traced(end: int, row: int, last: int, score: float, finished: bool) -> Hypothesis:
        """The hypothesis whose token ``last`` at step ``end`` extended global row ``row``."""
        toks, rows = [last], [row]
        for s in range(end - 1, -1, -1):
            toks.append(int(hist_tok[s, rows[-1]]))
            rows.append(int(hist_org[s, rows[-1]]))
        return hypothesis(toks[::-1], hist_att[np.arange(end + 1), rows[::-1]], score, end + 1, finished, src_len,
                          scoring)

    ranked = sorted(f.finished, key=lambda h: h[0], reverse=True)[:N]
    finished = [traced(end, row, eos_id, score, True) for _, score, end, row in ranked]
    unfinished = [traced(max_len - 1, row, tok, score, False) for score, row, tok in f.unfinished
                  if score != -np.inf]  # -inf: a dead beam
    return best_first(finished, unfinished, N, rank_finished=False)

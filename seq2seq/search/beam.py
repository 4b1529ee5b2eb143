"""Batched beam search with length normalisation (GNMT, average log-prob or none) and a coverage penalty.

Per step, each sentence's ``beam * V`` extensions are ranked (the model's ``rank``) and the top ``2 * beam``
are taken. An EOS extension within the top ``beam`` becomes a finished hypothesis (the slot it would have
taken in the beam is "spent" on it); the best ``beam`` non-EOS extensions stay live (at most ``beam`` of the
``2 * beam`` are EOS). A sentence stops (``stopping.sentences_done``) when

1. it has collected ``beam_size`` finished hypotheses (the standard rule; with ``beam_size=1`` it makes
   beam search exactly greedy search), or
2. it has ``>= n_best`` finished hypotheses and no live beam can beat the worst of the ``n_best`` best
   ones any more (its bound: ``stopping.sentences_done``). Rule 2 only cuts short work whose result rule 1
   would have thrown away, so the returned hypotheses are the same as with rule 1 alone (a test checks it), or
3. it reaches its maximum length: its live beams become unfinished hypotheses.

Each sentence returns its ``n_best`` best hypotheses, finished ones first (``finish.best_first``); fewer
come back only if fewer distinct sequences exist within the maximum length (tiny vocabularies).

Beam rows ``i * beam + k`` belong to sentence ``i``: memory is expanded to beams once and reordered only
when done sentences are dropped; state is reordered every step with one flat index. Token choices and
back-pointers stay on the device, and each hypothesis is recovered by back-tracking once at the end
(``backtrack``). What each sentence carries lives in two per-sentence tables (``beam_tables``).
"""

from __future__ import annotations

import torch

from seq2seq.search.backtrack import Ends, History, backtrack, collect
from seq2seq.search.beam_tables import NEG_INF, Found, LiveBeams
from seq2seq.search.device import coverage_term, force_token, prepare
from seq2seq.search.finish import Hypothesis
from seq2seq.search.options import SearchOptions
from seq2seq.search.prefix import forced_at
from seq2seq.search.stopping import Next, is_check_step, next_action


class _BeamSearch:
    """One batched beam search in progress over the b sentences still in the batch.

    Local row ``i * K + k`` (of state, memory, ``prev``) is beam k of sentence ``live.sent[i]``;
    everything recorded for back-tracking uses its global row ``live.sent[i] * K + k``, so
    dropping done sentences never renumbers the history.
    """

    def __init__(self, model, memory, state, max_lens: torch.Tensor, opts: SearchOptions, bos_id: int,
                 eos_id: int, prefix: torch.Tensor | None = None) -> None:
        B, K, device, scoring = max_lens.numel(), opts.beam_size, max_lens.device, opts.scoring
        self.model, self.K, self.scoring, self.eos_id = model, K, scoring, eos_id
        self.prefix = prefix  # (B, P) long target prefixes to force (``search.prefix``), or None
        # Expand to beams once; rows of sentence i stay at i*K..i*K+K-1 until the batch is compacted.
        expand = torch.arange(B, device=device).repeat_interleave(K)  # (B*K,)
        self.memory, self.state = memory.index_select(expand), state.index_select(expand)
        self.prev = torch.full((B * K,), bos_id, dtype=torch.long, device=device)  # (b*K,) last tokens
        self.live = LiveBeams.start(max_lens, K, scoring)
        # (b*K, S) float32 attention summed over each live beam's steps, for the coverage penalty only
        self.coverage = self.memory.mask.new_zeros(self.memory.mask.shape, dtype=torch.float32) \
            if scoring.uses_coverage else None
        self.found = Found.empty(B, opts.n_best, device)
        self.result = Found.empty(B, opts.n_best, device)  # every sentence's table, written by ``flush``
        self.history = History(B * K)
        self.beam_ids = torch.arange(K, device=device)
        self.in_top_k = (torch.arange(2 * K, device=device) < K).unsqueeze(0)  # (1, 2K)
        self.global_rows: torch.Tensor | None = None  # (b*K,) global row of each local row; None while b == B
        self._number_rows()

    def _number_rows(self) -> None:
        """(b, 1) global and local row of beam 0 of each sentence in the batch."""
        self.row_base = (self.live.sent * self.K).unsqueeze(1)
        self.local_base = (torch.arange(self.live.sent.numel(), device=self.prev.device) * self.K).unsqueeze(1)

    def step(self, t: int) -> None:
        """Decode step ``t``: record what finishes, keep the best K live beams, update ``done``."""
        logits, self.state, attn = self.model.step(self.prev, self.state, self.memory)  # logits (b*K, V)
        top_val, top_idx = self.model.rank(logits, self.live.scores)  # the 2K best extensions (b, 2K)
        forced = forced_at(self.prefix, self.live.sent, t)
        if forced is not None:  # a target prefix: its piece from beam 0 is the one extension where forced
            logp = torch.log_softmax(logits.float(), dim=-1)
            top_val, top_idx = force_token(logp, top_val, top_idx, forced, self.live.scores)
        V = logits.size(-1)
        top_tok, top_beam = top_idx.remainder(V), top_idx.div(V, rounding_mode="floor")
        active = ~self.live.done  # sentences still searching at this step
        is_eos = top_tok == self.eos_id
        new_fin = is_eos & self.in_top_k & torch.isfinite(top_val) & active.unsqueeze(1)
        bonus = None
        if self.coverage is not None:  # each extension's penalty is that of the beam it extends, this step included
            self.coverage = self.coverage + attn.float()
            per_beam = coverage_term(self.coverage, self.memory.mask, self.scoring.coverage_beta)
            bonus = per_beam.view(-1, self.K).gather(1, top_beam)  # (b, 2K)
        self.found.record_finished(t, new_fin, top_val, self.row_base + top_beam, self.scoring, bonus)

        # Best K non-EOS extensions continue (at most K of the 2K are EOS).
        live_val, live_pos = top_val.masked_fill(is_eos, NEG_INF).topk(self.K, dim=1)  # (b, K)
        live_tok, live_beam = top_tok.gather(1, live_pos), top_beam.gather(1, live_pos)
        live_row = self.row_base + live_beam
        at_limit = (active & (self.live.lens == t + 1)).unsqueeze(1)  # (b, 1)
        self.found.record_unfinished(at_limit, live_val, live_row, live_tok)

        self.history.record(live_tok.reshape(-1), live_row.reshape(-1), attn.float(), self.global_rows)
        self.live.scores = live_val
        self.prev = live_tok.reshape(-1)
        survivors = (self.local_base + live_beam).reshape(-1)
        self.state = self.state.index_select(survivors)
        if self.coverage is not None:
            self.coverage = self.coverage.index_select(0, survivors)
        self.live.update_done(t, self.found, self.scoring)

    def flush(self) -> Found:
        """Write the tables of the sentences in the batch into ``result`` (B rows) and return it."""
        self.result.put(self.live.sent, self.found)
        return self.result

    def compact(self) -> None:
        """Drop done sentences: each keeps costing K full vocabulary projections per step."""
        self.flush()
        keep = (~self.live.done).nonzero().squeeze(1)
        rows = (keep * self.K).unsqueeze(1).add(self.beam_ids).reshape(-1)  # their local beam rows
        self.live, self.found = self.live.take(keep), self.found.take(keep)
        self.prev = self.prev.index_select(0, rows)
        self.state, self.memory = self.state.index_select(rows), self.memory.index_select(rows)
        if self.coverage is not None:
            self.coverage = self.coverage.index_select(0, rows)
        self._number_rows()
        self.global_rows = self.row_base.add(self.beam_ids).reshape(-1)

    def run(self, T: int) -> Found:
        """Decode up to T steps, consulting the host only at done checks; returns ``result``."""
        for t in range(T):
            self.step(t)
            if not is_check_step(t + 1):
                continue
            action = next_action(~self.live.done)
            if action is Next.STOP:
                break
            if action is Next.COMPACT:
                self.compact()
        return self.flush()


@torch.no_grad()
def beam_search(model, src: torch.Tensor, src_len: torch.Tensor, opts: SearchOptions, *, bos_id: int,
                eos_id: int, prefix: torch.Tensor | None = None) -> list[list[Hypothesis]]:
    """Batched beam search with ``opts.beam_size`` beams (module docstring; scores: ``options.Scoring``).

    src: (B, S) long, padded; src_len: (B,) long true lengths; prefix: (B, P) long target prefixes to
    force (``search.prefix.prefix_array``), or None. Returns, per sentence in input order, ``opts.n_best``
    distinct hypotheses (all starting with the sentence's prefix). beam_size=1 reproduces greedy_search.
    """
    if src.size(0) == 0:
        return []
    memory, state, max_lens, T = prepare(model, src, src_len, opts.max_len_a, opts.max_len_b)
    search = _BeamSearch(model, memory, state, max_lens, opts, bos_id, eos_id, prefix)
    found = search.run(T)
    # Back-track all 2*B*N candidate outputs at once, finished ones first.
    ends = Ends.of(found, max_lens, eos_id)
    tokens, attention = backtrack(search.history, ends)
    return collect(tokens, attention, ends, found, src_len, search.scoring)

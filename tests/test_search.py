"""Greedy and beam search, checked against a toy model that implements the step protocol.

Reference values (scores, attention rows, the exhaustive optimum) are recomputed here by
feeding token sequences through ``model.step`` one by one, never through the search code.
"""

import itertools
import math
from dataclasses import dataclass

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import nn

from seq2seq.model.seq2seq import Seq2Seq
from seq2seq.search import Hypothesis, length_penalty, max_output_len
from seq2seq.search import beam as beam_module
from seq2seq.search import greedy as greedy_module
from seq2seq.search import stopping as search
from seq2seq.search.options import SearchOptions

BOS, EOS = 0, 1


def greedy_search(model, src, src_len, *, bos_id, eos_id, **options):
    """``greedy_search`` with its options as keywords (beam_size 1), as the tests here write them."""
    return greedy_module.greedy_search(model, src, src_len, SearchOptions(beam_size=1, **options), bos_id=bos_id,
                                       eos_id=eos_id)


def beam_search(model, src, src_len, *, bos_id, eos_id, **options):
    """``beam_search`` with its options as keywords (``SearchOptions`` checks them)."""
    return beam_module.beam_search(model, src, src_len, SearchOptions(**options), bos_id=bos_id, eos_id=eos_id)


# --------------------------------------------------------------------------- toy model
@dataclass
class ToyMemory:
    keys: torch.Tensor  # (B, S, H), zero on padding
    mask: torch.Tensor  # (B, S) bool, True on real source positions

    def index_select(self, idx):
        return ToyMemory(self.keys.index_select(0, idx), self.mask.index_select(0, idx))


@dataclass
class ToyState:
    h: torch.Tensor  # (B, H)
    t: torch.Tensor  # (B,) long, tokens generated so far

    def index_select(self, idx):
        return ToyState(self.h.index_select(0, idx), self.t.index_select(0, idx))


class ToyModel(nn.Module):
    """Embedding + GRUCell + linear output, with dot attention over a masked memory.

    ``eos_slope`` adds ``eos_slope * (t - src_len)`` to the EOS logit at output position t,
    so that, like a trained model, it tends to stop near the source length instead of
    looping forever or stopping at once.
    """

    def __init__(self, vocab=7, hidden=16, seed=0, sharpness=2.5, eos_slope=1.0):
        super().__init__()
        self.eos_slope = eos_slope
        with torch.random.fork_rng():
            torch.manual_seed(seed)
            self.src_emb = nn.Embedding(vocab, hidden)
            self.pos_emb = nn.Embedding(64, hidden)
            self.tgt_emb = nn.Embedding(vocab, hidden)
            self.cell = nn.GRUCell(hidden, hidden)
            self.init = nn.Linear(hidden, hidden)
            self.out = nn.Linear(2 * hidden, vocab)
        with torch.no_grad():
            self.out.weight.mul_(sharpness)  # peakier distributions than the default init
        self.eval()

    rank = staticmethod(Seq2Seq.rank)  # the real model's ranking step

    def encode(self, src, src_len):
        S = src.size(1)
        pos = torch.arange(S, device=src.device)
        mask = pos[None, :] < src_len.to(src.device)[:, None]
        keys = torch.tanh(self.src_emb(src) + self.pos_emb(pos)[None])
        return ToyMemory(keys * mask[..., None], mask)

    def init_state(self, memory):
        mean = memory.keys.sum(1) / memory.mask.sum(1, keepdim=True)
        h = torch.tanh(self.init(mean))
        return ToyState(h, torch.zeros(h.size(0), dtype=torch.long, device=h.device))

    def step(self, prev, state, memory):
        h = self.cell(self.tgt_emb(prev), state.h)
        energy = torch.einsum("bsh,bh->bs", memory.keys, h)
        attn = torch.softmax(energy.masked_fill(~memory.mask, float("-inf")), dim=-1)
        ctx = torch.einsum("bs,bsh->bh", attn, memory.keys)
        logits = self.out(torch.cat([h, ctx], dim=-1))
        t = state.t + 1
        eos_shift = self.eos_slope * (t - memory.mask.sum(1)).float()
        logits = logits + F.one_hot(torch.tensor(EOS), logits.size(-1)) * eos_shift[:, None]
        return logits, ToyState(h, t), attn


class Wrapped:
    """Delegates to a ToyModel, optionally editing its outputs and counting step calls."""

    def __init__(self, model, eos_bias=0.0, bf16=False):
        self.model, self.eos_bias, self.bf16 = model, eos_bias, bf16
        self.step_batch_sizes = []

    def encode(self, src, src_len):
        return self.model.encode(src, src_len)

    def init_state(self, memory):
        return self.model.init_state(memory)

    def rank(self, logits, scores):
        return self.model.rank(logits, scores)

    def step(self, prev, state, memory):
        self.step_batch_sizes.append(prev.size(0))
        logits, state, attn = self.model.step(prev, state, memory)
        logits = logits.clone()
        logits[:, EOS] += self.eos_bias
        if self.bf16:
            logits, attn = logits.bfloat16(), attn.bfloat16()
        return logits, state, attn


def make_batch(lengths, vocab=7, seed=1):
    """Random source sentences (B, max_len) padded with 0, and their lengths (B,)."""
    g = torch.Generator().manual_seed(seed)
    S = max(lengths)
    src = torch.zeros(len(lengths), S, dtype=torch.long)
    for i, n in enumerate(lengths):
        src[i, :n] = torch.randint(2, vocab, (n,), generator=g)
    return src, torch.tensor(lengths)


def force(model, src_row, n, seq):
    """Teacher-force ``seq`` (ids, EOS included if any) for one sentence.

    Returns (sum of float32 log-probs, attention rows (len(seq), n)).
    """
    with torch.no_grad():
        src_len = torch.tensor([n])
        memory = model.encode(src_row[None, :n], src_len)
        state = model.init_state(memory)
        prev, total, rows = BOS, 0.0, []
        for tok in seq:
            logits, state, attn = model.step(torch.tensor([prev]), state, memory)
            total += F.log_softmax(logits.float(), dim=-1)[0, tok].item()
            rows.append(attn[0].float())
            prev = tok
    return total, torch.stack(rows)


def full_seq(h):
    return h.tokens + ([EOS] if h.finished else [])


def att(h):
    """A hypothesis's (T, S) float32 numpy attention, as a tensor for ``torch.testing``."""
    return torch.from_numpy(h.attention)


def check_hyp(model, src_row, n, h, alpha, max_len):
    """Invariants of one hypothesis, with score and attention recomputed independently."""
    assert isinstance(h, Hypothesis)
    assert EOS not in h.tokens
    seq = full_seq(h)
    assert 1 <= len(seq) <= max_len
    if not h.finished:
        assert len(seq) == max_len
    assert isinstance(h.attention, np.ndarray) and h.attention.dtype == np.float32
    assert h.attention.shape == (len(seq), n)
    torch.testing.assert_close(att(h).sum(1), torch.ones(len(seq)))
    ref_score, ref_attn = force(model, src_row, n, seq)
    assert h.score == pytest.approx(ref_score, abs=1e-4)
    assert h.norm_score == pytest.approx(h.score / length_penalty(len(seq), alpha), abs=1e-6)
    torch.testing.assert_close(att(h), ref_attn, atol=1e-5, rtol=1e-5)


LENGTHS = [5, 1, 8, 3, 6, 2]


# --------------------------------------------------------------------------- formulas
def test_max_output_len_formula():
    src_len = torch.tensor([0, 1, 3, 7, 20])
    out = max_output_len(src_len, 1.5, 10)
    assert out.dtype == torch.long
    assert out.tolist() == [10, 11, 14, 20, 40]  # floor(1.5 * 7 + 10) = 20
    assert max_output_len(torch.tensor([1, 3]), 0.5, 0).tolist() == [1, 1]  # at least 1
    assert max_output_len(torch.tensor([4, 10]), 1.2, -2).tolist() == [2, 10]


def test_length_penalty_is_gnmt():
    assert length_penalty(1, 0.6) == pytest.approx(1.0)
    assert length_penalty(7, 0.5) == pytest.approx(math.sqrt(2.0))
    assert length_penalty(13, 0.0) == 1.0
    t = length_penalty(torch.tensor([1, 7]), 1.0)
    torch.testing.assert_close(t, torch.tensor([1.0, 2.0]))


def test_bad_beam_arguments_raise():
    model = ToyModel()
    src, src_len = make_batch([3])
    for kw in [dict(beam_size=0), dict(beam_size=2, n_best=3), dict(beam_size=2, n_best=0)]:
        with pytest.raises(ValueError):
            beam_search(model, src, src_len, bos_id=BOS, eos_id=EOS, **kw)


# --------------------------------------------------------------------------- greedy
def test_greedy_takes_argmax_and_reports_consistent_fields():
    model = ToyModel()
    src, src_len = make_batch(LENGTHS)
    max_lens = max_output_len(src_len, 1.0, 1).tolist()
    out = greedy_search(model, src, src_len, bos_id=BOS, eos_id=EOS, max_len_a=1.0, max_len_b=1)
    assert [len(h) for h in out] == [1] * len(LENGTHS)
    for i, (n, [h]) in enumerate(zip(LENGTHS, out)):
        check_hyp(model, src[i], n, h, 0.6, max_lens[i])
        # every token is the argmax given its prefix
        seq, prev = full_seq(h), [BOS]
        memory = model.encode(src[i : i + 1, :n], torch.tensor([n]))
        state = model.init_state(memory)
        with torch.no_grad():
            for tok in seq:
                logits, state, _ = model.step(torch.tensor(prev[-1:]), state, memory)
                assert int(logits.argmax()) == tok
                prev.append(tok)
    assert {h.finished for [h] in out} == {True, False}  # the batch exercises both endings


def test_greedy_one_batched_step_per_time_step_and_early_exit():
    src, src_len = make_batch(LENGTHS)
    T = int(max_output_len(src_len, 1.5, 10).max())
    never = Wrapped(ToyModel(), eos_bias=-1e4)  # EOS never chosen: runs to the max length
    greedy_search(never, src, src_len, bos_id=BOS, eos_id=EOS)
    sizes = never.step_batch_sizes
    assert len(sizes) == T and sizes[0] == len(LENGTHS)
    assert sizes == sorted(sizes, reverse=True)  # finished rows are dropped, never re-added
    # every row that still has to generate at step t is in that step's batch
    max_lens = max_output_len(src_len, 1.5, 10)
    assert all(n >= int((max_lens > t).sum()) for t, n in enumerate(sizes))
    if len(set(max_lens.tolist())) > 1:
        assert sizes[-1] < sizes[0]  # and rows that are done do get dropped
    always = Wrapped(ToyModel(), eos_bias=1e4)  # EOS at step 0: loop must stop early
    out = greedy_search(always, src, src_len, bos_id=BOS, eos_id=EOS)
    assert len(always.step_batch_sizes) <= max(search._DONE_CHECK_EVERY, 1) < T
    assert all(h.tokens == [] and h.finished and h.attention.shape[0] == 1 for [h] in out)


# --------------------------------------------------------------------------- beam
def test_beam_size_one_equals_greedy():
    for seed in range(3):
        model = ToyModel(seed=seed)
        src, src_len = make_batch(LENGTHS, seed=seed + 10)
        kw = dict(bos_id=BOS, eos_id=EOS, max_len_a=1.0, max_len_b=3)
        greedy = greedy_search(model, src, src_len, **kw)
        beam = beam_search(model, src, src_len, beam_size=1, **kw)
        for [g], [b] in zip(greedy, beam):
            assert b.tokens == g.tokens and b.finished == g.finished
            assert b.score == pytest.approx(g.score, abs=1e-5)
            assert b.norm_score == pytest.approx(g.norm_score, abs=1e-5)
            torch.testing.assert_close(att(b), att(g))


def exhaustive(model, src_row, n, vocab, max_len, alpha, norm=None):
    """(norm, score, seq) of every finished sequence of <= max_len tokens, best first.

    norm(score, attention rows (len(seq), n)) -> norm score; default: GNMT with ``alpha``.
    """
    norm = norm or (lambda score, attn: score / length_penalty(attn.size(0), alpha))
    others = [v for v in range(vocab) if v != EOS]
    found = []
    for k in range(max_len):
        for body in itertools.product(others, repeat=k):
            seq = list(body) + [EOS]
            score, attn = force(model, src_row, n, seq)
            found.append((norm(score, attn), score, seq))
    found.sort(key=lambda x: x[0], reverse=True)
    return found


@pytest.mark.parametrize("alpha", [0.6, 1.5])
def test_beam_finds_exhaustive_optimum(alpha):
    V, L = 4, 5
    model = ToyModel(vocab=V, seed=3, sharpness=1.5)
    lengths = [4, 2]
    src, src_len = make_batch(lengths, vocab=V, seed=5)
    kw = dict(bos_id=BOS, eos_id=EOS, alpha=alpha, max_len_a=0.0, max_len_b=L)
    # A beam of V**L never prunes anything, so it must return the true top-n.
    big = beam_search(model, src, src_len, beam_size=V**L, n_best=3, **kw)
    small = beam_search(model, src, src_len, beam_size=2, n_best=2, **kw)
    for i, n in enumerate(lengths):
        ref = exhaustive(model, src[i], n, V, L, alpha)
        assert len(big[i]) == 3
        for h, (norm, score, seq) in zip(big[i], ref[:3]):
            assert h.finished and full_seq(h) == seq
            assert h.score == pytest.approx(score, abs=1e-4)
            assert h.norm_score == pytest.approx(norm, abs=1e-4)
        # A small beam may miss the optimum but must report true scores of real sequences.
        for h in small[i]:
            check_hyp(model, src[i], n, h, alpha, L)
            assert h.norm_score <= ref[0][0] + 1e-5
        ref_by_seq = {tuple(s): nm for nm, _, s in ref}
        assert small[i][0].norm_score == pytest.approx(ref_by_seq[tuple(full_seq(small[i][0]))])


def test_early_stop_bound_does_not_change_results():
    # n_best only changes when the bound lets a sentence stop; the hypotheses must be the
    # ones collected by running until beam_size of them finished.
    model = ToyModel(seed=4)
    src, src_len = make_batch(LENGTHS, seed=6)
    for alpha in [0.0, 0.6, 2.0]:
        kw = dict(bos_id=BOS, eos_id=EOS, beam_size=4, alpha=alpha)
        ref = beam_search(model, src, src_len, n_best=4, **kw)
        for n_best in [1, 2]:
            got = beam_search(model, src, src_len, n_best=n_best, **kw)
            for g, r in zip(got, ref):
                assert [full_seq(h) for h in g] == [full_seq(h) for h in r[:n_best]]
                assert [h.norm_score for h in g] == pytest.approx([h.norm_score for h in r[:n_best]])


class Scripted:
    """Log-probs scripted by output position t: at t=0 EOS has p=0.6 and token A p=0.4;
    after A, A is (almost) certain until EOS becomes certain at t=long_len. So "[]" has the
    best raw score but "A * long_len" wins once the length penalty favours long outputs."""

    A = 2
    rank = staticmethod(Seq2Seq.rank)

    def __init__(self, vocab=5, long_len=8):
        self.vocab, self.long_len = vocab, long_len

    def encode(self, src, src_len):
        mask = torch.arange(src.size(1))[None, :] < src_len[:, None]
        return ToyMemory(torch.zeros(*src.shape, 1), mask)

    def init_state(self, memory):
        B = memory.mask.size(0)
        return ToyState(torch.zeros(B, 1), torch.zeros(B, dtype=torch.long))

    def step(self, prev, state, memory):
        t = state.t
        p = torch.full((t.size(0), self.vocab), 1e-6)
        first, last = t == 0, t == self.long_len
        p[first, EOS], p[first, self.A] = 0.6, 0.4
        p[~first & ~last, self.A] = 1.0
        p[last, EOS] = 1.0
        attn = memory.mask.float() / memory.mask.sum(1, keepdim=True)
        return p.log(), ToyState(state.h, t + 1), attn


def test_bound_keeps_searching_while_a_longer_hypothesis_can_win():
    model = Scripted()
    src, src_len = make_batch([3, 2])
    kw = dict(bos_id=BOS, eos_id=EOS, beam_size=2, n_best=1, max_len_a=0.0, max_len_b=12)
    # alpha=1: "[]" is finished at step 0 with a better raw score than every live beam, but
    # a live beam could still beat it at a longer length, so the search must go on.
    long_ = [Scripted.A] * model.long_len
    for hs in beam_search(model, src, src_len, alpha=1.0, **kw):
        assert hs[0].tokens == long_ and hs[0].finished
    for hs in beam_search(model, src, src_len, alpha=0.0, **kw):
        assert hs[0].tokens == [] and hs[0].finished
    greedy = greedy_search(model, src, src_len, bos_id=BOS, eos_id=EOS, max_len_a=0.0, max_len_b=12)
    assert all(hs[0].tokens == [] for hs in greedy)


def test_n_best_distinct_sorted_with_own_attention():
    model = ToyModel(seed=2)
    src, src_len = make_batch(LENGTHS, seed=7)
    alpha = 0.6
    max_lens = max_output_len(src_len, 1.5, 10).tolist()
    wrapped = Wrapped(model)
    out = beam_search(wrapped, src, src_len, bos_id=BOS, eos_id=EOS, beam_size=5, n_best=4)
    sizes = wrapped.step_batch_sizes  # one flat batch per step, whole sentences dropped when done
    assert sizes[0] == len(LENGTHS) * 5 and all(n % 5 == 0 for n in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert len(wrapped.step_batch_sizes) <= max(max_lens)
    for i, hyps in enumerate(out):
        assert len(hyps) == 4
        assert len({tuple(full_seq(h)) for h in hyps}) == 4
        norms = [h.norm_score for h in hyps]
        assert norms == sorted(norms, reverse=True)
        for h in hyps:
            assert h.finished
            check_hyp(model, src[i], LENGTHS[i], h, alpha, max_lens[i])


def test_batch_independence():
    model = ToyModel(seed=5)
    src, src_len = make_batch(LENGTHS, seed=8)
    kw = dict(bos_id=BOS, eos_id=EOS, max_len_a=1.0, max_len_b=4)
    searches = [
        lambda s, n: greedy_search(model, s, n, **kw),
        lambda s, n: beam_search(model, s, n, beam_size=4, n_best=3, **kw),
    ]
    for run in searches:
        batched = run(src, src_len)
        for i, n in enumerate(LENGTHS):
            [alone] = run(src[i : i + 1, :n], src_len[i : i + 1])
            assert [full_seq(h) for h in alone] == [full_seq(h) for h in batched[i]]
            for a, b in zip(alone, batched[i]):
                assert a.finished == b.finished
                assert a.score == pytest.approx(b.score, abs=1e-5)
                torch.testing.assert_close(att(a), att(b), atol=1e-5, rtol=1e-5)


def test_max_length_respected_and_unfinished_fallback():
    model = ToyModel(seed=6)
    src, src_len = make_batch(LENGTHS, seed=9)
    kw = dict(bos_id=BOS, eos_id=EOS, max_len_a=1.0, max_len_b=1)
    max_lens = max_output_len(src_len, 1.0, 1).tolist()
    assert max_lens == [n + 1 for n in LENGTHS]
    greedy = greedy_search(model, src, src_len, **kw)
    beam = beam_search(model, src, src_len, beam_size=3, n_best=3, **kw)
    for i in range(len(LENGTHS)):
        for h in greedy[i] + beam[i]:
            check_hyp(model, src[i], LENGTHS[i], h, 0.6, max_lens[i])

    # With EOS made (almost) impossible every hypothesis hits the limit unfinished, yet
    # each sentence still gets n_best distinct ones, best first.
    never = Wrapped(model, eos_bias=-30.0)
    greedy = greedy_search(never, src, src_len, **kw)
    beam = beam_search(never, src, src_len, beam_size=3, n_best=3, **kw)
    for i in range(len(LENGTHS)):
        [g] = greedy[i]
        assert not g.finished and len(g.tokens) == max_lens[i]
        assert len(beam[i]) == 3 and len({tuple(h.tokens) for h in beam[i]}) == 3
        norms = [h.norm_score for h in beam[i]]
        assert norms == sorted(norms, reverse=True)
        assert norms[0] >= g.norm_score - 1e-5
        for h in beam[i] + [g]:
            check_hyp(never, src[i], LENGTHS[i], h, 0.6, max_lens[i])


def test_finished_hypotheses_rank_before_unfinished():
    # A limit of 4 tokens: short sentences finish, long ones (EOS likely only near the
    # source length) hit the limit, some sentences get both kinds.
    model = ToyModel(seed=7)
    src, src_len = make_batch(LENGTHS, seed=11)
    kw = dict(bos_id=BOS, eos_id=EOS, max_len_a=0.0, max_len_b=4, beam_size=4, n_best=4)
    out = beam_search(model, src, src_len, **kw)
    mixed = 0
    for hs in out:
        assert len(hs) == 4
        flags = [h.finished for h in hs]
        assert flags == sorted(flags, reverse=True)  # finished first
        mixed += len(set(flags)) == 2
    assert mixed > 0


def test_bf16_logits_are_searched_in_float32():
    model = ToyModel(seed=8)
    src, src_len = make_batch(LENGTHS, seed=12)
    wrapped = Wrapped(model, bf16=True)
    kw = dict(bos_id=BOS, eos_id=EOS, max_len_a=1.0, max_len_b=3)
    greedy = greedy_search(wrapped, src, src_len, **kw)
    beam = beam_search(wrapped, src, src_len, beam_size=1, **kw)
    beam3 = beam_search(wrapped, src, src_len, beam_size=3, n_best=2, **kw)
    for i, n in enumerate(LENGTHS):
        assert beam[i][0].tokens == greedy[i][0].tokens
        for h in [greedy[i][0]] + beam3[i]:
            assert isinstance(h.score, float) and h.attention.dtype == np.float32
            ref, _ = force(wrapped, src[i], n, full_seq(h))
            assert h.score == pytest.approx(ref, abs=1e-4)


@pytest.mark.parametrize(
    "kw",
    [
        dict(beam_size=4, n_best=3, max_len_a=1.5, max_len_b=10),
        dict(beam_size=3, n_best=1, alpha=0.0, max_len_a=1.0, max_len_b=1),
        dict(beam_size=5, n_best=5, alpha=1.0, max_len_a=0.5, max_len_b=2),
    ],
)
def test_beam_dropping_done_sentences_changes_nothing(monkeypatch, kw):
    """Compacting the batch is pure bookkeeping: the same hypotheses, scores and attention as
    when every sentence stays in the batch to the end (``_COMPACT_BELOW = 0`` never compacts),
    up to float rounding of the toy model's batched products."""
    model = ToyModel(seed=3)
    lengths = [9, 1, 7, 2, 12, 3, 5, 1]
    src, src_len = make_batch(lengths, seed=13)
    base = dict(bos_id=BOS, eos_id=EOS, **kw)
    compact = Wrapped(model)
    got = beam_search(compact, src, src_len, **base)
    monkeypatch.setattr(search, "_COMPACT_BELOW", 0.0)
    whole = Wrapped(model)
    ref = beam_search(whole, src, src_len, **base)
    assert set(whole.step_batch_sizes) == {len(lengths) * kw["beam_size"]}
    assert compact.step_batch_sizes[-1] < compact.step_batch_sizes[0]  # it did drop sentences
    assert sum(compact.step_batch_sizes) < sum(whole.step_batch_sizes)
    for a_list, b_list in zip(got, ref):
        assert [full_seq(h) for h in a_list] == [full_seq(h) for h in b_list]
        for a, b in zip(a_list, b_list):
            assert a.finished == b.finished
            assert a.score == pytest.approx(b.score, abs=1e-5)
            torch.testing.assert_close(att(a), att(b), atol=1e-6, rtol=1e-5)

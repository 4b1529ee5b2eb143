"""Beam scoring options: length_norm (gnmt, average, none) and the coverage penalty (coverage_beta).

The references are recomputed here from the toy model of ``test_search`` by teacher-forcing every
sequence (``force``), with the formulas written out, never through the search code.
"""
import math

import numpy as np
import pytest
import torch
from test_search import (BOS, EOS, LENGTHS, ToyModel, beam_search, exhaustive, force, full_seq, greedy_search,
                         make_batch)

from seq2seq.search import Scoring


def reference_norm(score: float, attn: torch.Tensor, length_norm: str, alpha: float, beta: float) -> float:
    """norm score of one hypothesis from its summed log-prob and its (T, n) attention rows."""
    L = attn.size(0)
    if length_norm == "gnmt":
        norm = score / ((5 + L) / 6) ** alpha
    elif length_norm == "average":
        norm = score / L
    else:
        norm = score
    return norm + beta * sum(math.log(min(float(c), 1.0)) for c in attn.double().sum(0))


def test_penalties_follow_their_formulas():
    lengths = np.arange(1, 30)
    np.testing.assert_allclose(Scoring("gnmt", 0.6).penalty(lengths), ((5 + lengths) / 6) ** 0.6)
    np.testing.assert_allclose(Scoring("average", 0.6).penalty(lengths), lengths)
    np.testing.assert_allclose(Scoring("none", 0.6).penalty(lengths), np.ones(29))
    t = Scoring("average").penalty(torch.tensor([3, 4]))
    assert t.dtype == torch.float32 and t.tolist() == [3.0, 4.0]
    with pytest.raises(ValueError, match="^length_norm=mean must be one of gnmt, average, none$"):
        Scoring("mean")
    with pytest.raises(ValueError, match=r"^coverage_beta=-0.1 must not be negative$"):
        Scoring(coverage_beta=-0.1)


SETTINGS = [dict(length_norm="average", alpha=0.6, beta=0.0), dict(length_norm="none", alpha=0.6, beta=0.0),
            dict(length_norm="gnmt", alpha=0.6, beta=0.4), dict(length_norm="average", alpha=0.0, beta=1.0)]


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: f"{s['length_norm']}-beta{s['beta']}")
def test_beam_finds_the_exhaustive_optimum_under_each_scoring(setting):
    V, L = 4, 5
    model = ToyModel(vocab=V, seed=3, sharpness=1.5)
    lengths = [4, 2, 3]
    src, src_len = make_batch(lengths, vocab=V, seed=5)
    kw = dict(bos_id=BOS, eos_id=EOS, alpha=setting["alpha"], max_len_a=0.0, max_len_b=L,
              length_norm=setting["length_norm"], coverage_beta=setting["beta"])
    big = beam_search(model, src, src_len, beam_size=V**L, n_best=3, **kw)  # prunes nothing: the true top 3
    for i, n in enumerate(lengths):
        ref = exhaustive(model, src[i], n, V, L, setting["alpha"], norm=lambda score, attn: reference_norm(
            score, attn, setting["length_norm"], setting["alpha"], setting["beta"]))
        for h, (norm, score, seq) in zip(big[i], ref[:3], strict=True):
            assert h.finished and full_seq(h) == seq
            assert h.score == pytest.approx(score, abs=1e-4)
            assert h.norm_score == pytest.approx(norm, abs=1e-4)


@pytest.mark.parametrize("setting", SETTINGS[2:], ids=["gnmt-beta0.4", "average-beta1.0"])
def test_the_coverage_penalty_changes_the_ranking(setting):
    """The optimum test only bites if the penalty reorders something: check that it does on this data."""
    V, L = 4, 5
    model = ToyModel(vocab=V, seed=3, sharpness=1.5)
    src, src_len = make_batch([4, 2, 3], vocab=V, seed=5)
    orders = []
    for beta in (0.0, setting["beta"]):
        hyps = beam_search(model, src, src_len, beam_size=V**L, n_best=3, bos_id=BOS, eos_id=EOS, max_len_a=0.0,
                           max_len_b=L, alpha=setting["alpha"], length_norm=setting["length_norm"], coverage_beta=beta)
        orders.append([[full_seq(h) for h in row] for row in hyps])
    assert orders[0] != orders[1]


@pytest.mark.parametrize("length_norm", ["average", "none"])
def test_early_stop_bound_does_not_change_results(length_norm):
    model = ToyModel(seed=4)
    src, src_len = make_batch(LENGTHS, seed=6)
    kw = dict(bos_id=BOS, eos_id=EOS, beam_size=4, length_norm=length_norm)
    ref = beam_search(model, src, src_len, n_best=4, **kw)
    for n_best in (1, 2):
        got = beam_search(model, src, src_len, n_best=n_best, **kw)
        for g, r in zip(got, ref):
            assert [full_seq(h) for h in g] == [full_seq(h) for h in r[:n_best]]


def test_greedy_reports_the_same_norm_score_as_beam_one():
    model = ToyModel(seed=2)
    src, src_len = make_batch(LENGTHS, seed=3)
    kw = dict(bos_id=BOS, eos_id=EOS, length_norm="average", coverage_beta=0.3)
    greedy = greedy_search(model, src, src_len, **kw)
    beam = beam_search(model, src, src_len, beam_size=1, **kw)
    for i, ((g,), (b,), n) in enumerate(zip(greedy, beam, LENGTHS)):
        assert full_seq(g) == full_seq(b)
        assert g.norm_score == pytest.approx(b.norm_score, abs=1e-5)
        # the reference is rebuilt from the sequence alone: teacher-forced log-probs and attention rows,
        # never the search's own score or attention
        score, attn = force(model, src[i], n, full_seq(g))
        assert g.score == pytest.approx(score, abs=1e-5)
        expected = reference_norm(score, attn, "average", 0.6, 0.3)
        assert g.norm_score == pytest.approx(expected, abs=1e-5)

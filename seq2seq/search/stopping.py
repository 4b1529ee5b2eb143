"""Beam search's stopping rules 1-3 (``beam`` docstring), written once for both backends (no torch).

The PyTorch beam keeps its tables on the device (``beam_tables``), the numpy beam on ONNX Runtime in
Python lists (``seq2seq.export.ort_search``); each gathers the per-sentence figures below in its own
arrays (tensors or numpy arrays: only operators are used here) and asks this rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seq2seq.search.options import Scoring


def sentences_done(t: int, n_fin, nth_best, best_live, lens, lp_max, K: int, N: int, scoring: Scoring):
    """(b,) bool: which of the batch's b sentences may stop after step ``t``.

    n_fin: (b,) finished hypotheses seen so far; nth_best: (b,) norm score of the N-th best finished one
    (-inf while fewer); best_live: (b,) score of the best live beam; lens: (b,) maximum output length;
    lp_max: (b,) the length penalty at that length; K beam size, N n-best.

    Rule 2 bounds the best normalised score a live beam could still reach: its score can only fall, so only
    the length penalty can help it, most at the next or the last length (every penalty is monotone in the
    length). A coverage penalty can still rise as a beam attends to more of the source, so with one there
    is no bound and rule 2 is off.
    """
    stop = (n_fin >= K) | (lens <= t + 1)
    if scoring.uses_coverage:
        return stop
    # max(next, last) <= nth_best, as two comparisons so that tensors and numpy arrays read alike
    beaten = (best_live / scoring.penalty(t + 2) <= nth_best) & (best_live / lp_max <= nth_best)
    return stop | ((n_fin >= N) & beaten)

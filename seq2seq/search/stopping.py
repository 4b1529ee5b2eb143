"""When the decoding loops stop, written once for both backends (no torch).

``sentences_done`` is beam search's stopping rules 1-3 (``beam`` docstring); each backend gathers its
per-sentence figures in its own arrays (tensors or numpy arrays: only operators are used here).

When to look: the PyTorch loops run on the device without reading their results back, so they ask the host
only every ``_DONE_CHECK_EVERY`` steps (one ``.sum()``); between checks, finished or over-length rows keep
being computed but are masked out. The numpy loops on ONNX Runtime (``seq2seq.export.ort_search``) have no
device to keep busy and look after every step. The two knobs are module globals read at call time, so a
test can change them with ``monkeypatch.setattr``.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seq2seq.search.options import Scoring

# Ask the device whether every sentence is done only every this many steps: a host sync per
# step stalls the GPU queue, and the few extra (masked) steps at the end cost less.
_DONE_CHECK_EVERY = 4
# At a check, drop finished rows (greedy) or finished sentences (beam) once at most this
# share of the batch still runs: index_select of state and memory costs about one step.
_COMPACT_BELOW = 0.75


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


class Next(enum.Enum):
    """What a decoding loop does after a check."""

    GO_ON = enum.auto()
    STOP = enum.auto()  # nothing runs any more
    COMPACT = enum.auto()  # drop what is done, then go on


def is_check_step(steps: int) -> bool:
    """Whether a PyTorch loop should look at its progress after ``steps`` steps (no sync)."""
    return steps % _DONE_CHECK_EVERY == 0


def next_action(running) -> Next:
    """Stop, compact or go on, from ``running`` (b,) bool (a tensor or a numpy array): which of the
    batch's b units (rows for greedy, sentences for beam) still search. On a device tensor this costs
    the one host sync of a check."""
    n_run = int(running.sum())
    if n_run == 0:
        return Next.STOP
    if n_run <= _COMPACT_BELOW * len(running):
        return Next.COMPACT
    return Next.GO_ON

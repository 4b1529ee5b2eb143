"""What a search hands back, made in one place for both backends: ``Hypothesis``, cropping, n-best lists.

The PyTorch loops (``greedy``, ``beam``) and the numpy loops on ONNX Runtime (``seq2seq.export.ort_search``)
turn each candidate output into a ``Hypothesis`` here (``hypothesis``) and choose each sentence's list here
(``best_first``). No torch: the PyTorch loops copy their results to the host once and pass numpy arrays.

One piece of arithmetic stays the backend's: the coverage term of a finished hypothesis (``coverage_of``).
torch and numpy round ``log`` and ``sum`` differently in the last bit, so each backend passes its own to
keep its scores exactly what they were (``numpy_coverage`` here; ``device.torch_coverage`` for PyTorch).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

import numpy as np

if TYPE_CHECKING:  # for the annotations only
    from seq2seq.search.options import Scoring


@dataclass
class Hypothesis:
    """One output sentence.

    tokens: output ids, without BOS and without EOS.
    score: sum of the token log-probs, including the EOS log-prob if ``finished``.
    norm_score: ``score / scoring.penalty(length)`` plus, with a coverage penalty, this attention's coverage
        term; length = ``len(tokens) + finished``.
    attention: (length, src_len_i) float32 numpy array, one row per generated step (the EOS step included),
        columns cropped to this sentence's true source length.
    finished: True if it ended with EOS, False if it hit the maximum length.
    """

    tokens: list[int]
    score: float
    norm_score: float
    attention: np.ndarray
    finished: bool


# (T, src_len) float32 attention rows of one hypothesis, beta -> its coverage term
CoverageOf = Callable[[np.ndarray, float], float]


def coverage_term(coverage: np.ndarray, mask: np.ndarray | None, beta: float) -> np.ndarray:
    """GNMT's coverage penalty ``beta * sum_j log(min(cov_j, 1))`` per row, over real positions only.

    coverage: (R, S) float32 attention summed over each hypothesis's steps; mask: (R, S) bool, True at real
    source positions (None: all real). Returns (R,) float32, <= 0.
    """
    with np.errstate(divide="ignore"):  # padding columns hold 0: masked out below
        logs = np.log(np.minimum(coverage, np.float32(1.0)))
    if mask is not None:
        logs = np.where(mask, logs, np.float32(0.0))
    return (np.float32(beta) * logs.sum(-1, dtype=np.float32)).astype(np.float32)


def numpy_coverage(attention: np.ndarray, beta: float) -> float:
    """The coverage term of one hypothesis's (T, S) attention rows, in numpy (ONNX Runtime's loops)."""
    return float(coverage_term(attention.sum(0, keepdims=True), None, beta)[0])


def hypothesis(tokens: Sequence[int], attention: np.ndarray, score: float, length: int, finished: bool,
               src_len: int, scoring: Scoring, coverage_of: CoverageOf = numpy_coverage) -> Hypothesis:
    """Crop one decoded row to its own length and source length, and score it.

    tokens: (T,) ids, attention: (T, S) float32, both valid up to ``length`` (generated tokens incl. EOS).
    The EOS token is dropped from ``tokens`` but its attention row is kept: it shows where the model looked
    when it decided to stop. The attention is copied, so the loop's (B, T, S) buffer is not kept alive.
    """
    attention = np.array(attention[:length, :src_len], dtype=np.float32, order="C")
    norm = float(score) / scoring.penalty(length)
    if scoring.uses_coverage:
        norm += coverage_of(attention, scoring.coverage_beta)
    return Hypothesis(tokens=[int(t) for t in tokens[: length - int(finished)]], score=float(score),
                      norm_score=norm, attention=attention, finished=finished)


def best_first(finished: list[Hypothesis], unfinished: list[Hypothesis], n: int, *,
               rank_finished: bool = True) -> list[Hypothesis]:
    """One sentence's n-best list: its finished hypotheses first, topped up with unfinished ones.

    So ``hyps[0]`` is the best complete translation whenever one was found. Each group is sorted best first
    by ``norm_score`` (a stable sort: equal scores keep the loop's order). ``rank_finished=False`` keeps the
    order the loop ranked its finished ones in (the numpy beam ranks them in float64 by the same formula
    before anything is cropped).
    """
    if rank_finished:
        finished = sorted(finished, key=lambda h: h.norm_score, reverse=True)
    unfinished = sorted(unfinished, key=lambda h: h.norm_score, reverse=True)
    return (finished + unfinished)[:n]


def empty_translation() -> list[Hypothesis]:
    """The answer to an empty source, given without running the model."""
    return [Hypothesis(tokens=[], score=0.0, norm_score=0.0, attention=np.zeros((0, 0), np.float32),
                       finished=True)]

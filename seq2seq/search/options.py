"""What a search is asked for and what it returns, without torch: shared by the PyTorch searches
(``greedy``, ``beam``) and the ONNX Runtime one (``seq2seq.export.ort_search``), which must not import torch.

Lengths. The "length" of a hypothesis counts generated tokens including EOS (BOS is never
generated). Sentence ``i`` may generate at most ``output_limit(src_len_i, a, b)`` tokens, EOS
included; a hypothesis that reaches that length without EOS is returned as unfinished.

Scores. ``score`` is the sum of the float32 token log-probs (the EOS log-prob included when
finished); ``norm_score = score / penalty(length) + coverage``, where (``Scoring``) the penalty is
GNMT's ``((5 + length) / 6) ** alpha`` (``length_norm=gnmt``), the length itself (``average``: the
mean log-prob per token) or 1 (``none``), and ``coverage = beta * sum_j log(min(sum_t a_tj, 1))``
over the hypothesis's attention rows ``a_t`` and its real source positions j (GNMT's coverage
penalty; 0 when ``coverage_beta=0``): it favours outputs that attended to every source word.
Greedy reports the same ``norm_score`` so both searches' outputs can be compared or mixed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from seq2seq.search.finish import Hypothesis  # noqa: F401 (re-exported: its home is finish)

# What ``SearchOptions.of`` reads from a command's config.
_CONFIG_FIELDS = ("beam_size", "alpha", "max_len_a", "max_len_b", "length_norm", "coverage_beta")
LENGTH_NORMS = ("gnmt", "average", "none")


def length_penalty(length, alpha: float):
    """GNMT length penalty ``((5 + length) / 6) ** alpha``.

    length counts generated tokens including EOS; works on Python numbers, numpy arrays and tensors
    (any shape; an integer tensor gives a float tensor).
    """
    return ((5 + length) / 6) ** alpha


@dataclass(frozen=True)
class Scoring:
    """How a hypothesis's summed log-prob becomes the score beams and outputs are ranked by (module docstring)."""

    length_norm: str = "gnmt"
    alpha: float = 0.6
    coverage_beta: float = 0.0

    def __post_init__(self) -> None:
        norm = str(getattr(self.length_norm, "value", self.length_norm))  # a config's Choice enum reads as its value
        object.__setattr__(self, "length_norm", norm)
        if norm not in LENGTH_NORMS:
            raise ValueError(f"length_norm must be one of {', '.join(LENGTH_NORMS)}, got {norm!r}")
        if not self.coverage_beta >= 0:
            raise ValueError(f"coverage_beta must be >= 0, got {self.coverage_beta}")

    def penalty(self, length):
        """What the summed log-prob is divided by at ``length`` (Python number, numpy array or tensor).

        Every choice is monotone in the length, so beam search's bound (``beam`` rule 2) holds for each.
        """
        if self.length_norm == "average":
            return length / 1  # true division: an integer tensor or array gives floats
        return length_penalty(length, self.alpha if self.length_norm == "gnmt" else 0.0)

    @property
    def uses_coverage(self) -> bool:
        return self.coverage_beta > 0


def output_limit(src_len: int, a: float, b: int) -> int:
    """Most tokens (EOS included) one sentence may generate: ``floor(a * src_len + b)``, at least 1.

    In float64 (a Python float), as ``hypothesis.max_output_len`` computes it for a batch, so e.g.
    ``1.5 * 7`` floors exactly and both searches agree on every limit.
    """
    return max(1, math.floor(float(src_len) * a + b))


def check_sizes(beam_size: int, n_best: int) -> None:
    """Raise ValueError unless ``beam_size >= 1`` and ``1 <= n_best <= beam_size``.

    A beam can only return as many distinct hypotheses as it keeps, so asking for more is a
    caller's mistake, reported before any decoding work.
    """
    if beam_size < 1:
        raise ValueError(f"beam_size must be >= 1, got {beam_size}")
    if n_best < 1 or n_best > beam_size:
        raise ValueError(f"n_best must be between 1 and beam_size={beam_size}, got {n_best}")


@dataclass
class SearchOptions:
    beam_size: int = 1
    alpha: float = 0.6
    n_best: int = 1
    max_len_a: float = 1.5
    max_len_b: int = 10
    max_src_len: int = 400  # longer inputs are cut: bounded memory and time for any line
    length_norm: str = "gnmt"
    coverage_beta: float = 0.0

    def __post_init__(self) -> None:
        check_sizes(self.beam_size, self.n_best)
        self.length_norm = self.scoring.length_norm  # checked, and a plain string (it goes into JSON)

    @property
    def scoring(self) -> Scoring:
        return Scoring(self.length_norm, self.alpha, self.coverage_beta)

    @classmethod
    def of(cls, cfg, *, n_best: int = 1, **overrides) -> SearchOptions:
        """From any options object: its ``beam_size``, ``alpha``, ``max_len_a``, ``max_len_b``,
        ``length_norm`` and ``coverage_beta`` where it has them (else the defaults here), with ``overrides`` winning over both.

        E.g. ``SearchOptions.of(inference_cfg, n_best=3)``, or for a config without ``alpha``
        (training's) ``SearchOptions.of(trainer_cfg, beam_size=1)``.
        """
        taken = {name: getattr(cfg, name) for name in _CONFIG_FIELDS if hasattr(cfg, name)}
        return cls(**{**taken, **overrides}, n_best=n_best)

    @property
    def greedy(self) -> bool:
        """One beam and one output: greedy search gives the same result without beam bookkeeping."""
        return self.beam_size == 1 and self.n_best == 1

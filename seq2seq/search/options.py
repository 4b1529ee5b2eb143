"""What a search is asked for and how its outputs are scored, without torch: shared by the PyTorch searches
(``greedy``, ``beam``) and the ONNX Runtime one (``seq2seq.export.ort_search``), which must not import torch.
What it returns, ``Hypothesis``, lives in ``finish``.

Options. ``SearchOptions`` defines every decoding option once: its default, its help and its range rules
(``check_sizes``, ``check_scoring``, ``check_lengths``, raising a one-line ``OptionError`` naming the key).
The commands' configs, the trainer's final-test keys and the server take their fields from it
(``option_field``) and build one with ``SearchOptions.of(cfg)``; the Python API builds one directly.

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
from dataclasses import dataclass, field, fields
from typing import Any, Optional

from seq2seq.errors import ConfigError

LENGTH_NORMS = ("gnmt", "average", "none")


def length_penalty(length, alpha: float):
    """GNMT length penalty ``((5 + length) / 6) ** alpha``.

    length counts generated tokens including EOS; works on Python numbers, numpy arrays and tensors
    (any shape; an integer tensor gives a float tensor).
    """
    return ((5 + length) / 6) ** alpha


def output_limit(src_len: int, a: float, b: int) -> int:
    """Most tokens (EOS included) one sentence may generate: ``floor(a * src_len + b)``, at least 1.

    In float64 (a Python float), as ``hypothesis.max_output_len`` computes it for a batch, so e.g.
    ``1.5 * 7`` floors exactly and both searches agree on every limit.
    """
    return max(1, math.floor(float(src_len) * a + b))


class OptionError(ConfigError, ValueError):
    """A search option out of its range, in one line naming the key: a ``ConfigError`` to the command line
    (``PROG: error: ...``), a ``ValueError`` to callers of the Python API.

    ``key``, ``value`` and ``rule`` stay apart so a caller can name the key its own way (the server writes
    ``n_best: 3 must be ...``); ``{prefix}`` in a rule stands for the config section (``trainer.``) of the keys.
    """

    def __init__(self, key: str, value: Any, rule: str, prefix: str = ""):
        self.key, self.value, self.rule, self.prefix = key, value, rule, prefix
        self.rule_text = rule.format(prefix=prefix)  # the rule with the section's keys named
        super().__init__(f"{prefix}{key}={value} {self.rule_text}")


def check_sizes(beam_size: int, n_best: int) -> None:
    """``beam_size >= 1`` and ``1 <= n_best <= beam_size``: a beam can return only as many distinct
    hypotheses as it keeps, so asking for more is refused before any decoding work."""
    if beam_size < 1:
        raise OptionError("beam_size", beam_size, "must be positive")
    if not 1 <= n_best <= beam_size:
        raise OptionError("n_best", n_best, f"must be between 1 and {{prefix}}beam_size={beam_size}")


def check_scoring(length_norm: Any, alpha: float, coverage_beta: float) -> str:
    """The ranking options' rules; returns ``length_norm`` as a plain string (a config's enum reads as its value)."""
    norm = str(getattr(length_norm, "value", length_norm))
    if norm not in LENGTH_NORMS:
        raise OptionError("length_norm", norm, f"must be one of {', '.join(LENGTH_NORMS)}")
    for name, value in (("alpha", alpha), ("coverage_beta", coverage_beta)):
        if not value >= 0:
            raise OptionError(name, value, "must not be negative")
    return norm


def check_lengths(max_len_a: float, max_len_b: int, max_src_len: int) -> None:
    for name, value in (("max_len_a", max_len_a), ("max_len_b", max_len_b)):
        if not value >= 0:
            raise OptionError(name, value, "must not be negative")
    if max_len_a + max_len_b < 1:
        raise OptionError("max_len_a", max_len_a, f"and {{prefix}}max_len_b={max_len_b} must allow at least one "
                                                  "output piece")
    if max_src_len < 1:
        raise OptionError("max_src_len", max_src_len, "must be positive")


def opt(default: Any, help: str) -> Any:
    """A dataclass field with its one-line help (``metadata["help"]``, what ``--help`` prints)."""
    return field(default=default, metadata={"help": help})


@dataclass(kw_only=True)
class SearchOptions:
    """Every decoding option, defined here once with its default and help; checked when built. Command lines
    keep flat keys (``beam_size=5``, ``trainer.beam_size=5``: ``option_field``)."""

    beam_size: int = opt(5, "beam size (1 = greedy)")
    n_best: int = opt(1, "hypotheses per line, best first (1 to beam_size)")
    length_norm: str = opt("gnmt", "how beam scores are normalised for length: gnmt (score / ((5 + len) / 6) ** "
                               "alpha), average (mean log-prob per piece) or none")
    alpha: float = opt(0.6, "GNMT length penalty exponent (0 = none), used with length_norm=gnmt")
    coverage_beta: float = opt(0.0, "GNMT coverage penalty weight: beta * sum_j log(min(attention to source piece "
                                "j, 1)) joins the beam score (0 = off; e.g. 0.2)")
    max_len_a: float = opt(1.5, "output length limit: a * src_len + b pieces")
    max_len_b: int = opt(10, "output length limit: a * src_len + b pieces")
    max_src_len: int = opt(400, "source pieces read per line; longer inputs are cut: bounded memory and time for "
                            "any line")

    def __post_init__(self) -> None:
        check_sizes(self.beam_size, self.n_best)
        self.length_norm = check_scoring(self.length_norm, self.alpha, self.coverage_beta)  # plain: it goes into JSON
        check_lengths(self.max_len_a, self.max_len_b, self.max_src_len)

    @property
    def scoring(self) -> Scoring:
        return Scoring(self.length_norm, self.alpha, self.coverage_beta)

    @classmethod
    def of(cls, cfg: Any, **overrides: Any) -> SearchOptions:
        """The options ``cfg`` holds (a command's or the trainer's config), ``overrides`` winning, the rest at
        their defaults; e.g. ``SearchOptions.of(trainer_cfg, beam_size=1)`` for greedy validation. A bad value
        raises ``OptionError`` naming the config's key (``trainer.beam_size=0 must be positive``)."""
        taken = {f.name: getattr(cfg, f.name) for f in fields(cls) if hasattr(cfg, f.name)}
        try:
            return cls(**{**taken, **overrides})
        except OptionError as e:  # the same error naming the config's keys
            raise OptionError(e.key, e.value, e.rule, getattr(cfg, "_prefix", "")) from None

    @property
    def greedy(self) -> bool:
        """One beam and one output: greedy search gives the same result without beam bookkeeping."""
        return self.beam_size == 1 and self.n_best == 1


# The token budget of a batch is an argument of translating a set, not of one search; defined here all the
# same: the commands' ``batch_tokens`` and ``trainer.eval_batch_tokens`` take it.
BATCH_TOKENS = 12000
_BATCH_TOKENS = opt(BATCH_TOKENS, "token budget per batch: sentences x longest source (divided by the beam size)")


def option_field(name: str, context: str = "", choice: Optional[type] = None, note: str = "") -> Any:
    """A config's dataclass field for search option ``name`` (a ``SearchOptions`` field or ``batch_tokens``):
    the default and help defined here, after ``context`` (``final test translation: ...``) and before
    ``note`` where the key's place needs them. ``choice``: the config's Enum for the value (``LengthNorm``)."""
    spec = _BATCH_TOKENS if name == "batch_tokens" else SearchOptions.__dataclass_fields__[name]
    help = (f"{context}: " if context else "") + spec.metadata["help"] + (f"; {note}" if note else "")
    return opt(choice(spec.default) if choice else spec.default, help)


@dataclass(frozen=True)
class Scoring:
    """How a hypothesis's summed log-prob becomes the score beams and outputs are ranked by (module docstring)."""

    length_norm: str = SearchOptions.length_norm
    alpha: float = SearchOptions.alpha
    coverage_beta: float = SearchOptions.coverage_beta

    def __post_init__(self) -> None:
        object.__setattr__(self, "length_norm", check_scoring(self.length_norm, self.alpha, self.coverage_beta))

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

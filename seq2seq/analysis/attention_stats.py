"""Attention diagnostics: how peaked, how complete and how monotone the alignments are.

Under-translation shows up as source words that receive little total attention (low coverage) and
hallucination as flat rows (high entropy); a language pair like es-en should align mostly diagonally.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np


def matrix_stats(att: np.ndarray) -> dict[str, float]:
    """Diagnostics of one (T, S) attention matrix (rows: output steps, each summing to 1).

    entropy: mean row entropy in nats (0 = every step looks at one position).
    coverage: per source position, the total mass received; ``uncovered`` is the share of source
        positions receiving less than 0.5 (likely dropped from the translation), ``coverage_dev`` the
        mean absolute deviation of coverage from 1.
    diagonality: 1 - mean |expected relative source position - relative output position| (1 = perfectly
        diagonal, about 0.67 for uniform attention).
    """
    att = np.asarray(att, dtype=np.float64)
    t, s = att.shape
    p = np.clip(att, 1e-12, 1.0)
    entropy = float(-(att * np.log(p)).sum(axis=1).mean())
    coverage = att.sum(axis=0)
    expected = (att * np.arange(s)).sum(axis=1) / max(s - 1, 1)
    rel_out = np.arange(t) / max(t - 1, 1)
    return {
        "entropy": entropy,
        "uncovered": float((coverage < 0.5).mean()),
        "coverage_dev": float(np.abs(coverage - 1.0).mean()),
        "diagonality": float(1.0 - np.abs(expected - rel_out).mean()),
    }


def attention_stats(matrices: Sequence[np.ndarray]) -> dict[str, float]:
    """Means of ``matrix_stats`` over sentences (empty input gives an empty dict)."""
    per = [matrix_stats(m) for m in matrices if m.size]
    if not per:
        return {}
    return {k: round(float(np.mean([d[k] for d in per])), 4) for k in per[0]}

"""Score translations with sacrebleu: corpus BLEU, chrF and TER.

Scores are always on detokenised hypotheses against the raw reference lines, with signatures.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from sacrebleu.metrics import BLEU, CHRF, TER


@dataclass
class Scores:
    bleu: float
    chrf: float
    ter: float | None
    bleu_signature: str
    chrf_signature: str
    ter_signature: str | None

    def as_dict(self, prefix: str = "") -> dict:
        return {f"{prefix}{k}": v for k, v in self.__dict__.items() if v is not None}


def score(hyps: Sequence[str], refs: Sequence[Sequence[str]], ter: bool = False) -> Scores:
    """Corpus BLEU / chrF (and TER) of detokenised ``hyps`` against one or more reference streams."""
    refs = [list(r) for r in refs]
    bleu, chrf = BLEU(), CHRF()
    b = bleu.corpus_score(list(hyps), refs)
    c = chrf.corpus_score(list(hyps), refs)
    t_metric = TER() if ter else None
    t = t_metric.corpus_score(list(hyps), refs) if t_metric else None
    return Scores(round(b.score, 2), round(c.score, 2), None if t is None else round(t.score, 2),
                  str(bleu.get_signature()), str(chrf.get_signature()),
                  None if t_metric is None else str(t_metric.get_signature()))

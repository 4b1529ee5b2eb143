"""Word alignments as Pharaoh files, and their agreement with a reference: precision, recall, AER.

A link ``(i, j)`` joins source word ``i`` and target word ``j`` (0-based whitespace tokens). A line of a
link file is one sentence pair: ``i-j`` is a sure link, ``ipj`` (or ``i?j``) a possible-only one; a sure
link is possible too (Och & Ney 2003). A model's or an aligner's output has sure links only.

The alignment error rate of predicted links A against sure links S and possible links P (S within P) is
``1 - (|A & S| + |A & P|) / (|A| + |S|)``, precision ``|A & P| / |A|`` and recall ``|A & S| / |S|``,
all summed over the corpus before dividing (micro-averaged, as every published AER is). Pairs whose
reference has no link at all are not scored: the bundled reference leaves a pair empty where it could not
be derived (data/bible-es-en/README.md), and an empty reference says nothing about a prediction.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

from seq2seq.errors import UserError

Link = tuple[int, int]
_TOKEN = re.compile(r"(\d+)([-p?])(\d+)")


class AlignmentFileError(UserError):
    """A link file that does not fit its corpus: wrong line count, bad token, index past the sentence."""


@dataclass(frozen=True)
class Reference:
    """One sentence pair's reference: ``sure`` links and ``possible`` links (``sure`` included)."""

    sure: frozenset[Link]
    possible: frozenset[Link]

    @property
    def empty(self) -> bool:
        return not self.possible


@dataclass(frozen=True)
class AlignmentScores:
    """Corpus-level agreement of predicted links with a reference (see the module docstring)."""

    precision: float
    recall: float
    aer: float
    pairs: int          # sentence pairs scored (those with a non-empty reference)
    predicted: int      # |A| over the scored pairs
    sure: int           # |S|
    possible: int       # |P|, sure links included

    def line(self) -> str:
        return (f"precision {self.precision:.4f}  recall {self.recall:.4f}  AER {self.aer:.4f}  "
                f"({self.pairs} pairs, {self.predicted} links, {self.sure} sure / {self.possible} possible)")


def parse_links(line: str, where: str = "") -> Reference:
    """One Pharaoh line as a ``Reference``; ``where`` (``file:line``) prefixes the error of a bad token."""
    sure, possible = set(), set()
    for token in line.split():
        m = _TOKEN.fullmatch(token)
        if m is None:
            raise AlignmentFileError(f"{where}: {token!r} is not a link; write i-j (sure) or ipj (possible), "
                                     "0-based source and target word indices")
        link = (int(m.group(1)), int(m.group(3)))
        possible.add(link)
        if m.group(2) == "-":
            sure.add(link)
    return Reference(frozenset(sure), frozenset(possible))


def read_links(path: Path | str, sources: Optional[Sequence[str]] = None,
               targets: Optional[Sequence[str]] = None, lines: Optional[int] = None) -> list[Reference]:
    """Every line of a link file, checked against its corpus.

    sources, targets: the corpus lines the links index (whitespace tokens); given, each link must fall
        inside its pair and the file must have one line per pair. lines: the line count alone, when the
        sentences themselves are not at hand (a training corpus of millions of pairs).
    Raises ``AlignmentFileError`` naming ``file:line`` for the first problem.
    """
    path = Path(path)
    try:
        with open(path, encoding="utf-8", newline="\n") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise AlignmentFileError(f"{path}: cannot read the link file ({e.__class__.__name__}: {e}); give a "
                                 "UTF-8 Pharaoh file, one line per sentence pair") from None
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    expected = len(sources) if sources is not None else lines
    if expected is not None and len(rows) != expected:
        raise AlignmentFileError(f"{path}: {len(rows)} lines, but the corpus has {expected} sentence pairs; "
                                 "a link file has one line per pair (empty for none)")
    refs = []
    for k, row in enumerate(rows):
        ref = parse_links(row, f"{path}:{k + 1}")
        if sources is not None and targets is not None and ref.possible:
            n_src, n_tgt = len(sources[k].split()), len(targets[k].split())
            bad = next(((i, j) for i, j in sorted(ref.possible) if i >= n_src or j >= n_tgt), None)
            if bad is not None:
                raise AlignmentFileError(f"{path}:{k + 1}: link {bad[0]}-{bad[1]} lies outside the pair "
                                         f"({n_src} source words, {n_tgt} target words); indices are 0-based "
                                         "whitespace tokens of the corpus lines")
        refs.append(ref)
    return refs


def format_links(links: Iterable[Link]) -> str:
    """Sure links as one Pharaoh line, sorted by (source, target)."""
    return " ".join(f"{i}-{j}" for i, j in sorted(set(links)))


def format_reference(ref: Reference) -> str:
    """A reference as one line: ``i-j`` for sure links, ``ipj`` for possible-only ones, sorted."""
    return " ".join(f"{i}-{j}" if (i, j) in ref.sure else f"{i}p{j}" for i, j in sorted(ref.possible))


def score_alignments(predicted: Sequence[Iterable[Link]], references: Sequence[Reference]) -> AlignmentScores:
    """Precision, recall and AER of ``predicted`` (one link set per pair) against ``references``."""
    if len(predicted) != len(references):
        raise ValueError(f"{len(predicted)} predicted link sets for {len(references)} references")
    a_total = s_total = p_total = a_and_s = a_and_p = pairs = 0
    for links, ref in zip(predicted, references):
        if ref.empty:
            continue
        links = set(links)
        pairs += 1
        a_total += len(links)
        s_total += len(ref.sure)
        p_total += len(ref.possible)
        a_and_s += len(links & ref.sure)
        a_and_p += len(links & ref.possible)
    precision = a_and_p / a_total if a_total else 0.0
    recall = a_and_s / s_total if s_total else 0.0
    aer = 1.0 - (a_and_s + a_and_p) / (a_total + s_total) if a_total + s_total else 0.0
    return AlignmentScores(precision, recall, aer, pairs, a_total, s_total, p_total)

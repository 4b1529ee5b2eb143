"""Word links read from piece attention, and the symmetrisation of two directions' links.

A model attends from target pieces to source pieces; a reference links whitespace words. ``word_matrix``
turns a (T+1, S+1) piece attention (rows: the target pieces and EOS; columns: the source pieces and
EOS) into a (target words, source words + 1) matrix whose last column is the mass on the source EOS,
which the links treat as "no source word" (a null link). ``read_links`` takes one of three readings:

- ``argmax``: each target word links to its most attended source word (none when that is EOS);
- ``threshold``: every source word whose share of a target word's attention is at least ``threshold``;
- either of them over the *shifted* rows (``shift=True``): the attention of the step that predicts the
  piece after, which in attentional decoders often looks at the source of the piece just emitted.

``symmetrise`` combines a forward run's links with a reverse run's (source and target swapped back),
as statistical aligners do: ``intersection``, ``union``, ``grow-diag`` and ``grow-diag-final`` (Koehn et
al. 2003: grow from the intersection into diagonal neighbours that the union holds, then add union links
whose words are still unaligned).
"""
from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from seq2seq.analysis.alignment import word_index

Link = tuple[int, int]
READINGS = ("argmax", "threshold")
SYMMETRISATIONS = ("intersection", "union", "grow-diag", "grow-diag-final")
_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def word_matrix(att: np.ndarray, src_pieces: Sequence[str], tgt_pieces: Sequence[str],
                shift: bool = False) -> np.ndarray:
    """(T_words, S_words + 1) attention share of each target word on each source word and on EOS.

    att: (T + 1, S + 1) piece attention, rows ``tgt_pieces`` + EOS, columns ``src_pieces`` + EOS (T and S
        exclude EOS). shift: use row t + 1 for piece t (the step that predicts the next piece).
    Source pieces are summed into their words; a target word's row is the mean of its pieces' rows, so
    every row sums to 1 and a threshold means the same for a word of one piece or of three.
    """
    att = np.asarray(att, dtype=np.float64)
    n_tgt, n_src = len(tgt_pieces), len(src_pieces)
    if att.shape[0] < n_tgt + (1 if shift else 0) or att.shape[1] < n_src + 1:
        raise ValueError(f"attention {att.shape} too small for {n_tgt} target and {n_src} source pieces + EOS")
    rows = att[1: n_tgt + 1] if shift else att[:n_tgt]
    rows = rows[:, : n_src + 1]
    src_w = np.asarray(word_index(src_pieces) + [max(word_index(src_pieces), default=-1) + 1], dtype=np.int64)
    tgt_w = np.asarray(word_index(tgt_pieces), dtype=np.int64)
    n_src_words, n_tgt_words = int(src_w[-1]), int(tgt_w.max(initial=-1)) + 1
    per_piece = np.zeros((n_tgt, n_src_words + 1))
    np.add.at(per_piece, (slice(None), src_w), rows)
    mat = np.zeros((n_tgt_words, n_src_words + 1))
    np.add.at(mat, tgt_w, per_piece)
    counts = np.bincount(tgt_w, minlength=n_tgt_words).astype(np.float64)
    return mat / np.maximum(counts, 1.0)[:, None]


def read_links(matrix: np.ndarray, reading: str = "argmax", threshold: float = 0.5) -> set[Link]:
    """Pharaoh links ``(source word, target word)`` from a ``word_matrix`` (its last column: EOS, no link)."""
    if reading not in READINGS:
        raise ValueError(f"reading={reading!r}; choose one of {', '.join(READINGS)}")
    matrix = np.asarray(matrix)
    if matrix.size == 0:
        return set()
    null = matrix.shape[1] - 1
    if reading == "argmax":
        return {(int(i), j) for j, i in enumerate(matrix.argmax(axis=1)) if i != null}
    js, is_ = np.nonzero(matrix[:, :null] >= threshold)
    return {(int(i), int(j)) for i, j in zip(is_, js)}


def swap(links: Iterable[Link]) -> set[Link]:
    """A reverse run's links (its source is our target) in our orientation."""
    return {(j, i) for i, j in links}


def symmetrise(forward: Iterable[Link], reverse: Iterable[Link], method: str = "grow-diag-final") -> set[Link]:
    """Combine two directions' links, both given as (source word, target word)."""
    if method not in SYMMETRISATIONS:
        raise ValueError(f"symmetrisation={method!r}; choose one of {', '.join(SYMMETRISATIONS)}")
    fwd, rev = set(forward), set(reverse)
    if method == "intersection":
        return fwd & rev
    union = fwd | rev
    if method == "union":
        return union
    links = _grow_diag(fwd & rev, union)
    if method == "grow-diag-final":
        for direction in (fwd, rev):
            _final(links, direction)
    return links


def _grow_diag(links: set[Link], union: set[Link]) -> set[Link]:
    """Add union links next to (also diagonally) a present link while either of their words is unaligned."""
    links = set(links)
    src_done = {i for i, _ in links}
    tgt_done = {j for _, j in links}
    grew = True
    while grew:
        grew = False
        for i, j in sorted(links):
            for di, dj in _NEIGHBOURS:
                cand = (i + di, j + dj)
                if cand in union and cand not in links and (cand[0] not in src_done or cand[1] not in tgt_done):
                    links.add(cand)
                    src_done.add(cand[0])
                    tgt_done.add(cand[1])
                    grew = True
    return links


def _final(links: set[Link], direction: set[Link]) -> None:
    """Add, in place, the links of one direction whose source or target word is still unaligned."""
    src_done = {i for i, _ in links}
    tgt_done = {j for _, j in links}
    for i, j in sorted(direction):
        if (i, j) not in links and (i not in src_done or j not in tgt_done):
            links.add((i, j))
            src_done.add(i)
            tgt_done.add(j)

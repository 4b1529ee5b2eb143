"""From subword attention to word alignments (Pharaoh ``i-j``) and the soft word matrix.

sentencepiece marks the first piece of each word with "▁", so words are runs of pieces starting there.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

WORD_START = "\u2581"


def word_index(pieces: Sequence[str]) -> list[int]:
    """Word number of each piece (a piece without the leading ▁ continues the previous word)."""
    out, word = [], -1
    for k, piece in enumerate(pieces):
        if piece.startswith(WORD_START) or k == 0:
            word += 1
        out.append(word)
    return out


def word_attention(att: np.ndarray, src_pieces: Sequence[str], out_pieces: Sequence[str]) -> np.ndarray:
    """Sum a (T, S) piece matrix into a (T_words, S_words) word matrix.

    Summed on both axes: a target word made of two pieces carries two rows of mass, which is what the
    coverage of the source word should count.
    """
    att = np.asarray(att, dtype=np.float64)[: len(out_pieces), : len(src_pieces)]
    src_w, out_w = word_index(src_pieces), word_index(out_pieces)
    mat = np.zeros((max(out_w, default=-1) + 1, max(src_w, default=-1) + 1))
    np.add.at(mat, (np.asarray(out_w, dtype=np.int64)[:, None], np.asarray(src_w, dtype=np.int64)[None, :]), att)
    return mat


def hard_links(word_att: np.ndarray) -> list[tuple[int, int]]:
    """For each target word j, the source word i with the most attention: Pharaoh pairs (i, j)."""
    if word_att.size == 0:
        return []
    return sorted((int(np.argmax(row)), j) for j, row in enumerate(word_att))


def pharaoh(links: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{i}-{j}" for i, j in links)


def words(pieces: Sequence[str]) -> list[str]:
    """Surface words rebuilt from pieces (for labelling the word matrix)."""
    out: list[str] = []
    for k, piece in enumerate(pieces):
        if piece.startswith(WORD_START) or k == 0:
            out.append(piece.lstrip(WORD_START))
        else:
            out[-1] += piece
    return out

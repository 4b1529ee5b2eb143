"""Forced alignment of given sentence pairs: teacher-forced attention read as word links.

Links index the whitespace tokens of each line as the model reads it (``translator.clean``: control
characters are spaces), which is what a reference or another aligner indexes. Pieces are tied to those
tokens by sentencepiece's byte offsets into the line, not by counting "▁": normalisation (NFKC, odd
spaces) can merge or split what "▁" would call words, and the offsets still say which token each piece
came from. A token no piece came from (normalised away) gets no link; such lines are counted and logged.
"""
from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from seq2seq.analysis.alignment import WORD_START, word_index
from seq2seq.analysis.links import Link, read_links, swap, symmetrise, word_matrix
from seq2seq.data.arrays import TokenArray


log = logging.getLogger(__name__)
EOS_PIECE = "</s>"


@dataclass
class Alignment:
    """One sentence pair, forced through the model.

    source_words, target_words: whitespace tokens of the given lines; links index them.
    source_pieces, target_pieces: the pieces the model read and was fed, each plus ``"</s>"``.
    attention: float32 (T + 1, S + 1) teacher-forced piece attention (rows ``target_pieces``, columns
        ``source_pieces``; see ``seq2seq.inference.forced``).
    word_matrix: (len(target_words), len(source_words) + 1) share of each target word's attention on each
        source word, last column the source EOS ("no link"); every row sums to 1.
    links: sorted Pharaoh links ``(source word, target word)`` read from ``word_matrix``.
    unmatched: tokens (source + target) that no piece came from; they have no links.
    """

    source_words: list[str]
    target_words: list[str]
    source_pieces: list[str]
    target_pieces: list[str]
    attention: np.ndarray
    word_matrix: np.ndarray
    links: list[Link]
    unmatched: int = 0

    @property
    def link_set(self) -> set[Link]:
        return set(self.links)


@dataclass
class _Side:
    """One line's pieces and the whitespace token each piece came from (non-decreasing)."""

    words: list[str]
    ids: list[int]
    pieces: list[str]
    token_of: list[int]


def _tokens(line: str) -> tuple[list[str], list[tuple[int, int]]]:
    """Whitespace tokens and their UTF-8 byte spans (sentencepiece's offsets are bytes)."""
    words, spans, pos, at = [], [], 0, 0
    for m in re.finditer(r"\S+", line):
        pos += len(line[at: m.start()].encode("utf-8"))
        end = pos + len(m.group().encode("utf-8"))
        words.append(m.group())
        spans.append((pos, end))
        pos, at = end, m.end()
    return words, spans


def _token_of(begin: int, end: int, spans: list[tuple[int, int]]) -> int:
    """The token a piece with surface bytes [begin, end) came from: the last token it overlaps (a "▁" piece's
    surface starts with the space before its word), else the next token (a lone "▁"), else the last one;
    -1 for a line with no token at all."""
    overlap = [k for k, (s, e) in enumerate(spans) if s < end and e > begin]
    if overlap:
        return overlap[-1]
    return next((k for k, (s, _) in enumerate(spans) if s >= begin), len(spans) - 1)


def _encode(sp, lines: Sequence[str]) -> list[_Side]:
    """Encode with byte offsets and tie every piece to its whitespace token (``_token_of``)."""
    out = []
    for line, proto in zip(lines, sp.encode(list(lines), return_type="proto", num_threads=os.cpu_count() or 1)):
        words, spans = _tokens(line)
        token_of = [_token_of(p.begin, p.end, spans) for p in proto.pieces]
        out.append(_Side(words, [p.id for p in proto.pieces], [p.piece for p in proto.pieces], token_of))
    return out


def _grouped(side: _Side) -> tuple[list[str], list[int]]:
    """Pieces relabelled so that "▁" starts exactly the pieces that start a new token (what ``word_matrix``
    groups by), and the token of each group (-1: the line has no token)."""
    labels, present = [], []
    for piece, tok in zip(side.pieces, side.token_of):
        body = piece.lstrip(WORD_START)
        if not present or present[-1] != tok:
            present.append(tok)
            labels.append(WORD_START + body)
        else:
            labels.append(body or "_")
    return labels, present


def pair_alignment(att: np.ndarray, src: _Side, tgt: _Side, reading: str, threshold: float,
                   shift: bool) -> Alignment:
    """Word matrix over the tokens and links of one pair from its (T + 1, S + 1) attention."""
    src_labels, src_present = _grouped(src)
    tgt_labels, tgt_present = _grouped(tgt)
    grouped = word_matrix(att, src_labels, tgt_labels, shift=shift)  # (groups_t, groups_s + 1)
    n_src, n_tgt = len(src.words), len(tgt.words)
    cols = np.asarray([k if k >= 0 else n_src for k in src_present] + [n_src], dtype=np.int64)
    mat = np.zeros((n_tgt, n_src + 1))
    for g, row in enumerate(tgt_present):
        if row >= 0:
            np.add.at(mat[row], cols, grouped[g])
    uncovered = sorted(set(range(n_tgt)) - set(tgt_present))
    mat[uncovered, n_src] = 1.0  # a target token without pieces: all "no link"
    links = sorted(read_links(mat, reading, threshold))
    unmatched = (n_src - len(set(src_present) - {-1})) + len(uncovered)
    return Alignment(src.words, tgt.words, src.pieces + [EOS_PIECE], tgt.pieces + [EOS_PIECE], att, mat, links,
                     unmatched)


def word_boundaries_differ(side: _Side) -> bool:
    """True where counting "▁" would group the pieces into other words than the line's tokens."""
    labels, present = _grouped(side)
    return len(present) != len(side.words) or word_index(side.pieces) != word_index(labels)


def align_lines(translator: Any, sources: Sequence[str], targets: Sequence[str], *,
                reading: str = "argmax", threshold: float = 0.5, shift: bool = False,
                batch_tokens: int = 12000) -> list[Alignment]:
    """``Translator.align``: one ``Alignment`` per pair, in input order (see the module docstring).

    translator: a ``seq2seq.inference.translator.Translator`` (not imported here: it imports this module).
    sources, targets: lines already cleaned (``translator.clean``), as ``Translator.align`` passes them.
    """
    from seq2seq.inference.forced import forced_attention

    tok = translator.tokenizer  # unequal line counts: forced_attention raises the ValueError
    src = _encode(tok.src, list(sources))
    tgt = _encode(tok.tgt, list(targets))
    att = forced_attention(translator.model, TokenArray.from_lists([s.ids for s in src]),
                           TokenArray.from_lists([t.ids for t in tgt]), pad_id=tok.pad_id, bos_id=tok.bos_id,
                           eos_id=tok.eos_id, device=translator.device, precision=translator.precision,
                           batch_tokens=batch_tokens)
    out = [pair_alignment(a, s, t, reading, threshold, shift) for a, s, t in zip(att, src, tgt)]
    differ = sum(word_boundaries_differ(s) or word_boundaries_differ(t) for s, t in zip(src, tgt))
    dropped = sum(a.unmatched > 0 for a in out)
    if differ:
        log.warning("%d of %d pairs: the tokenizer's word boundaries differ from the whitespace tokens "
                    "(normalisation); pieces were mapped to tokens by their character offsets%s", differ,
                    len(out), f", and {dropped} pairs have tokens with no piece (no links)" if dropped else "")
    return out


def symmetrised(forward: Sequence[Alignment], reverse: Sequence[Alignment], method: str) -> list[list[Link]]:
    """Links of ``forward`` combined with a reverse run's alignments of the same pairs (its source our
    target), as ``seq2seq.analysis.links.symmetrise`` does."""
    return [sorted(symmetrise(f.links, swap(r.links), method)) for f, r in zip(forward, reverse)]


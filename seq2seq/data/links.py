"""Word links for the training corpus (guided alignment), checked against the corpus they index.

A link file has one Pharaoh line per line of the training files, in their order (an empty line: no
links), such as ``scripts/eflomal_links.py`` writes; ``i-j`` links source word ``i`` to target word ``j``,
0-based whitespace tokens of the stripped corpus lines (``ipj``, a possible link, guides as well). The
file is read in one streaming pass beside both corpus files, so a corpus of millions of pairs is never
held as text: what is kept is one flat array of links and each line's whitespace word counts.

Lines keep their corpus positions (the id arrays of ``encode.py`` keep empty lines too), so a batch's
``indices`` find their links directly, whichever pairs the trainer skips (an empty side, data.max_len).
"""
from __future__ import annotations

import hashlib
import io
import itertools
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from seq2seq.analysis.aer import AlignmentFileError, Reference, parse_links, read_links
from seq2seq.analysis.alignment import WORD_START
from seq2seq.data.arrays import ParallelIds, TokenArray
from seq2seq.data.corpus import ParallelText, read_parallel, resolve
from seq2seq.data.stream import open_binary
from seq2seq.errors import CorpusError

log = logging.getLogger(__name__)


@dataclass
class TrainingLinks:
    """The links of every training line: line ``k``'s are ``pairs[offsets[k]:offsets[k + 1]]``.

    pairs: (L, 2) int32 (source word, target word); offsets: (lines + 1,) int64; src_words, tgt_words:
    (lines,) int32 whitespace word counts of the stripped corpus lines; sha256: of the link file's bytes.
    Only the first ``limit`` lines are kept when data.limit_train is set (all lines are checked).
    """

    path: Path
    sha256: str
    pairs: np.ndarray
    offsets: np.ndarray
    src_words: np.ndarray
    tgt_words: np.ndarray
    lines: int   # of the link file (= of the corpus files)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def of(self, k: int) -> np.ndarray:
        return self.pairs[self.offsets[k]: self.offsets[k + 1]]


def _text(path: Path) -> io.TextIOWrapper:
    """Lines split at ``\\n`` only, as the corpus readers split them; undecodable bytes are the corpus
    check's to report (prepare_data), not this one's, so they are replaced here."""
    return io.TextIOWrapper(open_binary(path), encoding="utf-8-sig", errors="replace", newline="\n")


_LINE = re.compile(r"\s*(?:\d+[-p?]\d+(?:\s+|$))*")   # a whole line of well-formed links
_LINK = re.compile(r"(\d+)[-p?](\d+)")
_CHUNK = 1 << 16   # lines whose links are joined into one array at a time (bounded Python overhead)


def _parse(path: Path, k: int, row: str, src: str, tgt: str) -> tuple[np.ndarray, int, int]:
    """Line ``k`` (0-based): its links (L, 2) int32 and the pair's whitespace word counts."""
    if not _LINE.fullmatch(row):
        parse_links(row, f"{path}:{k + 1}")   # names the first bad token
    pairs = np.array(_LINK.findall(row), dtype=np.int64).reshape(-1, 2)
    n_src, n_tgt = len(src.split()), len(tgt.split())
    outside = np.flatnonzero((pairs[:, 0] >= n_src) | (pairs[:, 1] >= n_tgt))
    if len(outside):
        i, j = pairs[outside[0]]
        raise AlignmentFileError(f"{path}:{k + 1}: link {i}-{j} lies outside its training pair "
                                 f"({n_src} source words, {n_tgt} target words); indices are 0-based whitespace "
                                 "tokens of the training files' lines, in their order")
    return pairs.astype(np.int32), n_src, n_tgt


def read_training_links(path: Path | str, src_path: Path, tgt_path: Path, limit: int = 0) -> TrainingLinks:
    """Stream the link file beside the corpus files: one line each, every link inside its pair.

    Raises ``AlignmentFileError`` naming ``file:line`` (a bad token, an index past its sentence, another
    line count); a corpus whose two sides differ in length is the corpus check's ``CorpusError``.
    """
    path = Path(path)
    if not path.is_file():
        raise AlignmentFileError(f"{path}: no such link file (trainer.guided_alignment); give Pharaoh links for the "
                                 "training corpus, one line per line of its files")
    digest = hashlib.sha256()
    chunks: list[np.ndarray] = []
    lines: list[np.ndarray] = []
    counts, src_words, tgt_words = [0], [], []
    read = [0, 0, 0]   # lines of the link file, the source file, the target file
    try:
        with open(path, "rb") as raw, _text(src_path) as fs, _text(tgt_path) as ft:
            for k, row in enumerate(itertools.zip_longest(_lines(raw, digest, path), fs, ft)):
                read = [n + (x is not None) for n, x in zip(read, row)]
                if None in row:   # past the end of a file: counted, no longer parsed
                    continue
                pairs, n_src, n_tgt = _parse(path, k, *row)
                if limit and k >= limit:
                    continue
                lines.append(pairs)
                counts.append(len(pairs))
                src_words.append(n_src)
                tgt_words.append(n_tgt)
                if len(lines) == _CHUNK:
                    chunks.append(np.concatenate(lines))
                    lines = []
    except OSError as e:
        raise AlignmentFileError(f"{path}: cannot read ({e})") from None
    n_links, n_src_lines, n_tgt_lines = read
    if n_src_lines != n_tgt_lines:
        raise CorpusError(f"{src_path} has {n_src_lines} lines but {tgt_path} has {n_tgt_lines}; parallel files must "
                          "be aligned line by line")
    if n_links != n_src_lines:
        raise AlignmentFileError(f"{path}: {n_links} lines, but the training corpus ({src_path}) has {n_src_lines}; a "
                                 "guided-alignment file has one line per training line, in order (empty for none)")
    pairs = np.concatenate([*chunks, *lines]) if chunks or lines else np.zeros((0, 2), np.int32)
    return TrainingLinks(path, digest.hexdigest(), pairs.reshape(-1, 2),
                         np.cumsum(counts, dtype=np.int64), np.asarray(src_words, dtype=np.int32),
                         np.asarray(tgt_words, dtype=np.int32), n_links)


def _lines(raw, digest, path: Path):
    """Decoded lines of the link file (without their newline), hashing its bytes on the way."""
    for number, line in enumerate(raw, 1):
        digest.update(line)
        try:
            yield line.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            raise AlignmentFileError(f"{path}:{number}: invalid UTF-8; a link file holds ASCII links i-j") from None


def word_start_table(pieces: list[str]) -> np.ndarray:
    """(vocab,) bool: the pieces that start a word ("▁..."); a sentence's first piece starts one anyway."""
    return np.fromiter((p.startswith(WORD_START) for p in pieces), dtype=bool, count=len(pieces))


def word_of_pieces(ids: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """(n,) word number of each piece of one sentence, from the word-start table."""
    first = starts[ids]
    if len(first):
        first[0] = True
    return np.cumsum(first) - 1


def piece_word_counts(ids: TokenArray, starts: np.ndarray, limit: int) -> np.ndarray:
    """(lines,) words per line of an id array (its first ``limit`` lines), counted from its pieces."""
    offsets = np.asarray(ids.offsets[: limit + 1])
    flags = starts[np.asarray(ids.data[: offsets[-1]])]
    lengths = np.diff(offsets)
    flags[offsets[:-1][lengths > 0]] = True   # a sentence's first piece starts a word
    cum = np.concatenate([[0], np.cumsum(flags, dtype=np.int64)])
    return cum[offsets[1:]] - cum[offsets[:-1]]


def usable_lines(links: TrainingLinks, ids: ParallelIds, src_starts: np.ndarray,
                 tgt_starts: np.ndarray) -> tuple[np.ndarray, int]:
    """(lines,) bool: lines with links whose pieces make as many words as their whitespace tokens, and the
    number left out for differing (sentencepiece's normalisation can merge or split what whitespace does
    not: their word indices would point at the wrong pieces)."""
    n = len(links)
    has = np.diff(links.offsets) > 0
    same = (piece_word_counts(ids.src, src_starts, n) == links.src_words) & \
           (piece_word_counts(ids.tgt, tgt_starts, n) == links.tgt_words)
    return has & same, int((has & ~same).sum())


_loaded: dict = {}   # the last link file read in this process: the pre-flight's pass serves the trainer


def load_links(cfg) -> TrainingLinks:
    """The training corpus's links (``cfg.trainer.guided_alignment``), read and checked once per process."""
    data = cfg.data
    paths = [Path(cfg.trainer.guided_alignment), resolve(data.train, data.src), resolve(data.train, data.tgt)]
    key = (tuple((str(p.resolve()), p.stat().st_size, p.stat().st_mtime_ns) for p in paths if p.exists()),
           data.limit_train)
    if key not in _loaded:
        _loaded.clear()
        _loaded[key] = read_training_links(paths[0], paths[1], paths[2], limit=data.limit_train)
    return _loaded[key]


def reference_path(data) -> tuple[Path, bool | None] | None:
    """The dev split's reference alignment beside its files, and whether its links are (target, source):
    ``DEV.SRC-TGT.align`` as written, ``DEV.TGT-SRC.align`` swapped, or ``DEV.align`` (None: the links
    decide, see ``read_dev_reference``). None when there is none."""
    for name, swapped in ((f"{data.src}-{data.tgt}", False), (f"{data.tgt}-{data.src}", True), ("", None)):
        path = Path(f"{data.dev}.{name}.align" if name else f"{data.dev}.align")
        if path.is_file():
            return path, swapped
    return None


def _outside(refs: list[Reference], text: ParallelText, swapped: bool) -> tuple[int, tuple[int, int], int, int] | None:
    """The first (line, link, source words, target words) whose link lies outside its pair."""
    for k, ref in enumerate(refs[: len(text)]):
        n_src, n_tgt = len(text.src[k].split()), len(text.tgt[k].split())
        for i, j in sorted(ref.possible):
            source, target = (j, i) if swapped else (i, j)
            if source >= n_src or target >= n_tgt:
                return k, (i, j), n_src, n_tgt
    return None


def read_dev_reference(path: Path, text: ParallelText, swapped: bool | None = None) -> list[Reference]:
    """The reference of the dev lines in use, as (source word, target word) links: the file has a line per
    dev line (data.limit_eval keeps the first ones), and every link lies inside its pair's whitespace words.

    swapped: the file's links are (target, source); None: source first if every link fits so, else swapped
    if every link fits that way (a plain ``dev.align`` serves both directions of a corpus); else an error.
    """
    refs = read_links(path, lines=text.report.get("lines", len(text)))
    bad = _outside(refs, text, bool(swapped))
    if bad is not None and swapped is None and _outside(refs, text, True) is None:
        swapped, bad = True, None
        log.info("%s: links read as (target word, source word): only that way do they fit this run's pairs", path)
    if bad is not None:
        k, (i, j), n_src, n_tgt = bad
        raise AlignmentFileError(f"{path}:{k + 1}: link {i}-{j} lies outside the dev pair ({n_src} source words, "
                                 f"{n_tgt} target words); indices are 0-based whitespace tokens, data.src words first "
                                 "(name the file DEV.TGT-SRC.align for the other order)")
    refs = refs[: len(text)]
    if swapped:
        refs = [Reference(frozenset((j, i) for i, j in r.sure), frozenset((j, i) for i, j in r.possible)) for r in refs]
    return refs


def check_link_files(cfg) -> None:
    """Check the link files a run reads (``trainer.guided_alignment``, the dev reference) before anything
    is written: ``seq2seq-train`` calls this before Hydra makes the run folder. Imports no torch."""
    if cfg.trainer.guided_alignment:
        load_links(cfg)
    found = reference_path(cfg.data)
    if found is not None:
        d = cfg.data
        dev = read_parallel("dev", d.dev, d.src, d.tgt, limit=d.limit_eval, quiet=True)  # the run reports it
        read_dev_reference(found[0], dev, found[1])

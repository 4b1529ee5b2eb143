"""Training files read as streams of line-aligned byte blocks: never a whole corpus in memory.

Corpora of tens of millions of pairs are read in three passes, each holding one block per file at a time:
``scan_pair`` (digest, line counts, UTF-8 and NUL checks, before anything is written),
``tokenizer_training_pairs`` (what sentencepiece trains on) and ``LineReader.blocks`` (the encoding, see
``encode.py``). The same rules as ``corpus.read_lines`` apply, with the same messages.
"""
from __future__ import annotations

import gzip
import hashlib
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

from seq2seq.errors import CorpusError

BLOCK_BYTES = 4 << 20  # per read: big enough to amortise Python's per-call cost, small against any RAM
BOM = b"\xef\xbb\xbf"
READ_ERRORS = (OSError, EOFError, gzip.BadGzipFile, zlib.error)  # zlib.error: corrupt data in a .gz


def open_binary(path: Path) -> BinaryIO:
    """A corpus file's bytes, decompressed if ``.gz``; a failure is one ``CorpusError`` line."""
    try:
        return gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")
    except OSError as e:
        raise CorpusError(f"{path}: cannot read ({e})") from None


class LineReader:
    """Whole lines of one file, ``block_bytes`` at a time; the BOM of the first line is dropped."""

    def __init__(self, path: Path, block_bytes: int | None = None):
        self.path, self.block_bytes = path, block_bytes or BLOCK_BYTES
        self.file = open_binary(path)
        self.lines_read, self.bom = 0, False
        self._rest, self._eof, self._first = b"", False, True

    def __enter__(self) -> LineReader:
        return self

    def __exit__(self, *exc) -> None:
        self.file.close()

    def _fill(self) -> None:
        try:
            data = self.file.read(self.block_bytes)
        except READ_ERRORS as e:
            raise CorpusError(f"{self.path}: cannot read ({e})") from None
        if self._first:
            self._first = False
            self.bom = data.startswith(BOM)
            data = data[len(BOM):] if self.bom else data
        self._eof = not data
        self._rest += data

    def read_block(self) -> bytes:
        """Up to about ``block_bytes`` of whole lines, each ending in ``\\n`` except perhaps the file's
        last; ``b""`` at the end of the file."""
        while not self._eof and (len(self._rest) < self.block_bytes or self._rest.rfind(b"\n") < 0):
            self._fill()
        cut = len(self._rest) if self._eof else self._rest.rindex(b"\n") + 1
        block, self._rest = self._rest[:cut], self._rest[cut:]
        self.lines_read += count_lines(block)
        return block

    def read_lines(self, n: int) -> bytes:
        """Exactly ``n`` whole lines (fewer only at the end of the file)."""
        while not self._eof and self._rest.count(b"\n") < n:
            self._fill()
        ends = np.flatnonzero(np.frombuffer(self._rest, dtype=np.uint8) == 10)
        cut = int(ends[n - 1]) + 1 if len(ends) >= n else len(self._rest)
        block, self._rest = self._rest[:cut], self._rest[cut:]
        self.lines_read += count_lines(block)
        return block

    def blocks(self, limit: int = 0) -> Iterator[tuple[int, bytes]]:
        """``(first line number, block)`` to the end of the file, or over its first ``limit`` lines."""
        while not limit or self.lines_read < limit:
            first = self.lines_read + 1
            block = self.read_block() if not limit else self.read_lines(min(limit - self.lines_read, 1 << 16))
            if not block:
                return
            yield first, block


def count_lines(block: bytes) -> int:
    """Lines in a block: a last line without its newline still counts."""
    return block.count(b"\n") + (1 if block and not block.endswith(b"\n") else 0)


def check_text(path: Path, first_line: int, block: bytes) -> str:
    """Decode one block; NUL bytes and invalid UTF-8 are errors naming the file and line."""
    nul = block.find(b"\x00")
    if nul >= 0:
        line = first_line + block.count(b"\n", 0, nul)
        raise CorpusError(f"{path}:{line}: NUL byte in text; is this a binary or UTF-16 file? convert it to UTF-8")
    try:
        return block.decode("utf-8")
    except UnicodeDecodeError as e:
        line = first_line + block.count(b"\n", 0, e.start)
        raise CorpusError(f"{path}:{line}: invalid UTF-8 (byte {block[e.start]:#04x}); re-encode the file as "
                          "UTF-8") from None


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes as stored (compressed, for .gz): the cache key of anything derived from it."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError as e:
        raise CorpusError(f"{path}: cannot read ({e})") from None
    return h.hexdigest()


@dataclass
class FileScan:
    """What one full pass over a file found."""

    path: Path
    lines: int
    crlf: int
    bom: bool
    nonempty: bool  # some line has a non-whitespace character


def scan_file(path: Path) -> FileScan:
    """Count lines and check every byte decodes, one block at a time."""
    crlf, nonempty = 0, False
    with LineReader(path) as reader:
        for first, block in reader.blocks():
            check_text(path, first, block)
            crlf += block.count(b"\r\n")
            nonempty = nonempty or bool(block.strip())
        return FileScan(path, reader.lines_read, crlf, reader.bom, nonempty)


def scan_pair(src: Path, tgt: Path) -> tuple[FileScan, FileScan]:
    """Both files of a training corpus, checked before anything is derived from them."""
    a, b = scan_file(src), scan_file(tgt)
    if a.lines != b.lines:
        longer, shorter = (a, b) if a.lines > b.lines else (b, a)
        raise CorpusError(f"{a.path} has {a.lines} lines but {b.path} has {b.lines}; {longer.path}:"
                          f"{shorter.lines + 1} has no partner line; parallel files must be aligned line by line")
    for scan in (a, b):
        if not scan.nonempty:
            raise CorpusError(f"{scan.path}: empty corpus (no non-empty lines)")
    return a, b


def tokenizer_training_pairs(src: Path, tgt: Path, positions: np.ndarray | None,
                             limit: int = 0) -> tuple[list[str], list[str]]:
    """What the tokenizer trains on: stripped lines of the pairs at sorted 0-based ``positions`` (None:
    every pair, in corpus order), leaving out pairs with an empty side."""
    out_src: list[str] = []
    out_tgt: list[str] = []
    with LineReader(src) as a, LineReader(tgt) as b:
        for first, block_a in a.blocks(limit):
            n = count_lines(block_a)
            lines_a, lines_b = block_a.split(b"\n"), b.read_lines(n).split(b"\n")
            start = first - 1
            if positions is None:
                picked = range(n)
            else:
                lo, hi = np.searchsorted(positions, [start, start + n])
                picked = (positions[lo:hi] - start).tolist()
            for k in picked:
                s = check_text(src, first + k, lines_a[k]).strip()
                t = check_text(tgt, first + k, lines_b[k]).strip()
                if s and t:
                    out_src.append(s)
                    out_tgt.append(t)
    return out_src, out_tgt

"""Read parallel text files (``PREFIX.LANG`` or ``PREFIX.LANG.gz``) and validate them at the edge.

Every problem a user can cause with a corpus becomes one ``CorpusError`` line naming the file (and the
line number where there is one). What can be tolerated is tolerated and counted: CRLF line ends, a UTF-8
byte-order mark, empty lines.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from pathlib import Path

from seq2seq.data.stream import READ_ERRORS, check_text, file_digest, open_binary
from seq2seq.errors import CorpusError

log = logging.getLogger(__name__)

BOM = "\ufeff"


def resolve(prefix: str, lang: str) -> Path:
    """``PREFIX.LANG`` if it exists, else ``PREFIX.LANG.gz``; the error names both candidates."""
    plain = Path(f"{prefix}.{lang}")
    gz = Path(f"{prefix}.{lang}.gz")
    for path in (plain, gz):
        if path.is_dir():
            raise CorpusError(f"{path}: is a directory, expected a text file with one sentence per line")
        if path.exists():
            return path
    raise CorpusError(f"{plain}: no such file (nor {gz.name}); check the data.* prefixes and language suffixes")


def read_bytes(path: Path) -> bytes:
    with open_binary(path) as f:
        try:
            return f.read()
        except READ_ERRORS as e:
            raise CorpusError(f"{path}: cannot read ({e})") from None


@dataclass
class TextFile:
    """The lines of one corpus file, decoded and normalised, with what was tolerated on the way."""

    path: Path
    lines: list[str]
    crlf: int = 0
    bom: bool = False


def read_lines(path: Path) -> TextFile:
    """Decode a whole file as UTF-8; invalid bytes and NUL bytes are errors with their line number."""
    text = check_text(path, 1, read_bytes(path))
    bom = text.startswith(BOM)
    if bom:
        text = text[1:]
    crlf = text.count("\r\n")
    if crlf:
        text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it does not start a new one
    return TextFile(path, lines, crlf=crlf, bom=bom)


@dataclass
class ParallelText:
    """Aligned source, target and extra reference lines of one split."""

    name: str
    src: list[str]
    tgt: list[str]
    refs: dict[str, list[str]] = field(default_factory=dict)
    paths: list[Path] = field(default_factory=list)
    report: dict[str, int] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.src)

    def digest(self) -> str:
        return hashlib.sha256("".join(file_digest(p) for p in self.paths).encode()).hexdigest()


def read_parallel(name: str, prefix: str, src: str, tgt: str, refs: tuple[str, ...] = (), limit: int = 0,
                  skip_empty: bool = False, quiet: bool = False) -> ParallelText:
    """Read one split and check that all its files have the same number of lines.

    ``skip_empty`` drops pairs with an empty side (training); dev and test keep every line so that each
    gets a translation. ``limit`` keeps the first N lines (quick checks). ``quiet``: no log line (a
    pre-flight check that reads the split before the run reads and reports it).
    """
    files = [read_lines(resolve(prefix, lang)) for lang in (src, tgt, *refs)]
    counts = [len(f.lines) for f in files]
    for f, n in zip(files[1:], counts[1:]):
        if n != counts[0]:
            raise CorpusError(f"{files[0].path} has {counts[0]} lines but {f.path} has {n}; "
                              "parallel files must be aligned line by line")
    for f in files:  # every side: an empty target file is as useless as an empty source file
        if not any(line.strip() for line in f.lines):
            raise CorpusError(f"{f.path}: empty corpus (no non-empty lines)")
    report = {"lines": counts[0], "crlf_lines": sum(f.crlf for f in files), "bom_files": sum(f.bom for f in files)}
    columns = [[line.strip() for line in f.lines] for f in files]
    if limit:
        columns = [c[:limit] for c in columns]
    empty = [i for i, pair in enumerate(zip(columns[0], columns[1])) if not pair[0] or not pair[1]]
    report["empty_pairs"] = len(empty)
    if skip_empty and empty:
        drop = set(empty)
        columns = [[x for i, x in enumerate(c) if i not in drop] for c in columns]
    if skip_empty and not columns[0]:
        raise CorpusError(f"{files[0].path}: no pair with both sides non-empty")
    text = ParallelText(name, columns[0], columns[1], dict(zip(refs, columns[2:])), [f.path for f in files], report)
    tolerated = {k: v for k, v in report.items() if k != "lines" and v}
    if not quiet:
        log.info("%s: %d lines from %s%s", name, len(text), files[0].path,
                 "" if not tolerated else " (tolerated: " + ", ".join(f"{k}={v}" for k, v in tolerated.items()) + ")")
    return text

"""seq2seq-translate: stdin -> stdout, one translation per input line, in order, while input streams in.

Input is read in chunks: whatever has arrived (up to ``chunk`` lines) is translated together, so a pipe
from a large file batches well and bounded memory holds, while an interactive user gets each line back
as soon as it is typed. Only translations go to stdout; logs go to stderr. With ``prefix_sep=TAB`` each
line is ``source<TAB>prefix`` and its translation is forced to start with the prefix (interactive MT).
"""
from __future__ import annotations

import contextlib
import itertools
import os
import select
import sys
from typing import IO, Iterator

from seq2seq.config import TranslateConfig
from seq2seq.inference.translator import Translator
from seq2seq.rundir import atomic_write
from seq2seq.search.options import SearchOptions


def file_chunks(stream: IO[str], size: int) -> Iterator[list[str]]:
    """Full chunks of ``size`` lines from a file (it is all there: no need to wait for more)."""
    while chunk := list(itertools.islice(stream, size)):
        yield chunk


def stream_chunks(fd: int, size: int) -> Iterator[list[str]]:
    """Chunks of at most ``size`` lines from a pipe or terminal, yielded as soon as no more is ready.

    Reads raw bytes with ``os.read`` (Python's line buffering would hide ready input from ``select``),
    so output follows input line by line when input trickles in and batches when it floods in.
    """
    pending, lines = b"", []
    while True:
        data = os.read(fd, 1 << 16)
        if not data:
            break
        pending += data
        *complete, pending = pending.split(b"\n")
        lines.extend(line.decode("utf-8", errors="replace") for line in complete)
        while len(lines) >= size:
            yield lines[:size]
            lines = lines[size:]
        if lines and not _readable(fd):
            yield lines
            lines = []
    if pending:
        lines.append(pending.decode("utf-8", errors="replace"))
    if lines:
        yield lines


def _readable(fd: int) -> bool:
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def run_translate(cfg: TranslateConfig) -> int:
    """Translate ``input`` (or stdin) to ``output`` (or stdout); returns the number of lines."""
    translator = Translator.from_config(cfg)
    opts = SearchOptions.of(cfg)
    size = 1 if cfg.line_buffered else cfg.chunk
    count = 0
    with contextlib.ExitStack() as stack:
        if cfg.input:
            source = stack.enter_context(open(cfg.input, encoding="utf-8", errors="replace", newline="\n"))
            chunks = file_chunks(source, size)
        else:
            chunks = stream_chunks(sys.stdin.fileno(), size)
        # output= through the atomic writer: a failed run never leaves a half-written file
        sink = stack.enter_context(atomic_write(cfg.output) if cfg.output else contextlib.nullcontext(sys.stdout))
        for chunk in chunks:
            for k, best in enumerate(_translate_chunk(translator, chunk, opts, cfg)):
                if cfg.n_best == 1:
                    sink.write(best.text + "\n")
                else:
                    sink.writelines(f"{count + k} ||| {h.text} ||| {h.score:.4f}\n" for h in best.nbest)
            sink.flush()
            count += len(chunk)
    return count


def _translate_chunk(translator: Translator, chunk: list[str], opts: SearchOptions, cfg: TranslateConfig):
    """The chunk's translations; with ``prefix_sep``, each line is split at its first separator into the
    source and the target prefix to force."""
    sep = cfg.prefix_separator
    if not sep:
        return translator.translate_encoded(translator.encode(chunk), opts, batch_tokens=cfg.batch_tokens)
    parts = [line.rstrip("\r\n").partition(sep) for line in chunk]
    prefix = translator.encode_prefix([p for _, _, p in parts], len(parts))
    return translator.translate_encoded(translator.encode([s for s, _, _ in parts]), opts,
                                        batch_tokens=cfg.batch_tokens, prefix=prefix)

"""seq2seq-translate: stdin -> stdout, one translation per input line, in order, while input streams in.

Input is read in chunks: whatever has arrived (up to ``chunk`` lines) is translated together, so a pipe
from a large file batches well and bounded memory holds, while an interactive user gets each line back
as soon as it is typed. Only translations go to stdout; logs go to stderr.
"""
from __future__ import annotations

import os
import select
import sys
from typing import IO, Iterator

from seq2seq.config import TranslateConfig, validate_inference
from seq2seq.data.batching import TokenArray
from seq2seq.evaluate import translate_ids
from seq2seq.inference import LoadedRun, load_run


def clean(line: str) -> str:
    """Tokenizer-safe input: no line breaks inside a line, no NULs or other C0 controls but tab."""
    line = line.rstrip("\r\n")
    return "".join(ch if ch >= " " or ch == "\t" else " " for ch in line).strip()


def file_chunks(stream: IO[str], size: int) -> Iterator[list[str]]:
    """Full chunks of ``size`` lines from a file (it is all there: no need to wait for more)."""
    buf: list[str] = []
    for line in stream:
        buf.append(line)
        if len(buf) >= size:
            yield buf
            buf = []
    if buf:
        yield buf


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


def translate_lines(run: LoadedRun, cfg: TranslateConfig, lines: list[str]):
    """n-best lists (decoded text, normalised score) for each line, in input order."""
    tok = run.tokenizer
    text = [clean(line) for line in lines]
    hyps = translate_ids(run.model, TokenArray.from_lists(tok.encode_src(text)), pad_id=tok.pad_id,
                         bos_id=tok.bos_id, eos_id=tok.eos_id, device=run.device, precision=run.precision,
                         batch_tokens=cfg.batch_tokens, opts=run.search_options(cfg, n_best=cfg.n_best))
    return [[(tok.decode_tgt(x.tokens), x.norm_score) for x in h] for h in hyps]


def run_translate(cfg: TranslateConfig) -> int:
    """Translate ``input`` (or stdin) to ``output`` (or stdout); returns the number of lines."""
    validate_inference(cfg)
    run = load_run(cfg)
    size = 1 if cfg.line_buffered else cfg.chunk
    if cfg.input:
        source = open(cfg.input, encoding="utf-8", errors="replace", newline="\n")
        chunks = file_chunks(source, size)
    else:
        source = None
        chunks = stream_chunks(sys.stdin.fileno(), size)
    sink = open(cfg.output + ".tmp", "w", encoding="utf-8") if cfg.output else sys.stdout
    count = 0
    try:
        for chunk in chunks:
            for k, nbest in enumerate(translate_lines(run, cfg, chunk)):
                if cfg.n_best == 1:
                    sink.write(nbest[0][0] + "\n")
                else:
                    sink.writelines(f"{count + k} ||| {text} ||| {score:.4f}\n" for text, score in nbest)
            sink.flush()
            count += len(chunk)
    finally:
        if source is not None:
            source.close()
        if cfg.output:
            sink.close()
    if cfg.output:
        os.replace(cfg.output + ".tmp", cfg.output)  # a failed run never leaves a half-written output
    return count

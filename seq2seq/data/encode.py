"""A training corpus encoded on every core, straight into memory-mapped id arrays in the cache.

Layout of one cache entry (a folder, made whole by ``rundir.atomic_folder`` or not at all)::

    src.ids.npy  int32 (total source tokens,)     src.offsets.npy  int64 (lines + 1,)
    tgt.ids.npy  int32 (total target tokens,)     tgt.offsets.npy  int64 (lines + 1,)
    meta.json    line count and what was tolerated (CRLF, BOM)

Line ``i`` of a side is ``ids[offsets[i]:offsets[i+1]]``, stripped and encoded without BOS/EOS; an empty
line is an empty sequence, so positions stay the line numbers minus one. The main process reads
line-aligned blocks and appends results in order; worker processes decode and encode (sentencepiece
gives its lists to Python under the GIL, so threads would not help). At most ``2 x workers`` blocks are
in flight, so memory is bounded by the block size, not the corpus. This module imports no torch: the
workers stay small.
"""
from __future__ import annotations

import itertools
import json
import multiprocessing
import os
from collections import deque
from pathlib import Path

import numpy as np
import sentencepiece as spm

from seq2seq.data.arrays import ParallelIds
from seq2seq.data.ondisk import DiskTokenArray
from seq2seq.data.stream import LineReader, check_text
from seq2seq.errors import CorpusError
from seq2seq.rundir import NpyAppender, atomic_folder, save_npy, write_json

SIDES = ("src", "tgt")
_models: dict[str, spm.SentencePieceProcessor] = {}


def _load_models(paths: dict[str, str]) -> None:
    _models.clear()
    _models.update({side: spm.SentencePieceProcessor(model_file=path) for side, path in paths.items()})


def encode_block(side: str, path: Path, first_line: int, block: bytes) -> tuple[np.ndarray, np.ndarray, int]:
    """One block of lines -> (lengths (lines,) int32, flat ids int32, CRLF line ends in it)."""
    text = check_text(path, first_line, block)
    lines = [line.strip() for line in text.split("\n")]
    if text.endswith("\n"):
        lines.pop()  # the final newline ends the last line; it does not start a new one
    seqs = _models[side].encode(lines, out_type=int)
    lengths = np.fromiter(map(len, seqs), dtype=np.int32, count=len(seqs))
    flat = np.fromiter(itertools.chain.from_iterable(seqs), dtype=np.int32, count=int(lengths.sum()))
    return lengths, flat, block.count(b"\r\n")


def _tasks(paths: dict[str, Path], limit: int):
    for side in SIDES:
        with LineReader(paths[side]) as reader:
            for first, block in reader.blocks(limit):
                yield side, paths[side], first, block


def _pool(workers: int, model_paths: dict[str, str]):
    # fork where there is one: no re-import of the caller's __main__ (a console script that imports
    # torch) in every worker. The workers touch only sentencepiece and numpy.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method).Pool(workers, initializer=_load_models, initargs=(model_paths,))


def encode_corpus(model_paths: dict[str, Path], paths: dict[str, Path], lines: int, out: Path,
                  limit: int = 0, workers: int | None = None, meta: dict | None = None) -> None:
    """Encode both files (their first ``limit`` lines if set) into the cache folder ``out``.

    ``model_paths``/``paths``: per side, the sentencepiece model and the corpus file. ``lines``: the
    count both files were checked to have. ``workers``: processes (default: every core; 1 encodes in
    this process, as small corpora do since a pool costs more than it saves).
    """
    expected = min(lines, limit) if limit else lines
    if workers is None:
        workers = 1 if expected < 50_000 else os.cpu_count() or 1
    str_models = {side: str(p) for side, p in model_paths.items()}
    with atomic_folder(out) as tmp:
        writers = {side: NpyAppender(tmp / f"{side}.ids.npy", np.int32) for side in SIDES}
        lengths: dict[str, list[np.ndarray]] = {side: [] for side in SIDES}
        crlf = 0

        def take(result: tuple[str, tuple[np.ndarray, np.ndarray, int]]) -> None:
            nonlocal crlf
            side, (lens, flat, n_crlf) = result
            lengths[side].append(lens)
            writers[side].append(flat)
            crlf += n_crlf

        if workers == 1:
            _load_models(str_models)
            for side, path, first, block in _tasks(paths, limit):
                take((side, encode_block(side, path, first, block)))
        else:
            with _pool(workers, str_models) as pool:
                pending: deque = deque()
                for task in _tasks(paths, limit):
                    pending.append((task[0], pool.apply_async(encode_block, task)))
                    if len(pending) >= 2 * workers:
                        side, res = pending.popleft()
                        take((side, res.get()))
                while pending:
                    side, res = pending.popleft()
                    take((side, res.get()))
        for side in SIDES:
            writers[side].close()
            lens = np.concatenate(lengths[side]) if lengths[side] else np.zeros(0, np.int32)
            if len(lens) != expected:
                raise CorpusError(f"{paths[side]}: read {len(lens)} lines, expected {expected}; did the file change "
                                  "while it was read?")
            offsets = np.zeros(len(lens) + 1, dtype=np.int64)
            np.cumsum(lens, out=offsets[1:])
            save_npy(tmp / f"{side}.offsets.npy", offsets)
        write_json(tmp / "meta.json", {**(meta or {}), "lines": expected, "crlf_lines": crlf})


def load_corpus(folder: Path) -> tuple[ParallelIds, dict]:
    """The arrays of a cache entry, left on disk (``ondisk.py``): memory does not grow with the corpus."""
    sides = [DiskTokenArray(folder / f"{side}.ids.npy", folder / f"{side}.offsets.npy") for side in SIDES]
    return ParallelIds(*sides), json.loads((folder / "meta.json").read_text())

"""seq2seq-align: Pharaoh links for given sentence pairs, one line per pair, in order, a chunk at a time.

Every input is checked before anything is written: the two text files must have as many lines, a
reference (``gold=``) one line per pair with links inside their sentences, and a reverse run
(``reverse_run=``) the opposite direction. Links go to stdout or, through the atomic writer, to
``output=`` (a failed run leaves no half file); soft word matrices to ``matrices=`` the same way.
"""
from __future__ import annotations

import contextlib
import json
import logging
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Optional

import numpy as np

from seq2seq.analysis.aer import AlignmentScores, Reference, format_links, read_links, score_alignments
from seq2seq.config import AlignConfig
from seq2seq.data.corpus import read_lines
from seq2seq.errors import ConfigError, CorpusError
from seq2seq.inference.aligner import Alignment, symmetrised
from seq2seq.inference.translator import Translator
from seq2seq.rundir import atomic_write, write_text

log = logging.getLogger(__name__)


@dataclass
class AlignResult:
    pairs: int
    scores: Optional[AlignmentScores] = None


def read_pairs(cfg: AlignConfig) -> tuple[list[str], list[str]]:
    """Both text files, refused in one line when one is missing or their line counts differ."""
    sources, targets = read_lines(Path(cfg.src)).lines, read_lines(Path(cfg.tgt)).lines
    if len(sources) != len(targets):
        shorter = cfg.src if len(sources) < len(targets) else cfg.tgt
        raise CorpusError(f"{shorter}:{min(len(sources), len(targets)) + 1}: src= has {len(sources)} lines but "
                          f"tgt= has {len(targets)}; give one translation per source line")
    return sources, targets


def matrix_record(fwd: Alignment, links, rev: Optional[Alignment]) -> dict:
    """One JSON line: the words, the soft (target words, source words + EOS) matrix and the links written."""
    entry = {"source_words": fwd.source_words, "target_words": fwd.target_words,
             "matrix": np.round(fwd.word_matrix, 5).tolist(), "links": [list(link) for link in links]}
    if rev is not None:  # the reverse run's matrix, in its own orientation (rows: our source words)
        entry["reverse_matrix"] = np.round(rev.word_matrix, 5).tolist()
    return entry


def _load(cfg: AlignConfig) -> tuple[Translator, Optional[Translator]]:
    """The run, and ``reverse_run=``'s, which must read our target language and write our source language."""
    forward = Translator.from_run(cfg.run_dir, cfg.checkpoint, cfg.device, cfg.precision, cfg.num_threads)
    if not cfg.reverse_run:
        return forward, None
    reverse = Translator.from_run(cfg.reverse_run, cfg.reverse_checkpoint, cfg.device, cfg.precision,
                                  cfg.num_threads)
    fwd, rev = (forward.data.src, forward.data.tgt), (reverse.data.src, reverse.data.tgt)
    if rev != fwd[::-1]:
        raise ConfigError(f"reverse_run={cfg.reverse_run} translates {rev[0]}->{rev[1]}, but run_dir= translates "
                          f"{fwd[0]}->{fwd[1]}; give a run trained {fwd[1]}->{fwd[0]} (data.src={fwd[1]} "
                          f"data.tgt={fwd[0]})")
    return forward, reverse


def run_align(cfg: AlignConfig) -> AlignResult:
    """Align ``src``/``tgt`` pair by pair; with ``gold=``, score the links written against it."""
    sources, targets = read_pairs(cfg)
    gold: Optional[list[Reference]] = read_links(cfg.gold, sources, targets) if cfg.gold else None
    forward, reverse = _load(cfg)
    opts = dict(reading=str(cfg.reading), threshold=cfg.threshold, shift=cfg.shift, batch_tokens=cfg.batch_tokens)
    written: list[list] = []
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(atomic_write(cfg.output) if cfg.output else contextlib.nullcontext(sys.stdout))
        matrices = stack.enter_context(atomic_write(cfg.matrices)) if cfg.matrices else None
        for start in range(0, len(sources), cfg.chunk):
            src, tgt = sources[start: start + cfg.chunk], targets[start: start + cfg.chunk]
            fwd = forward.align(src, tgt, **opts)
            rev = reverse.align(tgt, src, **opts) if reverse is not None else None
            links = symmetrised(fwd, rev, cfg.symmetrise) if rev is not None else [a.links for a in fwd]
            sink.writelines(format_links(pair) + "\n" for pair in links)
            sink.flush()
            if matrices is not None:
                matrices.writelines(json.dumps(matrix_record(f, pair, r if rev else None), ensure_ascii=False) + "\n"
                                    for f, pair, r in zip(fwd, links, rev or fwd))
            written.extend(links)
    scores = score_alignments(written, gold) if gold is not None else None
    if scores is not None and cfg.scores:
        settings = {k: str(v) if not isinstance(v, (bool, int, float)) else v for k, v in asdict(cfg).items()}
        write_text(cfg.scores, json.dumps({**asdict(scores), "step": forward.step, "settings": settings},
                                          indent=1) + "\n")
    return AlignResult(len(written), scores)

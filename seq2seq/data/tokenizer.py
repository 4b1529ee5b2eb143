"""sentencepiece models for both sides: trained on the training split only, cached, copied into runs.

Special ids are fixed when a model is trained (pad 0, unk 1, bos 2, eos 3) and read back from the model
everywhere else, so a user-supplied model with other ids still works.
"""
from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import time
from dataclasses import asdict
from pathlib import Path
from typing import Iterable, Sequence

import sentencepiece as spm

from seq2seq.config import TokenizerConfig
from seq2seq.errors import CheckpointError, ConfigError
from seq2seq.rundir import RunDir, copy_file, write_bytes

log = logging.getLogger(__name__)

TRAIN_IDS = {"pad_id": 0, "unk_id": 1, "bos_id": 2, "eos_id": 3}
FORMAT_VERSION = 2  # bump when the cached files change meaning


def cache_root(cfg: TokenizerConfig) -> Path:
    return Path(cfg.cache_dir or os.environ.get("SEQ2SEQ_CACHE", "~/.cache/seq2seq")).expanduser()


def settings_key(cfg: TokenizerConfig, corpus_digest: str) -> str:
    """Cache key: the training corpus contents and every setting that changes the trained model."""
    settings = {k: v for k, v in asdict(cfg).items() if k != "cache_dir"}
    blob = json.dumps({"corpus": corpus_digest, "settings": settings, "version": FORMAT_VERSION}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


class Tokenizer:
    """One joint model, or a source and a target model, loaded from ``*.model`` files."""

    def __init__(self, src_model: Path, tgt_model: Path):
        self.src_model_path, self.tgt_model_path = Path(src_model), Path(tgt_model)
        self.src = _load(self.src_model_path)
        self.tgt = self.src if self.tgt_model_path == self.src_model_path else _load(self.tgt_model_path)
        self.pad_id, self.unk_id = self.tgt.pad_id(), self.tgt.unk_id()
        self.bos_id, self.eos_id = self.tgt.bos_id(), self.tgt.eos_id()
        for sp, path in ((self.src, self.src_model_path), (self.tgt, self.tgt_model_path)):
            if min(sp.pad_id(), sp.bos_id(), sp.eos_id()) < 0:
                raise CheckpointError(f"{path}: sentencepiece model lacks pad/bos/eos ids; train it with "
                                      "pad_id, bos_id and eos_id set")
        if (self.src.pad_id(), self.src.eos_id()) != (self.pad_id, self.eos_id):
            raise CheckpointError(f"{self.src_model_path}: special ids differ from {self.tgt_model_path}")

    @property
    def joint(self) -> bool:
        return self.src is self.tgt

    @property
    def src_vocab_size(self) -> int:
        return self.src.get_piece_size()

    @property
    def tgt_vocab_size(self) -> int:
        return self.tgt.get_piece_size()

    def encode_src(self, lines: Sequence[str]) -> list[list[int]]:
        return self.src.encode(list(lines), out_type=int, num_threads=os.cpu_count() or 1)

    def encode_tgt(self, lines: Sequence[str]) -> list[list[int]]:
        return self.tgt.encode(list(lines), out_type=int, num_threads=os.cpu_count() or 1)

    def decode_tgt(self, ids: Sequence[int]) -> str:
        return self.tgt.decode([int(i) for i in ids])

    def src_pieces(self, ids: Sequence[int]) -> list[str]:
        return [self.src.id_to_piece(int(i)) for i in ids]

    def tgt_pieces(self, ids: Sequence[int]) -> list[str]:
        return [self.tgt.id_to_piece(int(i)) for i in ids]

    def files(self) -> list[Path]:
        return [self.src_model_path] if self.joint else [self.src_model_path, self.tgt_model_path]

    def copy_to(self, run: RunDir | Path) -> "Tokenizer":
        """Copy the model file(s) into a run folder so the run is self-contained."""
        run = RunDir(run) if not isinstance(run, RunDir) else run
        for src, dst in zip(self.files(), dict.fromkeys(run.tokenizer_files(self.joint))):
            copy_file(src, dst)
        # A reused run folder may hold the other layout from an earlier run: it must not be read back.
        for stale in set(run.tokenizer_files(not self.joint)) - set(run.tokenizer_files(self.joint)):
            stale.unlink(missing_ok=True)
        return Tokenizer.from_run(run, self.joint)

    @staticmethod
    def from_run(run: RunDir | Path, joint: bool | None = None) -> "Tokenizer":
        """The run's model(s); ``joint`` comes from the run's config (None: the newer layout present)."""
        run = RunDir(run) if not isinstance(run, RunDir) else run
        layouts = {j: run.tokenizer_files(j) for j in (True, False) if all(p.exists() for p in run.tokenizer_files(j))}
        if joint is None and layouts:
            # Both present only in a folder reused across runs: the newer files are this run's.
            joint = max(layouts, key=lambda j: min(p.stat().st_mtime_ns for p in layouts[j]))
        if joint not in layouts:
            names = "spm.model" if joint else "spm.src.model + spm.tgt.model" if joint is False else \
                "spm.model or spm.src.model + spm.tgt.model"
            raise CheckpointError(f"{run.root}: no sentencepiece model ({names})")
        return Tokenizer(*layouts[joint])


def _load(path: Path) -> spm.SentencePieceProcessor:
    try:
        return spm.SentencePieceProcessor(model_file=str(path))
    except (OSError, RuntimeError) as e:
        raise CheckpointError(f"{path}: not a readable sentencepiece model ({e})") from None


def _train_one(lines: Iterable[str], cfg: TokenizerConfig, out: Path) -> None:
    """Train one model and write it through the one atomic writer."""
    model = io.BytesIO()
    try:
        spm.SentencePieceTrainer.train(
            sentence_iterator=(line for line in lines if line), model_writer=model, model_type=str(cfg.type),
            vocab_size=cfg.vocab_size, character_coverage=cfg.character_coverage, byte_fallback=cfg.byte_fallback,
            input_sentence_size=cfg.input_sentence_size, shuffle_input_sentence=True,
            hard_vocab_limit=False,  # a small corpus may not support the full vocabulary: shrink, don't fail
            num_threads=os.cpu_count() or 1, minloglevel=2, **TRAIN_IDS)
    except RuntimeError as e:  # e.g. vocab_size below the corpus's characters (+ 256 byte pieces)
        raise ConfigError(f"tokenizer (type={cfg.type}, vocab_size={cfg.vocab_size}): sentencepiece cannot "
                          f"train on this corpus: {e}") from None
    write_bytes(out, model.getvalue())


def _cache_paths(cfg: TokenizerConfig, corpus_digest: str) -> tuple[Path, Path]:
    folder = cache_root(cfg) / "spm" / settings_key(cfg, corpus_digest)
    names = ("spm.model", "spm.model") if cfg.joint else ("spm.src.model", "spm.tgt.model")
    return folder / names[0], folder / names[1]


def load_cached(cfg: TokenizerConfig, corpus_digest: str) -> Tokenizer | None:
    """The tokenizer this corpus and these settings trained before, if the cache has it."""
    paths = _cache_paths(cfg, corpus_digest)
    if all(p.exists() for p in paths):
        log.info("tokenizer: cache hit %s", paths[0].parent)
        return Tokenizer(*paths)
    return None


def tokenizer_training_size(cfg: TokenizerConfig) -> int:
    """Pairs the tokenizer trains on at most: ``input_sentence_size`` sentences per model (a joint model takes
    both sides of a pair, so half as many pairs)."""
    return (cfg.input_sentence_size + 1) // 2 if cfg.joint else cfg.input_sentence_size


def train_or_load(cfg: TokenizerConfig, src_lines: Sequence[str], tgt_lines: Sequence[str],
                  corpus_digest: str) -> tuple[Tokenizer, bool]:
    """(the tokenizer for this corpus and settings, whether the cache had it): trained on these lines
    unless the cache has it."""
    cached = load_cached(cfg, corpus_digest)
    if cached is not None:
        return cached, True
    paths = _cache_paths(cfg, corpus_digest)
    start = time.perf_counter()
    if cfg.joint:
        _train_one([*src_lines, *tgt_lines], cfg, paths[0])
    else:
        _train_one(src_lines, cfg, paths[0])
        _train_one(tgt_lines, cfg, paths[1])
    log.info("tokenizer: trained %s %s vocab %d on %d pairs in %.1f s -> %s", "joint" if cfg.joint else "per-side",
             cfg.type, cfg.vocab_size, len(src_lines), time.perf_counter() - start, paths[0].parent)
    return Tokenizer(*paths), False

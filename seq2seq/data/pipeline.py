"""corpus -> tokenizer -> cached id arrays: everything the trainer needs, prepared once per corpus."""
from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from seq2seq.config import DataConfig, TokenizerConfig
from seq2seq.data.arrays import ParallelIds, TokenArray
from seq2seq.data.corpus import ParallelText, file_digest, read_parallel
from seq2seq.data.tokenizer import Tokenizer, cache_root, settings_key, train_or_load
from seq2seq.rundir import atomic_write

log = logging.getLogger(__name__)


@dataclass
class Split:
    """Raw lines (for references and sample printing) beside their ids."""

    text: ParallelText
    ids: ParallelIds


@dataclass
class PreparedData:
    tokenizer: Tokenizer
    train: ParallelIds
    dev: Split
    test: Split
    report: dict = field(default_factory=dict)
    # Positions in ``train`` of the pairs to train on (within data.max_len); None: all of them. An index
    # rather than a filtered copy, so a memory-mapped corpus is never copied into memory.
    train_index: np.ndarray | None = None


def _encode_cached(tok: Tokenizer, text: ParallelText, folder: Path, key: str) -> tuple[ParallelIds, bool]:
    """Encode a split, or load its arrays from the cache (key: tokenizer + file contents + limit)."""
    digest = hashlib.sha256(f"{key}:{text.digest()}:{len(text)}".encode()).hexdigest()[:20]
    paths = [folder / f"{text.name}-{digest}.{side}.npz" for side in ("src", "tgt")]
    if all(p.exists() for p in paths):
        return ParallelIds(TokenArray.load(paths[0]), TokenArray.load(paths[1])), True
    ids = ParallelIds(TokenArray.from_lists(tok.encode_src(text.src)), TokenArray.from_lists(tok.encode_tgt(text.tgt)))
    for arr, path in zip((ids.src, ids.tgt), paths):
        with atomic_write(path, "wb") as f:  # a killed run never leaves a half-written cache entry
            arr.save(f)
    return ids, False


def prepare_data(data: DataConfig, tok_cfg: TokenizerConfig, tokenizer: Tokenizer | None = None) -> PreparedData:
    """Read the three splits, train (or reuse) the tokenizer on train, encode, filter training by length.

    ``tokenizer``: use this one instead (a resumed run keeps the exact model it was trained with).
    """
    refs = tuple(data.refs)
    train_text = read_parallel("train", data.train, data.src, data.tgt, limit=data.limit_train, skip_empty=True)
    dev_text = read_parallel("dev", data.dev, data.src, data.tgt, refs, limit=data.limit_eval)
    test_text = read_parallel("test", data.test, data.src, data.tgt, refs, limit=data.limit_eval)

    train_digest = hashlib.sha256(f"{train_text.digest()}:{data.limit_train}".encode()).hexdigest()
    start = time.perf_counter()
    if tokenizer is None:
        tok, tok_hit = train_or_load(tok_cfg, train_text.src, train_text.tgt, train_digest)
        key = settings_key(tok_cfg, train_digest)
    else:
        tok, tok_hit = tokenizer, True
        key = hashlib.sha256("".join(file_digest(p) for p in tok.files()).encode()).hexdigest()[:20]
    tok_seconds = time.perf_counter() - start

    folder = cache_root(tok_cfg) / "ids" / key
    start = time.perf_counter()
    train_ids, hit_train = _encode_cached(tok, train_text, folder, key)
    dev_ids, hit_dev = _encode_cached(tok, dev_text, folder, key)
    test_ids, hit_test = _encode_cached(tok, test_text, folder, key)
    encode_seconds = time.perf_counter() - start

    # The length limit applies to training only: dev and test lines always get a translation.
    keep = np.flatnonzero((train_ids.src.lengths() <= data.max_len) & (train_ids.tgt.lengths() <= data.max_len))
    too_long = len(train_ids) - len(keep)
    if too_long:
        train_ids = train_ids.subset(keep)
    report = {
        "train_pairs": len(train_ids), "train_too_long": too_long,
        "train_empty_pairs_skipped": train_text.report["empty_pairs"],
        "dev_lines": len(dev_text), "test_lines": len(test_text),
        "tolerated_crlf_lines": sum(t.report["crlf_lines"] for t in (train_text, dev_text, test_text)),
        "tolerated_bom_files": sum(t.report["bom_files"] for t in (train_text, dev_text, test_text)),
        "src_vocab": tok.src_vocab_size, "tgt_vocab": tok.tgt_vocab_size,
        "tokenizer_cache_hit": tok_hit, "ids_cache_hit": hit_train and hit_dev and hit_test,
        "tokenizer_seconds": round(tok_seconds, 2), "encode_seconds": round(encode_seconds, 2),
        "train_src_tokens": int(train_ids.src.lengths().sum()), "train_tgt_tokens": int(train_ids.tgt.lengths().sum()),
    }
    log.info("data: %d training pairs (%d over %d pieces skipped, %d with an empty side skipped), "
             "%d dev, %d test lines; vocab %d/%d; tokenizer %s in %.1f s, ids %s in %.1f s",
             len(train_ids), too_long, data.max_len, train_text.report["empty_pairs"], len(dev_text),
             len(test_text), tok.src_vocab_size, tok.tgt_vocab_size, "loaded from cache" if tok_hit else "trained",
             tok_seconds, "loaded from cache" if report["ids_cache_hit"] else "encoded", encode_seconds)
    return PreparedData(tok, train_ids, Split(dev_text, dev_ids), Split(test_text, test_ids), report)

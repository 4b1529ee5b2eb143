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
from seq2seq.data.corpus import ParallelText, read_parallel, resolve
from seq2seq.data.encode import encode_corpus, load_corpus
from seq2seq.data.stream import file_digest, scan_pair, tokenizer_training_pairs
from seq2seq.data.tokenizer import (Tokenizer, cache_root, load_cached, settings_key, tokenizer_training_size,
                                    train_or_load)
from seq2seq.errors import CorpusError
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


def _train_corpus(data: DataConfig, tok_cfg: TokenizerConfig, tokenizer: Tokenizer | None
                  ) -> tuple[Tokenizer, ParallelIds, dict, str]:
    """Tokenizer and memory-mapped training ids, from the cache or streamed from the files.

    On a full cache hit the files are only hashed. Otherwise they are checked whole first (line counts,
    UTF-8), then read for the tokenizer's training pairs, then encoded in parallel; nothing is cached for
    a corpus that fails a check. Returns ``(tokenizer, ids, facts, key)``.
    """
    paths = {"src": resolve(data.train, data.src), "tgt": resolve(data.train, data.tgt)}
    digest = hashlib.sha256("".join(file_digest(p) for p in paths.values()).encode()).hexdigest()
    train_digest = hashlib.sha256(f"{digest}:{data.limit_train}".encode()).hexdigest()
    facts: dict = {}
    scans = None
    start = time.perf_counter()
    tok, facts["tokenizer_cache_hit"] = tokenizer, True
    if tok is None:
        tok = load_cached(tok_cfg, train_digest)
        key = settings_key(tok_cfg, train_digest)
    else:
        key = hashlib.sha256("".join(file_digest(p) for p in tok.files()).encode()).hexdigest()[:20]
    if tok is None:
        scans = scan_pair(paths["src"], paths["tgt"])
        n = min(scans[0].lines, data.limit_train or scans[0].lines)
        want = tokenizer_training_size(tok_cfg)
        # Small corpora train on every pair in corpus order; big ones on a uniform sample.
        positions = None if n <= want else np.sort(np.random.default_rng(0).choice(n, want, replace=False))
        src, tgt = tokenizer_training_pairs(paths["src"], paths["tgt"], positions, data.limit_train)
        if not src:
            raise CorpusError(f"{paths['src']}: no pair with both sides non-empty")
        tok, facts["tokenizer_cache_hit"] = train_or_load(tok_cfg, src, tgt, train_digest)
        del src, tgt
    facts["tokenizer_seconds"] = round(time.perf_counter() - start, 2)

    start = time.perf_counter()
    folder = cache_root(tok_cfg) / "ids" / key / f"train-{train_digest[:20]}"
    facts["ids_cache_hit"] = folder.is_dir()
    if not folder.is_dir():
        scans = scans or scan_pair(paths["src"], paths["tgt"])
        models = dict(zip(("src", "tgt"), (tok.src_model_path, tok.tgt_model_path)))
        encode_corpus(models, paths, scans[0].lines, folder, limit=data.limit_train,
                      meta={"bom_files": sum(sc.bom for sc in scans)})
    ids, meta = load_corpus(folder)
    facts["encode_seconds"] = round(time.perf_counter() - start, 2)
    facts.update(crlf_lines=meta["crlf_lines"], bom_files=meta["bom_files"])
    tolerated = {k: facts[k] for k in ("crlf_lines", "bom_files") if facts[k]}
    log.info("train: %d lines from %s%s", len(ids), paths["src"],
             "" if not tolerated else " (tolerated: " + ", ".join(f"{k}={v}" for k, v in tolerated.items()) + ")")
    return tok, ids, facts, key


def prepare_data(data: DataConfig, tok_cfg: TokenizerConfig, tokenizer: Tokenizer | None = None) -> PreparedData:
    """Train (or reuse) the tokenizer on the training split, encode all three splits, and pick the
    training pairs within ``data.max_len``.

    ``tokenizer``: use this one instead (a resumed run keeps the exact model it was trained with).
    """
    refs = tuple(data.refs)
    dev_text = read_parallel("dev", data.dev, data.src, data.tgt, refs, limit=data.limit_eval)
    test_text = read_parallel("test", data.test, data.src, data.tgt, refs, limit=data.limit_eval)
    tok, train_ids, facts, key = _train_corpus(data, tok_cfg, tokenizer)

    folder = cache_root(tok_cfg) / "ids" / key
    start = time.perf_counter()
    dev_ids, hit_dev = _encode_cached(tok, dev_text, folder, key)
    test_ids, hit_test = _encode_cached(tok, test_text, folder, key)
    facts["encode_seconds"] += round(time.perf_counter() - start, 2)

    # Pairs with an empty side teach nothing; the length limit applies to training only (dev and test
    # lines always get a translation). An index, so the memory-mapped arrays are never copied.
    src_len, tgt_len = train_ids.src.lengths(), train_ids.tgt.lengths()
    nonempty = (src_len > 0) & (tgt_len > 0)
    short = (src_len <= data.max_len) & (tgt_len <= data.max_len)
    index = np.flatnonzero(nonempty & short).astype(np.int32 if len(train_ids) < 2**31 else np.int64)
    empty, too_long = int((~nonempty).sum()), int((nonempty & ~short).sum())
    del src_len, tgt_len, nonempty, short
    if not len(index):
        raise CorpusError(f"{data.train}: no training pair left with both sides non-empty and at most "
                          f"data.max_len={data.max_len} pieces; raise data.max_len")
    report = {
        "train_pairs": len(index), "train_too_long": too_long, "train_empty_pairs_skipped": empty,
        "train_lines": len(train_ids), "dev_lines": len(dev_text), "test_lines": len(test_text),
        "tolerated_crlf_lines": facts["crlf_lines"] + sum(t.report["crlf_lines"] for t in (dev_text, test_text)),
        "tolerated_bom_files": facts["bom_files"] + sum(t.report["bom_files"] for t in (dev_text, test_text)),
        "src_vocab": tok.src_vocab_size, "tgt_vocab": tok.tgt_vocab_size,
        "tokenizer_cache_hit": facts["tokenizer_cache_hit"],
        "ids_cache_hit": facts["ids_cache_hit"] and hit_dev and hit_test,
        "tokenizer_seconds": facts["tokenizer_seconds"], "encode_seconds": round(facts["encode_seconds"], 2),
        "train_src_tokens": int(train_ids.src.lengths()[index].sum()),
        "train_tgt_tokens": int(train_ids.tgt.lengths()[index].sum()),
    }
    log.info("data: %d training pairs (%d over %d pieces skipped, %d with an empty side skipped), "
             "%d dev, %d test lines; vocab %d/%d; tokenizer %s in %.1f s, ids %s in %.1f s",
             len(index), too_long, data.max_len, empty, len(dev_text), len(test_text), tok.src_vocab_size,
             tok.tgt_vocab_size, "loaded from cache" if report["tokenizer_cache_hit"] else "trained",
             report["tokenizer_seconds"], "loaded from cache" if report["ids_cache_hit"] else "encoded",
             report["encode_seconds"])
    return PreparedData(tok, train_ids, Split(dev_text, dev_ids), Split(test_text, test_ids), report, train_index=index)

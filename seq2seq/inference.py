"""Rebuild a trained model and its tokenizer from a run folder alone.

The model config comes from the checkpoint, never from the current ``configs/``: an old run keeps
translating the way it was trained even after the defaults change.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import torch

from seq2seq import checkpoint
from seq2seq.config import DataConfig, InferenceConfig, ModelConfig
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.errors import CheckpointError
from seq2seq.evaluate import SearchOptions
from seq2seq.model.seq2seq import Seq2Seq
from seq2seq.runtime import configure_threads, resolve_device, resolve_precision

log = logging.getLogger(__name__)


@dataclass
class LoadedRun:
    run_dir: Path
    model: Seq2Seq
    tokenizer: Tokenizer
    data: DataConfig
    device: torch.device
    precision: str
    step: int

    def search_options(self, cfg: InferenceConfig, n_best: int = 1) -> SearchOptions:
        return SearchOptions(beam_size=cfg.beam_size, alpha=cfg.alpha, n_best=n_best, max_len_a=cfg.max_len_a,
                             max_len_b=cfg.max_len_b)


def _dataclass_from(cls, values: dict):
    known = {k: v for k, v in values.items() if k in cls.__dataclass_fields__}
    return cls(**known)


def load_run(cfg: InferenceConfig) -> LoadedRun:
    run_dir = Path(cfg.run_dir)
    if not run_dir.is_dir():
        raise CheckpointError(f"run_dir={run_dir}: no such folder; give a folder written by seq2seq-train")
    path = Path(cfg.checkpoint) if cfg.checkpoint.endswith(".pt") else run_dir / "checkpoints" / f"{cfg.checkpoint}.pt"
    if not path.exists():
        raise CheckpointError(f"{path}: no checkpoint in this run folder (has training reached its first "
                              "validation?); try checkpoint=last or checkpoint=PATH.pt")
    device = resolve_device(cfg.device)
    precision = resolve_precision(cfg.precision, device)
    configure_threads(cfg.num_threads, False)
    state = checkpoint.load(path, mmap=True)
    saved = state.get("config") or {}
    model_cfg = _dataclass_from(ModelConfig, saved.get("model", {}))
    data_cfg = _dataclass_from(DataConfig, saved.get("data", {}))
    tok = Tokenizer.from_folder(run_dir)
    vocab = state.get("vocab", {})
    if (vocab.get("src"), vocab.get("tgt")) != (tok.src_vocab_size, tok.tgt_vocab_size):
        raise CheckpointError(f"{path}: vocabulary {vocab.get('src')}/{vocab.get('tgt')} does not match the "
                              f"run's tokenizer {tok.src_vocab_size}/{tok.tgt_vocab_size}; "
                              "the checkpoint belongs to another run")
    model = Seq2Seq(model_cfg, tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id)
    try:
        model.load_state_dict(state["model"])
    except (RuntimeError, KeyError) as e:
        raise CheckpointError(f"{path}: weights do not fit the saved model config ({str(e).splitlines()[0][:160]})") from None
    model.to(device).eval()
    step = int(state.get("progress", {}).get("step", 0))
    log.info("loaded %s (step %d, %.2fM parameters) on %s, %s", path, step, model.num_parameters() / 1e6,
             device, precision)
    return LoadedRun(run_dir, model, tok, data_cfg, device, precision, step)


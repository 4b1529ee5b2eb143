"""A trained model and its tokenizer, rebuilt from a run folder alone, translating text.

The model config comes from the checkpoint, never from the current ``configs/``: an old run keeps
translating the way it was trained even after the defaults change. Every inference command uses this.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Sequence

import torch

from seq2seq import checkpoint
from seq2seq.config import DataConfig, ModelConfig
from seq2seq.data.arrays import TokenArray
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.errors import CheckpointError
from seq2seq.model.seq2seq import Seq2Seq, build_model
from seq2seq.rundir import RunDir
from seq2seq.runtime import configure_threads, resolve_device, resolve_precision
from seq2seq.search import Hypothesis, SearchOptions, translate_ids

log = logging.getLogger(__name__)


def clean(line: str) -> str:
    """Tokenizer-safe input: no line breaks inside a line, no NULs or other C0 controls but tab."""
    line = line.rstrip("\r\n")
    return "".join(ch if ch >= " " or ch == "\t" else " " for ch in line).strip()


def _dataclass_from(cls, values: dict):
    known = {k: v for k, v in values.items() if k in cls.__dataclass_fields__}
    return cls(**known)


def _checkpoint_path(run: RunDir, name: str) -> Path:
    path = Path(name) if name.endswith(".pt") else run.checkpoint(name)
    if not path.exists():
        raise CheckpointError(f"{path}: no checkpoint in this run folder (has training reached its first "
                              "validation?); try checkpoint=last or checkpoint=PATH.pt")
    return path


class Translator:
    """``Translator.from_run(RUN)`` loads once; ``translate``/``translate_ids`` decode batches of lines."""

    def __init__(self, run: RunDir, model: Seq2Seq, tokenizer: Tokenizer, data: DataConfig, device: torch.device,
                 precision: str, step: int):
        self.run, self.model, self.tokenizer, self.data = run, model, tokenizer, data
        self.device, self.precision, self.step = device, precision, step

    @classmethod
    def from_run(cls, run_dir: Path | str, checkpoint_name: str = "best", device: str = "auto",
                 precision: str = "auto", num_threads: int = 0) -> "Translator":
        """Rebuild model and tokenizer from ``run_dir`` (``checkpoint_name``: best | last | a .pt path)."""
        run = RunDir(run_dir)
        if not run.root.is_dir():
            raise CheckpointError(f"run_dir={run.root}: no such folder; give a folder written by seq2seq-train")
        path = _checkpoint_path(run, checkpoint_name)
        dev = resolve_device(device)
        prec = resolve_precision(precision, dev)
        configure_threads(num_threads, False)
        state = checkpoint.load(path, mmap=True)  # the weights only become resident, not the optimizer
        saved = state.get("config") or {}
        tok = Tokenizer.from_run(run, saved.get("tokenizer", {}).get("joint"))
        vocab = state.get("vocab", {})
        if (vocab.get("src"), vocab.get("tgt")) != (tok.src_vocab_size, tok.tgt_vocab_size):
            raise CheckpointError(f"{path}: vocabulary {vocab.get('src')}/{vocab.get('tgt')} does not match the "
                                  f"run's tokenizer {tok.src_vocab_size}/{tok.tgt_vocab_size}; "
                                  "the checkpoint belongs to another run")
        model = build_model(_dataclass_from(ModelConfig, saved.get("model", {})), tok.src_vocab_size,
                            tok.tgt_vocab_size, tok.pad_id)
        try:
            model.load_state_dict(state["model"])
        except (RuntimeError, KeyError) as e:
            raise CheckpointError(f"{path}: weights do not fit the saved model config "
                                  f"({str(e).splitlines()[0][:160]})") from None
        model.to(dev).eval()
        step = int(state.get("progress", {}).get("step", 0))
        log.info("loaded %s (step %d, %.2fM parameters) on %s, %s", path, step, model.num_parameters() / 1e6, dev,
                 prec)
        return cls(run, model, tok, _dataclass_from(DataConfig, saved.get("data", {})), dev, prec, step)

    def translate_ids(self, src: TokenArray, opts: SearchOptions, batch_tokens: int) -> list[list[Hypothesis]]:
        """n-best lists for every source id sequence, in input order."""
        tok = self.tokenizer
        return translate_ids(self.model, src, pad_id=tok.pad_id, bos_id=tok.bos_id, eos_id=tok.eos_id,
                             device=self.device, precision=self.precision, batch_tokens=batch_tokens, opts=opts)

    def translate_hypotheses(self, lines: Sequence[str], opts: SearchOptions,
                             batch_tokens: int = 12000) -> list[list[Hypothesis]]:
        """n-best ``Hypothesis`` lists for raw text lines (cleaned first), in input order."""
        ids = TokenArray.from_lists(self.tokenizer.encode_src([clean(line) for line in lines]))
        return self.translate_ids(ids, opts, batch_tokens)

    def translate(self, lines: Sequence[str], opts: SearchOptions, batch_tokens: int = 12000) -> list[list[tuple]]:
        """n-best lists of (detokenised text, normalised score) per line, in input order."""
        hyps = self.translate_hypotheses(lines, opts, batch_tokens)
        return [[(self.tokenizer.decode_tgt(h.tokens), h.norm_score) for h in nbest] for nbest in hyps]

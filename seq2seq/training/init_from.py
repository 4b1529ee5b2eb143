"""Fine-tuning: a new run that starts from another run's weights (``trainer.init_from``).

The new run keeps the parent's model config and tokenizer (the weights only make sense with both):
``adopt`` takes them from the parent's checkpoint, the tokenizer file(s) are copied from the parent's
folder, and the new corpus is encoded with them. Everything else starts afresh: optimizer (unless
``trainer.init_keep_optimizer``), learning-rate schedule, early stopping, step count and budget. The
run records where it came from (``record``) in results.json and TensorBoard, so a fine-tuned model can
always be traced to the exact file it started from.
"""
from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from seq2seq import checkpoint
from seq2seq.config import Config, ModelConfig, TokenizerConfig
from seq2seq.errors import CheckpointError, ConfigError
from seq2seq.rundir import RunDir, sha256
from seq2seq.training.resume import flatten

log = logging.getLogger("seq2seq.training.trainer")  # train.log names the trainer for these lines

KEPT = ("model", "tokenizer")      # config sections a child run takes from its parent
FREE = ("tokenizer.cache_dir",)    # where the cache lives changes nothing that was learned


def parent_file(init_from: str, name: str) -> Path:
    """``init_from`` names a .pt file (that file) or a run folder (its ``checkpoints/NAME.pt``)."""
    target = Path(init_from)
    if target.is_file():
        return target
    if not target.is_dir():
        raise ConfigError(f"trainer.init_from={init_from}: no such run folder or checkpoint file")
    path = RunDir(target).checkpoint(name)
    if not path.is_file():
        raise ConfigError(f"trainer.init_from={init_from}: no checkpoints/{name}.pt in that run folder; choose "
                          "another with trainer.init_checkpoint=best|last|ema|averaged")
    return path


def check_optimizer_state(state: dict, path: Path, keep_optimizer: bool) -> None:
    """``trainer.init_keep_optimizer`` needs Adam moments in the parent's checkpoint (``ema.pt`` and
    ``averaged.pt`` hold weights only)."""
    if keep_optimizer and "optimizer" not in state:
        raise ConfigError(f"trainer.init_keep_optimizer=true: {path} holds weights only (no optimizer state); "
                          "use trainer.init_checkpoint=best or last, or init_keep_optimizer=false")


def changed_keys(parent_config: dict, current: dict, keys: set[str] | None = None) -> list[str]:
    """``key: parent -> current`` for every model/tokenizer key (of ``keys``, if given) that differs.

    ``parent_config`` and ``current``: whole configs as plain containers (``as_plain``).
    """
    a = flatten({k: parent_config.get(k, {}) for k in KEPT})
    b = flatten({k: current.get(k, {}) for k in KEPT})
    names = sorted(k for k in set(a) | set(b) if k not in FREE and (keys is None or k in keys))
    return [f"{k}: {a.get(k)!r} -> {b.get(k)!r}" for k in names if a.get(k) != b.get(k)]


def refuse_changes(parent_config: dict, composed: dict, defaults: dict, init_from: str) -> None:
    """The pre-flight's rule: a model/tokenizer value the command line set (directly or through an
    experiment or recipe, i.e. differing from the defaults) must equal the parent's. Values left at
    their defaults are taken from the parent instead, so they are not compared."""
    set_here = {k.split(":")[0] for k in changed_keys(defaults, composed)}
    diff = changed_keys(parent_config, composed, set_here)
    if diff:
        raise ConfigError(f"trainer.init_from={init_from}: {diff[0]} changes the parent's "
                          f"{'architecture' if diff[0].startswith('model.') else 'tokenizer'}; a fine-tuned run "
                          "keeps its parent's model and tokenizer config (drop the override)")


def preflight_check(cfg: Config, defaults: dict) -> None:
    """Before a run folder exists: the parent is there, readable, and no override changes what it keeps.

    ``defaults``: the config composed without overrides, as plain containers.
    """
    from seq2seq.config import as_plain

    t = cfg.trainer
    path = parent_file(t.init_from, str(t.init_checkpoint))
    state = checkpoint.load(path, mmap=True)  # mapped: only the config is read
    check_optimizer_state(state, path, t.init_keep_optimizer)
    refuse_changes(state.get("config", {}), as_plain(cfg), defaults, t.init_from)


@dataclasses.dataclass
class Parent:
    """The checkpoint a fine-tuning run starts from. ``state``: the loaded checkpoint dict."""

    path: Path
    state: dict
    record: dict | None = None  # path, step, sha256: set by ``start``, for results.json

    @classmethod
    def load(cls, cfg: Config, device) -> "Parent | None":
        """None without ``trainer.init_from``; else the checkpoint, loaded and checked, one-line errors."""
        t = cfg.trainer
        if not t.init_from:
            return None
        path = parent_file(t.init_from, str(t.init_checkpoint))
        state = checkpoint.load(path, map_location=device)
        check_optimizer_state(state, path, t.init_keep_optimizer)
        if not all(k in state.get("config", {}) for k in KEPT):
            raise CheckpointError(f"{path}: the checkpoint records no model/tokenizer config to fine-tune with")
        return cls(path.resolve(), state)

    @property
    def run(self) -> RunDir:
        """The parent's run folder: checkpoints/X.pt lives in RUN/checkpoints/."""
        return RunDir(self.path.parent.parent)

    @property
    def step(self) -> int:
        return int(self.state.get("progress", {}).get("step", 0))

    def adopt(self, cfg: Config) -> Config:
        """``cfg`` with the parent's model and tokenizer sections (this run's ``tokenizer.cache_dir``)."""
        from omegaconf import OmegaConf

        saved = self.state["config"]
        model = OmegaConf.to_object(OmegaConf.merge(OmegaConf.structured(ModelConfig), saved["model"]))
        tok = OmegaConf.to_object(OmegaConf.merge(OmegaConf.structured(TokenizerConfig), saved["tokenizer"]))
        tok.cache_dir = cfg.tokenizer.cache_dir
        return dataclasses.replace(cfg, model=model, tokenizer=tok)

    def start(self, trainer) -> None:
        """Load the parent's weights (and Adam moments if asked) into a built ``Trainer``; log and record."""
        vocab = self.state.get("vocab", {})
        if (vocab.get("src"), vocab.get("tgt")) != (trainer.tok.src_vocab_size, trainer.tok.tgt_vocab_size):
            raise CheckpointError(f"{self.path}: the checkpoint's vocabulary does not match its run's tokenizer")
        trainer.model.load_state_dict(self.state["model"])
        if trainer.cfg.trainer.init_keep_optimizer:
            trainer.optimizer.load_state_dict(self.state["optimizer"])
        self.record = {"path": str(self.path), "step": self.step, "sha256": sha256(self.path)}
        log.info("fine-tuning from %s (step %d, sha256 %s)", self.path, self.step, self.record["sha256"])
        del self.state  # the weights now live in the model; the copy would only hold memory
        if trainer.writer is not None:
            trainer.writer.add_text("parent", "  \n".join(f"{k}: {v}" for k, v in self.record.items()), 0)

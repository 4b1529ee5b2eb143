"""What every config section is made of: choices as Enums, range rules that name the key.

Each dataclass field carries its default and a one-line help (``seq2seq.search.options.opt``). The YAML files in
``configs/`` only choose values. A choice is an ``Enum`` field, so Hydra and OmegaConf refuse a bad value
while composing, before any run folder exists; a range rule lives in its dataclass's ``__post_init__``,
which runs when the composed config becomes these dataclasses (``OmegaConf.to_object``), and raises one
``ConfigError`` naming the key. Library code receives these plain dataclasses, never a ``DictConfig``.
"""
from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from seq2seq.errors import ConfigError
from seq2seq.search.options import LENGTH_NORMS


class Choice(str, Enum):
    """An option with a fixed set of values; compares equal to, and prints as, its value."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


# The search defines its normalisations (seq2seq.search.options, torch-free); this is the same list as a type.
LengthNorm = Choice("LengthNorm", [(name, name) for name in LENGTH_NORMS], module=__name__)


class Device(Choice):
    auto = "auto"
    cpu = "cpu"
    cuda = "cuda"


class Precision(Choice):
    auto = "auto"
    fp32 = "fp32"
    bf16 = "bf16"
    fp16 = "fp16"


class Rules:
    """Range rules shared by the dataclasses; ``_prefix`` makes the error name the full key."""

    _prefix = ""

    def _fail(self, name: str, rule: str) -> None:
        raise ConfigError(f"{self._prefix}{name}={getattr(self, name)} {rule}")

    def positive(self, *names: str) -> None:
        for name in names:
            if getattr(self, name) <= 0:
                self._fail(name, "must be positive")

    def non_negative(self, *names: str) -> None:
        for name in names:
            if getattr(self, name) < 0:
                self._fail(name, "must not be negative")

    def fraction(self, *names: str) -> None:
        for name in names:
            if not 0.0 <= getattr(self, name) < 1.0:
                self._fail(name, "must be in [0, 1)")


def check(cfg: Any) -> None:
    """Run every range rule again: for configs built in code and changed after construction."""
    for value in (getattr(cfg, f.name) for f in dataclasses.fields(cfg)):
        if dataclasses.is_dataclass(value):
            check(value)
    if hasattr(cfg, "__post_init__"):
        cfg.__post_init__()


def as_plain(cfg: Any) -> dict:
    """The config as plain containers (Enums as their names): what checkpoints and results store."""
    from omegaconf import OmegaConf

    return OmegaConf.to_container(OmegaConf.structured(cfg), enum_to_str=True)  # type: ignore[return-value]


# What a command's checkpoint= takes: a name in the run's checkpoints/ folder or a file.
CHECKPOINT_HELP = ("best | last | ema (trainer.ema_decay) | averaged (seq2seq-average) | step-00001000 (a kept "
                   "step checkpoint) | a path to a .pt file")

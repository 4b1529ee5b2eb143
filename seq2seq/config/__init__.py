"""Typed configuration: the one source of truth for every option, one module per area.

- ``base``: what sections are made of (fields with help, ``Choice`` enums, range rules), ``check``, ``as_plain``;
- ``training``: ``seq2seq-train``'s sections (data, tokenizer, model, optim, trainer) and ``Config``;
- ``inference``: the commands that search (eval, translate, attention, serve);
- ``model_tools``: the commands that use a model without a search (average, export, align).

The decoding options are the search's own (``seq2seq.search.options.SearchOptions``); the sections that
decode take their fields from there. Everything is importable from here: ``from seq2seq.config import X``.
"""
from seq2seq.config.base import CHECKPOINT_HELP, Choice, Device, LengthNorm, Precision, Rules, as_plain, check
from seq2seq.config.inference import (AttentionConfig, EvalConfig, InferenceConfig, ServeConfig, Split,
                                      TranslateConfig)
from seq2seq.config.model_tools import (SYMMETRISATIONS, AlignConfig, AverageConfig, ExportConfig, ExportFormat,
                                        LinkReading)
from seq2seq.errors import ConfigError  # noqa: F401 (importable from here, as before the split)
from seq2seq.config.training import (AttentionType, Config, DataConfig, ModelConfig, OptimConfig, SamplingSchedule,
                                     Schedule, SubwordType, TokenizerConfig, TrainerConfig)

__all__ = ["CHECKPOINT_HELP", "Choice", "Device", "LengthNorm", "Precision", "Rules", "as_plain", "check",
           "AttentionConfig", "EvalConfig", "InferenceConfig", "ServeConfig", "Split", "TranslateConfig",
           "SYMMETRISATIONS", "AlignConfig", "AverageConfig", "ExportConfig", "ExportFormat", "LinkReading",
           "AttentionType", "Config", "DataConfig", "ModelConfig", "OptimConfig", "SamplingSchedule", "Schedule",
           "SubwordType", "TokenizerConfig", "TrainerConfig"]

"""Typed configuration: the one source of truth for every option, one module per area.

- ``base``: what sections are made of (``Choice`` enums, range rules), ``check``, ``as_plain``;
- ``training``: ``seq2seq-train``'s sections (data, tokenizer, model, optim, trainer) and ``Config``;
- ``inference``: the commands that search (eval, translate, attention, serve);
- ``model_tools``: the commands that use a model without a search (average, export, align).

The decoding options are the search's own (``seq2seq.search.options.SearchOptions``); the sections that
decode take their fields from there. Re-exported here: every command's schema and the names code elsewhere
imports (``from seq2seq.config import X``); the other enums from their module.
"""
from seq2seq.config.base import LengthNorm, as_plain, check
from seq2seq.config.inference import AttentionConfig, EvalConfig, InferenceConfig, ServeConfig, TranslateConfig
from seq2seq.config.model_tools import AlignConfig, AverageConfig, ExportConfig
from seq2seq.config.training import (AttentionType, Config, DataConfig, ModelConfig, OptimConfig, SamplingSchedule,
                                     TokenizerConfig, TrainerConfig)
from seq2seq.errors import ConfigError

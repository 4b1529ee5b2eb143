"""Typed configuration: the one source of truth for every option.

Each dataclass field carries its default and a one-line help (``metadata["help"]``). The YAML files in
``configs/`` only choose values; Hydra validates every override against these schemas when the config is
composed, so a typo fails before any data is read. Library code receives these plain dataclasses
(``OmegaConf.to_object``), never a ``DictConfig``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List


def _opt(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


@dataclass
class DataConfig:
    train: str = _opt("data/bible-es-en/train", "training corpus prefix: files PREFIX.SRC and PREFIX.TGT (or .gz)")
    dev: str = _opt("data/bible-es-en/dev", "development corpus prefix (validation, early stopping)")
    test: str = _opt("data/bible-es-en/test", "test corpus prefix (scored once with the best checkpoint)")
    src: str = _opt("es", "source language suffix")
    tgt: str = _opt("en", "target language suffix (the single reference)")
    refs: List[str] = field(default_factory=list, metadata={"help": "extra reference suffixes for dev/test"})
    max_len: int = _opt(100, "training pairs with more pieces than this on either side are skipped")
    limit_train: int = _opt(0, "use only the first N training pairs (0 = all); for quick checks")
    limit_eval: int = _opt(0, "use only the first N dev/test lines (0 = all); for quick checks")


@dataclass
class TokenizerConfig:
    type: str = _opt("unigram", "sentencepiece model type: unigram | bpe")
    vocab_size: int = _opt(8000, "pieces per model (joint: shared by both sides)")
    joint: bool = _opt(True, "one model trained on both sides (enables tied embeddings across languages)")
    byte_fallback: bool = _opt(True, "unknown characters become UTF-8 byte pieces instead of <unk>")
    character_coverage: float = _opt(1.0, "share of characters covered by the vocabulary")
    input_sentence_size: int = _opt(2_000_000, "sentences sampled to train the model (caps memory and time)")
    cache_dir: str = _opt("", "where trained models and id arrays are cached ('' = $SEQ2SEQ_CACHE or ~/.cache/seq2seq)")


@dataclass
class ModelConfig:
    emb_size: int = _opt(256, "source and target embedding size")
    enc_hidden: int = _opt(256, "encoder GRU size per direction")
    enc_layers: int = _opt(1, "encoder GRU layers")
    dec_hidden: int = _opt(512, "decoder GRU size")
    attention: str = _opt("bahdanau", "attention score: bahdanau | luong_dot | luong_general")
    attention_size: int = _opt(512, "hidden size of the additive (Bahdanau) score")
    output_size: int = _opt(512, "size of the attentional output layer over [state; context; embedding]")
    dropout: float = _opt(0.2, "dropout on embeddings, between encoder layers and before the output layer")
    tie_embeddings: bool = _opt(False, "share the target embedding matrix with the output projection (needs output_size == emb_size)")


@dataclass
class OptimConfig:
    lr: float = _opt(1e-3, "peak learning rate")
    betas: List[float] = field(default_factory=lambda: [0.9, 0.98], metadata={"help": "Adam betas"})
    weight_decay: float = _opt(0.0, "AdamW decoupled weight decay")
    clip_norm: float = _opt(1.0, "gradient-norm clipping threshold (0 = off)")
    label_smoothing: float = _opt(0.1, "label smoothing of the cross-entropy loss")
    schedule: str = _opt("plateau", "learning-rate schedule: plateau | inverse_sqrt | constant")
    warmup_steps: int = _opt(200, "linear warm-up steps (inverse_sqrt and plateau)")
    plateau_factor: float = _opt(0.5, "plateau: multiply lr by this when dev BLEU stalls")
    plateau_patience: int = _opt(2, "plateau: validations without improvement before the lr drops")
    min_lr: float = _opt(1e-5, "plateau: lower bound of the learning rate")


@dataclass
class TrainerConfig:
    max_steps: int = _opt(0, "stop after this many optimizer steps (0 = no limit)")
    max_epochs: int = _opt(0, "stop after this many epochs (0 = no limit)")
    max_minutes: float = _opt(0.0, "wall-clock budget in minutes; at the end: validate, save, evaluate (0 = no limit)")
    device: str = _opt("auto", "auto | cpu | cuda")
    precision: str = _opt("auto", "auto | fp32 | bf16 | fp16 (auto: bf16 on CPUs with AVX-512 BF16 or AMX, else fp32; on CUDA bf16, or fp16 without bf16)")
    seed: int = _opt(1234, "seed of weights, dropout and batch order")
    batch_tokens: int = _opt(2400, "token budget per batch: sentences x longest side (padding included)")
    max_sentences: int = _opt(0, "at most this many sentences per batch (0 = no limit)")
    recompute_attention: bool = _opt(True, "recompute the additive attention activations in backward instead of "
                                     "keeping them: 100 steps of the benchmark spec peaked at 929 instead of "
                                     "1,293 MB RSS, about 2% slower (README, performance)")
    eval_every: int = _opt(500, "validate every N steps")
    patience: int = _opt(8, "early stopping: validations without dev BLEU improvement (0 = off)")
    log_every: int = _opt(50, "log training scalars every N steps")
    eval_batch_tokens: int = _opt(12000, "token budget per batch when translating dev/test (beam search divides it by "
                                         "the beam size); the dev loss uses batch_tokens")
    max_len_a: float = _opt(1.5, "validation/test output length limit: a * src_len + b")
    max_len_b: int = _opt(10, "validation/test output length limit: a * src_len + b")
    beam_size: int = _opt(5, "beam size for the final test translation (1 = greedy)")
    num_heatmaps: int = _opt(4, "dev sentences drawn as attention heatmaps at each validation")
    num_threads: int = _opt(0, "torch intra-op threads (0 = torch's default)")
    deterministic: bool = _opt(False, "torch.use_deterministic_algorithms for bit-exact runs")
    resume: str = _opt("", "resume from a run folder, a checkpoint file, or 'auto' (this run folder)")
    keep_last: int = _opt(1, "step checkpoints to keep besides last.pt and best.pt")
    max_bad_steps: int = _opt(10, "stop after this many consecutive non-finite steps")


@dataclass
class Config:
    name: str = _opt("default", "run name; the run folder is runs/NAME/DATE_TIME")
    data: DataConfig = field(default_factory=DataConfig)
    tokenizer: TokenizerConfig = field(default_factory=TokenizerConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    trainer: TrainerConfig = field(default_factory=TrainerConfig)


CHOICES = {
    "tokenizer.type": ("unigram", "bpe"),
    "model.attention": ("bahdanau", "luong_dot", "luong_general"),
    "optim.schedule": ("plateau", "inverse_sqrt", "constant"),
    "trainer.device": ("auto", "cpu", "cuda"),
    "trainer.precision": ("auto", "fp32", "bf16", "fp16"),
}


def validate(cfg: Config) -> None:
    """Check what the types cannot: choices and ranges. Raises ConfigError naming the key."""
    from seq2seq.errors import ConfigError

    for key, allowed in CHOICES.items():
        group, name = key.split(".")
        value = getattr(getattr(cfg, group), name)
        if value not in allowed:
            raise ConfigError(f"{key}={value!r} is not one of {', '.join(allowed)}")
    positive = {
        "tokenizer.vocab_size": cfg.tokenizer.vocab_size, "model.emb_size": cfg.model.emb_size,
        "model.enc_hidden": cfg.model.enc_hidden, "model.enc_layers": cfg.model.enc_layers,
        "model.dec_hidden": cfg.model.dec_hidden, "model.attention_size": cfg.model.attention_size,
        "model.output_size": cfg.model.output_size, "trainer.batch_tokens": cfg.trainer.batch_tokens,
        "trainer.eval_every": cfg.trainer.eval_every, "trainer.log_every": cfg.trainer.log_every,
        "trainer.eval_batch_tokens": cfg.trainer.eval_batch_tokens, "data.max_len": cfg.data.max_len,
        "trainer.beam_size": cfg.trainer.beam_size, "optim.lr": cfg.optim.lr,
    }
    for key, value in positive.items():
        if value <= 0:
            raise ConfigError(f"{key}={value} must be positive")
    non_negative = {
        "trainer.max_steps": cfg.trainer.max_steps, "trainer.max_epochs": cfg.trainer.max_epochs,
        "trainer.max_minutes": cfg.trainer.max_minutes, "trainer.patience": cfg.trainer.patience,
        "trainer.num_heatmaps": cfg.trainer.num_heatmaps, "data.limit_train": cfg.data.limit_train,
        "data.limit_eval": cfg.data.limit_eval, "optim.clip_norm": cfg.optim.clip_norm,
        "optim.warmup_steps": cfg.optim.warmup_steps, "trainer.keep_last": cfg.trainer.keep_last,
    }
    for key, value in non_negative.items():
        if value < 0:
            raise ConfigError(f"{key}={value} must not be negative")
    if not 0.0 <= cfg.model.dropout < 1.0:
        raise ConfigError(f"model.dropout={cfg.model.dropout} must be in [0, 1)")
    if not 0.0 <= cfg.optim.label_smoothing < 1.0:
        raise ConfigError(f"optim.label_smoothing={cfg.optim.label_smoothing} must be in [0, 1)")
    if cfg.model.tie_embeddings and cfg.model.output_size != cfg.model.emb_size:
        raise ConfigError("model.tie_embeddings=true needs model.output_size == model.emb_size")
    if cfg.tokenizer.vocab_size < 16:
        raise ConfigError(f"tokenizer.vocab_size={cfg.tokenizer.vocab_size} is too small (at least 16)")



# ---- inference commands (seq2seq-eval, seq2seq-translate, seq2seq-attention) ----

@dataclass
class InferenceConfig:
    run_dir: str = _opt("???", "run folder written by seq2seq-train (required)")
    checkpoint: str = _opt("best", "best | last | a path to a .pt file")
    beam_size: int = _opt(5, "beam size (1 = greedy)")
    alpha: float = _opt(0.6, "GNMT length penalty exponent (0 = none)")
    max_len_a: float = _opt(1.5, "output length limit: a * src_len + b pieces")
    max_len_b: int = _opt(10, "output length limit: a * src_len + b pieces")
    batch_tokens: int = _opt(12000, "token budget per batch: sentences x longest source (beam search divides it by "
                                    "the beam size)")
    device: str = _opt("auto", "auto | cpu | cuda")
    precision: str = _opt("auto", "auto | fp32 | bf16 | fp16")
    num_threads: int = _opt(0, "torch intra-op threads (0 = torch's default)")


@dataclass
class EvalConfig(InferenceConfig):
    split: str = _opt("test", "dev | test: the run's own split (ignored when src= is given)")
    src: str = _opt("", "source file to translate instead of a split")
    refs: List[str] = field(default_factory=list, metadata={"help": "reference files (with src=)"})
    out: str = _opt("", "output folder ('' = RUN/eval)")


@dataclass
class TranslateConfig(InferenceConfig):
    n_best: int = _opt(1, "print the n best hypotheses per line as 'line ||| hypothesis ||| score'")
    input: str = _opt("", "read this file instead of stdin")
    output: str = _opt("", "write this file instead of stdout")
    chunk: int = _opt(256, "lines translated together when input arrives faster than it is translated")
    line_buffered: bool = _opt(False, "translate each line as soon as it arrives (interactive use)")


@dataclass
class AttentionConfig(InferenceConfig):
    text: str = _opt("", "a source sentence")
    input: str = _opt("", "a file of source sentences, one per line")
    hypothesis: int = _opt(0, "which beam hypothesis to draw (0 = best)")
    out: str = _opt("", "output folder ('' = RUN/attention)")


def validate_inference(cfg: InferenceConfig) -> None:
    from seq2seq.errors import ConfigError

    if cfg.beam_size < 1:
        raise ConfigError(f"beam_size={cfg.beam_size} must be at least 1")
    if cfg.batch_tokens < 1:
        raise ConfigError(f"batch_tokens={cfg.batch_tokens} must be positive")
    if cfg.max_len_a < 0 or cfg.max_len_b < 0 or cfg.max_len_a * 1 + cfg.max_len_b < 1:
        raise ConfigError("max_len_a and max_len_b must be non-negative and allow at least one piece")
    if cfg.device not in CHOICES["trainer.device"]:
        raise ConfigError(f"device={cfg.device!r} is not one of auto, cpu, cuda")
    if cfg.precision not in CHOICES["trainer.precision"]:
        raise ConfigError(f"precision={cfg.precision!r} is not one of auto, fp32, bf16, fp16")
    n_best = getattr(cfg, "n_best", 1)
    if not 1 <= n_best <= cfg.beam_size:
        raise ConfigError(f"n_best={n_best} must be between 1 and beam_size={cfg.beam_size}")
    hyp = getattr(cfg, "hypothesis", 0)
    if not 0 <= hyp < cfg.beam_size:
        raise ConfigError(f"hypothesis={hyp} must be between 0 and beam_size-1={cfg.beam_size - 1}")

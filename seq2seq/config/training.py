"""The training run's config: data, tokenizer, model, optimiser and trainer sections (``seq2seq-train``); the
trainer's final-test decoding keys (``trainer.beam_size`` etc.) are ``SearchOptions``' (``option_field``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

from seq2seq.config.base import Choice, Device, LengthNorm, Precision, Rules
from seq2seq.errors import ConfigError
from seq2seq.search.options import SearchOptions, opt, option_field


class SubwordType(Choice):
    unigram = "unigram"
    bpe = "bpe"


class AttentionType(Choice):
    bahdanau = "bahdanau"
    luong_dot = "luong_dot"
    luong_general = "luong_general"


class Schedule(Choice):
    plateau = "plateau"
    inverse_sqrt = "inverse_sqrt"
    constant = "constant"


class InitCheckpoint(Choice):
    best = "best"
    last = "last"
    ema = "ema"
    averaged = "averaged"


class SamplingSchedule(Choice):
    none = "none"
    linear = "linear"
    exponential = "exponential"
    inverse_sigmoid = "inverse_sigmoid"


@dataclass
class DataConfig(Rules):
    _prefix = "data."
    train: str = opt("data/bible-es-en/train", "training corpus prefix: files PREFIX.SRC and PREFIX.TGT (or .gz)")
    dev: str = opt("data/bible-es-en/dev", "development corpus prefix (validation, early stopping)")
    test: str = opt("data/bible-es-en/test", "test corpus prefix (scored once with the best checkpoint)")
    src: str = opt("es", "source language suffix")
    tgt: str = opt("en", "target language suffix (the single reference)")
    refs: List[str] = field(default_factory=list, metadata={"help": "extra reference suffixes for dev/test"})
    max_len: int = opt(100, "training pairs with more pieces than this on either side are skipped")
    limit_train: int = opt(0, "use only the first N training pairs (0 = all); for quick checks")
    limit_eval: int = opt(0, "use only the first N dev/test lines (0 = all; seq2seq-eval applies it too)")

    def __post_init__(self) -> None:
        self.positive("max_len")
        self.non_negative("limit_train", "limit_eval")


@dataclass
class TokenizerConfig(Rules):
    _prefix = "tokenizer."
    type: SubwordType = opt(SubwordType.unigram, "sentencepiece model type")
    vocab_size: int = opt(8000, "pieces per model (joint: shared by both sides)")
    joint: bool = opt(True, "one model trained on both sides (enables tied embeddings across languages)")
    byte_fallback: bool = opt(True, "unknown characters become UTF-8 byte pieces instead of <unk>")
    character_coverage: float = opt(1.0, "share of characters covered by the vocabulary")
    input_sentence_size: int = opt(500_000, "sentences a model is trained on, a uniform sample of a bigger corpus (joint: half as many pairs); time grows linearly, about 26 s per 500k on 2 cores")
    cache_dir: str = opt("", "where trained models and id arrays are cached ('' = $SEQ2SEQ_CACHE or ~/.cache/seq2seq)")

    def __post_init__(self) -> None:
        if self.vocab_size < 16:
            self._fail("vocab_size", "is too small (at least 16)")
        self.positive("input_sentence_size")
        if not 0.0 < self.character_coverage <= 1.0:
            self._fail("character_coverage", "must be in (0, 1]")


@dataclass
class ModelConfig(Rules):
    _prefix = "model."
    emb_size: int = opt(256, "source and target embedding size")
    enc_hidden: int = opt(256, "encoder GRU size per direction")
    enc_layers: int = opt(1, "encoder GRU layers")
    dec_hidden: int = opt(512, "decoder GRU size")
    attention: AttentionType = opt(AttentionType.bahdanau, "attention score")
    attention_size: int = opt(512, "hidden size of the additive (Bahdanau) score")
    output_size: int = opt(512, "size of the attentional output layer over [state; context; embedding]")
    dropout: float = opt(0.2, "dropout on embeddings, between encoder layers and before the output layer")
    tie_embeddings: bool = opt(False, "share the target embedding matrix with the output projection (needs output_size == emb_size)")
    coverage: bool = opt(False, "feed the attention summed over earlier steps into the additive score (bahdanau only; "
                                "trains on the step-by-step decoder loop, slower)")

    def __post_init__(self) -> None:
        self.positive("emb_size", "enc_hidden", "enc_layers", "dec_hidden", "attention_size", "output_size")
        self.fraction("dropout")
        if self.tie_embeddings and self.output_size != self.emb_size:
            raise ConfigError("model.tie_embeddings=true needs model.output_size == model.emb_size")
        if self.coverage and self.attention != AttentionType.bahdanau:
            raise ConfigError(f"model.coverage=true needs model.attention=bahdanau, not {AttentionType(self.attention).value}")
        if self.attention == AttentionType.luong_dot and self.dec_hidden != 2 * self.enc_hidden:
            raise ConfigError(f"model.attention=luong_dot needs model.dec_hidden ({self.dec_hidden}) == 2 x "
                              f"model.enc_hidden ({2 * self.enc_hidden}); use luong_general or bahdanau")


@dataclass
class OptimConfig(Rules):
    _prefix = "optim."
    lr: float = opt(1e-3, "peak learning rate")
    betas: List[float] = field(default_factory=lambda: [0.9, 0.98], metadata={"help": "Adam betas"})
    weight_decay: float = opt(0.0, "AdamW decoupled weight decay")
    clip_norm: float = opt(1.0, "gradient-norm clipping threshold (0 = off)")
    label_smoothing: float = opt(0.1, "label smoothing of the cross-entropy loss")
    schedule: Schedule = opt(Schedule.plateau, "learning-rate schedule")
    warmup_steps: int = opt(200, "linear warm-up steps (inverse_sqrt and plateau)")
    plateau_factor: float = opt(0.5, "plateau: multiply lr by this when dev BLEU stalls")
    plateau_patience: int = opt(2, "plateau: validations without improvement before the lr drops")
    min_lr: float = opt(1e-5, "plateau: lower bound of the learning rate")

    def __post_init__(self) -> None:
        self.positive("lr", "plateau_patience")
        self.non_negative("weight_decay", "clip_norm", "warmup_steps", "min_lr")
        self.fraction("label_smoothing")
        if not 0.0 < self.plateau_factor <= 1.0:
            self._fail("plateau_factor", "must be in (0, 1]")
        if len(self.betas) != 2 or not all(0.0 <= b < 1.0 for b in self.betas):
            raise ConfigError(f"optim.betas={list(self.betas)} must be two numbers in [0, 1)")


@dataclass
class TrainerConfig(Rules):
    _prefix = "trainer."
    max_steps: int = opt(0, "stop after this many optimizer steps (0 = no limit)")
    max_epochs: int = opt(0, "stop after this many epochs (0 = no limit)")
    max_minutes: float = opt(0.0, "wall-clock budget of the run in minutes, resumed sessions included; at the end: "
                                  "validate, save, evaluate (0 = no limit)")
    device: Device = opt(Device.auto, "where to train (auto: CUDA when torch sees it)")
    precision: Precision = opt(Precision.auto, "auto: bf16 on AVX-512 BF16/AMX CPUs and CUDA (fp16 on GPUs "
                                               "without bf16), else fp32")
    seed: int = opt(1234, "seed of weights, dropout and batch order")
    batch_tokens: int = opt(2400, "token budget per batch: sentences x longest side (padding included)")
    max_sentences: int = opt(0, "at most this many sentences per batch (0 = no limit)")
    accum_steps: int = opt(1, "batches (per process) whose gradients make one optimizer step")
    recompute_attention: bool = opt(True, "recompute the additive attention activations in backward: 929 instead of "
                                          "1,293 MB peak RSS, about 2% slower (docs/performance.md)")
    eval_every: int = opt(500, "validate every N steps")
    patience: int = opt(8, "early stopping: validations without dev BLEU improvement (0 = off)")
    log_every: int = opt(50, "log training scalars every N steps (the host reads the step's figures only then)")
    eval_batch_tokens: int = option_field("batch_tokens", "translating dev/test")
    max_len_a: float = option_field("max_len_a", "validation and final test")
    max_len_b: int = option_field("max_len_b", "validation and final test")
    beam_size: int = option_field("beam_size", "final test translation")
    alpha: float = option_field("alpha", "final test translation")
    length_norm: LengthNorm = option_field("length_norm", "final test translation", LengthNorm)
    coverage_beta: float = option_field("coverage_beta", "final test translation")
    num_heatmaps: int = opt(4, "dev sentences drawn as attention heatmaps at each validation")
    num_threads: int = opt(0, "torch intra-op threads (0 = torch's default)")
    deterministic: bool = opt(False, "torch.use_deterministic_algorithms for bit-exact runs")
    resume: str = opt("", "resume from a run folder, a checkpoint file, or 'auto' (this run folder; "
                           "a new run while it has no checkpoint)")
    init_from: str = opt("", "fine-tune: start a new run from this run folder's (or .pt file's) weights, keeping its "
                             "model config and tokenizer; fresh optimizer, schedule, early stopping and budget")
    init_checkpoint: InitCheckpoint = opt(InitCheckpoint.best, "init_from a run folder: which of its checkpoints")
    init_keep_optimizer: bool = opt(False, "init_from: start from the parent's Adam moments (best/last only) "
                                           "instead of fresh ones")
    keep_last: int = opt(1, "step checkpoints to keep besides last.pt and best.pt")
    max_bad_steps: int = opt(10, "stop after this many consecutive non-finite steps")
    ema_decay: float = opt(0.0, "exponential moving average of the weights, updated after every optimizer step "
                                "(e.g. 0.999; 0 = off): validated as valid/*_ema, its best saved as ema.pt")
    scheduled_sampling: SamplingSchedule = opt(SamplingSchedule.none, "scheduled sampling: how the teacher-forcing "
                                               "probability eps(i) falls with the step i (none = always teacher forcing)")
    ss_k: float = opt(1.0, "scheduled sampling: linear eps=max(ss_min, ss_k - ss_c*i); exponential eps=ss_k^i "
                           "(ss_k < 1, e.g. 0.9995); inverse_sigmoid eps=ss_k/(ss_k+exp(i/ss_k)) (ss_k >= 1, e.g. 2000)")
    ss_c: float = opt(1e-4, "scheduled sampling, linear: eps falls by this per step")
    ss_min: float = opt(0.0, "scheduled sampling: lowest teacher-forcing probability eps (all schedules)")
    ss_sample: bool = opt(False, "scheduled sampling: feed a token sampled from the model instead of its argmax")
    subword_sampling: bool = opt(False, "subword regularisation (unigram tokenizer): train on segmentations drawn "
                                        "afresh each epoch among each sentence's subword_nbest best (dev/test keep the best)")
    subword_alpha: float = opt(0.2, "subword sampling: P(segmentation) ~ p(segmentation)^alpha (lower = more varied)")
    subword_nbest: int = opt(16, "subword sampling: draw among this many best segmentations (at least 2)")
    guided_alignment: str = opt("", "guided alignment: Pharaoh links (i-j, 0-based whitespace words) for the training "
                                    "corpus, one line per line of its files (empty = no links), e.g. eflomal's; "
                                    "the attention is trained towards them (docs/alignment.md)")
    guided_alignment_weight: float = opt(0.1, "guided alignment: weight of the attention-to-links cross-entropy "
                                              "per target piece, beside the translation loss (0 = measure only)")

    def __post_init__(self) -> None:
        SearchOptions.of(self)  # beam_size, alpha, length_norm, coverage_beta, max_len_a, max_len_b
        self.positive("batch_tokens", "accum_steps", "eval_every", "log_every", "eval_batch_tokens", "max_bad_steps")
        self.non_negative("max_steps", "max_epochs", "max_minutes", "max_sentences", "patience", "num_heatmaps",
                          "num_threads", "keep_last", "ss_c", "guided_alignment_weight")
        self.fraction("ema_decay")
        if not 0.0 <= self.ss_min <= 1.0:
            self._fail("ss_min", "must be in [0, 1]")
        if self.scheduled_sampling == SamplingSchedule.linear and not 0.0 <= self.ss_k <= 1.0:
            self._fail("ss_k", "must be in [0, 1] for scheduled_sampling=linear")
        if self.scheduled_sampling == SamplingSchedule.exponential and not 0.0 < self.ss_k < 1.0:
            self._fail("ss_k", "must be in (0, 1) for scheduled_sampling=exponential")
        if self.scheduled_sampling == SamplingSchedule.inverse_sigmoid and self.ss_k < 1.0:
            self._fail("ss_k", "must be at least 1 for scheduled_sampling=inverse_sigmoid")
        if self.init_from and self.resume:
            raise ConfigError("trainer.init_from starts a new run and trainer.resume continues one: give only one")
        if not 0.0 < self.subword_alpha <= 1.0:
            self._fail("subword_alpha", "must be in (0, 1]")
        if self.subword_nbest < 2:
            self._fail("subword_nbest", "must be at least 2")


@dataclass
class Config(Rules):
    name: str = opt("default", "run name; the run folder is runs/NAME/DATE_TIME")
    data: DataConfig = field(default_factory=DataConfig)
    tokenizer: TokenizerConfig = field(default_factory=TokenizerConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    trainer: TrainerConfig = field(default_factory=TrainerConfig)

    def __post_init__(self) -> None:
        if self.trainer.subword_sampling and self.tokenizer.type != SubwordType.unigram:
            raise ConfigError(f"trainer.subword_sampling=true needs tokenizer.type=unigram (a BPE model has no n-best "
                              f"segmentations to draw from), not {SubwordType(self.tokenizer.type).value}")

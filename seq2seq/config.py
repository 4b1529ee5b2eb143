"""Typed configuration: the one source of truth for every option.

Each dataclass field carries its default and a one-line help (``metadata["help"]``). The YAML files in
``configs/`` only choose values. A choice is an ``Enum`` field, so Hydra and OmegaConf refuse a bad value
while composing, before any run folder exists; a range rule lives in its dataclass's ``__post_init__``,
which runs when the composed config becomes these dataclasses (``OmegaConf.to_object``), and raises one
``ConfigError`` naming the key. Library code receives these plain dataclasses, never a ``DictConfig``.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, List

from seq2seq.errors import ConfigError


def _opt(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


class Choice(str, Enum):
    """An option with a fixed set of values; compares equal to, and prints as, its value."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


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


class SamplingSchedule(Choice):
    none = "none"
    linear = "linear"
    exponential = "exponential"
    inverse_sigmoid = "inverse_sigmoid"


class LengthNorm(Choice):
    gnmt = "gnmt"
    average = "average"
    none = "none"


class Device(Choice):
    auto = "auto"
    cpu = "cpu"
    cuda = "cuda"


class Precision(Choice):
    auto = "auto"
    fp32 = "fp32"
    bf16 = "bf16"
    fp16 = "fp16"


class Split(Choice):
    dev = "dev"
    test = "test"


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


@dataclass
class DataConfig(Rules):
    _prefix = "data."
    train: str = _opt("data/bible-es-en/train", "training corpus prefix: files PREFIX.SRC and PREFIX.TGT (or .gz)")
    dev: str = _opt("data/bible-es-en/dev", "development corpus prefix (validation, early stopping)")
    test: str = _opt("data/bible-es-en/test", "test corpus prefix (scored once with the best checkpoint)")
    src: str = _opt("es", "source language suffix")
    tgt: str = _opt("en", "target language suffix (the single reference)")
    refs: List[str] = field(default_factory=list, metadata={"help": "extra reference suffixes for dev/test"})
    max_len: int = _opt(100, "training pairs with more pieces than this on either side are skipped")
    limit_train: int = _opt(0, "use only the first N training pairs (0 = all); for quick checks")
    limit_eval: int = _opt(0, "use only the first N dev/test lines (0 = all; seq2seq-eval applies it too)")

    def __post_init__(self) -> None:
        self.positive("max_len")
        self.non_negative("limit_train", "limit_eval")


@dataclass
class TokenizerConfig(Rules):
    _prefix = "tokenizer."
    type: SubwordType = _opt(SubwordType.unigram, "sentencepiece model type")
    vocab_size: int = _opt(8000, "pieces per model (joint: shared by both sides)")
    joint: bool = _opt(True, "one model trained on both sides (enables tied embeddings across languages)")
    byte_fallback: bool = _opt(True, "unknown characters become UTF-8 byte pieces instead of <unk>")
    character_coverage: float = _opt(1.0, "share of characters covered by the vocabulary")
    input_sentence_size: int = _opt(500_000, "sentences a model is trained on, a uniform sample of a bigger corpus (joint: half as many pairs); time grows linearly, about 26 s per 500k on 2 cores")
    cache_dir: str = _opt("", "where trained models and id arrays are cached ('' = $SEQ2SEQ_CACHE or ~/.cache/seq2seq)")

    def __post_init__(self) -> None:
        if self.vocab_size < 16:
            self._fail("vocab_size", "is too small (at least 16)")
        self.positive("input_sentence_size")
        if not 0.0 < self.character_coverage <= 1.0:
            self._fail("character_coverage", "must be in (0, 1]")


@dataclass
class ModelConfig(Rules):
    _prefix = "model."
    emb_size: int = _opt(256, "source and target embedding size")
    enc_hidden: int = _opt(256, "encoder GRU size per direction")
    enc_layers: int = _opt(1, "encoder GRU layers")
    dec_hidden: int = _opt(512, "decoder GRU size")
    attention: AttentionType = _opt(AttentionType.bahdanau, "attention score")
    attention_size: int = _opt(512, "hidden size of the additive (Bahdanau) score")
    output_size: int = _opt(512, "size of the attentional output layer over [state; context; embedding]")
    dropout: float = _opt(0.2, "dropout on embeddings, between encoder layers and before the output layer")
    tie_embeddings: bool = _opt(False, "share the target embedding matrix with the output projection (needs output_size == emb_size)")
    coverage: bool = _opt(False, "feed the attention summed over earlier steps into the additive score (bahdanau only; "
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
    lr: float = _opt(1e-3, "peak learning rate")
    betas: List[float] = field(default_factory=lambda: [0.9, 0.98], metadata={"help": "Adam betas"})
    weight_decay: float = _opt(0.0, "AdamW decoupled weight decay")
    clip_norm: float = _opt(1.0, "gradient-norm clipping threshold (0 = off)")
    label_smoothing: float = _opt(0.1, "label smoothing of the cross-entropy loss")
    schedule: Schedule = _opt(Schedule.plateau, "learning-rate schedule")
    warmup_steps: int = _opt(200, "linear warm-up steps (inverse_sqrt and plateau)")
    plateau_factor: float = _opt(0.5, "plateau: multiply lr by this when dev BLEU stalls")
    plateau_patience: int = _opt(2, "plateau: validations without improvement before the lr drops")
    min_lr: float = _opt(1e-5, "plateau: lower bound of the learning rate")

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
    max_steps: int = _opt(0, "stop after this many optimizer steps (0 = no limit)")
    max_epochs: int = _opt(0, "stop after this many epochs (0 = no limit)")
    max_minutes: float = _opt(0.0, "wall-clock budget of the run in minutes, resumed sessions included; at the end: "
                                   "validate, save, evaluate (0 = no limit)")
    device: Device = _opt(Device.auto, "where to train (auto: CUDA when torch sees it)")
    precision: Precision = _opt(Precision.auto, "auto: bf16 on AVX-512 BF16/AMX CPUs and CUDA (fp16 on GPUs "
                                                "without bf16), else fp32")
    seed: int = _opt(1234, "seed of weights, dropout and batch order")
    batch_tokens: int = _opt(2400, "token budget per batch: sentences x longest side (padding included)")
    max_sentences: int = _opt(0, "at most this many sentences per batch (0 = no limit)")
    accum_steps: int = _opt(1, "batches (per process) whose gradients make one optimizer step")
    recompute_attention: bool = _opt(True, "recompute the additive attention activations in backward: 929 instead of "
                                           "1,293 MB peak RSS, about 2% slower (docs/performance.md)")
    eval_every: int = _opt(500, "validate every N steps")
    patience: int = _opt(8, "early stopping: validations without dev BLEU improvement (0 = off)")
    log_every: int = _opt(50, "log training scalars every N steps (the host reads the step's figures only then)")
    eval_batch_tokens: int = _opt(12000, "token budget per batch translating dev/test (divided by the beam size)")
    max_len_a: float = _opt(1.5, "validation/test output length limit: a * src_len + b")
    max_len_b: int = _opt(10, "validation/test output length limit: a * src_len + b")
    beam_size: int = _opt(5, "beam size for the final test translation (1 = greedy)")
    alpha: float = _opt(0.6, "final test translation: GNMT length penalty exponent, used with length_norm=gnmt")
    length_norm: LengthNorm = _opt(LengthNorm.gnmt, "final test translation: beam score normalisation, gnmt, "
                                   "average or none (as seq2seq-eval's length_norm)")
    coverage_beta: float = _opt(0.0, "final test translation: GNMT coverage penalty weight (0 = off; e.g. 0.2)")
    num_heatmaps: int = _opt(4, "dev sentences drawn as attention heatmaps at each validation")
    num_threads: int = _opt(0, "torch intra-op threads (0 = torch's default)")
    deterministic: bool = _opt(False, "torch.use_deterministic_algorithms for bit-exact runs")
    resume: str = _opt("", "resume from a run folder, a checkpoint file, or 'auto' (this run folder; "
                            "a new run while it has no checkpoint)")
    keep_last: int = _opt(1, "step checkpoints to keep besides last.pt and best.pt")
    max_bad_steps: int = _opt(10, "stop after this many consecutive non-finite steps")
    ema_decay: float = _opt(0.0, "exponential moving average of the weights, updated after every optimizer step "
                                 "(e.g. 0.999; 0 = off): validated as valid/*_ema, its best saved as ema.pt")
    scheduled_sampling: SamplingSchedule = _opt(SamplingSchedule.none, "scheduled sampling: how the teacher-forcing "
                                                "probability eps(i) falls with the step i (none = always teacher forcing)")
    ss_k: float = _opt(1.0, "scheduled sampling: linear eps=max(ss_min, ss_k - ss_c*i); exponential eps=ss_k^i "
                            "(ss_k < 1, e.g. 0.9995); inverse_sigmoid eps=ss_k/(ss_k+exp(i/ss_k)) (ss_k >= 1, e.g. 2000)")
    ss_c: float = _opt(1e-4, "scheduled sampling, linear: eps falls by this per step")
    ss_min: float = _opt(0.0, "scheduled sampling: lowest teacher-forcing probability eps (all schedules)")
    ss_sample: bool = _opt(False, "scheduled sampling: feed a token sampled from the model instead of its argmax")
    subword_sampling: bool = _opt(False, "subword regularisation (unigram tokenizer): train on segmentations drawn "
                                         "afresh each epoch among each sentence's subword_nbest best (dev/test keep the best)")
    subword_alpha: float = _opt(0.2, "subword sampling: P(segmentation) ~ p(segmentation)^alpha (lower = more varied)")
    subword_nbest: int = _opt(16, "subword sampling: draw among this many best segmentations (at least 2)")
    guided_alignment: str = _opt("", "guided alignment: Pharaoh links (i-j, 0-based whitespace words) for the training "
                                     "corpus, one line per line of its files (empty = no links), e.g. eflomal's; "
                                     "the attention is trained towards them (docs/alignment.md)")
    guided_alignment_weight: float = _opt(0.1, "guided alignment: weight of the attention-to-links cross-entropy "
                                               "per target piece, beside the translation loss (0 = measure only)")

    def __post_init__(self) -> None:
        self.positive("batch_tokens", "accum_steps", "eval_every", "log_every", "eval_batch_tokens", "beam_size", "max_bad_steps")
        self.non_negative("max_steps", "max_epochs", "max_minutes", "max_sentences", "patience", "num_heatmaps",
                          "num_threads", "keep_last", "max_len_a", "max_len_b", "ss_c", "alpha",
                          "coverage_beta", "guided_alignment_weight")
        self.fraction("ema_decay")
        if not 0.0 <= self.ss_min <= 1.0:
            self._fail("ss_min", "must be in [0, 1]")
        if self.scheduled_sampling == SamplingSchedule.linear and not 0.0 <= self.ss_k <= 1.0:
            self._fail("ss_k", "must be in [0, 1] for scheduled_sampling=linear")
        if self.scheduled_sampling == SamplingSchedule.exponential and not 0.0 < self.ss_k < 1.0:
            self._fail("ss_k", "must be in (0, 1) for scheduled_sampling=exponential")
        if self.scheduled_sampling == SamplingSchedule.inverse_sigmoid and self.ss_k < 1.0:
            self._fail("ss_k", "must be at least 1 for scheduled_sampling=inverse_sigmoid")
        if not 0.0 < self.subword_alpha <= 1.0:
            self._fail("subword_alpha", "must be in (0, 1]")
        if self.subword_nbest < 2:
            self._fail("subword_nbest", "must be at least 2")


@dataclass
class Config(Rules):
    name: str = _opt("default", "run name; the run folder is runs/NAME/DATE_TIME")
    data: DataConfig = field(default_factory=DataConfig)
    tokenizer: TokenizerConfig = field(default_factory=TokenizerConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    optim: OptimConfig = field(default_factory=OptimConfig)
    trainer: TrainerConfig = field(default_factory=TrainerConfig)

    def __post_init__(self) -> None:
        if self.trainer.subword_sampling and self.tokenizer.type != SubwordType.unigram:
            raise ConfigError(f"trainer.subword_sampling=true needs tokenizer.type=unigram (a BPE model has no n-best "
                              f"segmentations to draw from), not {SubwordType(self.tokenizer.type).value}")


def check(cfg: Any) -> None:
    """Run every range rule again: for configs built in code and changed after construction."""
    for f in dataclasses.fields(cfg):
        value = getattr(cfg, f.name)
        if dataclasses.is_dataclass(value):
            check(value)
    if hasattr(cfg, "__post_init__"):
        cfg.__post_init__()


def as_plain(cfg: Any) -> dict:
    """The config as plain containers (Enums as their names): what checkpoints and results store."""
    from omegaconf import OmegaConf

    return OmegaConf.to_container(OmegaConf.structured(cfg), enum_to_str=True)  # type: ignore[return-value]


@dataclass
class AverageConfig(Rules):
    """seq2seq-average: the parameter mean of several of a run's step checkpoints, as checkpoints/averaged.pt."""

    run_dir: str = _opt("???", "run folder written by seq2seq-train (required)")
    last: int = _opt(0, "average the last K step checkpoints (train with trainer.keep_last >= K)")
    best: int = _opt(0, "average the K kept step checkpoints with the highest dev BLEU")
    name: str = _opt("averaged", "written as checkpoints/NAME.pt (load it with checkpoint=NAME)")

    def __post_init__(self) -> None:
        self.non_negative("last", "best")
        if bool(self.last) == bool(self.best):
            raise ConfigError("give exactly one of last=K or best=K (K >= 1)")
        if self.name in ("best", "last") or self.name.startswith("step-") or not self.name.isidentifier():
            raise ConfigError(f"name={self.name} must be a plain name other than best, last and step-*")


@dataclass
class InferenceConfig(Rules):
    """Options shared by seq2seq-eval, seq2seq-translate and seq2seq-attention."""

    run_dir: str = _opt("???", "run folder written by seq2seq-train (required)")
    checkpoint: str = _opt("best", "best | last | a path to a .pt file")
    beam_size: int = _opt(5, "beam size (1 = greedy)")
    alpha: float = _opt(0.6, "GNMT length penalty exponent (0 = none), used with length_norm=gnmt")
    length_norm: LengthNorm = _opt(LengthNorm.gnmt, "how beam scores are normalised for length: gnmt (score / "
                                   "((5 + len) / 6) ** alpha), average (mean log-prob per piece) or none")
    coverage_beta: float = _opt(0.0, "GNMT coverage penalty weight: beta * sum_j log(min(attention to source "
                                     "piece j, 1)) joins the beam score (0 = off; e.g. 0.2)")
    max_len_a: float = _opt(1.5, "output length limit: a * src_len + b pieces")
    max_len_b: int = _opt(10, "output length limit: a * src_len + b pieces")
    batch_tokens: int = _opt(12000, "token budget per batch: sentences x longest source (divided by the beam size)")
    device: Device = _opt(Device.auto, "where to translate (auto: CUDA when torch sees it)")
    precision: Precision = _opt(Precision.auto, "auto: bf16 where the hardware has it, else fp32")
    num_threads: int = _opt(0, "torch intra-op threads (0 = torch's default)")

    def __post_init__(self) -> None:
        self.positive("beam_size", "batch_tokens")
        self.non_negative("max_len_a", "max_len_b", "num_threads", "coverage_beta")
        if self.max_len_a + self.max_len_b < 1:
            raise ConfigError("max_len_a and max_len_b must allow at least one output piece")


@dataclass
class EvalConfig(InferenceConfig):
    split: Split = _opt(Split.test, "the run's own split to score (not with src=)")
    src: str = _opt("", "source file to translate instead of a split (needs refs=)")
    refs: List[str] = field(default_factory=list, metadata={"help": "reference files (only with src=)"})
    out: str = _opt("", "output folder ('' = RUN/eval)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.src and not self.refs:
            raise ConfigError("src= needs refs=[FILE,...] to score against")
        if self.refs and not self.src:
            raise ConfigError("refs= needs src=FILE; a split (split=dev|test) is scored against the run's own "
                              "references")


class ExportFormat(Choice):
    onnx = "onnx"


@dataclass
class ExportConfig(Rules):
    """seq2seq-export: a run's model as ONNX graphs plus its tokenizer and a manifest (decoded without torch)."""

    run_dir: str = _opt("???", "run folder written by seq2seq-train (required)")
    out: str = _opt("???", "export folder to write (required; an earlier export there is replaced)")
    checkpoint: str = _opt("best", "best | last | ema | averaged | a path to a .pt file")
    format: ExportFormat = _opt(ExportFormat.onnx, "export format")
    opset: int = _opt(18, "ONNX opset of both graphs")
    tolerance: float = _opt(1e-4, "largest ONNX Runtime vs PyTorch difference the export check accepts")

    def __post_init__(self) -> None:
        if not 17 <= self.opset <= 21:
            raise ConfigError(f"opset={self.opset} must be between 17 and 21")
        if not self.tolerance > 0:
            raise ConfigError(f"tolerance={self.tolerance} must be positive")


def _one_source(cfg) -> None:
    """Commands that can decode an export: exactly one of run_dir= and export_dir=."""
    if bool(cfg.run_dir) == bool(cfg.export_dir):
        raise ConfigError("give exactly one of run_dir=RUN (PyTorch) or export_dir=DIR (ONNX Runtime, from "
                          "seq2seq-export)")


@dataclass
class TranslateConfig(InferenceConfig):
    run_dir: str = _opt("", "run folder written by seq2seq-train (or export_dir=)")
    export_dir: str = _opt("", "folder written by seq2seq-export: decode on ONNX Runtime, without torch")
    n_best: int = _opt(1, "print the n best hypotheses per line as 'line ||| hypothesis ||| score'")
    input: str = _opt("", "read this file instead of stdin")
    output: str = _opt("", "write this file instead of stdout")
    chunk: int = _opt(256, "lines translated together when input arrives faster than it is translated")
    line_buffered: bool = _opt(False, "translate each line as soon as it arrives (interactive use)")

    def __post_init__(self) -> None:
        super().__post_init__()
        _one_source(self)
        self.positive("chunk")
        if not 1 <= self.n_best <= self.beam_size:
            raise ConfigError(f"n_best={self.n_best} must be between 1 and beam_size={self.beam_size}")


@dataclass
class AttentionConfig(InferenceConfig):
    text: str = _opt("", "a source sentence")
    input: str = _opt("", "a file of source sentences, one per line")
    hypothesis: int = _opt(0, "which beam hypothesis to draw (0 = best)")
    out: str = _opt("", "output folder ('' = RUN/attention)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0 <= self.hypothesis < self.beam_size:
            raise ConfigError(f"hypothesis={self.hypothesis} must be between 0 and beam_size-1={self.beam_size - 1}")
        if bool(self.text) == bool(self.input):
            raise ConfigError('give exactly one of text="..." or input=FILE')


@dataclass
class ServeConfig(InferenceConfig):
    """seq2seq-serve: the JSON API and the attention explorer. ``beam_size`` etc. are the request defaults."""

    run_dir: str = _opt("", "run folder written by seq2seq-train (or export_dir=)")
    export_dir: str = _opt("", "folder written by seq2seq-export: decode on ONNX Runtime, without torch")

    host: str = _opt("127.0.0.1", "address to listen on (loopback only unless told otherwise, e.g. 0.0.0.0)")
    port: int = _opt(8080, "TCP port to listen on (0 = any free port; the log line 'serving ... on URL' names it)")
    n_best: int = _opt(1, "default number of hypotheses per line a request gets")
    max_beam_size: int = _opt(16, "largest beam_size a request may ask for")
    max_lines: int = _opt(64, "most sentences in one request")
    max_chars: int = _opt(2000, "longest sentence of a request, in characters")
    max_body_bytes: int = _opt(1_000_000, "largest request body; a bigger one is refused before it is read whole")
    batch_window_ms: float = _opt(5.0, "how long the micro-batcher waits for more requests to decode together "
                                       "(0 = decode each request alone)")
    batch_max_tokens: int = _opt(4000, "the micro-batcher stops gathering once this many source pieces wait")
    max_waiting_lines: int = _opt(4096, "sentences that may wait for decoding at once; a request past it gets "
                                        "503 and Retry-After at once instead of a long wait")
    access_log: bool = _opt(False, "log every request (uvicorn's access log, on stderr)")

    def __post_init__(self) -> None:
        super().__post_init__()
        _one_source(self)
        self.positive("max_beam_size", "max_lines", "max_chars", "max_body_bytes", "batch_max_tokens",
                      "max_waiting_lines")
        self.non_negative("batch_window_ms")
        if not 0 <= self.port <= 65535:
            raise ConfigError(f"port={self.port} must be between 0 (any free port) and 65535")
        if not self.host:
            raise ConfigError("host= must name an address, e.g. 127.0.0.1")
        if self.max_waiting_lines < self.max_lines:
            raise ConfigError(f"max_waiting_lines={self.max_waiting_lines} must be at least max_lines={self.max_lines}"
                              " (else a full request could never be served)")
        if self.beam_size > self.max_beam_size:
            raise ConfigError(f"beam_size={self.beam_size} must not exceed max_beam_size={self.max_beam_size}")
        if not 1 <= self.n_best <= self.beam_size:
            raise ConfigError(f"n_best={self.n_best} must be between 1 and beam_size={self.beam_size}")


class LinkReading(Choice):
    argmax = "argmax"
    threshold = "threshold"


# Hyphenated names, as statistical aligners spell them: an Enum would only take them as grow_diag_final.
SYMMETRISATIONS = ("intersection", "union", "grow-diag", "grow-diag-final")


@dataclass
class AlignConfig(Rules):
    """seq2seq-align: forced alignment of given sentence pairs through a run's attention (Pharaoh links)."""

    run_dir: str = _opt("???", "run folder written by seq2seq-train (required)")
    checkpoint: str = _opt("best", "best | last | a path to a .pt file")
    src: str = _opt("???", "source sentences, one per line (required)")
    tgt: str = _opt("???", "their translations, one per line, as many lines as src= (required)")
    output: str = _opt("", "write the Pharaoh links (i-j, 0-based whitespace words) here instead of stdout")
    gold: str = _opt("", "reference links (i-j sure, ipj possible), one line per pair: print precision, recall, AER")
    scores: str = _opt("", "with gold=: also write the scores as JSON to this file")
    matrices: str = _opt("", "write each pair's soft word matrix (target words x source words + EOS) as JSON lines here")
    reading: LinkReading = _opt(LinkReading.argmax, "argmax: each target word to its most attended source word; "
                                "threshold: every source word with at least threshold= of its attention")
    threshold: float = _opt(0.5, "with reading=threshold: the least attention share a link needs, in (0, 1]")
    shift: bool = _opt(False, "read the attention of the step that predicts the next piece (decoder shift)")
    reverse_run: str = _opt("", "a run trained in the other direction (tgt -> src): symmetrise both directions' links")
    reverse_checkpoint: str = _opt("best", "checkpoint of reverse_run=")
    symmetrise: str = _opt("grow-diag-final", "with reverse_run=: how the two directions' links combine: "
                                              "intersection | union | grow-diag | grow-diag-final")
    chunk: int = _opt(256, "pairs aligned and written together")
    batch_tokens: int = _opt(12000, "token budget per batch: sentences x longest side")
    device: Device = _opt(Device.auto, "where to run the model (auto: CUDA when torch sees it)")
    precision: Precision = _opt(Precision.auto, "auto: bf16 where the hardware has it, else fp32")
    num_threads: int = _opt(0, "torch intra-op threads (0 = torch's default)")

    def __post_init__(self) -> None:
        self.positive("chunk", "batch_tokens")
        self.non_negative("num_threads")
        if not 0.0 < self.threshold <= 1.0:
            self._fail("threshold", "must be in (0, 1]")
        if self.symmetrise not in SYMMETRISATIONS:
            self._fail("symmetrise", f"is not one of {' | '.join(SYMMETRISATIONS)}")
        if self.scores and not self.gold:
            raise ConfigError("scores= needs gold=FILE (the reference links to score against)")

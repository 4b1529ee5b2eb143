"""The commands that search: seq2seq-eval, seq2seq-translate, seq2seq-attention and seq2seq-serve; their
decoding keys (``beam_size=5``, ``length_norm=``, ...) are ``SearchOptions``' (``option_field``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

from seq2seq.config.base import CHECKPOINT_HELP, Choice, Device, LengthNorm, Precision, Rules
from seq2seq.errors import ConfigError
from seq2seq.search.options import SearchOptions, opt, option_field


class Split(Choice):
    dev = "dev"
    test = "test"


@dataclass
class InferenceConfig(Rules):
    """Options shared by seq2seq-eval, seq2seq-translate and seq2seq-attention."""

    run_dir: str = opt("???", "run folder written by seq2seq-train (required)")
    checkpoint: str = opt("best", CHECKPOINT_HELP)
    beam_size: int = option_field("beam_size")
    alpha: float = option_field("alpha")
    length_norm: LengthNorm = option_field("length_norm", choice=LengthNorm)
    coverage_beta: float = option_field("coverage_beta")
    max_len_a: float = option_field("max_len_a")
    max_len_b: int = option_field("max_len_b")
    batch_tokens: int = option_field("batch_tokens")
    device: Device = opt(Device.auto, "where to translate (auto: CUDA when torch sees it)")
    precision: Precision = opt(Precision.auto, "auto: bf16 where the hardware has it, else fp32")
    num_threads: int = opt(0, "torch intra-op threads (0 = torch's default)")
    ensemble: List[str] = field(default_factory=list, metadata={
        "help": "more run folders decoding with run_dir=, their log-probabilities averaged at every step "
                "(they must share its tokenizer)"})
    ensemble_weights: List[float] = field(default_factory=list, metadata={
        "help": "with ensemble=: one positive weight per model, run_dir='s first ([] = equal weights)"})

    def __post_init__(self) -> None:
        SearchOptions.of(self)  # the decoding options' rules, n_best's too where a command has it
        self.positive("batch_tokens")
        self.non_negative("num_threads")
        weights = list(self.ensemble_weights)
        if weights and (len(weights) != 1 + len(self.ensemble) or min(weights) <= 0):
            raise ConfigError(f"ensemble_weights={weights} must be {1 + len(self.ensemble)} positive numbers: "
                              "one for run_dir= and one for each ensemble= run")


@dataclass
class EvalConfig(InferenceConfig):
    split: Split = opt(Split.test, "the run's own split to score (not with src=)")
    src: str = opt("", "source file to translate instead of a split (needs refs=)")
    refs: List[str] = field(default_factory=list, metadata={"help": "reference files (only with src=)"})
    out: str = opt("", "output folder ('' = RUN/eval)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.src and not self.refs:
            raise ConfigError("src= needs refs=[FILE,...] to score against")
        if self.refs and not self.src:
            raise ConfigError("refs= needs src=FILE; a split (split=dev|test) is scored against the run's own "
                              "references")


@dataclass
class _RunOrExport(InferenceConfig):
    """Commands that can decode an export: exactly one of run_dir= and export_dir=."""

    run_dir: str = opt("", "run folder written by seq2seq-train (or export_dir=)")
    export_dir: str = opt("", "folder written by seq2seq-export: decode on ONNX Runtime, without torch")

    def __post_init__(self) -> None:
        super().__post_init__()
        if bool(self.run_dir) == bool(self.export_dir):
            raise ConfigError("give exactly one of run_dir=RUN (PyTorch) or export_dir=DIR (ONNX Runtime, from "
                              "seq2seq-export)")
        if self.export_dir and self.ensemble:
            raise ConfigError("ensemble= decodes PyTorch runs: give run_dir=RUN ensemble=[RUN2,...], not export_dir=")


@dataclass
class TranslateConfig(_RunOrExport):
    n_best: int = option_field("n_best", note="more than 1: 'line ||| hypothesis ||| score' lines")
    input: str = opt("", "read this file instead of stdin")
    output: str = opt("", "write this file instead of stdout")
    chunk: int = opt(256, "lines translated together when input arrives faster than it is translated")
    line_buffered: bool = opt(False, "translate each line as soon as it arrives (interactive use)")
    prefix_sep: str = opt("", "read 'source SEP prefix' lines: each translation is forced to start with its "
                          "prefix (none where SEP is missing); TAB for a tab (an override cannot hold one)")

    def __post_init__(self) -> None:
        super().__post_init__()
        self.positive("chunk")

    @property
    def prefix_separator(self) -> str:
        """``prefix_sep`` as text: the word TAB (or a written ``\\t``) is a tab, anything else is itself."""
        return "\t" if self.prefix_sep in ("TAB", "\\t") else self.prefix_sep


@dataclass
class AttentionConfig(InferenceConfig):
    text: str = opt("", "a source sentence")
    input: str = opt("", "a file of source sentences, one per line")
    hypothesis: int = opt(0, "which beam hypothesis to draw (0 = best)")
    out: str = opt("", "output folder ('' = RUN/attention)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 0 <= self.hypothesis < self.beam_size:
            raise ConfigError(f"hypothesis={self.hypothesis} must be between 0 and beam_size-1={self.beam_size - 1}")
        if bool(self.text) == bool(self.input):
            raise ConfigError('give exactly one of text="..." or input=FILE')


@dataclass
class ServeConfig(_RunOrExport):
    """seq2seq-serve: the JSON API and the attention explorer. ``beam_size`` etc. are the request defaults."""

    host: str = opt("127.0.0.1", "address to listen on (loopback only unless told otherwise, e.g. 0.0.0.0)")
    port: int = opt(8080, "TCP port to listen on (0 = any free port; the log line 'serving ... on URL' names it)")
    n_best: int = option_field("n_best", "a request's default")
    max_beam_size: int = opt(16, "largest beam_size a request may ask for")
    max_lines: int = opt(64, "most sentences in one request")
    max_chars: int = opt(2000, "longest sentence of a request, in characters")
    max_body_bytes: int = opt(1_000_000, "largest request body; a bigger one is refused before it is read whole")
    batch_window_ms: float = opt(5.0, "how long the micro-batcher waits for more requests to decode together "
                                      "(0 = decode each request alone)")
    batch_max_tokens: int = opt(4000, "the micro-batcher stops gathering once this many source pieces wait")
    max_waiting_lines: int = opt(4096, "sentences that may wait for decoding at once; a request past it gets "
                                       "503 and Retry-After at once instead of a long wait")
    access_log: bool = opt(False, "log every request (uvicorn's access log, on stderr)")

    def __post_init__(self) -> None:
        super().__post_init__()
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

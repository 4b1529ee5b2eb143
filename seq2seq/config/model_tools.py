"""The commands that use a run's model without a search: seq2seq-average, seq2seq-export and seq2seq-align."""
from __future__ import annotations

from dataclasses import dataclass

from seq2seq.analysis.links import SYMMETRISATIONS
from seq2seq.config.base import CHECKPOINT_HELP, Choice, Device, Precision, Rules
from seq2seq.errors import ConfigError
from seq2seq.search.options import opt


@dataclass
class AverageConfig(Rules):
    """seq2seq-average: the parameter mean of several of a run's step checkpoints, as checkpoints/averaged.pt."""

    run_dir: str = opt("???", "run folder written by seq2seq-train (required)")
    last: int = opt(0, "average the last K step checkpoints (train with trainer.keep_last >= K)")
    best: int = opt(0, "average the K kept step checkpoints with the highest dev BLEU")
    name: str = opt("averaged", "written as checkpoints/NAME.pt (load it with checkpoint=NAME)")

    def __post_init__(self) -> None:
        self.non_negative("last", "best")
        if bool(self.last) == bool(self.best):
            raise ConfigError("give exactly one of last=K or best=K (K >= 1)")
        if self.name in ("best", "last") or self.name.startswith("step-") or not self.name.isidentifier():
            raise ConfigError(f"name={self.name} must be a plain name other than best, last and step-*")


class ExportFormat(Choice):
    onnx = "onnx"


class Quantize(Choice):
    none = "none"
    int8 = "int8"


@dataclass
class ExportConfig(Rules):
    """seq2seq-export: a run's model as ONNX graphs plus its tokenizer and a manifest (decoded without torch)."""

    run_dir: str = opt("???", "run folder written by seq2seq-train (required)")
    out: str = opt("???", "export folder to write (required; an earlier export there is replaced)")
    checkpoint: str = opt("best", CHECKPOINT_HELP)
    format: ExportFormat = opt(ExportFormat.onnx, "export format")
    opset: int = opt(18, "ONNX opset of both graphs")
    quantize: Quantize = opt(Quantize.none, "none: float32 graphs; int8: ONNX Runtime's dynamic quantisation of the "
                                            "matrix products (int8 weights; the encoder's GRU stays float32)")
    tolerance: float = opt(1e-4, "with quantize=none: largest ONNX Runtime vs PyTorch difference the export check "
                                 "accepts")
    int8_tolerance: float = opt(0.1, "with quantize=int8: largest difference of the decoder step's ranked scores "
                                     "(log-probabilities) from PyTorch's that the export check accepts")

    def __post_init__(self) -> None:
        if not 17 <= self.opset <= 21:
            raise ConfigError(f"opset={self.opset} must be between 17 and 21")
        for name in ("tolerance", "int8_tolerance"):
            if not getattr(self, name) > 0:
                raise ConfigError(f"{name}={getattr(self, name)} must be positive")


class LinkReading(Choice):
    argmax = "argmax"
    threshold = "threshold"


@dataclass
class AlignConfig(Rules):
    """seq2seq-align: forced alignment of given sentence pairs through a run's attention (Pharaoh links)."""

    run_dir: str = opt("???", "run folder written by seq2seq-train (required)")
    checkpoint: str = opt("best", CHECKPOINT_HELP)
    src: str = opt("???", "source sentences, one per line (required)")
    tgt: str = opt("???", "their translations, one per line, as many lines as src= (required)")
    output: str = opt("", "write the Pharaoh links (i-j, 0-based whitespace words) here instead of stdout")
    gold: str = opt("", "reference links (i-j sure, ipj possible), one line per pair: print precision, recall, AER")
    scores: str = opt("", "with gold=: also write the scores as JSON to this file")
    matrices: str = opt("", "write each pair's soft word matrix (target words x source words + EOS) as JSON lines here")
    reading: LinkReading = opt(LinkReading.argmax, "argmax: each target word to its most attended source word; "
                               "threshold: every source word with at least threshold= of its attention")
    threshold: float = opt(0.5, "with reading=threshold: the least attention share a link needs, in (0, 1]")
    shift: bool = opt(False, "read the attention of the step that predicts the next piece (decoder shift)")
    reverse_run: str = opt("", "a run trained in the other direction (tgt -> src): symmetrise both directions' links")
    reverse_checkpoint: str = opt("best", "checkpoint of reverse_run=")
    # a str checked below, not an Enum: the names are hyphenated as statistical aligners spell them
    symmetrise: str = opt("grow-diag-final", "with reverse_run=: how the two directions' links combine: "
                                             "intersection | union | grow-diag | grow-diag-final")
    chunk: int = opt(256, "pairs aligned and written together")
    batch_tokens: int = opt(12000, "token budget per batch: sentences x longest side")
    device: Device = opt(Device.auto, "where to run the model (auto: CUDA when torch sees it)")
    precision: Precision = opt(Precision.auto, "auto: bf16 where the hardware has it, else fp32")
    num_threads: int = opt(0, "torch intra-op threads (0 = torch's default)")

    def __post_init__(self) -> None:
        self.positive("chunk", "batch_tokens")
        self.non_negative("num_threads")
        if not 0.0 < self.threshold <= 1.0:
            self._fail("threshold", "must be in (0, 1]")
        if self.symmetrise not in SYMMETRISATIONS:
            self._fail("symmetrise", f"is not one of {' | '.join(SYMMETRISATIONS)}")
        if self.scores and not self.gold:
            raise ConfigError("scores= needs gold=FILE (the reference links to score against)")

"""A trained model and its tokenizer, rebuilt from a run folder alone, translating text: the Python API.

The model config comes from the checkpoint, never from the current ``configs/``: an old run keeps
translating the way it was trained even after the defaults change. Every inference command and the
server use this::

    from seq2seq import Translator
    translator = Translator.from_run("runs/bible_15min/DATE_TIME", device="cpu")
    for result in translator.translate(["Y dijo Dios: Sea la luz"], beam_size=5):
        print(result.text, result.score)

``Translator.from_export(DIR)`` does the same from a ``seq2seq-export`` folder on ONNX Runtime: torch is
then never imported (this module imports it only inside ``from_run`` and the PyTorch search).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Sequence

import numpy as np

from seq2seq.config import DataConfig, ModelConfig
from seq2seq.data.arrays import TokenArray
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.errors import CheckpointError, ConfigError
from seq2seq.inference.aligner import EOS_PIECE, Alignment, align_lines
from seq2seq.rundir import RunDir
from seq2seq.search.finish import Hypothesis
from seq2seq.search.options import BATCH_TOKENS, SearchOptions

if TYPE_CHECKING:  # torch is imported only by from_run: an ONNX export decodes without it
    import torch

    from seq2seq.model.seq2seq import Seq2Seq

log = logging.getLogger(__name__)


def clean(line: str) -> str:
    """Tokenizer-safe input: no line breaks inside a line, no NULs or other C0 controls but tab."""
    line = line.rstrip("\r\n")
    return "".join(ch if ch >= " " or ch == "\t" else " " for ch in line).strip()


def _dataclass_from(cls, values: dict):
    return cls(**{k: v for k, v in values.items() if k in cls.__dataclass_fields__})


def _tokenizer_bytes(tok: Tokenizer) -> tuple[bytes, bytes]:
    return tok.src_model_path.read_bytes(), tok.tgt_model_path.read_bytes()


def _checkpoint_path(run: RunDir, name: str) -> Path:
    path = Path(name) if name.endswith(".pt") else run.checkpoint(name)
    if not path.exists():
        raise CheckpointError(f"{path}: no checkpoint in this run folder (has training reached its first "
                              "validation?); try checkpoint=last or checkpoint=PATH.pt")
    return path


@dataclass
class Translation:
    """One hypothesis of one input line, as ``Translator.translate`` returns it.

    text: the detokenised translation.
    pieces: its target pieces, without EOS.
    score: the length-normalised log-probability (``Hypothesis.norm_score``; higher is better).
    finished: False when the output hit the length limit before EOS.
    source_pieces: (only with ``return_attention``) the source pieces the model read, cut at
        ``SearchOptions.max_src_len``, plus ``"</s>"``: the columns of ``attention``.
    attention: (only with ``return_attention``) float32 array (T, S), T = ``len(target_pieces)``,
        S = ``len(source_pieces)``: row t is the attention distribution (sums to 1) over the source when
        target piece t was predicted. Kept on request only: it is the bulk of a result.
    nbest: the ``n_best`` hypotheses of this line, best first (the first is this one, with an empty
        ``nbest`` of its own); a single-element list when ``n_best`` is 1.
    """

    text: str
    pieces: list[str]
    score: float
    finished: bool = True
    source_pieces: Optional[list[str]] = None
    attention: Optional[np.ndarray] = None
    nbest: list["Translation"] = field(default_factory=list)

    @property
    def target_pieces(self) -> list[str]:
        """The rows of ``attention``: ``pieces`` plus ``"</s>"`` when the hypothesis finished (an empty
        line is not decoded at all: no rows)."""
        rows = self.pieces + ([EOS_PIECE] if self.finished else [])
        return rows if self.attention is None else rows[: self.attention.shape[0]]


class Translator:
    """``Translator.from_run(RUN)`` loads once; ``translate`` decodes batches of lines into ``Translation``s."""

    def __init__(self, run: RunDir, model: Optional[Seq2Seq], tokenizer: Tokenizer, data: DataConfig,
                 device: torch.device | str, precision: str, step: int, engine: Any = None):
        """``engine``: None for the PyTorch ``model``; else an object with ``translate_ids(src, opts,
        batch_tokens)`` that decodes instead (``seq2seq.export.ort_model.OrtModel``; ``model`` is then None)."""
        self.run, self.model, self.tokenizer, self.data = run, model, tokenizer, data
        self.device, self.precision, self.step, self.engine = device, precision, step, engine

    @property
    def backend(self) -> str:
        """``pytorch`` or ``onnxruntime``: what decodes (the server's /health shows it)."""
        return "pytorch" if self.engine is None else "onnxruntime"

    @property
    def is_ensemble(self) -> bool:
        """Several models decode (``from_runs``): there is no one model to force pairs through (``align``)."""
        return self.model is not None and not hasattr(self.model, "decoder")

    @classmethod
    def from_run(cls, run_dir: Path | str, checkpoint_name: str = "best", device: str = "auto",
                 precision: str = "auto", num_threads: int = 0) -> "Translator":
        """Rebuild model and tokenizer from ``run_dir`` (``checkpoint_name``: best | last | ema | averaged |
        step-00001000, a name in its checkpoints/ folder; or a .pt path)."""
        from seq2seq.checkpoint import load as load_checkpoint
        from seq2seq.model.seq2seq import build_model
        from seq2seq.runtime import configure_threads, resolve_device, resolve_precision

        run = RunDir(run_dir)
        if not run.root.is_dir():
            raise CheckpointError(f"run_dir={run.root}: no such folder; give a folder written by seq2seq-train")
        path = _checkpoint_path(run, checkpoint_name)
        dev = resolve_device(device)
        prec = resolve_precision(precision, dev)
        configure_threads(num_threads, False)
        state = load_checkpoint(path, mmap=True)  # the weights only become resident, not the optimizer
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

    @classmethod
    def from_runs(cls, run_dirs: Sequence[Path | str], weights: Optional[Sequence[float]] = None,
                  checkpoint_name: str = "best", device: str = "auto", precision: str = "auto",
                  num_threads: int = 0) -> "Translator":
        """Decode with the runs' models together (``seq2seq.search.ensemble``): at each step the ``weights``
        average (default: equal) of their log-probabilities; attention is the same average of theirs.

        Every run must hold the first run's sentencepiece model(s), byte for byte; the first run supplies
        the tokenizer, data config and folder. ``checkpoint_name`` applies to every run.
        """
        from seq2seq.search.ensemble import Ensemble

        if not run_dirs:
            raise ConfigError("an ensemble needs at least one run folder")
        members = [cls.from_run(r, checkpoint_name, device, precision, num_threads) for r in run_dirs]
        first = members[0]
        for other in members[1:]:
            if _tokenizer_bytes(other.tokenizer) != _tokenizer_bytes(first.tokenizer):
                raise ConfigError(f"ensemble: {other.run.root} and {first.run.root} have different sentencepiece "
                                  "models; an ensemble's runs must share one tokenizer")
        try:
            model = Ensemble([m.model for m in members], weights)
        except ValueError as e:
            raise ConfigError(str(e)) from None
        return cls(first.run, model, first.tokenizer, first.data, first.device, first.precision, first.step)

    @classmethod
    def from_export(cls, export_dir: Path | str, num_threads: int = 0) -> "Translator":
        """Load a ``seq2seq-export`` folder onto ONNX Runtime (CPU); needs numpy, onnxruntime and sentencepiece.

        Every file is checked against the folder's manifest first: a missing or changed one is a one-line
        ``CheckpointError`` naming it. ``num_threads``: ONNX Runtime's intra-op threads (0 = its default).
        """
        from seq2seq.export.ort_model import OrtModel

        engine = OrtModel.load(export_dir, num_threads)
        m = engine.manifest
        tok = Tokenizer.from_run(RunDir(export_dir), m.joint_tokenizer)
        m.check_tokenizer(tok)
        return cls(RunDir(export_dir), None, tok, _dataclass_from(DataConfig, m.data), "cpu",
                   m.source.get("precision", "fp32"), m.step, engine)  # fp32, or int8 for quantize=int8

    @classmethod
    def from_config(cls, cfg) -> "Translator":
        """From an inference command's config: ``export_dir=`` when given (ONNX Runtime), else ``run_dir=``,
        with ``ensemble=`` runs beside it when given."""
        if getattr(cfg, "export_dir", ""):
            return cls.from_export(cfg.export_dir, cfg.num_threads)
        if cfg.ensemble:
            return cls.from_runs([cfg.run_dir, *cfg.ensemble], cfg.ensemble_weights, cfg.checkpoint, cfg.device,
                                 cfg.precision, cfg.num_threads)
        return cls.from_run(cfg.run_dir, cfg.checkpoint, cfg.device, cfg.precision, cfg.num_threads)

    def translate_ids(self, src: TokenArray, opts: SearchOptions, batch_tokens: int,
                      prefix: Optional[TokenArray] = None) -> list[list[Hypothesis]]:
        """n-best lists for every source id sequence, in input order; ``prefix``: target ids to force."""
        if self.engine is not None:
            return self.engine.translate_ids(src, opts, batch_tokens, prefix)
        from seq2seq.search.batched import translate_ids

        tok = self.tokenizer
        return translate_ids(self.model, src, pad_id=tok.pad_id, bos_id=tok.bos_id, eos_id=tok.eos_id,
                             device=self.device, precision=self.precision, batch_tokens=batch_tokens, opts=opts,
                             prefix=prefix)

    def translate_hypotheses(self, lines: Sequence[str], opts: SearchOptions,
                             batch_tokens: int = BATCH_TOKENS) -> list[list[Hypothesis]]:
        """n-best ``Hypothesis`` lists for raw text lines (cleaned first), in input order."""
        return self.translate_ids(self.encode(lines), opts, batch_tokens)

    def translate(self, lines: Sequence[str], beam_size: int = SearchOptions.beam_size,
                  n_best: int = SearchOptions.n_best, return_attention: bool = False, *,
                  batch_tokens: int = BATCH_TOKENS, prefix: Optional[Sequence[str]] = None,
                  **options: Any) -> list[Translation]:
        """One ``Translation`` per line, in input order: the best hypothesis, the ``n_best`` in its ``nbest``.

        lines: raw text, one sentence each (cleaned of line breaks and control characters first).
        beam_size: 1 is greedy search; ``n_best`` must be between 1 and ``beam_size``.
        return_attention: also keep each hypothesis's (T, S) attention matrix and the source pieces.
        options: any other ``SearchOptions`` field by name (``alpha``, ``length_norm``, ``coverage_beta``,
            ``max_len_a``, ``max_len_b``), each at its default there when left out.
        batch_tokens: token budget of one search batch (divided by the beam size).
        prefix: one target prefix per line ("" for none): every hypothesis starts with its pieces, scored
            (``seq2seq.search.prefix``); longer than the line's output limit is a one-line ``ConfigError``.
        """
        opts = SearchOptions(beam_size=beam_size, n_best=n_best, **options)
        return self.translate_encoded(self.encode(lines), opts, return_attention, batch_tokens,
                                      None if prefix is None else self.encode_prefix(prefix, len(lines)))

    def encode_prefix(self, prefixes: Sequence[str], n: int) -> TokenArray:
        """Target ids of ``n`` raw prefixes (cleaned first; one per source line, else a ``ConfigError``)."""
        if len(prefixes) != n:
            raise ConfigError(f"prefix: {len(prefixes)} prefixes for {n} lines; give one per line (\"\" for none)")
        return TokenArray.from_lists(self.tokenizer.encode_tgt([clean(p) for p in prefixes]))

    def encode(self, lines: Sequence[str]) -> TokenArray:
        """Source ids of raw lines (cleaned first): what ``translate_encoded`` takes."""
        return TokenArray.from_lists(self.tokenizer.encode_src([clean(line) for line in lines]))

    def translate_encoded(self, src: TokenArray, opts: SearchOptions, return_attention: bool = False,
                          batch_tokens: int = BATCH_TOKENS, prefix: Optional[TokenArray] = None) -> list[Translation]:
        """``translate`` for lines already encoded (the server encodes once to count tokens)."""
        results = []
        for k, nbest in enumerate(self.translate_ids(src, opts, batch_tokens, prefix)):
            src_pieces = self.source_pieces(src[k]) if return_attention else None
            all_n = [self.result(h, src_pieces) for h in nbest]
            results.append(Translation(**{**all_n[0].__dict__, "nbest": all_n}))
        return results

    def align(self, sources: Sequence[str], targets: Sequence[str], *, reading: str = "argmax",
              threshold: float = 0.5, shift: bool = False, batch_tokens: int = 12000) -> list[Alignment]:
        """Forced alignment: each ``targets[k]`` fed to the model as the translation of ``sources[k]``.

        reading: ``argmax`` (each target word to its most attended source word) or ``threshold`` (every
            source word with at least ``threshold`` of the target word's attention); shift: read the step
            that predicts the next piece (``seq2seq.analysis.links``).
        Returns one ``Alignment`` per pair, in order; its links index the whitespace tokens of the lines.
        """
        if self.engine is not None:
            raise CheckpointError("forced alignment needs the PyTorch model: load the run with run_dir= "
                                  "(Translator.from_run), not an ONNX export")
        if self.is_ensemble:
            raise CheckpointError("forced alignment reads one model's attention: load one run (Translator.from_run), "
                                  "not an ensemble")
        return align_lines(self, [clean(s) for s in sources], [clean(t) for t in targets], reading=reading,
                           threshold=threshold, shift=shift, batch_tokens=batch_tokens)

    def source_pieces(self, src_ids) -> list[str]:
        """The pieces of one source id sequence as the model reads it: cut at the search's limit, plus EOS
        (none for an empty line, which is never decoded)."""
        if len(src_ids) == 0:
            return []
        return self.tokenizer.src_pieces(list(src_ids[: SearchOptions.max_src_len])) + [EOS_PIECE]

    def result(self, hyp: Hypothesis, src_pieces: Optional[list[str]] = None) -> Translation:
        """A ``Hypothesis`` as text and pieces; with ``src_pieces`` given, its attention too."""
        out = Translation(text=self.tokenizer.decode_tgt(hyp.tokens), pieces=self.tokenizer.tgt_pieces(hyp.tokens),
                          score=float(hyp.norm_score), finished=bool(hyp.finished))
        if src_pieces is not None:
            out.source_pieces = src_pieces
            # (T, S) already: rows = generated steps incl. EOS, columns = true source length incl. EOS.
            out.attention = np.asarray(hyp.attention, dtype=np.float32)[: len(out.target_pieces), : len(src_pieces)]
        return out

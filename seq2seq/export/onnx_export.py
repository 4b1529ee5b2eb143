"""``seq2seq-export``: a run's model as two ONNX graphs, its sentencepiece model(s) and a manifest.

- ``encoder.onnx``: written by hand (``encoder_graph``: ONNX's GRU takes per-sentence lengths);
- ``decoder_step.onnx``: one decoder step and its ranking (``decoder_step.DecoderStep``), through
  ``torch.onnx.export`` (``torch.export`` underneath) with dynamic rows, source length and beam size;
- with ``quantize=int8`` both graphs then go through ONNX Runtime's dynamic quantisation (``quantize``).

Before anything is kept, both graphs run on ONNX Runtime against the PyTorch model (``check``: a bound on
every difference for float32 graphs, on the ranked scores for int8 ones); what it found is recorded in
the manifest. The folder appears whole or not at all: it is filled
beside ``out`` and renamed into place (a previous export there is replaced only then).
"""
from __future__ import annotations

import contextlib
import json
import logging
import shutil
import tempfile
import warnings
from pathlib import Path

import torch

import seq2seq
from seq2seq.config import ExportConfig, as_plain
from seq2seq.config.model_tools import Quantize
from seq2seq.errors import ConfigError
from seq2seq.export import check, encoder_graph, quantize
from seq2seq.export.decoder_step import STEP_INPUTS, STEP_OUTPUTS, DecoderStep, sample, step_args
from seq2seq.export.manifest import DECODER_STEP, ENCODER, NAME, Manifest, sha256
from seq2seq.inference.translator import Translator
from seq2seq.rundir import WriteError, copy_file

log = logging.getLogger(__name__)


def _export_step(model, path: Path, opset: int, tok) -> None:
    from torch.export import Dim

    src, lens = sample(tok.src_vocab_size, tok.pad_id, tok.eos_id, batch=6, src_len=7, seed=0)
    rows, src_len = Dim("rows"), Dim("src_len")
    by_row, by_row_src = {0: rows}, {0: rows, 1: src_len}
    program = torch.onnx.export(
        DecoderStep(model).eval(), step_args(model, src, lens, 3), dynamo=True, opset_version=opset,
        input_names=STEP_INPUTS, output_names=STEP_OUTPUTS, verbose=False,
        dynamic_shapes=(by_row, by_row, by_row, by_row_src, by_row_src, by_row_src,
                        {0: Dim("sentences"), 1: Dim("beam")}))
    program.save(str(path), external_data=False)


@contextlib.contextmanager
def _quiet_exporter():
    """The exporter's optimiser passes log at INFO and torch warns about optional operator sets
    (torchvision); none of it is for a user, so it is held back while the step graph is made."""
    names = ("onnx_ir", "onnxscript", "torch.onnx", "torch._dynamo", "torch.export")
    loggers = [logging.getLogger(n) for n in names]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)


def _check(cfg: ExportConfig, tr, folder: Path, manifest: Manifest) -> None:
    """Refuse an export that strays from PyTorch past its tolerance; record what was found in ``manifest``."""
    out = Path(cfg.out)
    if cfg.quantize == Quantize.int8:
        found = check.int8_scores(tr, folder)
        manifest.quantization["check"] = found
        if not found["max_score_diff"] < cfg.int8_tolerance:
            raise ConfigError(f"out={out}: the int8 graphs' scores differ from PyTorch's by {found['max_score_diff']:.2e} "
                              f"(more than int8_tolerance={cfg.int8_tolerance}); nothing was written")
        return
    diff = check.float_diff(tr.model, folder, tr.tokenizer)
    if not diff < cfg.tolerance:
        raise ConfigError(f"out={out}: ONNX Runtime differs from PyTorch by {diff:.2e} (more than "
                          f"tolerance={cfg.tolerance}); nothing was written")
    manifest.source["max_abs_diff"] = diff


def _results(run) -> dict:
    try:
        test = json.loads(run.results.read_text()).get("test") or {}
    except (OSError, ValueError):
        return {}
    keep = ("bleu", "chrf", "bleu_signature", "chrf_signature", "multiref_bleu", "multiref_bleu_signature",
            "beam_size", "length_norm", "alpha", "coverage_beta", "lines")  # the scores and how they were decoded
    return {f"test_{k}": test[k] for k in keep if k in test}


def _replace(tmp: Path, out: Path) -> None:
    """Rename the filled folder to ``out``; an earlier export there goes only once the new one is in place."""
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        out.rename(old)
    tmp.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _check_out(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / NAME).is_file())):
        raise ConfigError(f"out={out}: exists and is not a seq2seq export; choose a new folder (an earlier export "
                          "there would be replaced)")


def _make_folder(folder: Path) -> list[Path]:
    """Make ``folder`` with its missing parents; returns the ones made here, deepest first, so a refused
    export can remove them again and leave the disk as it found it."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir(exist_ok=True)
    return missing


def _remove_empty(folders: list[Path]) -> None:
    for path in folders:
        try:
            path.rmdir()
        except OSError:  # not empty (someone else's file now lives there) or already gone: keep it
            pass


def export_run(cfg: ExportConfig) -> tuple[Path, Manifest]:
    """Write the export folder ``cfg.out``; returns it and its manifest."""
    out = Path(cfg.out)
    _check_out(out)
    tr = Translator.from_run(cfg.run_dir, cfg.checkpoint, device="cpu", precision="fp32")
    model, tok = tr.model.float().eval(), tr.tokenizer
    if model.decoder.coverage:
        raise ConfigError(f"run_dir={cfg.run_dir}: the model was trained with model.coverage=true, which the ONNX "
                          "export does not carry yet (its decoder step has no coverage state); decode it with PyTorch")
    made = []
    try:
        made = _make_folder(out.parent)
        tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp"))
    except OSError as e:
        _remove_empty(made)
        raise WriteError(out, e.strerror or str(e), folder=True) from None
    try:
        import onnx

        onnx.save(encoder_graph.build(model, cfg.opset), str(tmp / ENCODER))
        with _quiet_exporter():
            _export_step(model, tmp / DECODER_STEP, cfg.opset, tok)
        if cfg.quantize == Quantize.int8:
            for name in (ENCODER, DECODER_STEP):
                quantize.quantize_graph(tmp / name)
        spm_files = sorted({p for p in tr.run.tokenizer_files(tok.joint)})
        for p in spm_files:
            copy_file(p, tmp / p.name)
        manifest = _manifest(cfg, tr, model, [tmp / ENCODER, tmp / DECODER_STEP, *(tmp / p.name for p in spm_files)])
        manifest.write(tmp)
        _check(cfg, tr, tmp, manifest)
        manifest.write(tmp)
        tmp.chmod(0o755)  # mkdtemp makes it private; an export is meant to be copied and shared
        for f in tmp.iterdir():
            f.chmod(0o644)
        _replace(tmp, out)
    except BaseException as e:
        shutil.rmtree(tmp, ignore_errors=True)
        _remove_empty(made)
        if isinstance(e, OSError):
            raise WriteError(out, e.strerror or str(e), folder=True) from None
        raise
    return out, manifest


def _manifest(cfg: ExportConfig, tr, model, files: list[Path]) -> Manifest:
    tok, dec = tr.tokenizer, model.decoder
    return Manifest(
        files={p.name: {"sha256": sha256(p), "bytes": p.stat().st_size} for p in files},
        tokenizer={"joint": tok.joint, "src_vocab": tok.src_vocab_size, "tgt_vocab": tok.tgt_vocab_size,
                   "pad_id": tok.pad_id, "unk_id": tok.unk_id, "bos_id": tok.bos_id, "eos_id": tok.eos_id},
        model={"attention": dec.attention.kind, "context_size": dec.context_size, "hidden_size": dec.hidden_size,
               "encoder_layers": model.encoder.rnn.num_layers, "parameters": model.num_parameters()},
        source={"run_dir": str(tr.run.root.resolve()), "checkpoint": cfg.checkpoint, "step": tr.step,
                "seq2seq": seq2seq.__version__, "torch": torch.__version__, "opset": cfg.opset,
                "precision": str(cfg.quantize) if cfg.quantize != Quantize.none else "fp32"},
        data=as_plain(tr.data),
        sacrebleu=_results(tr.run),
        quantization=quantize.record(files[:2]) if cfg.quantize == Quantize.int8 else {},
    )

"""``seq2seq-export``: a run's model as two ONNX graphs, its sentencepiece model(s) and a manifest.

- ``encoder.onnx``: written by hand (``encoder_graph``: ONNX's GRU takes per-sentence lengths);
- ``decoder_step.onnx``: one decoder step and its ranking, the model's ``rank`` (so the numpy search moves
  (b, 2K) arrays per step instead of (b*K, V) ones), through ``torch.onnx.export`` (``torch.export``
  underneath) with dynamic rows, source length and beam size.

Before anything is kept, both graphs run on ONNX Runtime against the PyTorch model on a sample batch; the
largest difference is recorded in the manifest. The folder appears whole or not at all: it is filled
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

import numpy as np
import torch
from torch import nn

import seq2seq
from seq2seq.config import ExportConfig, as_plain
from seq2seq.errors import ConfigError
from seq2seq.export import encoder_graph
from seq2seq.export.manifest import DECODER_STEP, ENCODER, NAME, Manifest, sha256
from seq2seq.inference.translator import Translator
from seq2seq.model.decoder import DecoderState, Memory
from seq2seq.rundir import WriteError, copy_file

log = logging.getLogger(__name__)


class DecoderStep(nn.Module):
    """One search step and its ranking, as exported (shapes: ``ort_search``'s engine protocol)."""

    def __init__(self, model):
        super().__init__()
        self.decoder = model.decoder
        self.rank = model.rank  # the PyTorch beam's ranking step (a function of its inputs only)

    def forward(self, prev, hidden, context, keys, values, mask, scores):
        logits, state, attn = self.decoder.step(prev, DecoderState(hidden, context), Memory(values, keys, mask, hidden))
        top_val, top_idx = self.rank(logits, scores)
        return top_val, top_idx, state.hidden, state.context, attn


STEP_INPUTS = ["prev", "hidden", "context", "keys", "values", "mask", "scores"]
STEP_OUTPUTS = ["top_val", "top_idx", "new_hidden", "new_context", "attention"]


def _sample(model, vocab: int, pad_id: int, eos_id: int, batch: int, src_len: int, seed: int):
    """A padded batch of random source ids with lengths from 1 to ``src_len`` (the longest first)."""
    g = torch.Generator().manual_seed(seed)
    lens = torch.randint(1, src_len + 1, (batch,), generator=g)
    lens[0] = src_len
    src = torch.randint(4, vocab, (batch, src_len), generator=g)
    src[torch.arange(src_len)[None, :] >= lens[:, None]] = pad_id
    src[torch.arange(batch), lens - 1] = eos_id
    return src, lens


def _step_args(model, src, lens, k: int):
    """Example step inputs for b = len(src) // k sentences of k beams."""
    with torch.no_grad():
        mem = model.encode(src, lens)
    n = src.size(0)
    g = torch.Generator().manual_seed(n)
    return (torch.randint(4, model.decoder.out_proj.out_features, (n,), generator=g), mem.init,
            torch.randn(n, mem.values.size(-1), generator=g), mem.keys, mem.values, mem.mask,
            torch.randn(n // k, k, generator=g))


def _export_step(model, path: Path, opset: int, tok) -> None:
    from torch.export import Dim

    src, lens = _sample(model, tok.src_vocab_size, tok.pad_id, tok.eos_id, batch=6, src_len=7, seed=0)
    rows, src_len = Dim("rows"), Dim("src_len")
    by_row, by_row_src = {0: rows}, {0: rows, 1: src_len}
    program = torch.onnx.export(
        DecoderStep(model).eval(), _step_args(model, src, lens, 3), dynamo=True, opset_version=opset,
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


def _check(model, folder: Path, tok) -> float:
    """Largest absolute difference between ONNX Runtime and PyTorch over both graphs on a fresh sample
    (other sizes than the export's example, padding included)."""
    from seq2seq.export.ort_model import OrtModel

    ort = OrtModel.load(folder, 1)
    src, lens = _sample(model, tok.src_vocab_size, tok.pad_id, tok.eos_id, batch=10, src_len=13, seed=1)
    with torch.no_grad():
        mem = model.encode(src, lens)
        want = [mem.values, mem.keys, mem.init]
        args = _step_args(model, src, lens, 5)
        want_step = DecoderStep(model)(*args)
    got = ort.encode(src.numpy(), lens.numpy())
    got_step = ort.step(*(a.numpy() for a in args))
    diffs = [float(np.abs(w.numpy().astype(np.float64) - g).max()) for w, g in zip(want, got)]
    diffs.append(float(np.abs(want_step[0].numpy() - got_step[0]).max()))
    diffs += [float(np.abs(w.numpy() - g).max()) for w, g in zip(want_step[2:], got_step[2:])]
    return max(diffs)


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
        spm_files = sorted({p for p in tr.run.tokenizer_files(tok.joint)})
        for p in spm_files:
            copy_file(p, tmp / p.name)
        manifest = _manifest(cfg, tr, model, [tmp / ENCODER, tmp / DECODER_STEP, *(tmp / p.name for p in spm_files)])
        manifest.write(tmp)
        diff = _check(model, tmp, tok)
        if not diff < cfg.tolerance:
            raise ConfigError(f"out={out}: ONNX Runtime differs from PyTorch by {diff:.2e} (more than "
                              f"tolerance={cfg.tolerance}); nothing was written")
        manifest.source["max_abs_diff"] = diff
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
                "precision": "fp32"},
        data=as_plain(tr.data),
        sacrebleu=_results(tr.run),
    )

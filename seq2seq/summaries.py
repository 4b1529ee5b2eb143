"""What the commands print on stdout when they finish: the results, for a reader (logs go to stderr)."""
from __future__ import annotations

from pathlib import Path


def training(results: dict, run_dir: Path) -> str | None:
    """Test scores and where to look next; None when a signal stopped training (nothing was scored)."""
    test = results["test"]
    if test is None:
        return None
    lines = [f"test BLEU {test['bleu']:.2f}  chrF {test['chrf']:.2f}  ({test['bleu_signature']}; "
             f"{test['lines']} lines, beam {test['beam_size']})"]
    if "multiref_bleu" in test:
        lines.append(f"test BLEU with every reference {test['multiref_bleu']:.2f}  ({test['multiref_bleu_signature']})")
    lines.append(f"run folder: {run_dir}\nlook at it: tensorboard --logdir {run_dir / 'tb'}")
    return "\n".join(lines)


def attention(r: dict) -> str:
    """One ``run_attention`` result: source, translation, links, diagnostics, heatmap file."""
    d = r["diagnostics"]
    return (f"source:      {r['source']}\ntranslation: {r['translation']}\nalignment:   {r['alignment']}\n"
            f"attention:   entropy {d['entropy']:.3f}  uncovered {d['uncovered']:.2f}  "
            f"coverage-dev {d['coverage_dev']:.3f}  diagonality {d['diagonality']:.3f}\n"
            f"heatmap:     {r['heatmap']}\n")


def average(out: Path, paths: list[Path]) -> str:
    return f"{out}: the mean of {len(paths)} checkpoints ({', '.join(p.name for p in paths)})"


def export(out: Path, manifest) -> str:
    """``manifest``: the export's ``Manifest`` (files with sizes, step, the ONNX Runtime check)."""
    size = sum(f["bytes"] for f in manifest.files.values()) / 1e6
    return (f"{out}: {', '.join(manifest.files)} ({size:.1f} MB, step {manifest.step}; {manifest.check_summary})\n"
            f"translate: seq2seq-translate export_dir={out}    serve: seq2seq-serve export_dir={out}")

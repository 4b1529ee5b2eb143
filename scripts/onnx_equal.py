"""Do an export's translations equal its run's? Identical sentences and BLEU, greedy and beam 5.

    python scripts/onnx_equal.py RUN_DIR EXPORT_DIR [--lines N]

Both decode the bundled test set (``--lines`` caps it) in fp32; BLEU is sacrebleu's corpus BLEU against
the WEB reference (test.en), the run's own detokenised output.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import sacrebleu

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir")
    ap.add_argument("export_dir")
    ap.add_argument("--lines", type=int, default=0)
    a = ap.parse_args()
    from seq2seq.inference.translator import Translator

    data = ROOT / "data" / "bible-es-en"
    src = (data / "test.es").read_text(encoding="utf-8").splitlines()
    ref = (data / "test.en").read_text(encoding="utf-8").splitlines()
    if a.lines:
        src, ref = src[: a.lines], ref[: a.lines]
    pt = Translator.from_run(a.run_dir, device="cpu", precision="fp32")
    ox = Translator.from_export(a.export_dir)
    print(f"{len(src)} test lines, PyTorch fp32 vs ONNX Runtime\n")
    print("| search | identical | BLEU PyTorch | BLEU ONNX Runtime |")
    print("|---|---:|---:|---:|")
    for beam in (1, 5):
        hp, ho = (tr.translate(src, beam_size=beam) for tr in (pt, ox))
        same = sum(x.text == y.text for x, y in zip(hp, ho))
        bp, bo = (sacrebleu.corpus_bleu([t.text for t in h], [ref]).score for h in (hp, ho))
        name = "greedy" if beam == 1 else f"beam {beam}"
        print(f"| {name} | {same}/{len(src)} ({100 * same / len(src):.1f}%) | {bp:.2f} | {bo:.2f} |", flush=True)


if __name__ == "__main__":
    main()

"""The alignment table of docs/alignment.md: every aligner and link reading, scored on the bundled reference.

    python scripts/alignment_table.py --forward RUN_ES_EN [--reverse RUN_EN_ES] [--guided RUN ...] \
        [--guided-reverse GUIDED_RUN_EN_ES] [--eflomal DIR] [--json OUT.json]

Each model forced-aligns the dev and test pairs (``Translator.align``) and its links are read in every
way: argmax, a threshold (0.1-0.9), both on the shifted rows, and, with a run trained the other way, both
symmetrised (intersection, grow-diag-final) with that run's links read the same way. Each threshold is
chosen on ``dev.align`` and test is read once with what dev chose, as with BLEU; the table keeps one row
per reading. ``--reverse`` pairs with ``--forward``, ``--guided-reverse`` (a guided en->es run) with each
``--guided`` run. ``--eflomal DIR`` scores the files ``scripts/eflomal_links.py DIR`` wrote
(``{dev,test}.{forward,reverse,intersection,grow-diag-final}.align``). BLEU is the run's own final test
(results.json). Prints a Markdown table; ``--json`` keeps every figure.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from seq2seq.analysis.aer import read_links as read_reference  # noqa: E402
from seq2seq.analysis.aer import score_alignments  # noqa: E402
from seq2seq.analysis.links import read_links, swap, symmetrise  # noqa: E402

CORPUS = ROOT / "data" / "bible-es-en"
THRESHOLDS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
SPLITS = ("dev", "test")


def corpus(split: str):
    src = (CORPUS / f"{split}.es").read_text(encoding="utf-8").splitlines()
    tgt = (CORPUS / f"{split}.en").read_text(encoding="utf-8").splitlines()
    return src, tgt, read_reference(CORPUS / f"{split}.align", src, tgt)


def test_bleu(run: Path) -> float | None:
    results = json.loads((run / "results.json").read_text())
    return (results.get("test") or {}).get("bleu")


def model_rows(name: str, run: Path, data: dict, reverse=None, reverse_name: str = "the en->es run") -> list[dict]:
    """Every reading of one run, each threshold chosen on dev: argmax, threshold, both shifted, and with a
    reverse run, argmax and threshold links symmetrised (intersection, grow-diag-final) with its links."""
    from seq2seq.inference.translator import Translator

    tr = Translator.from_run(run, "best")
    aligned = {(split, shift): tr.align(data[split][0], data[split][1], shift=shift)
               for split in SPLITS for shift in (False, True)}
    # (kind, label, threshold): a kind is a family of readings whose dev-best member keeps its row
    readings = [("argmax", "argmax", None)] + [("threshold", f"threshold {t}", t) for t in THRESHOLDS]
    candidates = []  # (family, label, links per split)
    for shift in (False, True):
        tail = ", shifted" if shift else ""
        for kind, label, t in readings:
            links = {s: [_read(a, t) for a in aligned[s, shift]] for s in SPLITS}
            candidates.append((kind + tail, label + tail, links))
    if reverse is not None:
        rev = Translator.from_run(reverse, "best")
        back = {s: rev.align(data[s][1], data[s][0]) for s in SPLITS}
        for kind, label, t in readings:
            for method in ("intersection", "grow-diag-final"):
                links = {s: [symmetrise(_read(f, t), swap(_read(b, t)), method)
                             for f, b in zip(aligned[s, False], back[s])] for s in SPLITS}
                candidates.append((f"{kind}, {method}", f"{label}, {method} with {reverse_name}", links))
    best: dict[str, dict] = {}
    for family, label, links in candidates:
        row = score_row(name, label, links, data)
        if family not in best or row["dev_aer"] < best[family]["dev_aer"]:
            best[family] = row
    bleu = test_bleu(run)
    for r in best.values():
        r["bleu"] = bleu
    return list(best.values())


def _read(alignment, threshold: float | None) -> set:
    """Argmax links (threshold None) or the links at a threshold, from one pair's word matrix."""
    if threshold is None:
        return alignment.link_set
    return read_links(alignment.word_matrix, "threshold", threshold)


def score_row(aligner: str, reading: str, links: dict, data: dict) -> dict:
    dev = score_alignments(links["dev"], data["dev"][2])
    test = score_alignments(links["test"], data["test"][2])
    return {"aligner": aligner, "reading": reading, "dev_aer": dev.aer, "precision": test.precision,
            "recall": test.recall, "aer": test.aer, "links": test.predicted, "pairs": test.pairs}


def eflomal_rows(folder: Path, data: dict) -> list[dict]:
    rows = []
    for method in ("forward", "reverse", "intersection", "grow-diag-final"):
        links = {s: [r.possible for r in read_reference(folder / f"{s}.{method}.align", data[s][0], data[s][1])]
                 for s in SPLITS}
        rows.append({**score_row("eflomal", method, links, data), "bleu": None})
    return rows


def markdown(rows: list[dict]) -> str:
    out = ["| aligner | reading | dev AER | test precision | test recall | test AER | test BLEU |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        bleu = "" if r["bleu"] is None else f"{r['bleu']:.2f}"
        out.append(f"| {r['aligner']} | {r['reading']} | {r['dev_aer']:.3f} | {r['precision']:.3f} | "
                   f"{r['recall']:.3f} | {r['aer']:.3f} | {bleu} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--forward", type=Path, required=True, help="a run trained es->en")
    ap.add_argument("--reverse", type=Path, help="a run trained en->es, for symmetrisation")
    ap.add_argument("--guided", type=Path, nargs="*", default=[], help="es->en runs with guided alignment")
    ap.add_argument("--guided-reverse", type=Path,
                    help="an en->es run with guided alignment, symmetrised with each --guided run")
    ap.add_argument("--eflomal", type=Path, help="the output folder of scripts/eflomal_links.py")
    ap.add_argument("--json", type=Path, help="write every row here too")
    args = ap.parse_args(argv)
    data = {s: corpus(s) for s in SPLITS}
    rows = model_rows(f"attention ({args.forward.name})", args.forward, data, args.reverse)
    for run in args.guided:
        rows += model_rows(f"guided attention ({run.name})", run, data, args.guided_reverse,
                           f"the guided en->es run ({args.guided_reverse.name})" if args.guided_reverse else "")
    if args.eflomal:
        rows += eflomal_rows(args.eflomal, data)
    print(markdown(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

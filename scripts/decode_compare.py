"""Are two versions of the code decoding bit-identically? Dump every hypothesis of a run, then compare dumps.

    python scripts/decode_compare.py dump RUN_DIR OUT.pkl [--export EXPORT_DIR] [--lines N] [--split test]
    python scripts/decode_compare.py compare BEFORE.pkl AFTER.pkl

``dump`` decodes the bundled split's source lines (``--lines`` caps them) with the run's PyTorch model in fp32
on the CPU and, with ``--export``, with the exported graphs on ONNX Runtime, under six settings: greedy, beam 5,
beam 5 with ``length_norm=average``, beam 5 with ``coverage_beta=0.2``, beam 5 with 3-best lists, and beam 5
with a small batch budget (more, smaller batches). It pickles, per backend and setting, every hypothesis's
tokens, score, norm score, finished flag and attention matrix (as float32 bytes).

``compare`` checks two dumps field by field with no tolerance (floats by their bit patterns), prints the
counts and exits 1 on any difference. To compare code versions, run ``dump`` once under each (e.g. a
``git worktree`` of the old commit on ``PYTHONPATH``) against the same run and export.
"""
from __future__ import annotations

import argparse
import pickle
import struct
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {
    "greedy": dict(beam_size=1),
    "beam5": dict(beam_size=5),
    "beam5_average": dict(beam_size=5, length_norm="average"),
    "beam5_coverage0.2": dict(beam_size=5, coverage_beta=0.2),
    "beam5_nbest3": dict(beam_size=5, n_best=3),
    "beam5_budget600": dict(beam_size=5, batch_tokens=600),
}


def _bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def _record(h) -> tuple:
    att = np.ascontiguousarray(np.asarray(h.attention), dtype=np.float32)
    return (list(map(int, h.tokens)), _bits(h.score), _bits(h.norm_score), bool(h.finished), att.shape,
            att.tobytes())


def dump(a) -> None:
    import seq2seq
    from seq2seq.inference.translator import Translator
    from seq2seq.search.options import SearchOptions

    src = (ROOT / "data" / "bible-es-en" / f"{a.split}.es").read_text(encoding="utf-8").splitlines()
    if a.lines:
        src = src[: a.lines]
    backends = {"pytorch": Translator.from_run(a.run_dir, "best", "cpu", "fp32", 0)}
    if a.export:
        backends["onnxruntime"] = Translator.from_export(a.export, 0)
    out = {"code": seq2seq.__file__, "lines": len(src), "results": {}}
    for name, tr in backends.items():
        for setting, kw in SETTINGS.items():
            kw = dict(kw)
            budget = kw.pop("batch_tokens", 12000)
            hyps = tr.translate_hypotheses(src, SearchOptions(**kw), budget)
            out["results"][f"{name}/{setting}"] = [[_record(h) for h in nbest] for nbest in hyps]
            print(f"{name}/{setting}: {sum(len(n) for n in hyps)} hypotheses", file=sys.stderr)
    Path(a.out).write_bytes(pickle.dumps(out))
    print(f"{a.out}: {len(out['results'])} backend/settings of {len(src)} lines, code {out['code']}")


def compare(a) -> None:
    before, after = (pickle.loads(Path(p).read_bytes()) for p in (a.before, a.after))
    fields = ("tokens", "score", "norm_score", "finished", "attention shape", "attention")
    bad = 0
    print(f"before: {before['code']}\nafter:  {after['code']}\n")
    print("| backend/setting | lines | hypotheses | identical | differing fields |")
    print("|---|---:|---:|---:|---|")
    for key in sorted(set(before["results"]) | set(after["results"])):
        b, c = before["results"].get(key), after["results"].get(key)
        if b is None or c is None:
            print(f"| {key} | missing in {'before' if b is None else 'after'} | | | |")
            bad += 1
            continue
        n = same = 0
        differ: dict[str, int] = {}
        for nb, nc in zip(b, c):
            if len(nb) != len(nc):
                differ["n-best length"] = differ.get("n-best length", 0) + 1
            for hb, hc in zip(nb, nc):
                n += 1
                diffs = [f for f, x, y in zip(fields, hb, hc) if x != y]
                same += not diffs
                for f in diffs:
                    differ[f] = differ.get(f, 0) + 1
        if len(b) != len(c):
            differ["lines"] = 1
        bad += bool(differ)
        text = ", ".join(f"{k} {v}" for k, v in differ.items()) or "none"
        print(f"| {key} | {len(c)} | {n} | {same} | {text} |")
    print("\nbit-identical" if not bad else f"\n{bad} backend/settings differ")
    sys.exit(1 if bad else 0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("run_dir")
    d.add_argument("out")
    d.add_argument("--export", default="")
    d.add_argument("--lines", type=int, default=0)
    d.add_argument("--split", default="test", choices=("dev", "test"))
    c = sub.add_parser("compare")
    c.add_argument("before")
    c.add_argument("after")
    a = ap.parse_args()
    dump(a) if a.cmd == "dump" else compare(a)


if __name__ == "__main__":
    main()

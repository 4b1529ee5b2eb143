#!/usr/bin/env python3
"""The fine-tuning table of docs/recipes.md: test BLEU of each run on the OT and the NT test sets.

    python scripts/domain_table.py --domains data/domains ot=runs/dom/ot ft=runs/dom/ot-nt nt=runs/dom/nt

Each run is scored with ``seq2seq-eval src=DOMAINS/{ot,nt}-test.es refs=[DOMAINS/{ot,nt}-test.en]``
(written to RUN/eval/domain-{ot,nt}/), so the figures are the command's own; the table also names each
run's parent (results.json's ``parent``, from ``trainer.init_from``) and its training minutes.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path


def bleu(run: Path, domains: Path, domain: str, beam: int, threads: int) -> float:
    """Test BLEU of ``run`` on ``domains/DOMAIN-test``, by seq2seq-eval (its stdout's ``BLEU x`` line)."""
    exe = shutil.which("seq2seq-eval") or str(Path(sys.executable).parent / "seq2seq-eval")
    cmd = [exe, f"run_dir={run}", f"src={domains}/{domain}-test.es", f"refs=[{domains}/{domain}-test.en]",
           f"beam_size={beam}", f"num_threads={threads}", f"out={run}/eval/domain-{domain}"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"domain_table: {' '.join(cmd)} failed: {proc.stderr.strip().splitlines()[-1:]}")
    found = re.search(r"^BLEU ([0-9.]+)", proc.stdout, re.M)
    if found is None:
        raise SystemExit(f"domain_table: no BLEU line in seq2seq-eval's output for {run}")
    return float(found.group(1))


def row(name: str, run: Path, domains: Path, beam: int, threads: int) -> str:
    results = json.loads((run / "results.json").read_text())
    parent = results.get("parent")
    origin = f"{Path(parent['path']).parent.parent.name} (step {parent['step']})" if parent else "-"
    nt, ot = bleu(run, domains, "nt", beam, threads), bleu(run, domains, "ot", beam, threads)
    return f"| {name} | {origin} | {results['steps']} | {results['wall_seconds'] / 60:.1f} | {nt:.2f} | {ot:.2f} |"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--domains", type=Path, required=True, help="scripts/domain_split.py's output folder")
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--threads", type=int, default=0, help="torch threads per decode (0: torch's default)")
    ap.add_argument("runs", nargs="+", help="NAME=RUN_DIR, one per table row")
    args = ap.parse_args(argv)
    print("| run | parent | steps | minutes | NT-test BLEU | OT-test BLEU |\n|---|---|---|---|---|---|")
    for spec in args.runs:
        name, _, run = spec.partition("=")
        if not run:
            raise SystemExit(f"domain_table: {spec!r}: give NAME=RUN_DIR")
        print(row(name, Path(run), args.domains, args.beam, args.threads), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""One Markdown table of a sweep: every run folder's overrides and results.json, side by side.

    .venv/bin/python scripts/recipes_table.py runs/bible_15min/multirun_DATE_TIME [more folders or runs]

Each argument is a run folder (it has ``results.json``) or a folder holding run folders (a Hydra
multirun: ``0/``, ``1/``, ...). A run is named by its command-line overrides (``.hydra/overrides.yaml``),
so the table says which option each row changed. Rows keep the order of the arguments and of the
multirun's job numbers; a run without ``results.json`` (still training, or killed) is listed as such
rather than dropped, so a sweep with a failed job cannot pass for a complete one.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

COLUMNS = ("run", "overrides", "steps", "epochs", "dev BLEU", "test BLEU", "test chrF", "beam",
           "train tok/s", "peak RSS MB", "stop")


def run_folders(paths: list[Path]) -> list[Path]:
    """The run folders named by ``paths``: themselves if they are runs, else their numbered children."""
    runs = []
    for path in paths:
        if not path.is_dir():
            raise SystemExit(f"recipes_table: error: {path} is not a folder")
        if (path / ".hydra").is_dir():
            runs.append(path)
            continue
        children = sorted((p for p in path.iterdir() if (p / ".hydra").is_dir()),
                          key=lambda p: (not p.name.isdigit(), int(p.name) if p.name.isdigit() else 0, p.name))
        if not children:
            raise SystemExit(f"recipes_table: error: {path} holds no run folder (no .hydra/ in it or below it)")
        runs.extend(children)
    return runs


def overrides(run: Path) -> str:
    """The run's own command-line overrides, without the ones every run of a sweep shares."""
    path = run / ".hydra" / "overrides.yaml"
    items = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else []
    return " ".join(str(item) for item in items or [])


def row(run: Path) -> dict:
    out = {"run": run.name, "overrides": overrides(run)}
    path = run / "results.json"
    if not path.exists():
        return {**out, "stop": "no results.json (unfinished or failed)"}
    res = json.loads(path.read_text(encoding="utf-8"))
    dev, test = res.get("dev", {}), res.get("test", {})
    return {**out, "steps": res.get("steps"), "epochs": res.get("epochs"), "dev BLEU": dev.get("bleu"),
            "test BLEU": test.get("bleu"), "test chrF": test.get("chrf"), "beam": test.get("beam_size"),
            "train tok/s": res.get("train_tokens_per_sec"), "peak RSS MB": res.get("peak_rss_mb"),
            "stop": res.get("stop_reason", ""), "signature": test.get("bleu_signature")}


def shared_prefix(rows: list[dict]) -> list[str]:
    """Overrides every row has (e.g. ``experiment=bible_15min``): said once above the table."""
    sets = [set(r["overrides"].split()) for r in rows]
    return sorted(set.intersection(*sets)) if sets else []


def cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    return str(value).replace("|", "\\|")


def table(rows: list[dict]) -> str:
    common = shared_prefix(rows)
    lines = []
    if common:
        lines.append(f"Every run: `{' '.join(common)}`.\n")
    lines.append("| " + " | ".join(COLUMNS) + " |")
    lines.append("|" + "|".join("---" for _ in COLUMNS) + "|")
    for r in rows:
        own = " ".join(o for o in r["overrides"].split() if o not in common)
        values = {**r, "overrides": f"`{own}`" if own else "(defaults)"}
        lines.append("| " + " | ".join(cell(values.get(c)) for c in COLUMNS) + " |")
    signatures = sorted({r["signature"] for r in rows if r.get("signature")})
    if signatures:
        lines.append("\nBLEU signature: " + "; ".join(f"`{s}`" for s in signatures))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path, help="run folders or multirun folders")
    ap.add_argument("--json", type=Path, help="also write the rows to this file")
    args = ap.parse_args(argv)
    rows = [row(run) for run in run_folders(args.folders)]
    sys.stdout.write(table(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

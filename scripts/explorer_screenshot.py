"""Screenshot of the attention explorer (docs/explorer.png, docs/alignment-explorer.png) in headless chromium.

    .venv/bin/python scripts/explorer_screenshot.py --run runs/bible_15min/DATE_TIME --out docs/explorer.png
    .venv/bin/python scripts/explorer_screenshot.py --run RUN --align --verse "Genesis 33:20" \\
        --out docs/alignment-explorer.png

Starts seq2seq-serve on a free loopback port. Translate view (the default): types the sentence,
translates with beam 5 and 3-best, hovers one target piece (so the hard link shows) and saves the page.
Align view (--align): types a source, its translation and reference links, either given or taken from a
verse of the bundled dev or test split (--verse: its .es, .en and .align lines), aligns, and saves the page.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_test import free_port, start_server, stop_server  # noqa: E402  (same folder)

CORPUS = Path(__file__).resolve().parents[1] / "data" / "bible-es-en"


def verse(key: str) -> tuple[str, str, str]:
    """Source, translation and reference links of a dev or test verse of the bundled corpus."""
    for split in ("dev", "test"):
        keys = (CORPUS / f"{split}.key").read_text(encoding="utf-8").split("\n")
        if key in keys:
            k = keys.index(key)
            return tuple((CORPUS / f"{split}.{ext}").read_text(encoding="utf-8").split("\n")[k]
                         for ext in ("es", "en", "align"))
    raise SystemExit(f"explorer_screenshot: error: --verse {key!r} is in neither dev.key nor test.key "
                     "(training verses have no reference links)")


def translate_view(page, args) -> None:
    page.fill("#text", args.text)
    page.fill("#beam", "5")
    page.fill("#nbest", "3")
    page.click("#translate")
    page.wait_for_selector("table.heatmap td.cell", timeout=60_000)
    page.hover(f"table.heatmap tbody tr:nth-child({args.hover_row}) th.tgt")


def align_view(page, args) -> None:
    source, target, reference = verse(args.verse) if args.verse else (args.text, args.target, args.reference)
    page.click("nav.modes .mode[data-mode=align]")
    page.fill("#align-source", source)
    page.fill("#align-target", target)
    page.fill("#align-reference", reference)
    page.click("#align")
    page.wait_for_selector("table.heatmap.words td.cell", timeout=60_000)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", required=True)
    ap.add_argument("--out", default="docs/explorer.png")
    ap.add_argument("--text", default="Y dijo Dios: Sea la luz; y fue la luz.")
    ap.add_argument("--hover-row", type=int, default=3, help="which target piece to hover (1 = first)")
    ap.add_argument("--align", action="store_true", help="the align view instead of the translate view")
    ap.add_argument("--target", default="", help="--align: the translation of --text")
    ap.add_argument("--reference", default="", help="--align: reference links (i-j sure, ipj possible)")
    ap.add_argument("--verse", default="", help="--align: a dev or test verse id (its .key line) to align")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    exe = shutil.which("chromium")
    if exe is None:
        raise SystemExit("explorer_screenshot: error: no chromium on PATH (apt-get install -y chromium)")
    port = free_port()
    proc = start_server(args.run, port, 5.0, [])
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1100, "height": 760}, device_scale_factor=1)
            page.goto(f"http://127.0.0.1:{port}/")
            (align_view if args.align else translate_view)(page, args)
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    finally:
        stop_server(proc)
    print(args.out)


if __name__ == "__main__":
    main()

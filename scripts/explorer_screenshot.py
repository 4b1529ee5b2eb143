"""Screenshot of the attention explorer (docs/explorer.png) for a trained run, in headless chromium.

    .venv/bin/python scripts/explorer_screenshot.py --run runs/bible_15min/DATE_TIME --out docs/explorer.png

Starts seq2seq-serve on a free loopback port, types the sentence, translates with beam 5 and 3-best,
hovers one target piece (so the hard link shows) and saves the page.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_test import free_port, start_server, stop_server  # noqa: E402  (same folder)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", required=True)
    ap.add_argument("--out", default="docs/explorer.png")
    ap.add_argument("--text", default="Y dijo Dios: Sea la luz; y fue la luz.")
    ap.add_argument("--hover-row", type=int, default=3, help="which target piece to hover (1 = first)")
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
            page.fill("#text", args.text)
            page.fill("#beam", "5")
            page.fill("#nbest", "3")
            page.click("#translate")
            page.wait_for_selector("table.heatmap td.cell", timeout=60_000)
            page.hover(f"table.heatmap tbody tr:nth-child({args.hover_row}) th.tgt")
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    finally:
        stop_server(proc)
    print(args.out)


if __name__ == "__main__":
    main()

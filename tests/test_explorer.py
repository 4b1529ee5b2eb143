"""The attention explorer page in a real headless browser (Debian's chromium, driven by Playwright).

No browser is downloaded: Playwright launches the system ``chromium`` (`apt-get install chromium`); the
test skips, saying why, where it or Playwright is missing. The screenshot goes to the test's tmp folder,
or to $SEQ2SEQ_EXPLORER_PNG when set (how docs/explorer.png is made).
"""
import os
import shutil

import pytest

from conftest import Server, real_lines

SENTENCE = real_lines("test.es", 1)[0]
BEAM, NBEST = 3, 2


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed (make setup installs it)")
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("no chromium on PATH: install Debian's chromium (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        # --no-sandbox: CI and containers run as root, where chromium's sandbox refuses to start.
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        yield b
        b.close()


def test_explorer_translates_and_draws_each_hypothesis(browser, smoke_run, cache_env, tmp_path):
    from seq2seq import Translator

    expected = Translator.from_run(smoke_run, device="cpu").translate([SENTENCE], beam_size=BEAM, n_best=NBEST,
                                                                      return_attention=True)[0]
    server = Server(smoke_run, "device=cpu", env=cache_env)
    try:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.fill("#text", SENTENCE)
        page.fill("#beam", str(BEAM))
        page.fill("#nbest", str(NBEST))
        page.click("#translate")
        page.wait_for_selector("table.heatmap td.cell", timeout=60_000)

        hyps = page.locator(".hyp .text")
        assert hyps.all_inner_texts() == [h.text for h in expected.nbest]
        assert page.locator(".hyp.chosen .text").inner_text() == expected.text
        # the heatmap of the best hypothesis: target pieces down, source pieces across
        cells = page.locator("table.heatmap td.cell")
        assert cells.count() == len(expected.nbest[0].target_pieces) * len(expected.source_pieces)
        assert page.locator("table.heatmap thead th.src").all_inner_texts() == expected.source_pieces
        assert page.locator("table.heatmap th.tgt").all_inner_texts() == expected.nbest[0].target_pieces
        assert page.locator(".diagnostics").inner_text().count(":") >= 4  # entropy, uncovered, coverage, diag.

        # hovering the first target piece shades the source pieces and outlines its hard-linked word
        page.hover("table.heatmap tbody tr:first-child th.tgt")
        assert page.locator("table.heatmap tr.active").count() == 1
        assert page.locator("table.heatmap th.src.linked").count() >= 1

        # each beam hypothesis has its own heatmap
        page.click(".hyp >> nth=1")
        second = expected.nbest[1]
        assert page.locator(".hyp.chosen .text").inner_text() == second.text
        assert cells.count() == len(second.target_pieces) * len(second.source_pieces)

        page.click(".hyp >> nth=0")
        page.hover("table.heatmap tbody tr:nth-child(2) th.tgt")
        shot = os.environ.get("SEQ2SEQ_EXPLORER_PNG") or str(tmp_path / "explorer.png")
        page.screenshot(path=shot, full_page=True)
        assert os.path.getsize(shot) > 10_000
        assert errors == []
    finally:
        server.stop()

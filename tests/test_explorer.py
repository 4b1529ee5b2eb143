"""The attention explorer page in a real headless browser (Debian's chromium, driven by Playwright).

No browser is downloaded: Playwright launches the system ``chromium`` (`apt-get install chromium`); the
test skips, saying why, where it or Playwright is missing, except under CI (``CI`` set and not empty, as
``.ci/run`` does), where a missing browser fails: CI must not go green without opening the page. The
screenshot goes to the test's tmp folder, or to $SEQ2SEQ_EXPLORER_PNG when set (how docs/explorer.png is
made); the align view's to $SEQ2SEQ_ALIGN_PNG.
"""
import http.client
import json
import os
import re
import shutil

import pytest

from conftest import Server, real_lines

SENTENCE = real_lines("test.es", 1)[0]
BEAM, NBEST = 3, 2


def missing(reason: str):
    """Skip, or fail under CI."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI={os.environ['CI']} requires the browser test to run", pytrace=False)
    pytest.skip(reason)


def chromium() -> str:
    """The system chromium to drive; skips (fails under CI) where there is none."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        missing("no chromium on PATH: install Debian's chromium (apt-get install -y chromium)")
    return exe


def test_a_missing_browser_skips_locally_and_fails_under_ci(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no chromium on it
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        chromium()
    for ci in ("true", "1"):
        monkeypatch.setenv("CI", ci)
        with pytest.raises(pytest.fail.Exception, match="requires the browser test to run"):
            chromium()
    monkeypatch.setenv("CI", "")  # set but empty: not CI
    with pytest.raises(pytest.skip.Exception):
        chromium()


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright import sync_api
    except ImportError:
        missing("playwright not installed (make setup installs it)")
    exe = chromium()
    with sync_api.sync_playwright() as p:
        # --no-sandbox: CI and containers run as root, where chromium's sandbox refuses to start.
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        yield b
        b.close()


def api(server, body: dict) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    conn.request("POST", "/translate", json.dumps(body), {"content-type": "application/json"})
    r = conn.getresponse()
    assert r.status == 200
    return json.loads(r.read())


def test_explorer_translates_and_draws_each_hypothesis(browser, smoke_run, cache_env, tmp_path):
    server = Server(smoke_run, "device=cpu", env=cache_env)
    try:
        # what the page must show: the API's answer for the same sentence and options
        expected = api(server, {"text": [SENTENCE], "beam_size": BEAM, "n_best": NBEST, "attention": True})
        expected = expected["translations"][0]
        nbest = expected["nbest"]
        assert len(nbest) == NBEST and all(h["attention"] for h in nbest)
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
        assert hyps.all_inner_texts() == [h["text"] for h in nbest]
        assert page.locator(".hyp.chosen .text").inner_text() == expected["text"] == nbest[0]["text"]
        # the heatmap of the best hypothesis: one cell per attention weight, target pieces down, source across
        best = nbest[0]
        cells = page.locator("table.heatmap td.cell")
        assert cells.count() == len(best["attention"]) * len(best["attention"][0])
        assert cells.count() == len(best["target_pieces"]) * len(best["source_pieces"])
        assert page.locator("table.heatmap thead th.src").all_inner_texts() == best["source_pieces"]
        assert page.locator("table.heatmap th.tgt").all_inner_texts() == best["target_pieces"]
        # each cell's tooltip holds its weight, to 3 decimals
        first = page.locator("table.heatmap tbody tr:first-child td.cell")
        titles = first.evaluate_all("tds => tds.map(td => td.title)")
        first_row = [float(t.rsplit(": ", 1)[1]) for t in titles]
        assert first_row == pytest.approx(best["attention"][0], abs=6e-4)
        # the diagnostics the API gives, each shown (to 3 decimals), and the hard links
        shown = dict(span.split(": ", 1) for span in page.locator(".diagnostics span").all_inner_texts())
        names = {"entropy": "entropy (nats)", "uncovered": "uncovered", "coverage_dev": "coverage deviation",
                 "diagonality": "diagonality"}
        assert {key: float(shown[name]) for key, name in names.items()} == pytest.approx(best["diagnostics"], abs=6e-4)
        assert shown["links"] == best["alignment"]

        # hovering the first target piece shades the source pieces and outlines its hard-linked word
        page.hover("table.heatmap tbody tr:first-child th.tgt")
        assert page.locator("table.heatmap tr.active").count() == 1
        assert page.locator("table.heatmap th.src.linked").count() >= 1

        # each beam hypothesis has its own heatmap
        page.click(".hyp >> nth=1")
        second = nbest[1]
        assert page.locator(".hyp.chosen .text").inner_text() == second["text"]
        assert cells.count() == len(second["attention"]) * len(second["attention"][0])
        assert page.locator("table.heatmap th.tgt").all_inner_texts() == second["target_pieces"]

        page.click(".hyp >> nth=0")
        page.hover("table.heatmap tbody tr:nth-child(2) th.tgt")
        shot = os.environ.get("SEQ2SEQ_EXPLORER_PNG") or str(tmp_path / "explorer.png")
        page.screenshot(path=shot, full_page=True)
        assert os.path.getsize(shot) > 10_000
        assert errors == []
    finally:
        server.stop()


def post(server, path: str, body: dict) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    conn.request("POST", path, json.dumps(body), {"content-type": "application/json"})
    r = conn.getresponse()
    assert r.status == 200
    return json.loads(r.read())


def dev_pair() -> tuple[str, str, str]:
    """The first dev verse of at most 12 words with reference links that include a sure and a possible one."""
    n = 40
    for es, en, links in zip(real_lines("dev.es", n), real_lines("dev.en", n), real_lines("dev.align", n)):
        tokens = links.split()
        if len(es.split()) <= 12 and any("-" in t for t in tokens) and any("p" in t for t in tokens):
            return es, en, links
    raise AssertionError("no short dev verse with sure and possible links")


def cells_with(page, cls: str) -> set[tuple[int, int]]:
    keys = page.locator(f"table.heatmap.words td.cell.{cls}").evaluate_all("tds => tds.map(td => td.dataset.link)")
    return {tuple(int(x) for x in k.split("-")) for k in keys}


def test_explorer_aligns_a_given_pair_and_marks_reference_links(browser, smoke_run, cache_env, tmp_path):
    source, target, reference = dev_pair()
    server = Server(smoke_run, "device=cpu", env=cache_env)
    try:
        expected = post(server, "/align", {"pairs": [{"source": source, "target": target, "reference": reference}]})
        entry = expected["alignments"][0]
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        assert page.locator("#align-view").is_hidden()
        page.click("nav.modes .mode[data-mode=align]")
        assert page.locator("#translate-view").is_hidden()
        page.fill("#align-source", source)
        page.fill("#align-target", target)
        page.fill("#align-reference", reference)
        page.click("#align")
        page.wait_for_selector("table.heatmap.words td.cell", timeout=60_000)

        # word level: target words down, source words and "no word" across, one cell per word-matrix weight
        matrix = entry["word_matrix"]
        cells = page.locator("table.heatmap.words td.cell")
        assert cells.count() == len(matrix) * len(matrix[0])
        assert cells.count() == len(entry["target_words"]) * (len(entry["source_words"]) + 1)
        assert page.locator("table.heatmap.words thead th.src").all_inner_texts()[:-1] == entry["source_words"]
        assert page.locator("table.heatmap.words th.tgt").all_inner_texts() == entry["target_words"]
        titles = page.locator("table.heatmap.words tbody tr:first-child td.cell").evaluate_all(
            "tds => tds.map(td => td.title)")
        weights = [float(re.search(r": (\d+\.\d{3})(?: |$)", t).group(1)) for t in titles]
        assert weights == pytest.approx(matrix[0], abs=6e-4)
        # the model's links and the reference's, each where the API puts them
        assert cells_with(page, "link") == {tuple(x) for x in entry["links"]} and entry["links"]
        sure = {tuple(x) for x in entry["reference"]["sure"]}
        possible = {tuple(x) for x in entry["reference"]["possible"]} - sure
        assert cells_with(page, "sure") == sure and sure
        assert cells_with(page, "possible") == possible and possible
        assert page.locator("td.cell .mark").count() == len(sure) + len(possible)
        shown = dict(s.split(": ", 1) for s in page.locator(".scores span").all_inner_texts())
        assert shown["links"] == entry["alignment"] and shown["reference"] == entry["reference"]["alignment"]
        assert [float(shown[k]) for k in ("precision", "recall", "AER")] == \
            pytest.approx([entry["scores"][k] for k in ("precision", "recall", "aer")], abs=6e-4)

        shot = os.environ.get("SEQ2SEQ_ALIGN_PNG") or str(tmp_path / "align.png")
        page.screenshot(path=shot, full_page=True)
        assert os.path.getsize(shot) > 10_000

        # piece level: the forced attention itself, one cell per weight
        page.select_option("#level", "pieces")
        assert page.locator("table.heatmap td.cell").count() == len(entry["attention"]) * len(entry["attention"][0])
        assert page.locator("table.heatmap thead th.src").all_inner_texts() == entry["source_pieces"]
        assert page.locator("table.heatmap th.tgt").all_inner_texts() == entry["target_pieces"]

        # a bad reference: the server's one-line error, shown as it is
        page.fill("#align-reference", "0-0 9x9")
        page.click("#align")
        page.wait_for_selector("#align-error:not([hidden])", timeout=60_000)
        assert "pairs.0.reference: '9x9' is not a link" in page.locator("#align-error").inner_text()
        assert errors == []
    finally:
        server.stop()

"""Prefix-constrained decoding (issue 37): the forced start, bit-identity without a prefix, the continuation
against an exhaustive search over a tiny model, PyTorch against ONNX Runtime, and the refusals."""
import http.client
import itertools
import json

import numpy as np
import pytest
import torch

from conftest import Server, real_lines, run_cli
from test_explorer import browser  # noqa: F401  (the fixture: a headless chromium, or a skip saying why)
from seq2seq.config import ModelConfig
from seq2seq.data.arrays import TokenArray
from seq2seq.errors import ConfigError
from seq2seq.model.seq2seq import build_model
from seq2seq.search.batched import translate_ids
from seq2seq.search.options import SearchOptions

PAD, BOS, EOS, V = 0, 1, 2, 5
LIMIT = 4  # every output limit below: max_len_a=0, max_len_b=4


@pytest.fixture(scope="module")
def tiny():
    torch.manual_seed(3)
    cfg = ModelConfig(emb_size=8, enc_hidden=8, dec_hidden=8, attention_size=8, output_size=8, dropout=0.0)
    model = build_model(cfg, V, V, PAD).eval()
    with torch.no_grad():  # sharper distributions than the initialisation's: fewer near-ties
        for p in model.parameters():
            p.mul_(3.0)
    return model


def _decode(model, src, prefix, **opts):
    o = SearchOptions(max_len_a=0.0, max_len_b=LIMIT, **opts)
    return translate_ids(model, TokenArray.from_lists(src), pad_id=PAD, bos_id=BOS, eos_id=EOS,
                         device=torch.device("cpu"), precision="fp32", batch_tokens=1000, opts=o,
                         prefix=None if prefix is None else TokenArray.from_lists(prefix))


@torch.no_grad()
def _score(model, src, out):
    """Sum of the log-probs of ``out`` (ids, EOS included if any) given ``src``, by one teacher-forced
    forward pass: a computation independent of the search loops."""
    s = torch.tensor([list(src) + [EOS]])
    logits, _ = model(s, torch.tensor([s.size(1)]), torch.tensor([[BOS] + list(out[:-1])]))
    logp = torch.log_softmax(logits.double(), -1)[0]
    return float(sum(logp[t, tok] for t, tok in enumerate(out)))


def _exhaustive(model, src, prefix, n):
    """Every output that starts with ``prefix`` within LIMIT tokens: finished ones (ending in EOS) best first,
    then those cut at LIMIT, as the search lists them (length_norm=none: the score ranks)."""
    fin, unf = [], []
    for length in range(len(prefix), LIMIT + 1):
        for tail in itertools.product([t for t in range(V) if t != EOS], repeat=length - len(prefix)):
            body = list(prefix) + list(tail)
            if length < LIMIT:  # room for EOS
                fin.append((_score(model, src, body + [EOS]), body))
            else:
                unf.append((_score(model, src, body), body))
    ordered = sorted(fin, key=lambda x: -x[0]) + sorted(unf, key=lambda x: -x[0])
    return ordered[:n]


@pytest.mark.parametrize("prefix", [[3], [4, 0]])
def test_beam_continuation_equals_exhaustive_search(tiny, prefix):
    src = [[3, 4, 3]]
    got = _decode(tiny, src, [prefix], beam_size=80, n_best=5, length_norm="none")[0]
    want = _exhaustive(tiny, src[0], prefix, 5)
    assert [h.tokens for h in got] == [w[1] for w in want]
    assert np.allclose([h.score for h in got], [w[0] for w in want], atol=1e-4)
    assert all(h.tokens[: len(prefix)] == prefix for h in got)


def test_greedy_continuation_is_the_stepwise_argmax_after_the_prefix(tiny):
    src, prefix = [4, 3], [0, 3]
    out = list(prefix)
    while len(out) < LIMIT:  # independent greedy: argmax of a teacher-forced pass over what is there
        with torch.no_grad():
            s = torch.tensor([src + [EOS]])
            logits, _ = tiny(s, torch.tensor([3]), torch.tensor([[BOS] + out]))
        out.append(int(logits[0, -1].argmax()))
        if out[-1] == EOS:
            break
    h = _decode(tiny, [src], [prefix], beam_size=1)[0][0]
    assert h.tokens + ([EOS] if h.finished else []) == out
    assert abs(h.score - _score(tiny, src, out)) < 1e-4


@pytest.mark.parametrize("beam", [1, 3])
def test_empty_prefixes_equal_plain_decoding_bit_for_bit(tiny, beam):
    src = [[3, 4, 3], [4], [], [3, 3, 4, 4, 3]]
    opts = dict(beam_size=beam, n_best=beam)
    plain, empty = _decode(tiny, src, None, **opts), _decode(tiny, src, [[]] * 4, **opts)
    _same(plain, empty)


def _same(a, b):
    for x, y in zip(a, b, strict=True):
        for h, g in zip(x, y, strict=True):
            assert h.tokens == g.tokens and h.finished == g.finished
            assert np.float32(h.score).tobytes() == np.float32(g.score).tobytes()
            assert h.norm_score == g.norm_score and h.attention.tobytes() == g.attention.tobytes()


def test_a_prefix_longer_than_the_limit_is_refused_in_one_line(tiny):
    with pytest.raises(ConfigError) as e:
        _decode(tiny, [[3]], [[3, 3, 3, 3, 3]], beam_size=2)
    assert "\n" not in str(e.value) and "longer than the 4" in str(e.value)
    assert _decode(tiny, [[3]], [[3, 4, 3, 4]], beam_size=2)[0][0].tokens == [3, 4, 3, 4]  # exactly the limit


# --- the trained smoke run: the API, the command line, ONNX Runtime ---------------------------------------

@pytest.fixture(scope="module")
def pt(smoke_run):
    from seq2seq.inference.translator import Translator

    return Translator.from_run(smoke_run, device="cpu", precision="fp32")


def test_translations_start_with_their_prefix_and_nbest_share_it(pt):
    lines = real_lines("test.es", 4)
    prefixes = ["And God", "", "In the beginning", "the"]
    for beam in (1, 4):
        out = pt.translate(lines, beam_size=beam, n_best=min(beam, 3), prefix=prefixes)
        for p, r in zip(prefixes, out):
            want = pt.tokenizer.tgt_pieces(pt.tokenizer.encode_tgt([p])[0])
            assert all(h.pieces[: len(want)] == want for h in r.nbest)
    with pytest.raises(ConfigError):
        pt.translate(lines, prefix=["one"])  # one prefix per line


@pytest.fixture(scope="module")
def export_dir(smoke_run, tmp_path_factory, cache_env):
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnxscript")
    out = tmp_path_factory.mktemp("exp") / "export"
    proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={out}", env=cache_env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("beam", [1, 4])
def test_onnx_runtime_with_prefixes_agrees_with_pytorch_and_empty_is_plain(pt, export_dir, beam):
    from seq2seq.inference.translator import Translator

    ox = Translator.from_export(export_dir, num_threads=1)
    lines = real_lines("test.es", 12)
    prefixes = ["And", "", "In the beginning God", "And he said", "", "the", "And", "Y", "", "And the", "a", "I"]
    opts = SearchOptions(beam_size=beam, n_best=min(beam, 2))
    pre = ox.encode_prefix(prefixes, len(lines))
    a = ox.translate_ids(ox.encode(lines), opts, 4000, pre)
    b = pt.translate_ids(pt.encode(lines), opts, 4000, pre)
    same = [x[0].tokens == y[0].tokens for x, y in zip(a, b)]
    assert sum(same) >= 11
    assert max(abs(x[0].score - y[0].score) for x, y, s in zip(a, b, same) if s) < 1e-3
    for p, x in zip(pre, a):
        assert all(h.tokens[: len(p)] == list(p) for h in x)
    empty = TokenArray.from_lists([[]] * len(lines))
    _same(ox.translate_ids(ox.encode(lines), opts, 4000), ox.translate_ids(ox.encode(lines), opts, 4000, empty))


@pytest.mark.slow
def test_translate_cli_prefix_sep_tab_and_the_too_long_refusal(smoke_run, pt, cache_env):
    lines = real_lines("test.es", 2)
    text = f"{lines[0]}\tAnd God\n{lines[1]}\n"
    proc = run_cli("seq2seq-translate", f"run_dir={smoke_run}", "prefix_sep=TAB", "precision=fp32", "beam_size=3",
                   input=text, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = proc.stdout.splitlines()
    want = pt.translate(lines, beam_size=3, prefix=["And God", ""])
    assert got == [r.text for r in want] and got[0].startswith("And God")
    proc = run_cli("seq2seq-translate", f"run_dir={smoke_run}", "prefix_sep=TAB",
                   input="hola\t" + "And God said " * 20 + "\n", env=cache_env)
    errors = [ln for ln in proc.stderr.splitlines() if "error" in ln]
    assert proc.returncode == 2 and len(errors) == 1 and "is longer than the" in errors[0]


def _post(server, body):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    conn.request("POST", "/translate", json.dumps(body).encode(), {"content-type": "application/json"})
    resp = conn.getresponse()
    return resp.status, json.loads(resp.read())


@pytest.mark.slow
def test_server_prefix_field(smoke_run, pt, cache_env):
    lines = real_lines("test.es", 3)
    srv = Server(smoke_run, "device=cpu", "precision=fp32", "batch_window_ms=20", env=cache_env)
    try:
        status, got = _post(srv, {"text": lines, "prefix": ["And God", "", "In the"], "beam_size": 3})
        assert status == 200, got
        want = pt.translate(lines, beam_size=3, prefix=["And God", "", "In the"])
        assert [t["text"] for t in got["translations"]] == [r.text for r in want]
        assert got["translations"][0]["text"].startswith("And God")
        status, plain = _post(srv, {"text": lines, "beam_size": 3})
        assert plain["translations"][1] == got["translations"][1]  # an empty prefix is plain decoding
        status, err = _post(srv, {"text": lines[:1], "prefix": ["And " * 200]})
        assert status == 422 and err["error"].startswith("prefix: a prefix of ") and "\n" not in err["error"]
        status, err = _post(srv, {"text": lines[:2], "prefix": ["And"]})
        assert status == 422 and err["error"].startswith("prefix: 1 prefixes for 2 sentences")
    finally:
        srv.stop()


@pytest.mark.slow
def test_explorer_prefix_box(browser, smoke_run, pt, cache_env):
    line = real_lines("test.es", 1)[0]
    srv = Server(smoke_run, "device=cpu", "precision=fp32", env=cache_env)
    try:
        status, want = _post(srv, {"text": [line], "prefix": ["And God"], "beam_size": 3, "n_best": 2})
        assert status == 200
        page = browser.new_page()
        page.goto(srv.url + "/")
        page.fill("#text", line)
        page.fill("#prefix", "And God")
        page.fill("#beam", "3")
        page.fill("#nbest", "2")
        page.click("#translate")
        page.wait_for_selector("table.heatmap td.cell", timeout=60_000)
        shown = page.locator(".hyp .text").all_inner_texts()
        assert shown == [h["text"] for h in want["translations"][0]["nbest"]]
        assert all(t.startswith("And God") for t in shown)
    finally:
        srv.stop()

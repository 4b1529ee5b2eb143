"""POST /align over real HTTP on 127.0.0.1: forced alignment of given pairs, equal to ``Translator.align``
in-process on the same run; reference scores; bad bodies as one-line 4xx errors; refused on an ONNX export."""
import http.client
import json

import numpy as np
import pytest

from conftest import Server, real_lines, run_cli

N = 4
SOURCES, TARGETS, REFS = real_lines("test.es", N), real_lines("test.en", N), real_lines("test.align", N)
LIMITS = ("max_lines=4", "max_chars=300", "max_body_bytes=20000")


@pytest.fixture(scope="module")
def server(smoke_run, cache_env):
    srv = Server(smoke_run, "device=cpu", "batch_window_ms=20", *LIMITS, env=cache_env)
    yield srv
    _, err = srv.stop()
    assert srv.proc.returncode in (0, 130, -2), err[-2000:]


@pytest.fixture(scope="module")
def translator(smoke_run):
    from seq2seq import Translator

    return Translator.from_run(smoke_run, device="cpu")


def request(server, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    data = None if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    conn.request(method, path, data, {"content-type": "application/json"})
    r = conn.getresponse()
    return r.status, json.loads(r.read())


def align(server, body):
    return request(server, "POST", "/align", body)


def post(server, body):
    return request(server, "POST", "/translate", body)


def by_hand(links, sure, possible):
    """Och & Ney's precision, recall and AER of one link set, from the sets (possible includes sure)."""
    a, s, p = set(links), set(sure), set(possible) | set(sure)
    return {"precision": len(a & p) / len(a), "recall": len(a & s) / len(s),
            "aer": 1 - (len(a & s) + len(a & p)) / (len(a) + len(s))}


def pharaoh_sets(line):
    sure, possible = set(), set()
    for token in line.split():
        sep = "-" if "-" in token else "p"
        i, j = (int(x) for x in token.split(sep))
        possible.add((i, j))
        if sep == "-":
            sure.add((i, j))
    return sure, possible


def test_alignments_equal_the_api_with_reference_scores(server, translator):
    pairs = [{"source": s, "target": t, "reference": r} for s, t, r in zip(SOURCES, TARGETS, REFS)]
    status, out = align(server, {"pairs": pairs})
    assert status == 200 and (out["reading"], out["threshold"], out["shift"]) == ("argmax", None, False)
    expected = translator.align(SOURCES, TARGETS)
    assert len(out["alignments"]) == N
    totals = {"a": 0, "s": 0, "a&s": 0, "a&p": 0}
    for entry, ref, line in zip(out["alignments"], expected, REFS):
        assert entry["source_words"] == ref.source_words
        assert entry["target_words"] == ref.target_words
        assert entry["source_pieces"] == ref.source_pieces and entry["target_pieces"] == ref.target_pieces
        att, mat = np.asarray(entry["attention"]), np.asarray(entry["word_matrix"])
        assert att.shape == (len(entry["target_pieces"]), len(entry["source_pieces"]))
        np.testing.assert_allclose(att, ref.attention, atol=1e-5)
        assert mat.shape == (len(entry["target_words"]), len(entry["source_words"]) + 1)
        np.testing.assert_allclose(mat, ref.word_matrix, atol=1e-5)
        np.testing.assert_allclose(mat.sum(axis=1), 1.0, atol=1e-4)
        links = [tuple(link) for link in entry["links"]]
        assert links == sorted(ref.links)
        assert entry["alignment"] == " ".join(f"{i}-{j}" for i, j in links)
        sure, possible = pharaoh_sets(line)
        assert {tuple(x) for x in entry["reference"]["sure"]} == sure
        assert {tuple(x) for x in entry["reference"]["possible"]} == possible | sure
        assert sorted(entry["reference"]["alignment"].split()) == sorted(line.split())
        if not possible:  # the bundled reference leaves underivable pairs empty: nothing to score
            assert entry["scores"] is None
            continue
        assert {k: entry["scores"][k] for k in ("precision", "recall", "aer")} == \
            pytest.approx(by_hand(links, sure, possible))
        a = set(links)
        totals["a"] += len(a)
        totals["s"] += len(sure)
        totals["a&s"] += len(a & sure)
        totals["a&p"] += len(a & (possible | sure))
    # the request's scores: summed over its pairs before dividing (micro-averaged)
    assert out["scores"]["aer"] == pytest.approx(1 - (totals["a&s"] + totals["a&p"]) / (totals["a"] + totals["s"]))
    assert out["scores"]["precision"] == pytest.approx(totals["a&p"] / totals["a"])


def test_threshold_and_shift_readings_equal_the_api(server, translator):
    body = {"pairs": [{"source": s, "target": t} for s, t in zip(SOURCES[:2], TARGETS[:2])],
            "reading": "threshold", "threshold": 0.2, "shift": True}
    status, out = align(server, body)
    assert status == 200 and (out["reading"], out["threshold"], out["shift"]) == ("threshold", 0.2, True)
    assert out["scores"] is None and all("reference" not in e and "scores" not in e for e in out["alignments"])
    expected = translator.align(SOURCES[:2], TARGETS[:2], reading="threshold", threshold=0.2, shift=True)
    argmax = translator.align(SOURCES[:2], TARGETS[:2])
    for entry, ref, plain in zip(out["alignments"], expected, argmax):
        assert [tuple(x) for x in entry["links"]] == sorted(ref.links)
        mat = np.asarray(entry["word_matrix"])
        np.testing.assert_allclose(mat, ref.word_matrix, atol=1e-5)
        # every link is a source word with at least the threshold of its target word's attention
        assert {tuple(x) for x in entry["links"]} == {(i, j) for j, i in zip(*np.nonzero(mat[:, :-1] >= 0.2))}
    # shift reads other rows than the plain reading
    assert any(not np.allclose(e["word_matrix"], p.word_matrix) for e, p in zip(out["alignments"], argmax))


def pair(**kw):
    return {"source": "Y dijo Dios", "target": "And God said", **kw}


BAD = [
    (b'{"pairs": [{"source": "hola"', 400, "not valid JSON"),
    (b'["hola"]', 422, "body: expected a JSON object like"),
    (json.dumps({"pairs": [{"source": "Y dijo Dios"}]}), 422, "pairs.0.target: Field required"),
    (json.dumps({"pairs": []}), 422, "pairs: empty list"),
    (json.dumps({}), 422, "pairs: Field required"),
    (json.dumps({"pairs": [pair()] * 5}), 413, "pairs: 5 sentence pairs, more than the limit of 4"),
    (json.dumps({"pairs": [pair(reference="0-0 1x2")]}), 422, "pairs.0.reference: '1x2' is not a link"),
    (json.dumps({"pairs": [pair(), pair(reference="0-3")]}), 422, "pairs.1.reference: link 0-3 lies outside"),
    (json.dumps({"pairs": [pair(ref="0-0")]}), 422, "pairs.0.ref: unknown option; options are source, target, "
                                                    "reference"),
    (json.dumps({"pairs": [pair()], "beam_size": 3}), 422, "beam_size: unknown option; options are pairs"),
    (json.dumps({"pairs": [pair(target=" \t ")]}), 422, "pairs.0.target: no words"),
    (json.dumps({"pairs": [pair(source="a" * 301)]}), 413, "pairs.0.source: 301 characters"),
    (json.dumps({"pairs": [pair(target=5)]}), 422, "pairs.0.target: Input should be a valid string"),
    (b'{"pairs": [{"source": "a", "target": "b\\udc00"}]}', 422, "pairs.0.target: character 1 is a lone surrogate"),
    (json.dumps({"pairs": [pair()], "reading": "max"}), 422, "reading: Input should be 'argmax' or 'threshold'"),
    (json.dumps({"pairs": [pair()], "threshold": 0.3}), 422, "threshold: only read with reading=threshold"),
    (json.dumps({"pairs": [pair()], "reading": "threshold", "threshold": 0}), 422, "threshold: 0.0 must be above 0"),
    (b'{"pairs": [{"source": "a", "target": "b"}], "reading": "threshold", "threshold": NaN}', 422,
     "threshold: nan must be above 0"),
    (json.dumps({"pairs": [pair()], "shift": 1}), 422, "shift: Input should be a valid boolean"),
]


@pytest.mark.parametrize("body,status,message", BAD, ids=[m for _, _, m in BAD])
def test_bad_align_requests_get_a_one_line_error(server, body, status, message):
    got, out = align(server, body.encode() if isinstance(body, str) else body)
    assert (got, set(out)) == (status, {"error"}) and message in out["error"], out
    assert "\n" not in out["error"]


def test_an_empty_reference_is_kept_and_not_scored(server):
    status, out = align(server, {"pairs": [pair(reference=""), pair(reference="0-0 2p1")]})
    assert status == 200
    first, second = out["alignments"]
    assert first["reference"] == {"alignment": "", "sure": [], "possible": []} and first["scores"] is None
    assert second["reference"]["alignment"] == "0-0 2p1" and second["scores"]["pairs"] == 1
    assert out["scores"] == second["scores"]  # the request's scores leave the empty reference out


def test_align_is_in_the_openapi_schema(server):
    status, schema = request(server, "GET", "/openapi.json")
    op = schema["paths"]["/align"]["post"]
    body = op["requestBody"]["content"]["application/json"]["schema"]
    assert status == 200 and set(body["properties"]) == {"pairs", "reading", "threshold", "shift"}
    assert body["required"] == ["pairs"]


@pytest.mark.slow
def test_an_onnx_server_refuses_align_in_one_line(smoke_run, tmp_path, cache_env):
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnxscript")
    out = tmp_path / "export"
    proc = run_cli("seq2seq-export", f"run_dir={smoke_run}", f"out={out}", env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    srv = Server(None, f"export_dir={out}", env=cache_env)
    try:
        status, got = align(srv, {"pairs": [pair()]})
        ok, translated = post(srv, {"text": ["Y dijo Dios"]})
    finally:
        srv.stop()
    assert (status, set(got)) == (400, {"error"}) and "\n" not in got["error"]
    assert "forced alignment needs the PyTorch model" in got["error"] and "run_dir=" in got["error"]
    assert ok == 200 and len(translated["translations"]) == 1  # the export still translates

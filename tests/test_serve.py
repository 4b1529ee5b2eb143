"""seq2seq-serve as a real subprocess over real HTTP on 127.0.0.1: the contract, errors, batching, start-up."""
import http.client
import json
import os
import re
import socket
import threading
from pathlib import Path

import numpy as np
import pytest

from conftest import Server, real_lines, run_cli

LINES = real_lines("test.es", 5)
LIMITS = ("max_lines=8", "max_chars=300", "max_body_bytes=20000", "max_beam_size=8")


@pytest.fixture(scope="module")
def server(smoke_run, cache_env):
    srv = Server(smoke_run, "device=cpu", "batch_window_ms=20", *LIMITS, env=cache_env)
    yield srv
    out, err = srv.stop()
    assert srv.proc.returncode in (0, 130, -2), err[-2000:]
    assert out == ""  # logs go to stderr


@pytest.fixture(scope="module")
def translator(smoke_run):
    from seq2seq import Translator

    return Translator.from_run(smoke_run, device="cpu")


def post(server, body, headers=None, path="/translate"):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    conn.request("POST", path, data, {"content-type": "application/json", **(headers or {})})
    r = conn.getresponse()
    return r.status, json.loads(r.read())


def get(server, path):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request("GET", path)
    r = conn.getresponse()
    return r.status, r.getheader("content-type"), r.read()


def test_health_names_the_run(server, smoke_run):
    status, kind, body = get(server, "/health")
    health = json.loads(body)
    assert status == 200 and kind == "application/json"
    assert health["status"] == "ok" and health["run_dir"] == str(smoke_run) and health["step"] > 0


def test_translations_equal_the_api(server, translator):
    status, out = post(server, {"text": LINES})
    assert status == 200
    expected = translator.translate(LINES, beam_size=5)
    assert [t["text"] for t in out["translations"]] == [r.text for r in expected]
    assert [t["score"] for t in out["translations"]] == pytest.approx([r.score for r in expected], abs=1e-6)
    assert all("nbest" not in t and "attention" not in t for t in out["translations"])


def test_nbest_and_attention(server, translator):
    status, out = post(server, {"text": LINES[:2], "beam_size": 4, "n_best": 3, "attention": True})
    assert status == 200 and len(out["translations"]) == 2
    expected = translator.translate(LINES[:2], beam_size=4, n_best=3, return_attention=True)
    for entry, ref in zip(out["translations"], expected):
        assert [h["text"] for h in entry["nbest"]] == [h.text for h in ref.nbest]
        for hyp, h in zip(entry["nbest"], ref.nbest):
            att = np.asarray(hyp["attention"])
            assert hyp["source_pieces"] == h.source_pieces and hyp["target_pieces"] == h.target_pieces
            assert att.shape == (len(hyp["target_pieces"]), len(hyp["source_pieces"]))
            np.testing.assert_allclose(att, h.attention, atol=1e-5)
            np.testing.assert_allclose(att.sum(axis=1), 1.0, atol=2e-2)
            # one hard link per target word, each to a real source word
            assert sorted(j for _, j in hyp["links"]) == list(range(len(hyp["target_words"])))
            assert all(0 <= i < len(hyp["source_words"]) for i, _ in hyp["links"])
            assert set(hyp["diagnostics"]) == {"entropy", "uncovered", "coverage_dev", "diagonality"}


BAD = [
    (b'{"text": ["hola"', 400, "not valid JSON"),
    (b'{"text": ["\xff\xfe"]}', 400, "UTF-8"),
    (b'["hola"]', 422, "JSON object"),
    (b'{"text": "hola"}', 422, "text: Input should be a valid list"),
    (b'{"text": [1]}', 422, "text.0"),
    (b'{"text": []}', 422, "empty list"),
    (b'{}', 422, "text: Field required"),
    (b'{"text": ["hola"], "beam": 3}', 422, "beam: unknown option"),
    (b'{"text": ["hola"], "beam_size": 0}', 422, "beam_size: 0 must be between 1 and 8"),
    (b'{"text": ["hola"], "beam_size": 9}', 422, "beam_size: 9"),
    (b'{"text": ["hola"], "beam_size": "5"}', 422, "beam_size"),
    (b'{"text": ["hola"], "beam_size": 2, "n_best": 3}', 422, "n_best: 3"),
    (b'{"text": ["hola"], "attention": 1}', 422, "attention"),
    (json.dumps({"text": ["hola"] * 9}).encode(), 413, "more than the limit of 8"),
    (json.dumps({"text": ["a" * 301]}).encode(), 413, "text.0: 301 characters"),
]


@pytest.mark.parametrize("body,status,message", BAD, ids=[m for _, _, m in BAD])
def test_bad_requests_get_a_json_error(server, body, status, message):
    got, out = post(server, body)
    assert (got, set(out)) == (status, {"error"}) and message in out["error"], out


# Valid HTTP, hostile JSON (each under max_body_bytes=20000): json.loads alone recurses once per level and
# converts every numeral to an int, so these once ended in RecursionError / ValueError and a 500.
HOSTILE = [
    (b"[" * 19000, 400, "nested 19000 levels deep, more than the limit of 32"),
    (b'{"text": ' + b'{"a": ' * 2500 + b"1" + b"}" * 2501, 400, "nested 2501 levels deep"),
    (b'{"text": ["hola"], "beam_size": 1' + b"0" * 5000 + b"}", 422, "a number of 5001 characters"),
    (b'{"text": [' + b"9" * 19000 + b"]}", 422, "a number of 19000 characters"),
    (b'{"text": ["hola"], "beam_size": 0.' + b"5" * 6000 + b"}", 422, "a number of 6002 characters"),
    (b'{"text": ["hola"], "beam_size": 1e999999}', 422, "beam_size: Input should be a valid integer"),
    (b'{"text": ["hola"], "n_best": NaN}', 422, "n_best: Input should be a valid integer"),
    (b'{"text": ["a\\ud800b"]}', 422, "text.0: character 1 is a lone surrogate"),
    (b'{"text": ["' + b'\\"' * 6000 + b"]}", 400, "not valid JSON"),
    (b'{"text": [' + b"0," * 9000 + b"0]}", 413, "9001 sentences, more than the limit of 8"),
]


@pytest.mark.parametrize("body,status,message", HOSTILE, ids=[m for _, _, m in HOSTILE])
def test_hostile_json_gets_a_4xx_json_error(server, body, status, message):
    got, out = post(server, body)
    assert (got, set(out)) == (status, {"error"}) and message in out["error"], out
    assert "\n" not in out["error"] and len(out["error"]) < 200


def mutants(seeds: list[bytes], n: int, seed: int = 34):
    """``n`` bodies made from ``seeds`` by random cuts, splices, byte flips, long numerals and deep wrapping."""
    import random

    rng = random.Random(seed)
    for _ in range(n):
        body = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 3)):
            i, j = sorted(rng.randrange(len(body) + 1) for _ in range(2))
            kind = rng.randrange(6)
            if kind == 0:
                body = body[:i]
            elif kind == 1:
                body[i:i] = rng.choice(seeds)[j - i:]
            elif kind == 2:
                body[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
            elif kind == 3:
                digits = b"7" * rng.choice([1, 40, 5000])
                body[i:i] = b"-" * rng.randint(0, 1) + digits + rng.choice([b"", b".5", b"e9"])
            elif kind == 4:
                k = rng.choice([1, 31, 33, 3000])
                body = bytearray(rng.choice([b"[", b'{"a":']) * k + body + rng.choice([b"]", b"}"]) * k)
            else:
                body[i:j] = rng.choice([b'"', b"\\", b"\\u", b"\\ud800", b"null", b"NaN", b"}", b"]", b","])
        yield bytes(body)


def test_any_body_parses_to_a_request_or_a_4xx_line():
    """Whatever bytes a client sends, the parser gives a request or a 4xx one-line RequestError, never another
    exception (in-process, seeded: 3,000 mutants of the good and bad bodies above)."""
    from seq2seq.config import ServeConfig
    from seq2seq.serve.schema import RequestError, parse_request

    limits = ServeConfig(run_dir="r", max_lines=8, max_chars=300, max_beam_size=8, max_body_bytes=20000)
    seeds = [body for body, _, _ in BAD + HOSTILE] + [json.dumps({"text": LINES[:2], "beam_size": 3}).encode()]
    refused = 0
    for body in mutants(seeds, 3000):
        try:
            parse_request(body, limits)
        except RequestError as e:
            assert 400 <= e.status < 500 and e.message and "\n" not in e.message, (body[:80], e.message)
            refused += 1
    assert refused > 2000  # mostly bad, as mutants are


def raw_request(server, head: bytes, body: bytes = b"") -> tuple[bytes, bytes]:
    """Send ``head`` (and ``body``) over a plain socket; read until the server closes: (head, body) of the
    answer. A reset instead of an answer raises ConnectionResetError."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        sock.sendall(head + body)
        data = b""
        while chunk := sock.recv(65536):  # b"": the server closed the connection after answering
            data += chunk
    answer_head, _, answer_body = data.partition(b"\r\n\r\n")
    return answer_head, answer_body


@pytest.mark.parametrize("size", [30_000, 5_000_000])
def test_oversized_body_with_content_length_gets_413_then_close(server, size):
    """Content-Length over max_body_bytes: a 413 and its one-line JSON error, then the connection closes. The
    5 MB body overflows the socket buffers, so a server that closed without reading it would reset the
    connection and the answer would be lost (as it once was)."""
    head = (b"POST /translate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % size)
    answer_head, answer_body = raw_request(server, head, b"x" * size)
    assert answer_head.startswith(b"HTTP/1.1 413 "), answer_head
    assert b"connection: close" in answer_head.lower()
    assert json.loads(answer_body) == {"error": f"request body of {size} bytes is over the limit of 20000"}
    assert answer_body.count(b"\n") == 0
    # the same through http.client, which writes the whole body before it reads
    status, out = post(server, b"x" * size)
    assert status == 413 and "over the limit of 20000" in out["error"]


def test_oversized_body_expecting_100_continue_is_refused_unsent(server):
    """A client that waits for 100 Continue before sending its body gets the 413 instead, and never sends."""
    head = (b"POST /translate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 50000000\r\nExpect: 100-continue\r\n\r\n")
    answer_head, answer_body = raw_request(server, head)
    assert answer_head.startswith(b"HTTP/1.1 413 ") and b"100 Continue" not in answer_head
    assert "over the limit of 20000" in json.loads(answer_body)["error"]


def test_oversized_chunked_body_is_refused_before_it_is_read(server):
    # chunked, no Content-Length: read only until it passes the limit (the rest is never sent)
    sent = []

    def chunks():
        for _ in range(1000):
            sent.append(1)
            yield b"x" * 1000

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("POST", "/translate", chunks(), {"content-type": "application/json"}, encode_chunked=True)
        r = conn.getresponse()
        assert r.status == 413 and "over the limit" in json.loads(r.read())["error"]
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered and closed while we were still sending: refused all the same
    assert len(sent) < 1000


def test_unknown_path_and_method(server):
    assert get(server, "/nope")[0] == 404
    assert get(server, "/translate")[0] == 405


def test_page_and_docs_are_served_offline(server):
    status, kind, html = get(server, "/")
    assert status == 200 and kind.startswith("text/html")
    assert b"http://" not in html and b"https://" not in html  # no CDN: every asset comes from the package
    for asset in ("/static/explorer.js", "/static/explorer.css"):
        status, _, body = get(server, asset)
        assert status == 200 and b"http" not in body
    status, kind, docs = get(server, "/docs")  # FastAPI's Swagger UI page, pointed at our schema
    assert status == 200 and kind.startswith("text/html")
    assert b"<title>seq2seq - Swagger UI</title>" in docs and b"SwaggerUIBundle" in docs
    assert b"url: '/openapi.json'" in docs
    spec = json.loads(get(server, "/openapi.json")[2])
    assert "/translate" in spec["paths"] and "/health" in spec["paths"]


def source_pieces(run_dir: Path, line: str) -> list[str]:
    """The pieces the model reads for ``line``, by sentencepiece itself from the run's model file (not
    through the package's tokenizer): the cleaned line's pieces, then EOS."""
    import sentencepiece as spm

    name = "spm.model" if (run_dir / "spm.model").exists() else "spm.src.model"
    sp = spm.SentencePieceProcessor(model_file=str(run_dir / name))
    return sp.encode(line.strip(), out_type=str) + ["</s>"]


def test_concurrent_requests_are_batched_and_answered_in_order(server, translator, smoke_run):
    """16 clients at once: each gets its own sentence's translation; the server ran fewer searches."""
    lines = real_lines("test.es", 16)
    assert len(set(lines)) == len(lines)
    before = json.loads(get(server, "/health")[2])
    out, barrier = [None] * len(lines), threading.Barrier(len(lines))

    def client(k):
        barrier.wait()
        out[k] = post(server, {"text": [lines[k]], "beam_size": 2, "attention": True})

    threads = [threading.Thread(target=client, args=(k,)) for k in range(len(lines))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    after = json.loads(get(server, "/health")[2])
    assert all(status == 200 and len(o["translations"]) == 1 for status, o in out)
    # Each answer is its own client's: the source it attended over is exactly that client's sentence.
    for line, (_, o) in zip(lines, out):
        entry = o["translations"][0]
        assert entry["source_pieces"] == source_pieces(smoke_run, line)
        assert np.asarray(entry["attention"]).shape == (len(entry["target_pieces"]), len(entry["source_pieces"]))
    expected = [r.text for r in translator.translate(lines, beam_size=2)]
    got = [o["translations"][0]["text"] for _, o in out]
    # Decoded in other batch company than the API's: bf16 rounding may rarely flip a near tie.
    assert sum(g == e for g, e in zip(got, expected)) >= 14
    assert after["requests"] - before["requests"] == len(lines)
    assert after["batches"] - before["batches"] < len(lines)


def test_server_survives_bad_input(server, translator):
    """After bad bodies of every kind (sent here, whatever ran before), it still translates."""
    for body, status, _ in BAD + HOSTILE:
        assert post(server, body)[0] == status
    status, out = post(server, {"text": LINES[:1]})
    assert status == 200 and out["translations"][0]["text"] == translator.translate(LINES[:1])[0].text


def test_start_up_errors_are_one_line(smoke_run, tmp_path, cache_env):
    proc = run_cli("seq2seq-serve", f"run_dir={tmp_path / 'missing'}", env=cache_env, timeout=120)
    assert proc.returncode == 2 and proc.stderr.strip().splitlines()[-1].startswith("seq2seq-serve: error: run_dir=")
    assert "Traceback" not in proc.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = run_cli("seq2seq-serve", f"run_dir={smoke_run}", f"port={port}", env=cache_env, timeout=120)
    last = proc.stderr.strip().splitlines()[-1]
    assert proc.returncode == 2 and last.startswith(f"seq2seq-serve: error: port={port}: cannot listen"), proc.stderr
    for bad, key in (("port=70000", "port=70000"), ("beam_size=20", "max_beam_size"), ("batch_window_ms=-1", "batch_window_ms"),
                     ("nope=1", "nope")):
        proc = run_cli("seq2seq-serve", f"run_dir={smoke_run}", bad, env=cache_env, timeout=120)
        assert proc.returncode == 2 and key in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def listening(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket in LISTEN state that process ``pid`` holds, read from /proc."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if m := re.fullmatch(r"socket:\[(\d+)\]", target):
            inodes.add(m.group(1))
    out = []
    for table in ("tcp", "tcp6"):
        with open(f"/proc/{pid}/net/{table}") as f:
            for row in f.read().splitlines()[1:]:
                cols = row.split()
                local, state, inode = cols[1], cols[3], cols[9]
                if state == "0A" and inode in inodes:  # 0A: TCP_LISTEN
                    addr, port = local.split(":")
                    raw = bytes.fromhex(addr)
                    # /proc prints the address as 32-bit words in host (little-endian) order
                    words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                    out.append((socket.inet_ntop(socket.AF_INET if len(raw) == 4 else socket.AF_INET6, words),
                                int(port, 16)))
    return out


@pytest.mark.skipif(not os.path.isdir("/proc/self/net"), reason="reads the listening socket from Linux's /proc")
def test_binds_loopback_by_default_on_the_port_it_logs(server):
    """The fixture gives no host= and port=0: the server listens on loopback only, on one port the OS chose,
    and that is the port its start-up line names (the one every other test here talks to)."""
    from seq2seq.config import ServeConfig

    assert ServeConfig(run_dir="x").host == "127.0.0.1"
    assert listening(server.proc.pid) == [("127.0.0.1", server.port)]
    line = next(line for line in server.stderr if " serving " in line)
    assert f" on http://127.0.0.1:{server.port}/ " in line and server.port != 0


def test_overload_is_refused_at_once_and_the_queue_drains(smoke_run, cache_env):
    """Past max_waiting_lines a request gets 503 with Retry-After at once, not a long wait; the waiting
    request is still answered, and once it is, the refused one goes through."""
    import time

    srv = Server(smoke_run, "device=cpu", "max_lines=4", "max_waiting_lines=4", "batch_window_ms=1500",
                 env=cache_env)
    try:
        first = {}
        waiter = threading.Thread(target=lambda: first.update(answer=post(srv, {"text": LINES[:3]})))
        waiter.start()
        deadline = time.monotonic() + 30
        while json.loads(get(srv, "/health")[2])["waiting"] < 3:  # the 3 sentences sit in the batch window
            assert time.monotonic() < deadline, "the first request never reached the batcher"
            time.sleep(0.02)
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
        conn.request("POST", "/translate", json.dumps({"text": LINES[3:5]}), {"content-type": "application/json"})
        r = conn.getresponse()
        body = json.loads(r.read())
        assert r.status == 503 and r.getheader("retry-after") == "1", body
        assert body["error"].startswith("server busy: 3 sentences are waiting (limit 4)")
        waiter.join(timeout=120)
        status, out = first["answer"]
        assert status == 200 and len(out["translations"]) == 3
        assert json.loads(get(srv, "/health")[2])["waiting"] == 0
        status, out = post(srv, {"text": LINES[3:5]})
        assert status == 200 and len(out["translations"]) == 2
    finally:
        srv.stop()
    proc = run_cli("seq2seq-serve", f"run_dir={smoke_run}", "max_waiting_lines=8", "max_lines=16", env=cache_env,
                   timeout=120)
    assert proc.returncode == 2 and "max_waiting_lines=8 must be at least max_lines=16" in proc.stderr


def test_make_serve_without_a_demo_run_says_so_in_one_line(tmp_path):
    """`make serve` where `make demo` never ran (no runs/bible_15min/, no RUN=): its one-line message, exit 2.
    Run on a copy of the Makefile in an empty folder, with a fresh-looking VENV, so setup is a no-op."""
    import shutil
    import subprocess

    root = Path(__file__).resolve().parents[1]
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy2(root / name, tmp_path / name)
    (tmp_path / "venv").mkdir()
    (tmp_path / "venv" / ".installed").touch()  # newer than the copies: nothing to install
    env = {k: v for k, v in os.environ.items() if k not in ("RUN", "PORT", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    make = shutil.which("make")
    assert make, "make is not installed"
    proc = subprocess.run([make, "-s", "serve", "VENV=venv"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    lines = proc.stderr.splitlines()
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert lines[0] == "make serve: no run under runs/bible_15min/; run make demo first (or give RUN=runs/...)"
    # make adds its own status line for the failed recipe, and nothing else may follow
    assert len(lines) <= 2 and re.fullmatch(r"(make: \*\*\* \[Makefile:\d+: serve\] Error 2)?", "".join(lines[1:]))

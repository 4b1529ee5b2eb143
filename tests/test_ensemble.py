"""Ensembles (``ensemble=[RUN2,...]``, ``Translator.from_runs``): several runs decoding as one.

The runs are written here, not trained: a tiny sentencepiece model and randomly initialised tiny models
(seeded, their output layer scaled so distributions are peaked and differ between models) saved as
checkpoints, so the tests take seconds. Expected values come from each model's own ``step``, combined in
float64 by the test.
"""
import http.client
import io
import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest
import sentencepiece as spm
import torch

from conftest import real_lines, run_cli
from seq2seq import checkpoint
from seq2seq.config import ModelConfig
from seq2seq.data.tokenizer import Tokenizer
from seq2seq.errors import CheckpointError, ConfigError
from seq2seq.inference.translator import Translator
from seq2seq.model.seq2seq import build_model
from seq2seq.search.ensemble import Ensemble
from seq2seq.search.options import SearchOptions

LINES = real_lines("test.es", 8)
TINY = ModelConfig(emb_size=16, enc_hidden=16, dec_hidden=24, attention_size=16, output_size=16, dropout=0.0)
SHORT = {"max_len_a": 1.0, "max_len_b": 4}  # random models rarely stop: keep outputs short


def _spm_bytes(vocab_size: int) -> bytes:
    out = io.BytesIO()
    text = real_lines("train.es.gz", 400) + real_lines("train.en.gz", 400)
    spm.SentencePieceTrainer.train(sentence_iterator=iter(text), model_writer=out, vocab_size=vocab_size,
                                   pad_id=0, unk_id=1, bos_id=2, eos_id=3, minloglevel=2)
    return out.getvalue()


def _write_run(folder: Path, spm_model: bytes, seed: int) -> Path:
    """A run folder with spm.model and checkpoints/best.pt holding a seeded random tiny model."""
    (folder / "checkpoints").mkdir(parents=True)
    (folder / "spm.model").write_bytes(spm_model)
    tok = Tokenizer.from_run(folder)
    torch.manual_seed(seed)
    model = build_model(TINY, tok.src_vocab_size, tok.tgt_vocab_size, tok.pad_id)
    with torch.no_grad():
        model.decoder.out_proj.weight.mul_(8.0)
        model.decoder.out_proj.bias[tok.eos_id] += 2.0  # some hypotheses finish, some hit the limit
    config = {"model": {k: getattr(v, "value", v) for k, v in asdict(TINY).items()}, "tokenizer": {"joint": True}, "data": {}}
    checkpoint.save(checkpoint.contents(config, checkpoint.vocab(tok), model.state_dict(),
                                        progress={"step": seed}), folder / "checkpoints" / "best.pt")
    return folder


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict:
    """Runs a and b share one tokenizer; c has another (a different vocabulary size)."""
    root = tmp_path_factory.mktemp("ensemble")
    shared, other = _spm_bytes(200), _spm_bytes(180)
    return {"a": _write_run(root / "a", shared, 1), "b": _write_run(root / "b", shared, 2),
            "c": _write_run(root / "c", other, 3)}


def _load(*names, runs, weights=None) -> Translator:
    return Translator.from_runs([runs[n] for n in names], weights, device="cpu", precision="fp32", num_threads=1)


OPTIONS = [SearchOptions(beam_size=1, **SHORT), SearchOptions(beam_size=4, n_best=3, **SHORT),
           SearchOptions(beam_size=3, coverage_beta=0.2, **SHORT)]


@pytest.mark.parametrize("opts", OPTIONS, ids=["greedy", "beam4-nbest3", "beam3-coverage"])
def test_an_ensemble_of_one_decodes_as_its_model(runs, opts):
    """Bit for bit: tokens, scores and attention (the ensemble's step returns the one model's own logits)."""
    alone = Translator.from_run(runs["a"], device="cpu", precision="fp32", num_threads=1)
    mine, theirs = _load("a", runs=runs).translate_hypotheses(LINES, opts), alone.translate_hypotheses(LINES, opts)
    for got, want in zip(mine, theirs):
        assert [list(h.tokens) for h in got] == [list(h.tokens) for h in want]
        assert [h.finished for h in got] == [h.finished for h in want]
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g.attention, w.attention)
            assert (g.score, g.norm_score) == (w.score, w.norm_score)


@pytest.mark.parametrize("opts", OPTIONS[:2], ids=["greedy", "beam4-nbest3"])
def test_a_model_with_itself_equals_the_ensemble_of_one(runs, opts):
    """Weights 0.5 + 0.5 of the same logits sum back to them exactly: everything is bit-identical."""
    twice, once = _load("a", "a", runs=runs).translate_hypotheses(LINES, opts), \
        _load("a", runs=runs).translate_hypotheses(LINES, opts)
    for got, want in zip(twice, once):
        assert [(list(h.tokens), h.score, h.norm_score) for h in got] == \
               [(list(h.tokens), h.score, h.norm_score) for h in want]
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g.attention, w.attention)


def _models(runs, *names):
    return [Translator.from_run(runs[n], device="cpu", precision="fp32", num_threads=1) for n in names]


@pytest.mark.parametrize("weights", [None, [1.0, 3.0]])
def test_step_ranks_by_the_weighted_mean_of_log_probs_and_averages_attention(runs, weights):
    a, b = _models(runs, "a", "b")
    ens = Ensemble([a.model, b.model], weights).eval()
    w = np.array([0.5, 0.5] if weights is None else [0.25, 0.75])
    src = torch.tensor([a.tokenizer.encode_src([LINES[0]])[0] + [a.tokenizer.eos_id]] * 2)
    src_len = torch.tensor([src.size(1)] * 2)
    prev = torch.full((2,), a.tokenizer.bos_id)
    with torch.no_grad():
        mem = ens.encode(src, src_len)
        state = ens.init_state(mem)
        alone = [(m, m.encode(src, src_len)) for m in (a.model, b.model)]
        alone = [(m, mm, m.init_state(mm)) for m, mm in alone]
        for t, forced in enumerate([5, 17, 42]):  # forced next tokens: states must follow each model's own
            logp, state, attn = ens.step(prev, state, mem)
            outs = [m.step(prev, st, mm) for m, mm, st in alone]
            lps = [torch.log_softmax(o[0].double(), -1).numpy() for o in outs]
            np.testing.assert_allclose(logp.numpy(), w[0] * outs[0][0].double().numpy()
                                       + w[1] * outs[1][0].double().numpy(), rtol=1e-6, atol=1e-5)
            np.testing.assert_allclose(attn.numpy(), w[0] * outs[0][2].double().numpy()
                                       + w[1] * outs[1][2].double().numpy(), rtol=1e-6, atol=1e-7)
            assert not np.allclose(lps[0], lps[1], atol=1e-2)  # the two models really differ
            # what the searches rank by: the renormalised weighted geometric mean of the two distributions
            geo = np.exp(w[0] * lps[0] + w[1] * lps[1])
            np.testing.assert_allclose(torch.log_softmax(logp, -1).numpy(), np.log(geo / geo.sum(-1, keepdims=True)),
                                       rtol=1e-5, atol=1e-5)
            alone = [(m, mm, o[1]) for (m, mm, _), o in zip(alone, outs)]
            prev = torch.full((2,), forced)


def test_translation_attention_is_the_mean_of_the_models(runs):
    """Greedy: each row of a hypothesis's attention is the mean of what the two models attend when fed
    the ensemble's own output (teacher-forced through each model's step)."""
    a, b = _models(runs, "a", "b")
    (hyp,), = _load("a", "b", runs=runs).translate_hypotheses(LINES[:1], OPTIONS[0])
    src = torch.tensor([a.tokenizer.encode_src([LINES[0]])[0] + [a.tokenizer.eos_id]])
    rows = []
    with torch.no_grad():
        for m in (a.model, b.model):
            mem = m.encode(src, torch.tensor([src.size(1)]))
            st, prev, att = m.init_state(mem), torch.tensor([a.tokenizer.bos_id]), []
            for tok in [*list(hyp.tokens), a.tokenizer.eos_id][: hyp.attention.shape[0]]:
                _, st, at = m.step(prev, st, mem)
                att.append(at[0].double().numpy())
                prev = torch.tensor([tok])
            rows.append(np.stack(att))
    np.testing.assert_allclose(hyp.attention, (rows[0] + rows[1]) / 2, rtol=1e-6, atol=1e-7)


def test_refusals_in_the_api(runs):
    with pytest.raises(CheckpointError, match="not an ensemble"):
        _load("a", "b", runs=runs).align([LINES[0]], ["In the beginning"])
    with pytest.raises(ConfigError, match=f"{runs['c']}.*{runs['a']}.*tokenizer"):
        _load("a", "c", runs=runs)
    with pytest.raises(ConfigError, match="2 positive numbers"):
        _load("a", "b", runs=runs, weights=[1.0])
    with pytest.raises(ConfigError, match="positive"):
        _load("a", "b", runs=runs, weights=[1.0, 0.0])


def _one_error_line(proc, needle: str) -> None:
    assert proc.returncode == 2, proc.stderr[-1500:]
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and needle in errors[0], proc.stderr[-1500:]
    assert "Traceback" not in proc.stderr and proc.stdout == ""


@pytest.mark.slow
def test_cli_refuses_another_tokenizer_weights_and_exports(runs, tmp_path):
    src = tmp_path / "src.es"
    src.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    a, c = runs["a"], runs["c"]
    proc = run_cli("seq2seq-translate", f"run_dir={a}", f"ensemble=[{c}]", "device=cpu", f"input={src}")
    _one_error_line(proc, f"{c} and {a} have different sentencepiece models")
    proc = run_cli("seq2seq-translate", f"run_dir={a}", f"ensemble=[{runs['b']}]", "ensemble_weights=[1,2,3]",
                   "device=cpu", f"input={src}")
    _one_error_line(proc, "ensemble_weights=[1.0, 2.0, 3.0] must be 2 positive numbers")
    proc = run_cli("seq2seq-translate", f"export_dir={tmp_path}", f"ensemble=[{runs['b']}]", f"input={src}")
    _one_error_line(proc, "ensemble= decodes PyTorch runs")


@pytest.mark.slow
def test_translate_and_eval_commands_decode_with_the_ensemble(runs, tmp_path):
    src, ref = tmp_path / "src.es", tmp_path / "ref.en"
    src.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    ref.write_text("\n".join(real_lines("test.en", len(LINES))) + "\n", encoding="utf-8")
    common = [f"run_dir={runs['a']}", f"ensemble=[{runs['b']}]", "ensemble_weights=[1,3]", "device=cpu",
              "precision=fp32", "beam_size=3", "max_len_a=1.0", "max_len_b=4"]
    want = [r.text for r in _load("a", "b", runs=runs, weights=[1, 3]).translate(LINES, beam_size=3, **SHORT)]
    assert want != [r.text for r in _load("a", runs=runs).translate(LINES, beam_size=3, **SHORT)]
    proc = run_cli("seq2seq-translate", *common, f"input={src}")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines() == want
    proc = run_cli("seq2seq-eval", *common, f"src={src}", f"refs=[{ref}]", f"out={tmp_path / 'eval'}")
    assert proc.returncode == 0, proc.stderr[-2000:]
    hyp = tmp_path / "eval" / "src.es.best.ensemble2.beam3.hyp"  # never run_dir's own src.es.best.beam3.hyp
    assert hyp.read_text(encoding="utf-8").splitlines() == want
    saved = json.loads(hyp.with_suffix(".json").read_text(encoding="utf-8"))
    assert (saved["ensemble"], saved["ensemble_weights"]) == ([str(runs["a"]), str(runs["b"])], [1.0, 3.0])


@pytest.mark.slow
def test_the_server_decodes_with_the_ensemble(runs):
    from conftest import Server

    want = _load("a", "b", runs=runs).translate(LINES[:4], beam_size=2, **SHORT)
    srv = Server(runs["a"], f"ensemble=[{runs['b']}]", "device=cpu", "precision=fp32", "max_len_a=1.0",
                 "max_len_b=4")
    try:
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60)
        conn.request("POST", "/translate", json.dumps({"text": LINES[:4], "beam_size": 2}).encode(),
                     {"content-type": "application/json"})
        r = conn.getresponse()
        assert r.status == 200
        out = json.loads(r.read())
        conn.request("POST", "/align", json.dumps({"pairs": [{"source": LINES[0], "target": "In the beginning"}]}).encode(),
                     {"content-type": "application/json"})
        r = conn.getresponse()
        assert r.status == 400 and "ensemble" in json.loads(r.read())["error"]
    finally:
        srv.stop()
    assert [t["text"] for t in out["translations"]] == [w.text for w in want]


def test_a_prefix_is_forced_in_the_ensemble_too(runs):
    """Prefixes work in the search loops, above the model protocol: an ensemble needs nothing of its own."""
    ens = _load("a", "b", runs=runs)
    prefix = [" ".join(real_lines("test.en", 3)[k].split()[:2]) for k in range(3)]
    for opts in ({"beam_size": 1}, {"beam_size": 3, "n_best": 2}):
        for res, p in zip(ens.translate(LINES[:3], prefix=prefix, **opts, **SHORT), prefix):
            want = ens.tokenizer.tgt_pieces(ens.tokenizer.encode_tgt([p])[0])
            assert all(h.pieces[: len(want)] == want for h in res.nbest)

"""Forced alignment: Translator.align and seq2seq-align on the session's smoke run (real model, real files)."""
import json
import logging

import numpy as np
import pytest

from conftest import real_lines, run_cli
from seq2seq.analysis.aer import read_links as read_link_file, score_alignments
from seq2seq.analysis.links import read_links, swap, symmetrise, word_matrix
from seq2seq.config import AlignConfig
from seq2seq.errors import CheckpointError, ConfigError, UserError
from seq2seq.inference.align_cmd import run_align
from seq2seq.inference.forced import forced_attention
from seq2seq.inference.translator import Translator

N = 30


@pytest.fixture(scope="module")
def translator(smoke_run):
    return Translator.from_run(smoke_run, device="cpu", precision="fp32")


@pytest.fixture(scope="module")
def pairs(tmp_path_factory):
    """The first N test pairs as files, and a reference with sure and possible links inside each pair."""
    folder = tmp_path_factory.mktemp("pairs")
    src, tgt = real_lines("test.es", N), real_lines("test.en", N)
    (folder / "src").write_text("".join(s + "\n" for s in src), encoding="utf-8")
    (folder / "tgt").write_text("".join(t + "\n" for t in tgt), encoding="utf-8")
    rng = np.random.default_rng(3)
    gold = []
    for s, t in zip(src, tgt):
        ns, nt = len(s.split()), len(t.split())
        links = {(int(rng.integers(ns)), j) for j in range(nt) if rng.random() < 0.6}
        gold.append(" ".join(f"{i}{'-' if (i + j) % 3 else 'p'}{j}" for i, j in sorted(links)))
    gold[4] = ""  # a pair the reference leaves out
    (folder / "gold").write_text("".join(g + "\n" for g in gold), encoding="utf-8")
    return folder, src, tgt


@pytest.mark.parametrize("reading,threshold,shift", [("argmax", 0.5, False), ("threshold", 0.2, False),
                                                     ("argmax", 0.5, True)])
def test_align_links_are_read_from_the_forced_word_matrix(translator, pairs, reading, threshold, shift):
    _, src, tgt = pairs
    tok = translator.tokenizer
    out = translator.align(src, tgt, reading=reading, threshold=threshold, shift=shift)
    assert len(out) == N
    from seq2seq.data.arrays import TokenArray

    att = forced_attention(translator.model, TokenArray.from_lists(tok.encode_src(src)),
                           TokenArray.from_lists(tok.encode_tgt(tgt)), pad_id=tok.pad_id, bos_id=tok.bos_id,
                           eos_id=tok.eos_id, device="cpu", precision="fp32", batch_tokens=5000)
    for a, s, t, want_att in zip(out, src, tgt, att):
        assert a.source_words == s.split() and a.target_words == t.split()
        np.testing.assert_allclose(a.attention, want_att, atol=1e-6)
        # Bible text: "▁" starts exactly the whitespace words, so the pieces alone give the word matrix.
        mat = word_matrix(want_att, a.source_pieces[:-1], a.target_pieces[:-1], shift=shift)
        assert mat.shape == (len(t.split()), len(s.split()) + 1) == a.word_matrix.shape
        np.testing.assert_allclose(a.word_matrix, mat, atol=1e-6)
        np.testing.assert_allclose(a.word_matrix.sum(axis=1), 1.0, atol=1e-5)
        assert a.links == sorted(read_links(mat, reading, threshold))
        assert a.unmatched == 0


def test_align_maps_pieces_to_whitespace_tokens_when_normalisation_changes_words(translator, caplog):
    # U+200B (zero-width space) is a token of its own for str.split but is normalised away by
    # sentencepiece; byte-fallback pieces of U+0085 sit between two tokens for str.split.
    sources = ["Dios \u200b dijo luz", "dijo\x85Dios"]
    targets = ["God said light", "God said"]
    with caplog.at_level(logging.WARNING, logger="seq2seq.inference.aligner"):
        out = translator.align(sources, targets)
    assert "2 of 2 pairs" in caplog.text and "1 pairs have tokens with no piece" in caplog.text
    first = out[0]
    assert first.source_words == ["Dios", "\u200b", "dijo", "luz"] and first.unmatched == 1
    assert not first.word_matrix[:, 1].any()  # the vanished token gets no attention and no link
    assert all(i != 1 and i < 4 and j < 3 for i, j in first.links)
    np.testing.assert_allclose(first.word_matrix.sum(axis=1), 1.0, atol=1e-5)
    assert out[1].word_matrix.shape == (2, 3)


def test_align_refuses_an_onnx_translator(translator):
    onnx_like = Translator(translator.run, None, translator.tokenizer, translator.data, "cpu", "fp32", 0,
                           engine=object())
    with pytest.raises(CheckpointError, match="needs the PyTorch model"):
        onnx_like.align(["a"], ["b"])


def test_cli_writes_links_in_order_and_scores_them_against_gold(translator, smoke_run, pairs, tmp_path):
    folder, src, tgt = pairs
    out, scores, matrices = tmp_path / "links", tmp_path / "scores.json", tmp_path / "m.jsonl"
    proc = run_cli("seq2seq-align", f"run_dir={smoke_run}", f"src={folder / 'src'}", f"tgt={folder / 'tgt'}",
                   f"output={out}", f"gold={folder / 'gold'}", f"scores={scores}", f"matrices={matrices}",
                   "chunk=7", "device=cpu", "precision=fp32")
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[-1] == "" and len(lines) == N + 1
    aligned = translator.align(src, tgt)
    want = [" ".join(f"{i}-{j}" for i, j in a.links) for a in aligned]
    assert lines[:-1] == want
    predicted = [ref.sure for ref in read_link_file(out, src, tgt)]
    expected = score_alignments(predicted, read_link_file(folder / "gold", src, tgt))
    assert expected.pairs == N - 1 and expected.predicted > 0
    assert f"AER against {folder / 'gold'}: {expected.line()}" in proc.stdout
    saved = json.loads(scores.read_text())
    for key in ("precision", "recall", "aer", "pairs", "predicted", "sure", "possible"):
        assert saved[key] == pytest.approx(getattr(expected, key))
    records = [json.loads(r) for r in matrices.read_text(encoding="utf-8").splitlines()]
    assert len(records) == N
    for record, a in zip(records, aligned):
        assert record["source_words"] == a.source_words and record["links"] == [list(x) for x in a.links]
        np.testing.assert_allclose(record["matrix"], a.word_matrix, atol=1e-5)


def test_cli_links_on_stdout_put_scores_on_stderr(smoke_run, pairs):
    folder, src, _ = pairs
    proc = run_cli("seq2seq-align", f"run_dir={smoke_run}", f"src={folder / 'src'}", f"tgt={folder / 'tgt'}",
                   f"gold={folder / 'gold'}", "reading=threshold", "threshold=0.3", "device=cpu")
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout.split("\n")
    assert len(out) == N + 1 and all("AER" not in line for line in out)
    assert all(tok.split("-")[0].isdigit() for line in out for tok in line.split())
    assert "AER against" in proc.stderr


def _cfg(smoke_run, folder, tmp_path, **kw) -> AlignConfig:
    return AlignConfig(**{"run_dir": str(smoke_run), "src": str(folder / "src"), "tgt": str(folder / "tgt"),
                          "output": str(tmp_path / "out"), "device": "cpu", **kw})


def _bad(folder, name: str, lines: list[str]) -> str:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_bad_input_is_one_line_naming_the_place_and_writes_nothing(smoke_run, pairs, tmp_path):
    folder, src, _ = pairs
    gold = (folder / "gold").read_text(encoding="utf-8").splitlines()
    n_words = len(src[2].split())
    cases = [
        (dict(gold=_bad(tmp_path, "short", gold[:-1])), r"short: 29 lines, but the corpus has 30"),
        (dict(gold=_bad(tmp_path, "beyond", gold[:2] + [f"0-0 {n_words}-1"] + gold[3:])),
         rf"beyond:3: link {n_words}-1 lies outside the pair"),
        (dict(gold=_bad(tmp_path, "token", gold[:6] + ["0-0 1x2"] + gold[7:])), r"token:7: '1x2' is not a link"),
        (dict(gold=str(tmp_path / "missing")), r"missing: cannot read the link file"),
        (dict(tgt=_bad(tmp_path, "tgt_short", real_lines("test.en", N - 2))),
         r"tgt_short:29: src= has 30 lines but tgt= has 28"),
        (dict(src=str(tmp_path / "nosrc")), r"nosrc: cannot read"),
        (dict(reverse_run=str(smoke_run)), r"reverse_run=.* translates es->en, but run_dir= translates es->en"),
    ]
    for kw, message in cases:
        with pytest.raises(UserError, match=message) as err:
            run_align(_cfg(smoke_run, folder, tmp_path, matrices=str(tmp_path / "m"), **kw))
        assert "\n" not in str(err.value)
        assert not (tmp_path / "out").exists() and not (tmp_path / "m").exists()
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left
    assert isinstance(err.value, ConfigError)


def test_cli_bad_input_exits_2_with_one_line(smoke_run, pairs, tmp_path):
    folder, _, _ = pairs
    bad = _bad(tmp_path, "bad", ["0-0"] * (N - 1) + ["0-0 oops"])
    out = tmp_path / "out"
    proc = run_cli("seq2seq-align", f"run_dir={smoke_run}", f"src={folder / 'src'}", f"tgt={folder / 'tgt'}",
                   f"gold={bad}", f"output={out}")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"seq2seq-align: error: {bad}:{N}: 'oops' is not a link; write i-j "
                                                "(sure) or ipj (possible), 0-based source and target word indices"]
    assert not out.exists() and proc.stdout == ""


@pytest.mark.slow
def test_reverse_run_symmetrises_both_directions(translator, smoke_run, pairs, tmp_path, cache_env):
    """A real en->es smoke run, aligned the other way round and combined with the es->en links."""
    reverse_dir = tmp_path / "reverse"
    proc = run_cli("seq2seq-train", "experiment=smoke", f"hydra.run.dir={reverse_dir}", "data.src=en",
                   "data.tgt=es", "trainer.max_steps=60", "trainer.eval_every=60", "data.limit_eval=10",
                   cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    folder, src, tgt = pairs
    reverse = Translator.from_run(reverse_dir, device="cpu", precision="fp32")
    fwd, rev = translator.align(src, tgt), reverse.align(tgt, src)
    assert rev[0].source_words == tgt[0].split()
    for method in ("intersection", "grow-diag-final"):
        out = tmp_path / f"{method}.align"
        proc = run_cli("seq2seq-align", f"run_dir={smoke_run}", f"reverse_run={reverse_dir}", f"symmetrise={method}",
                       f"src={folder / 'src'}", f"tgt={folder / 'tgt'}", f"output={out}", "device=cpu",
                       "precision=fp32")
        assert proc.returncode == 0, proc.stderr[-2000:]
        got = [ref.sure for ref in read_link_file(out, src, tgt)]
        want = [symmetrise(f.links, swap(r.links), method) for f, r in zip(fwd, rev)]
        assert got == want
    inter = [ref.sure for ref in read_link_file(tmp_path / "intersection.align", src, tgt)]
    assert all(links <= set(f.links) for links, f in zip(inter, fwd))


def test_cli_help_lists_the_options_and_a_missing_one_is_one_line(tmp_path):
    help_ = run_cli("seq2seq-align", "--help")
    assert help_.returncode == 0
    for option in ("run_dir=", "src=", "tgt=", "output=", "gold=", "matrices=", "reading=argmax", "threshold=0.5",
                   "shift=False", "reverse_run=", "symmetrise=grow-diag-final"):
        assert option in help_.stdout
    proc = run_cli("seq2seq-align", f"run_dir={tmp_path}", f"src={tmp_path / 'a'}")
    assert proc.returncode == 2 and proc.stderr.strip().splitlines() == [
        "seq2seq-align: error: tgt= is required; see seq2seq-align --help"]
    proc = run_cli("seq2seq-align", f"run_dir={tmp_path}", "src=a", "tgt=b", "symmetrise=gdf")
    assert proc.returncode == 2 and "symmetrise=gdf is not one of intersection | union | grow-diag | " \
                                    "grow-diag-final" in proc.stderr

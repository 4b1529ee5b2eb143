"""The Python API (`from seq2seq import Translator`) against a real trained run."""
import subprocess
import sys

import numpy as np
import pytest

from conftest import real_lines, run_cli

LINES = real_lines("test.es", 6)


@pytest.fixture(scope="module")
def translator(smoke_run):
    from seq2seq import Translator

    return Translator.from_run(smoke_run, device="cpu")


def test_import_stays_cheap():
    """`import seq2seq` must not pull in torch: every console script imports it before it knows its job."""
    code = "import sys, seq2seq; assert 'torch' not in sys.modules; from seq2seq import Translator; print(Translator)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0 and "Translator" in proc.stdout, proc.stderr


@pytest.mark.parametrize("beam", [1, 5])
def test_translations_equal_the_translate_command(translator, smoke_run, tmp_path, beam):
    src = tmp_path / "src.es"
    src.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    proc = run_cli("seq2seq-translate", f"run_dir={smoke_run}", "device=cpu", f"beam_size={beam}", f"input={src}")
    assert proc.returncode == 0, proc.stderr
    results = translator.translate(LINES, beam_size=beam)
    assert [r.text for r in results] == proc.stdout.splitlines()
    for r in results:
        assert r.attention is None and r.source_pieces is None  # only on request
        assert translator.tokenizer.decode_tgt(translator.tokenizer.tgt.piece_to_id(r.pieces)) == r.text
        assert np.isfinite(r.score) and r.score <= 0
        assert r.nbest[0].text == r.text and len(r.nbest) == 1


def test_nbest_lists_are_ranked(translator):
    results = translator.translate(LINES[:3], beam_size=4, n_best=3)
    best = translator.translate(LINES[:3], beam_size=4)
    for r, b in zip(results, best):
        assert len(r.nbest) == 3
        scores = [h.score for h in r.nbest]
        assert scores == sorted(scores, reverse=True)
        assert len({tuple(h.pieces) for h in r.nbest}) == 3  # three different hypotheses
        assert (r.text, r.score) == (b.text, b.score)


def test_attention_matrix_and_source_pieces(translator):
    sp = translator.tokenizer.src  # sentencepiece itself, not the code under test, gives the expected pieces
    results = translator.translate(LINES[:3], beam_size=3, n_best=2, return_attention=True)
    for line, r in zip(LINES, results):
        assert r.source_pieces == sp.encode(line, out_type=str) + ["</s>"]
        for h in r.nbest:
            assert h.source_pieces == r.source_pieces
            assert h.attention.shape == (len(h.pieces) + h.finished, len(r.source_pieces))
            assert h.target_pieces == h.pieces + ["</s>"] * h.finished
            np.testing.assert_allclose(h.attention.sum(axis=1), 1.0, atol=2e-2)
            assert (h.attention >= 0).all()


def test_empty_and_odd_lines(translator):
    results = translator.translate(["", "  ", "hola\x00mundo\n"], beam_size=2, return_attention=True)
    assert [r.text for r in results[:2]] == ["", ""]
    assert results[0].attention.shape == (0, 0) and results[0].target_pieces == []
    assert results[2].text and results[2].attention.shape[1] == len(results[2].source_pieces)


def test_bad_options_are_refused(translator):
    with pytest.raises(ValueError, match="n_best"):
        translator.translate(["hola"], beam_size=2, n_best=3)

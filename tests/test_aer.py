"""Pharaoh link files, AER against a hand-computed example, link readings and symmetrisation."""
import numpy as np
import pytest

from seq2seq.analysis.aer import (AlignmentFileError, format_links, format_reference, parse_links,
                                  read_links, score_alignments)
from seq2seq.analysis.links import read_links as links_from
from seq2seq.analysis.links import swap, symmetrise, word_matrix


def test_aer_matches_a_hand_computed_example():
    refs = [parse_links("0-0 1-1 1p2"), parse_links(""), parse_links("0-1")]
    predicted = [{(0, 0), (1, 2), (2, 1)}, {(5, 5)}, {(0, 1)}]
    s = score_alignments(predicted, refs)
    # by hand: |A| = 3 + 1 = 4 (the empty reference's pair is not scored), |S| = 2 + 1 = 3, |P| = 3 + 1 = 4,
    # |A & S| = 1 + 1 = 2, |A & P| = 2 + 1 = 3
    assert (s.pairs, s.predicted, s.sure, s.possible) == (2, 4, 3, 4)
    assert s.precision == pytest.approx(3 / 4)
    assert s.recall == pytest.approx(2 / 3)
    assert s.aer == pytest.approx(1 - 5 / 7)


def test_perfect_sure_links_give_zero_aer_and_possible_links_do_not_lower_recall():
    ref = parse_links("0-0 1-1 2p2")
    assert score_alignments([{(0, 0), (1, 1)}], [ref]).aer == 0.0
    with_possible = score_alignments([{(0, 0), (1, 1), (2, 2)}], [ref])
    assert with_possible.aer == 0.0 and with_possible.precision == 1.0


def test_reference_round_trips_through_its_line():
    ref = parse_links("2p0 0-1 1?1")
    assert ref.sure == {(0, 1)} and ref.possible == {(0, 1), (1, 1), (2, 0)}
    assert format_reference(ref) == "0-1 1p1 2p0"
    assert format_links({(3, 1), (0, 2)}) == "0-2 3-1"


def test_link_file_errors_name_file_and_line(tmp_path):
    src, tgt = ["a b", "c d e"], ["x y", "z"]
    good = tmp_path / "good.align"
    good.write_text("0-0 1p1\n2-0\n")
    assert [r.possible for r in read_links(good, src, tgt)] == [{(0, 0), (1, 1)}, {(2, 0)}]
    bad_count = tmp_path / "count.align"
    bad_count.write_text("0-0\n")
    with pytest.raises(AlignmentFileError, match=r"count\.align: 1 lines, but the corpus has 2"):
        read_links(bad_count, src, tgt)
    beyond = tmp_path / "beyond.align"
    beyond.write_text("0-0\n0-1\n")
    with pytest.raises(AlignmentFileError, match=r"beyond\.align:2: link 0-1 lies outside"):
        read_links(beyond, src, tgt)
    malformed = tmp_path / "bad.align"
    malformed.write_text("0-0\n1x0\n")
    with pytest.raises(AlignmentFileError, match=r"bad\.align:2: '1x0' is not a link"):
        read_links(malformed, lines=2)


def test_word_matrix_sums_source_pieces_and_averages_target_pieces():
    src = ["\u2581En", "\u2581el", "\u2581prin", "cipio"]           # 3 words + EOS column
    tgt = ["\u2581In", "\u2581the", "\u2581begin", "ning"]         # 3 words (+ EOS row in att)
    rng = np.random.default_rng(0)
    att = rng.random((5, 5))
    att /= att.sum(1, keepdims=True)
    src_word = [0, 1, 2, 2, 3]                                      # column -> word, 3 = EOS (null)
    tgt_word = [0, 1, 2, 2]
    for shift in (False, True):
        rows = att[1:5] if shift else att[:4]
        expected = np.zeros((3, 4))
        for t, w in enumerate(tgt_word):
            for s, v in enumerate(src_word):
                expected[w, v] += rows[t, s] / tgt_word.count(w)
        got = word_matrix(att, src, tgt, shift=shift)
        np.testing.assert_allclose(got, expected)
        np.testing.assert_allclose(got.sum(1), 1.0)


def test_readings_skip_the_eos_column_and_threshold_keeps_every_strong_link():
    mat = np.array([[0.7, 0.1, 0.2],     # word 0 -> source 0
                    [0.1, 0.2, 0.7],     # EOS strongest: no argmax link
                    [0.45, 0.5, 0.05]])  # source 1 by argmax; both over 0.4
    assert links_from(mat, "argmax") == {(0, 0), (1, 2)}
    assert links_from(mat, "threshold", 0.4) == {(0, 0), (0, 2), (1, 2)}


def test_symmetrisation_by_hand():
    # grow-diag adds a union neighbour of the intersection whose target word is unaligned
    fwd, rev = {(0, 0), (1, 1), (1, 2)}, {(0, 0), (1, 1)}
    assert symmetrise(fwd, rev, "intersection") == {(0, 0), (1, 1)}
    assert symmetrise(fwd, rev, "grow-diag") == {(0, 0), (1, 1), (1, 2)}
    # a diagonal union link between two aligned words is neither grown nor added by final
    fwd = {(0, 0), (1, 1), (2, 2), (0, 2)}
    rev = {(0, 0), (1, 1), (2, 2)}
    assert symmetrise(fwd, rev, "grow-diag-final") == {(0, 0), (1, 1), (2, 2)}
    assert symmetrise(fwd, rev, "union") == fwd
    # final adds a far union link whose source word is still unaligned
    fwd, rev = {(0, 0), (1, 1), (3, 0)}, {(0, 0), (1, 1)}
    assert symmetrise(fwd, rev, "grow-diag") == {(0, 0), (1, 1)}
    assert symmetrise(fwd, rev, "grow-diag-final") == {(0, 0), (1, 1), (3, 0)}
    assert swap({(1, 0)}) == {(0, 1)}

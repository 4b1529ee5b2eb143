"""Word alignments from piece attention and the attention diagnostics, against hand-computed values."""
import math

import numpy as np

from seq2seq.analysis.alignment import hard_links, pharaoh, word_attention, word_index, words
from seq2seq.analysis.attention_stats import attention_stats, matrix_stats


def test_pieces_group_into_words():
    pieces = ["▁Y", "▁dij", "o", "▁Dios", ":"]
    assert word_index(pieces) == [0, 1, 1, 2, 2]
    assert words(pieces) == ["Y", "dijo", "Dios:"]


def test_word_attention_sums_pieces_and_links_argmax():
    src = ["▁a", "▁b", "c"]          # words: a | bc
    out = ["▁x", "y", "▁z"]          # words: xy | z
    att = np.array([[0.7, 0.2, 0.1],
                    [0.1, 0.3, 0.6],
                    [0.9, 0.05, 0.05]])
    w = word_attention(att, src, out)
    expected = np.array([[0.7 + 0.1, 0.2 + 0.1 + 0.3 + 0.6], [0.9, 0.1]])
    np.testing.assert_allclose(w, expected)
    assert hard_links(w) == [(0, 1), (1, 0)]
    assert pharaoh(hard_links(w)) == "0-1 1-0"


def test_diagnostics_of_a_diagonal_and_a_uniform_matrix():
    eye = np.eye(4)
    d = matrix_stats(eye)
    assert d["entropy"] == 0.0 and d["uncovered"] == 0.0 and d["coverage_dev"] == 0.0
    assert d["diagonality"] == 1.0
    uniform = np.full((3, 4), 0.25)
    u = matrix_stats(uniform)
    assert math.isclose(u["entropy"], math.log(4))
    assert u["uncovered"] == 0.0  # each column receives 0.75 >= 0.5
    assert math.isclose(u["coverage_dev"], 0.25)
    # expected relative position is 0.5 everywhere; output positions are 0, 0.5, 1
    assert math.isclose(u["diagonality"], 1 - (0.5 + 0 + 0.5) / 3)
    dropped = np.array([[1.0, 0, 0], [1.0, 0, 0], [0, 0, 1.0]])  # source word 1 never attended
    assert math.isclose(matrix_stats(dropped)["uncovered"], 1 / 3)
    both = attention_stats([eye, uniform])
    assert math.isclose(both["entropy"], round(math.log(4) / 2, 4))

"""Everything the attention of one hypothesis says: word matrix, hard links and diagnostics.

``seq2seq-attention`` and the server's explorer both report this, so it is computed in one place.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from seq2seq.analysis.alignment import hard_links, pharaoh, word_attention, words
from seq2seq.analysis.attention_stats import matrix_stats


def explain(att: np.ndarray, src_pieces: Sequence[str], out_pieces: Sequence[str], finished: bool) -> dict:
    """Word-level view of a piece attention matrix.

    att: (T, S) float array, rows = ``out_pieces`` (the target pieces, plus ``</s>`` when ``finished``),
        columns = ``src_pieces`` (the source pieces, the last one ``</s>``).
    Returns source/output words, the (T_words, S_words) word matrix, the hard links as Pharaoh pairs
    (list and string) and ``matrix_stats`` of the piece matrix (empty for an empty matrix: an empty line).
    Word links ignore the EOS row and column: they align words, not the end-of-sentence marker.
    """
    att = np.asarray(att, dtype=np.float32)
    n_src, n_out = max(len(src_pieces) - 1, 0), len(out_pieces) - int(finished and len(out_pieces) > 0)
    word_att = word_attention(att[:n_out, :n_src], src_pieces[:n_src], out_pieces[:n_out])
    links = hard_links(word_att)
    return {"source_words": words(src_pieces[:n_src]), "output_words": words(out_pieces[:n_out]),
            "word_attention": word_att.round(5).tolist(), "links": [list(link) for link in links],
            "alignment": pharaoh(links),
            "diagnostics": {k: round(v, 4) for k, v in matrix_stats(att).items()} if att.size else {}}

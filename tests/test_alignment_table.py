"""scripts/alignment_table.py: aligner files are scored against the bundled reference, as a Markdown table."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "data" / "bible-es-en"
spec = importlib.util.spec_from_file_location("alignment_table", ROOT / "scripts" / "alignment_table.py")
table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(table)


def test_aligner_files_are_scored_against_the_reference(tmp_path):
    data = {s: table.corpus(s) for s in table.SPLITS}
    for split in table.SPLITS:
        refs = data[split][2]
        sure = "\n".join(" ".join(f"{i}-{j}" for i, j in sorted(r.sure)) for r in refs) + "\n"
        first_only = "\n".join(" ".join(f"{i}-{j}" for i, j in sorted(r.sure)[:1]) for r in refs) + "\n"
        (tmp_path / f"{split}.forward.align").write_text(sure)           # exactly the sure links: AER 0
        (tmp_path / f"{split}.reverse.align").write_text(first_only)     # one sure link per pair
        (tmp_path / f"{split}.intersection.align").write_text(first_only)
        (tmp_path / f"{split}.grow-diag-final.align").write_text(sure)
    rows = {r["reading"]: r for r in table.eflomal_rows(tmp_path, data)}
    assert rows["forward"]["aer"] == 0.0 and rows["forward"]["precision"] == 1.0
    test_refs = [r for r in data["test"][2] if not r.empty]
    n_sure = sum(len(r.sure) for r in test_refs)
    n_first = sum(1 for r in test_refs if r.sure)
    # one sure link per pair: precision 1, recall n_first / n_sure, AER 1 - 2 n_first / (n_first + n_sure)
    assert rows["reverse"]["precision"] == 1.0
    assert rows["reverse"]["recall"] == pytest.approx(n_first / n_sure)
    assert rows["reverse"]["aer"] == pytest.approx(1 - 2 * n_first / (n_first + n_sure))
    md = table.markdown(list(rows.values())).splitlines()
    assert md[0].startswith("| aligner | reading | dev AER") and len(md) == 2 + 4
    assert "| eflomal | forward | 0.000 | 1.000 | 1.000 | 0.000 |  |" in md


def test_a_runs_readings_are_chosen_on_dev_one_row_each(smoke_run):
    """Each reading keeps one row, its threshold the one with the lowest dev AER (recomputed here for
    every threshold); the argmax intersection is a subset of the forward argmax links, and grow-diag-final
    (which grows from the intersection) holds at least as many links."""
    from seq2seq.analysis.aer import score_alignments
    from seq2seq.analysis.links import read_links
    from seq2seq.inference.translator import Translator

    data = {s: tuple(part[:80] for part in table.corpus(s)) for s in table.SPLITS}   # 80 pairs: quick
    rows = table.model_rows("smoke", smoke_run, data, reverse=smoke_run, reverse_name="itself")
    by_reading = {r["reading"]: r for r in rows}
    families = [r["reading"].split(" 0.")[0].split(", ")[0] for r in rows]
    assert families.count("argmax") == 4 and families.count("threshold") == 4   # plain, shifted, two symmetrised
    assert len(rows) == 8

    tr = Translator.from_run(smoke_run, "best")
    dev = tr.align(data["dev"][0], data["dev"][1])
    dev_aer = {t: score_alignments([read_links(a.word_matrix, "threshold", t) for a in dev], data["dev"][2]).aer
               for t in table.THRESHOLDS}
    chosen = next(r for r in rows if r["reading"].startswith("threshold") and ", " not in r["reading"])
    assert chosen["dev_aer"] == pytest.approx(min(dev_aer.values()))
    assert chosen["reading"] == f"threshold {min(dev_aer, key=dev_aer.get)}"

    argmax = by_reading["argmax"]["links"]
    assert by_reading["argmax, intersection with itself"]["links"] <= argmax
    assert by_reading["argmax, grow-diag-final with itself"]["links"] >= by_reading["argmax, intersection with itself"]["links"]
    assert all(r["bleu"] == table.test_bleu(smoke_run) for r in rows)

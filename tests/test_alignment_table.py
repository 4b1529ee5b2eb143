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

"""scripts/recipes_table.py over a real two-job Hydra multirun of seq2seq-train."""
import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, run_cli

SCRIPT = ROOT / "scripts" / "recipes_table.py"


@pytest.fixture(scope="module")
def sweep(tmp_path_factory, cache_env):
    work = tmp_path_factory.mktemp("sweep")
    proc = run_cli("seq2seq-train", "-m", "experiment=smoke", "trainer.max_steps=4,8", "trainer.eval_every=4",
                   "data.limit_eval=8", f"hydra.sweep.dir={work / 'sweep'}", cwd=work, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return work / "sweep"


def table(*folders, json_out=None):
    extra = ["--json", str(json_out)] if json_out else []
    proc = subprocess.run([sys.executable, str(SCRIPT), *map(str, folders), *extra], capture_output=True, text=True)
    return proc


def test_one_row_per_job_with_its_own_override_and_scores(sweep, tmp_path):
    rows_file = tmp_path / "rows.json"
    proc = table(sweep, json_out=rows_file)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.startswith("| ") and not line.startswith("| run")]
    assert len(lines) == 2
    assert "`trainer.max_steps=4`" in lines[0] and "`trainer.max_steps=8`" in lines[1]
    assert "Every run: `data.limit_eval=8 experiment=smoke trainer.eval_every=4`." in proc.stdout
    rows = json.loads(rows_file.read_text())
    for job, row in zip(("0", "1"), rows):
        res = json.loads((sweep / job / "results.json").read_text())
        assert row["steps"] == res["steps"] and row["test BLEU"] == res["test"]["bleu"]
        assert row["test chrF"] == res["test"]["chrf"] and row["peak RSS MB"] == res["peak_rss_mb"]
        assert f"{res['test']['chrf']:,.2f}" in lines[int(job)]
    assert rows[0]["steps"] == 4 and rows[1]["steps"] == 8


def test_an_unfinished_job_is_listed_not_dropped(sweep, tmp_path):
    copy = tmp_path / "sweep"
    shutil.copytree(sweep, copy)
    (copy / "1" / "results.json").unlink()
    proc = table(copy)
    assert proc.returncode == 0
    assert "no results.json (unfinished or failed)" in proc.stdout.splitlines()[-3]


def test_a_folder_without_runs_is_a_one_line_error(tmp_path):
    proc = table(tmp_path)
    assert proc.returncode != 0 and proc.stderr.strip() == f"recipes_table: error: {tmp_path} holds no run folder " \
                                                           "(no .hydra/ in it or below it)"


@pytest.mark.slow  # keeps the default suite under 5 minutes; CI runs it with -m slow
def test_search_table_rows_score_what_seq2seq_eval_scores(smoke_run, tmp_path, cache_env):
    """scripts/search_table.py: one row per setting, and its default row's figures are seq2seq-eval's."""
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "search_table.py"), str(smoke_run), "--beam", "2",
                           "--settings", "0,3"], capture_output=True, text=True, env=cache_env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [line.split(" | ") for line in proc.stdout.splitlines() if line.startswith("| best")]
    assert [r[1] for r in rows] == ["gnmt alpha=0.6 (default)", "average"]
    for split, column in (("test", 3), ("dev", 2)):
        ev = run_cli("seq2seq-eval", f"run_dir={smoke_run}", f"split={split}", "beam_size=2", f"out={tmp_path}",
                     env=cache_env)
        assert ev.returncode == 0, ev.stderr[-2000:]
        result = json.loads((tmp_path / f"{split}.best.beam2.json").read_text())
        assert float(rows[0][column]) == pytest.approx(result["bleu"], abs=0.006)

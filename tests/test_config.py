"""Options are types: a bad choice or range fails while composing, in one line, and leaves nothing on disk."""
from pathlib import Path

import pytest

from conftest import run_cli
from seq2seq.config import (AttentionType, Config, EvalConfig, ModelConfig, TrainerConfig, as_plain, check)
from seq2seq.errors import ConfigError


@pytest.mark.parametrize("args,needle", [
    (["model.attention=luong"], "model.attention=luong: Invalid value 'luong', expected one of [bahdanau, luong_dot, "
                                "luong_general]"),
    (["model.dropout=1.5"], "model.dropout=1.5 must be in [0, 1)"),
    (["trainer.precision=fp16", "trainer.device=cpu"], "trainer.precision=fp16 is for CUDA"),
    (["trainer.max_stepz=3"], "trainer.max_stepz: no such option"),
    (["trainer.length_norm=mean"], "trainer.length_norm=mean: Invalid value 'mean', expected one of [gnmt, average, "
                                   "none]"),
    (["trainer.coverage_beta=-1"], "trainer.coverage_beta=-1"),
    (["data=nope"], "Could not find 'data/nope'; choose one of bible_es_en"),
    (["-m", "model.attention=bahdanau,luong"], "model.attention=luong: Invalid value"),
])
def test_bad_value_is_one_line_and_creates_nothing(tmp_path, args, needle, cache_env):
    proc = run_cli("seq2seq-train", *args, cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"seq2seq-train: error: {proc.stderr.split('error: ', 1)[1].strip()}"]
    assert needle in proc.stderr
    assert list(tmp_path.iterdir()) == []  # no runs/ folder, no train.log
    assert list((tmp_path / "..").resolve().glob("runs")) == []


def test_run_folder_that_cannot_be_made_is_refused_before_anything(tmp_path, cache_env):
    (tmp_path / "afile").write_text("")
    proc = run_cli("seq2seq-train", f"hydra.run.dir={tmp_path}/afile/run", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"hydra.run.dir={tmp_path}/afile/run: cannot create the run folder" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


UNCREATABLE = {  # hydra.run.dir values the OS refuses even to root, each with another errno
    "parent_is_a_file": lambda tmp: tmp / "afile" / "deeper" / "run",  # ENOTDIR
    "name_too_long": lambda tmp: tmp / ("x" * 300) / "run",  # ENAMETOOLONG (NAME_MAX is 255)
    "under_procfs": lambda tmp: Path("/proc/seq2seq-no-such-pid/run"),  # ENOENT: procfs makes no folders
    "under_sysfs": lambda tmp: Path("/sys/seq2seq-run"),  # EPERM, or EROFS where /sys is mounted read-only
}


@pytest.mark.parametrize("case", sorted(UNCREATABLE))
def test_every_os_refusal_of_the_run_folder_is_one_line_exit_2(case, tmp_path, cache_env):
    mount = {"under_procfs": "/proc/self", "under_sysfs": "/sys/kernel"}.get(case)
    if mount and not Path(mount).is_dir():
        pytest.skip(f"no {case[6:]} mounted here")
    (tmp_path / "afile").write_text("")
    folder = UNCREATABLE[case](tmp_path)
    proc = run_cli("seq2seq-train", f"hydra.run.dir={folder}", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"seq2seq-train: error: hydra.run.dir={folder}: cannot create "
                                                   "the run folder: "), proc.stderr
    assert lines[0].endswith("choose a folder you can write to with hydra.run.dir=DIR")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]  # and no runs/ or outputs/ in the cwd


def test_the_run_folder_probe_leaves_nothing_behind(tmp_path, cache_env):
    """The pre-flight makes the missing folders to ask the OS, then removes them: --cfg job writes none."""
    proc = run_cli("seq2seq-train", f"hydra.run.dir={tmp_path}/a/b/run", "--cfg", "job", cwd=tmp_path, env=cache_env)
    assert proc.returncode == 0 and "trainer:" in proc.stdout, proc.stderr[-2000:]
    assert list(tmp_path.iterdir()) == []


def test_help_lists_every_option_with_type_default_and_help():
    proc = run_cli("seq2seq-train", "--help")
    assert proc.returncode == 0
    out = proc.stdout
    assert "base_" not in out and "Config" not in out
    for line in ("model.attention=bahdanau", "bahdanau|luong_dot|luong_general", "trainer.max_minutes=0.0",
                 "data.refs=['kjv']", "experiments: align_study, bible_15min, bible_full, recipes, smoke",
                 "recipes (docs/recipes.md): baseline, coverage, ema, scheduled_sampling, subword"):
        assert line in out, line
    for f in TrainerConfig.__dataclass_fields__.values():
        assert f"trainer.{f.name}=" in out and f.metadata["help"][:40] in out
    for prog in ("seq2seq-eval", "seq2seq-translate", "seq2seq-attention"):
        proc = run_cli(prog, "--help")
        # translate (and serve) take run_dir= or export_dir=, so neither is marked required there
        required = "export_dir=" if prog == "seq2seq-translate" else "run_dir=(required)"
        assert proc.returncode == 0 and required in proc.stdout and "auto|cpu|cuda" in proc.stdout


def test_missing_run_dir_is_named():
    proc = run_cli("seq2seq-eval")
    assert proc.returncode == 2
    assert proc.stderr.strip() == "seq2seq-eval: error: run_dir= is required; see seq2seq-eval --help"


def test_refs_with_a_split_is_refused():
    proc = run_cli("seq2seq-eval", "run_dir=x", "split=dev", "refs=[a.en]")
    assert proc.returncode == 2 and "refs= needs src=FILE" in proc.stderr


def test_range_rules_live_in_the_dataclasses():
    with pytest.raises(ConfigError, match=r"^model.dropout=1.5 must be in \[0, 1\)$"):
        ModelConfig(dropout=1.5)
    with pytest.raises(ConfigError, match="luong_dot needs model.dec_hidden"):
        ModelConfig(attention=AttentionType.luong_dot, enc_hidden=10, dec_hidden=30)
    with pytest.raises(ConfigError, match="refs= needs src=FILE"):
        EvalConfig(run_dir="r", refs=["x"])
    cfg = Config()
    cfg.trainer.batch_tokens = 0  # changed after construction: check() runs the rules again
    with pytest.raises(ConfigError, match="trainer.batch_tokens=0 must be positive"):
        check(cfg)


def test_trainer_scoring_options_rank_the_final_test_beams():
    """trainer.alpha / length_norm / coverage_beta are what the validator's beam search is built from."""
    from seq2seq.config import LengthNorm
    from seq2seq.search.options import Scoring, SearchOptions

    t = TrainerConfig(beam_size=5, alpha=1.0, length_norm=LengthNorm.average, coverage_beta=0.2)
    opts = SearchOptions.of(t, beam_size=t.beam_size)
    assert (opts.beam_size, opts.scoring) == (5, Scoring("average", 1.0, 0.2))
    assert SearchOptions.of(TrainerConfig(), beam_size=5).scoring == Scoring()  # the same defaults as seq2seq-eval's
    assert as_plain(Config())["trainer"]["length_norm"] == "gnmt"


def test_choices_are_stored_as_plain_strings():
    plain = as_plain(Config())
    assert plain["model"]["attention"] == "bahdanau" and type(plain["model"]["attention"]) is str
    assert plain["trainer"]["precision"] == "auto" and f"{Config().trainer.precision}" == "auto"

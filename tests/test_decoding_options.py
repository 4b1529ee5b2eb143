"""Each decoding option is defined once (``SearchOptions``): every config that decodes takes its default, help
and range rules from there, and every way of building the options goes through it."""
import dataclasses
import json
import re

import pytest

from seq2seq.config import (AttentionConfig, Config, EvalConfig, InferenceConfig, ServeConfig, TrainerConfig,
                            TranslateConfig, as_plain)
from seq2seq.errors import ConfigError
from seq2seq.search.options import BATCH_TOKENS, OptionError, SearchOptions

# config class -> {its key: the SearchOptions field (or batch_tokens) it stands for}
SHARED = {"beam_size": "beam_size", "alpha": "alpha", "length_norm": "length_norm",
          "coverage_beta": "coverage_beta", "max_len_a": "max_len_a", "max_len_b": "max_len_b"}
KEYS = {
    TrainerConfig: {**SHARED, "eval_batch_tokens": "batch_tokens"},
    InferenceConfig: {**SHARED, "batch_tokens": "batch_tokens"},
    EvalConfig: {**SHARED, "batch_tokens": "batch_tokens"},
    AttentionConfig: {**SHARED, "batch_tokens": "batch_tokens"},
    TranslateConfig: {**SHARED, "batch_tokens": "batch_tokens", "n_best": "n_best"},
    ServeConfig: {**SHARED, "batch_tokens": "batch_tokens", "n_best": "n_best"},
}


def _spec(name: str) -> tuple:
    if name == "batch_tokens":
        return BATCH_TOKENS, "token budget per batch"
    f = SearchOptions.__dataclass_fields__[name]
    return f.default, f.metadata["help"]


@pytest.mark.parametrize("cls", list(KEYS), ids=[c.__name__ for c in KEYS])
def test_every_decoding_key_takes_default_and_help_from_search_options(cls):
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for key, name in KEYS[cls].items():
        default, help = _spec(name)
        assert fields[key].default == default, key
        assert help in fields[key].metadata["help"], key


def test_the_keys_and_values_a_run_saves_are_unchanged():
    trainer = as_plain(Config())["trainer"]
    assert {k: trainer[k] for k in KEYS[TrainerConfig]} == {
        "beam_size": 5, "alpha": 0.6, "length_norm": "gnmt", "coverage_beta": 0.0, "max_len_a": 1.5,
        "max_len_b": 10, "eval_batch_tokens": 12000}
    keys = list(trainer)  # the trainer's keys keep their place: eval_batch_tokens just before max_len_a
    assert keys[keys.index("eval_batch_tokens"):][:7] == ["eval_batch_tokens", "max_len_a", "max_len_b", "beam_size",
                                                          "alpha", "length_norm", "coverage_beta"]


@pytest.mark.parametrize("values,message", [
    (dict(beam_size=0), "beam_size=0 must be positive"),
    (dict(beam_size=2, n_best=3), "n_best=3 must be between 1 and beam_size=2"),
    (dict(alpha=-0.5), "alpha=-0.5 must not be negative"),
    (dict(coverage_beta=-1.0), "coverage_beta=-1.0 must not be negative"),
    (dict(max_len_a=-1.0), "max_len_a=-1.0 must not be negative"),
    (dict(max_len_a=0.0, max_len_b=0), "max_len_a=0.0 and max_len_b=0 must allow at least one output piece"),
])
def test_one_rule_one_message_for_the_api_and_every_command(values, message):
    whole = f"^{re.escape(message)}$"
    with pytest.raises(OptionError, match=whole) as api:
        SearchOptions(**values)
    assert isinstance(api.value, ConfigError) and isinstance(api.value, ValueError)
    for cls in (TranslateConfig, ServeConfig):
        with pytest.raises(ConfigError, match=whole):
            cls(run_dir="r", **values)
    if "n_best" not in values:  # the commands without an n_best key, and the trainer's keys under trainer.
        with pytest.raises(ConfigError, match=whole):
            EvalConfig(run_dir="r", **values)
        trainer = re.sub(r"\b(beam_size|alpha|coverage_beta|max_len_a|max_len_b)=", r"trainer.\1=", message)
        with pytest.raises(ConfigError, match=f"^{re.escape(trainer)}$"):
            TrainerConfig(**values)


def test_length_norm_outside_its_choices_is_refused_by_the_api():
    with pytest.raises(ValueError, match="^length_norm=mean must be one of gnmt, average, none$"):
        SearchOptions(length_norm="mean")


def test_of_reads_what_a_config_holds_and_overrides_win():
    cfg = TranslateConfig(run_dir="r", beam_size=4, n_best=3, coverage_beta=0.2)
    opts = SearchOptions.of(cfg)
    assert (opts.beam_size, opts.n_best, opts.coverage_beta, opts.length_norm) == (4, 3, 0.2, "gnmt")
    assert type(opts.length_norm) is str  # a plain string: it goes into JSON
    assert SearchOptions.of(EvalConfig(run_dir="r")) == SearchOptions()  # no n_best key: the default
    assert SearchOptions.of(TrainerConfig(beam_size=3), beam_size=1).beam_size == 1
    with pytest.raises(ConfigError, match="^trainer.beam_size=0 must be positive$"):
        SearchOptions.of(TrainerConfig(), beam_size=0)


def test_serve_requests_take_serve_config_defaults():
    from seq2seq.serve.schema import parse_request

    req = parse_request(b'{"text": ["a"]}', ServeConfig(run_dir="r", beam_size=3, n_best=2))
    assert (req.beam_size, req.n_best) == (3, 2)


def _fake_export(folder, manifest: dict) -> None:
    from seq2seq.export.manifest import DECODER_STEP, ENCODER, NAME, sha256

    folder.mkdir()
    for name in (ENCODER, DECODER_STEP):
        (folder / name).write_bytes(name.encode())
    manifest["files"] = {n: {"sha256": sha256(folder / n), "bytes": (folder / n).stat().st_size}
                         for n in (ENCODER, DECODER_STEP)}
    (folder / NAME).write_text(json.dumps(manifest))


def test_manifest_without_a_search_block_and_an_old_one_with_it_both_read(tmp_path):
    from seq2seq.export.manifest import FORMAT, FORMAT_VERSION, Manifest

    base = {"tokenizer": {"joint": True}, "model": {}, "source": {"step": 7}, "format": FORMAT,
            "format_version": FORMAT_VERSION}
    _fake_export(tmp_path / "new", dict(base))
    _fake_export(tmp_path / "old", {**base, "search": {"beam_size": 5, "alpha": 0.6, "max_src_len": 400}})
    for name in ("new", "old"):
        m = Manifest.read(tmp_path / name)
        assert m.step == 7 and "search" not in dataclasses.asdict(m)

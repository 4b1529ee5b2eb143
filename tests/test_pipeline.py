"""prepare_data: corpus -> tokenizer -> id arrays, with both caches keyed on what changes their contents."""
import gzip
from pathlib import Path

import numpy as np
import pytest

from seq2seq.config import DataConfig, TokenizerConfig
from seq2seq.data import encode
from seq2seq.data.pipeline import prepare_data
from seq2seq.data.tokenizer import Tokenizer

from conftest import real_lines  # noqa: E402

DATA = Path(__file__).parents[1] / "data" / "bible-es-en"
N_TRAIN, N_EVAL = 600, 40


def write(path: Path, lines) -> None:
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")
    path.write_bytes(gzip.compress(data) if path.suffix == ".gz" else data)


@pytest.fixture(scope="module")
def real():
    return {"train_es": real_lines("train.es.gz", N_TRAIN), "train_en": real_lines("train.en.gz", N_TRAIN),
            "dev_es": real_lines("dev.es", N_EVAL), "dev_en": real_lines("dev.en", N_EVAL),
            "dev_kjv": real_lines("dev.kjv", N_EVAL), "test_es": real_lines("test.es", N_EVAL),
            "test_en": real_lines("test.en", N_EVAL), "test_kjv": real_lines("test.kjv", N_EVAL)}


@pytest.fixture
def corpus(tmp_path, real):
    """Small corpora from real lines: gz training with one half-empty pair; dev/test with an empty line + kjv."""
    root = tmp_path / "corpus"
    root.mkdir()
    train_es, train_en = list(real["train_es"]), list(real["train_en"])
    train_en[5] = ""  # a pair with an empty side: skipped in training
    write(root / "train.es.gz", train_es)
    write(root / "train.en.gz", train_en)
    for split in ("dev", "test"):
        es, en, kjv = list(real[f"{split}_es"]), list(real[f"{split}_en"]), list(real[f"{split}_kjv"])
        es[3] = en[3] = kjv[3] = ""  # an empty line: still gets a (empty) translation slot
        write(root / f"{split}.es", es)
        write(root / f"{split}.en", en)
        write(root / f"{split}.kjv", kjv)
    return root


def configs(corpus: Path, tmp_path: Path, max_len: int = 1000, **tok):
    data = DataConfig(train=str(corpus / "train"), dev=str(corpus / "dev"), test=str(corpus / "test"),
                      src="es", tgt="en", refs=["kjv"], max_len=max_len)
    tok_cfg = TokenizerConfig(**{"type": "bpe", "vocab_size": 400, "cache_dir": str(tmp_path / "cache"), **tok})
    return data, tok_cfg


def arrays(prepared):
    """Every id array of a PreparedData, flattened for comparison."""
    out = []
    for ids in (prepared.train, prepared.dev.ids, prepared.test.ids):
        for side in (ids.src, ids.tgt):
            out += [side.data, side.offsets]
    return out


def assert_same_arrays(a, b):
    for x, y in zip(arrays(a), arrays(b), strict=True):
        assert x.dtype == y.dtype and np.array_equal(x, y)


@pytest.fixture
def encode_spy(monkeypatch):
    """Records how many source lines each split's encoding got (i.e. which splits were actually encoded):
    dev/test through Tokenizer.encode_src, training through encode.encode_block (one block: small corpus)."""
    calls = []
    original, original_block = Tokenizer.encode_src, encode.encode_block

    def spy(self, lines):
        calls.append(len(lines))
        return original(self, lines)

    def block_spy(side, path, first, block):
        out = original_block(side, path, first, block)
        if side == "src":
            calls.append(len(out[0]))
        return out

    monkeypatch.setattr(Tokenizer, "encode_src", spy)
    monkeypatch.setattr(encode, "encode_block", block_spy)
    return calls


def test_first_call_trains_second_call_hits_both_caches(corpus, tmp_path, encode_spy):
    data, tok_cfg = configs(corpus, tmp_path)
    first = prepare_data(data, tok_cfg)
    assert first.report["tokenizer_cache_hit"] is False and first.report["ids_cache_hit"] is False
    assert encode_spy == [N_TRAIN, N_EVAL, N_EVAL]  # every training line; the empty pair is left out after
    encode_spy.clear()

    second = prepare_data(data, tok_cfg)
    assert second.report["tokenizer_cache_hit"] is True and second.report["ids_cache_hit"] is True
    assert encode_spy == []  # nothing re-encoded
    assert_same_arrays(first, second)
    assert second.tokenizer.encode_tgt(real_lines("dev.en", 5)) == first.tokenizer.encode_tgt(real_lines("dev.en", 5))
    # Both caches live under the configured folder.
    assert list((tmp_path / "cache" / "spm").iterdir()) and list((tmp_path / "cache" / "ids").iterdir())


def test_prepared_ids_match_the_tokenizer(corpus, tmp_path, real):
    data, tok_cfg = configs(corpus, tmp_path)
    prepared = prepare_data(data, tok_cfg)
    tok = prepared.tokenizer
    kept = [i for i in range(N_TRAIN) if i != 5]
    train_src = tok.encode_src([real["train_es"][i] for i in kept])
    train_tgt = tok.encode_tgt([real["train_en"][i] for i in kept])
    assert prepared.train_index.tolist() == kept  # positions are line numbers - 1
    assert [prepared.train.src[i].tolist() for i in kept] == train_src
    assert [prepared.train.tgt[i].tolist() for i in kept] == train_tgt
    assert prepared.dev.text.tgt[:3] == real["dev_en"][:3] and prepared.dev.text.refs["kjv"][0] == real["dev_kjv"][0]
    assert prepared.dev.ids.tgt[0].tolist() == tok.encode_tgt([real["dev_en"][0]])[0]
    r = prepared.report
    assert r["train_pairs"] == N_TRAIN - 1 and r["train_empty_pairs_skipped"] == 1
    assert r["train_src_tokens"] == sum(map(len, train_src)) and r["train_tgt_tokens"] == sum(map(len, train_tgt))
    assert r["src_vocab"] == r["tgt_vocab"] == 400


def test_changed_training_line_retrains(corpus, tmp_path, real, encode_spy):
    data, tok_cfg = configs(corpus, tmp_path)
    first = prepare_data(data, tok_cfg)
    en = list(real["train_en"])
    en[5] = ""
    en[100] = en[100] + " Amen."
    write(corpus / "train.en.gz", en)
    encode_spy.clear()
    second = prepare_data(data, tok_cfg)
    assert second.report["tokenizer_cache_hit"] is False and second.report["ids_cache_hit"] is False
    assert len(encode_spy) == 3  # the new tokenizer re-encodes every split
    assert second.tokenizer.src_model_path != first.tokenizer.src_model_path


@pytest.mark.parametrize("change", [{"vocab_size": 380}, {"type": "unigram"}, {"joint": False}])
def test_changed_tokenizer_setting_misses_both_caches(corpus, tmp_path, change):
    data, tok_cfg = configs(corpus, tmp_path)
    prepare_data(data, tok_cfg)
    _, changed = configs(corpus, tmp_path, **change)
    prepared = prepare_data(data, changed)
    assert prepared.report["tokenizer_cache_hit"] is False and prepared.report["ids_cache_hit"] is False
    if "vocab_size" in change:
        assert prepared.report["tgt_vocab"] == 380
        assert prepared.train.tgt.data.max() < 380


def test_changed_limit_train_misses(corpus, tmp_path):
    data, tok_cfg = configs(corpus, tmp_path)
    prepare_data(data, tok_cfg)
    data.limit_train = 300
    prepared = prepare_data(data, tok_cfg)
    assert prepared.report["tokenizer_cache_hit"] is False
    assert prepared.report["train_pairs"] == 299  # first 300 lines, one with an empty side


def test_changed_dev_file_reuses_tokenizer_and_re_encodes_only_dev(corpus, tmp_path, real, encode_spy):
    data, tok_cfg = configs(corpus, tmp_path)
    first = prepare_data(data, tok_cfg)
    en = list(real["dev_en"])
    en[3] = ""
    en[0] = "In the beginning was the Word."
    write(corpus / "dev.en", en)
    encode_spy.clear()
    second = prepare_data(data, tok_cfg)
    assert second.report["tokenizer_cache_hit"] is True
    assert second.report["ids_cache_hit"] is False
    assert encode_spy == [N_EVAL]  # dev only: train and test came from the cache
    assert second.dev.text.tgt[0] == "In the beginning was the Word."
    assert second.dev.ids.tgt[0].tolist() == second.tokenizer.encode_tgt([en[0]])[0]
    assert second.dev.ids.tgt[0].tolist() != first.dev.ids.tgt[0].tolist()
    for a, b in ((first.train, second.train), (first.test.ids, second.test.ids)):
        assert np.array_equal(a.src.data, b.src.data) and np.array_equal(a.tgt.offsets, b.tgt.offsets)


def test_changed_reference_file_re_encodes_its_split(corpus, tmp_path, real, encode_spy):
    # The reference is part of the split's identity: a new kjv file must not reuse stale test entries.
    data, tok_cfg = configs(corpus, tmp_path)
    prepare_data(data, tok_cfg)
    kjv = list(real["test_kjv"])
    kjv[3] = ""
    kjv[1] = "changed"
    write(corpus / "test.kjv", kjv)
    encode_spy.clear()
    prepared = prepare_data(data, tok_cfg)
    assert prepared.report["tokenizer_cache_hit"] is True and encode_spy == [N_EVAL]
    assert prepared.test.text.refs["kjv"][1] == "changed"


def test_max_len_filters_training_pairs_only(corpus, tmp_path):
    data, tok_cfg = configs(corpus, tmp_path)
    full = prepare_data(data, tok_cfg)
    src_len, tgt_len = full.train.src.lengths(), full.train.tgt.lengths()
    max_len = int(np.median(np.maximum(src_len, tgt_len)))
    nonempty = (src_len > 0) & (tgt_len > 0)
    short_enough = (src_len <= max_len) & (tgt_len <= max_len)
    keep = np.flatnonzero(short_enough & nonempty)  # a pair with an empty side counts as empty, not long
    too_long = int((nonempty & ~short_enough).sum())
    assert 0 < len(keep) < len(full.train) and too_long > 0

    data, tok_cfg = configs(corpus, tmp_path, max_len=max_len)
    short = prepare_data(data, tok_cfg)
    r = short.report
    assert r["train_too_long"] == too_long
    assert r["train_pairs"] == len(short.train_index) == len(keep)
    # The pairs kept are exactly the short, complete ones, in order, still aligned.
    assert short.train_index.tolist() == keep.tolist()
    assert short.train.src.lengths()[short.train_index].max() <= max_len
    assert short.train.tgt.lengths()[short.train_index].max() <= max_len

    # Dev and test keep every line: the long ones and the empty one.
    for split, full_split in ((short.dev, full.dev), (short.test, full.test)):
        assert len(split.ids) == len(split.text) == N_EVAL
        assert split.ids.src.lengths().max() > max_len
        assert split.ids.src.lengths()[3] == 0 and split.ids.tgt.lengths()[3] == 0
        assert split.text.src[3] == "" and split.text.refs["kjv"][3] == ""
        assert np.array_equal(split.ids.tgt.data, full_split.ids.tgt.data)
    assert r["dev_lines"] == r["test_lines"] == N_EVAL


def test_limit_eval_keeps_first_lines(corpus, tmp_path, real):
    data, tok_cfg = configs(corpus, tmp_path)
    data.limit_eval = 10
    prepared = prepare_data(data, tok_cfg)
    assert len(prepared.dev.ids) == len(prepared.test.ids) == 10
    assert prepared.dev.text.src == [s if i != 3 else "" for i, s in enumerate(real["dev_es"][:10])]
    data.limit_eval = 0
    assert len(prepare_data(data, tok_cfg).dev.ids) == N_EVAL  # not served the 10-line cache entry


def test_tolerated_quirks_are_reported(corpus, tmp_path, real):
    (corpus / "dev.es").write_bytes(("\ufeff" + "".join(f"{s}\r\n" for s in real["dev_es"])).encode())
    data, tok_cfg = configs(corpus, tmp_path)
    prepared = prepare_data(data, tok_cfg)
    assert prepared.report["tolerated_bom_files"] == 1
    assert prepared.report["tolerated_crlf_lines"] == N_EVAL
    assert prepared.dev.text.src[0] == real["dev_es"][0]

"""sentencepiece tokenizers trained on real corpus lines: round trips, byte fallback, special ids, caching, copies."""
import unicodedata
from pathlib import Path

import pytest
import sentencepiece as spm

from seq2seq.config import TokenizerConfig
from seq2seq.data.tokenizer import Tokenizer, cache_root, settings_key, train_or_load
from seq2seq.errors import CheckpointError, ConfigError, UserError

from conftest import real_lines  # noqa: E402

DATA = Path(__file__).parents[1] / "data" / "bible-es-en"
VOCAB = 400  # 4 specials + 256 byte pieces + characters and pieces of the corpus


@pytest.fixture(scope="module")
def corpus():
    """2000 training pairs to train on, 300 held-out dev lines per side to check round trips."""
    return {"train_es": real_lines("train.es.gz", 2000), "train_en": real_lines("train.en.gz", 2000),
            "dev_es": real_lines("dev.es", 300), "dev_en": real_lines("dev.en", 300)}


def train(corpus, cache: Path, digest: str = "corpus-a", **kw) -> tuple[Tokenizer, bool]:
    cfg = TokenizerConfig(vocab_size=kw.pop("vocab_size", VOCAB), cache_dir=str(cache), **kw)
    return train_or_load(cfg, corpus["train_es"], corpus["train_en"], digest)


KINDS = [("unigram", True), ("unigram", False), ("bpe", True), ("bpe", False)]


@pytest.fixture(scope="module")
def trained(corpus, tmp_path_factory):
    """One tokenizer per (type, joint), trained once for the module."""
    cache = tmp_path_factory.mktemp("spm-cache")
    out = {}
    for typ, joint in KINDS:
        tok, hit = train(corpus, cache, type=typ, joint=joint)
        assert not hit
        out[typ, joint] = tok
    return out


def canonical(line: str) -> str:
    """What sentencepiece's default nmt_nfkc normaliser may change: NFKC and runs of whitespace."""
    return " ".join(unicodedata.normalize("NFKC", line).split())


def check_round_trip(lines, encode, decode):
    decoded = [decode(ids) for ids in encode(lines)]
    exact = sum(d == line for d, line in zip(decoded, lines))
    assert exact >= 0.95 * len(lines), f"only {exact}/{len(lines)} lines round-trip exactly"
    for d, line in zip(decoded, lines):
        assert d == canonical(line)


@pytest.mark.parametrize("typ,joint", KINDS)
def test_target_round_trip_on_real_english(trained, corpus, typ, joint):
    tok = trained[typ, joint]
    check_round_trip(corpus["dev_en"], tok.encode_tgt, tok.decode_tgt)


@pytest.mark.parametrize("typ,joint", KINDS)
def test_source_round_trip_on_real_spanish(trained, corpus, typ, joint):
    tok = trained[typ, joint]
    check_round_trip(corpus["dev_es"], tok.encode_src, lambda ids: tok.src.decode(list(ids)))


@pytest.mark.parametrize("typ,joint", KINDS)
def test_encodings_have_no_unk_and_no_specials(trained, corpus, typ, joint):
    tok = trained[typ, joint]
    specials = {tok.pad_id, tok.unk_id, tok.bos_id, tok.eos_id}
    for ids in tok.encode_src(corpus["dev_es"]) + tok.encode_tgt(corpus["dev_en"]):
        assert ids and not specials & set(ids)


@pytest.mark.parametrize("typ,joint", KINDS)
def test_vocab_size_and_sharing(trained, typ, joint):
    tok = trained[typ, joint]
    assert tok.src_vocab_size == tok.tgt_vocab_size == VOCAB
    assert tok.joint is joint
    assert len(tok.files()) == (1 if joint else 2)
    if not joint:
        src = {tok.src.id_to_piece(i) for i in range(tok.src_vocab_size)}
        tgt = {tok.tgt.id_to_piece(i) for i in range(tok.tgt_vocab_size)}
        assert src != tgt  # each side has its own model, trained on its own language


def test_per_side_models_fit_their_language(trained, corpus):
    # A Spanish-only model splits Spanish into fewer pieces than an English-only one does.
    tok = trained["unigram", False]
    es = corpus["dev_es"]
    src_len = sum(map(len, tok.encode_src(es)))
    tgt_len = sum(map(len, tok.encode_tgt(es)))
    assert src_len < tgt_len


@pytest.mark.parametrize("typ,joint", KINDS)
def test_model_type_is_honoured(trained, typ, joint):
    # unigram pieces carry log-probability scores; bpe pieces carry their (integer) merge rank.
    tok = trained[typ, joint]
    scores = [tok.tgt.get_score(i) for i in range(270, tok.tgt_vocab_size)]
    assert all(s.is_integer() for s in scores) is (typ == "bpe")


@pytest.mark.parametrize("typ,joint", KINDS)
def test_special_ids(trained, typ, joint):
    tok = trained[typ, joint]
    assert (tok.pad_id, tok.unk_id, tok.bos_id, tok.eos_id) == (0, 1, 2, 3)
    for sp in (tok.src, tok.tgt):
        assert (sp.pad_id(), sp.unk_id(), sp.bos_id(), sp.eos_id()) == (0, 1, 2, 3)
        assert [sp.id_to_piece(i) for i in range(4)] == ["<pad>", "<unk>", "<s>", "</s>"]


@pytest.mark.parametrize("text", ["☃", "中文", "the ☃ of 中"])
@pytest.mark.parametrize("typ,joint", [("unigram", True), ("bpe", False)])
def test_byte_fallback_for_unseen_characters(trained, typ, joint, text):
    tok = trained[typ, joint]
    for encode, pieces, sp in ((tok.encode_src, tok.src_pieces, tok.src), (tok.encode_tgt, tok.tgt_pieces, tok.tgt)):
        ids = encode([text])[0]
        assert tok.unk_id not in ids
        expected_bytes = [f"<0x{b:02X}>" for ch in text if ord(ch) > 127 for b in ch.encode("utf-8")]
        assert [p for p in pieces(ids) if p.startswith("<0x")] == expected_bytes
        assert sp.decode(ids) == text


def test_without_byte_fallback_unseen_characters_are_unk(corpus, tmp_path):
    tok, _ = train(corpus, tmp_path / "cache", type="bpe", byte_fallback=False)
    ids = tok.encode_tgt(["the ☃"])[0]
    assert tok.unk_id in ids
    assert not any(p.startswith("<0x") for p in tok.tgt_pieces(range(tok.tgt_vocab_size)))


def test_model_with_other_special_ids_is_read_back(corpus, tmp_path):
    # A user-supplied model: the ids come from the model, not from constants.
    folder = tmp_path / "user"
    folder.mkdir()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus["train_en"][:500]), model_prefix=str(folder / "spm"), model_type="bpe",
        vocab_size=200, hard_vocab_limit=False, unk_id=0, bos_id=1, eos_id=2, pad_id=3, minloglevel=2)
    tok = Tokenizer.from_run(folder)
    assert (tok.pad_id, tok.unk_id, tok.bos_id, tok.eos_id) == (3, 0, 1, 2)


def test_model_without_pad_id_is_rejected(corpus, tmp_path):
    folder = tmp_path / "user"
    folder.mkdir()
    spm.SentencePieceTrainer.train(  # sentencepiece's defaults: no pad piece
        sentence_iterator=iter(corpus["train_en"][:500]), model_prefix=str(folder / "spm"), model_type="bpe",
        vocab_size=200, hard_vocab_limit=False, minloglevel=2)
    with pytest.raises(CheckpointError, match="pad"):
        Tokenizer.from_run(folder)


# --- cache -----------------------------------------------------------------------------------------------


def test_cache_hit_gives_the_same_model(corpus, tmp_path):
    cache = tmp_path / "cache"
    first, hit1 = train(corpus, cache, type="bpe")
    second, hit2 = train(corpus, cache, type="bpe")
    assert (hit1, hit2) == (False, True)
    assert second.encode_tgt(corpus["dev_en"]) == first.encode_tgt(corpus["dev_en"])
    assert second.src_model_path == first.src_model_path
    assert first.src_model_path.is_relative_to(cache)  # the configured cache, never ~/.cache


@pytest.mark.parametrize("change", [{"digest": "corpus-b"}, {"vocab_size": 350}, {"type": "unigram"},
                                    {"joint": False}, {"byte_fallback": False}, {"character_coverage": 0.9995}])
def test_cache_miss_when_corpus_or_settings_change(corpus, tmp_path, change):
    cache = tmp_path / "cache"
    train(corpus, cache, type="bpe")
    kw = {"type": "bpe", **change}
    tok, hit = train(corpus, cache, **kw)
    assert not hit
    if "vocab_size" in change:
        assert tok.tgt_vocab_size == 350


def test_cache_dir_is_not_part_of_the_key():
    a = TokenizerConfig(cache_dir="/tmp/a")
    b = TokenizerConfig(cache_dir="/tmp/b")
    assert settings_key(a, "x") == settings_key(b, "x") != settings_key(a, "y")
    assert cache_root(a) == Path("/tmp/a")


def test_cache_root_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SEQ2SEQ_CACHE", str(tmp_path / "env-cache"))
    assert cache_root(TokenizerConfig()) == tmp_path / "env-cache"
    assert cache_root(TokenizerConfig(cache_dir=str(tmp_path / "cfg"))) == tmp_path / "cfg"


def test_per_side_cache_with_one_model_missing_retrains(corpus, tmp_path):
    cache = tmp_path / "cache"
    tok, _ = train(corpus, cache, type="bpe", joint=False)
    tok.tgt_model_path.unlink()
    again, hit = train(corpus, cache, type="bpe", joint=False)
    assert not hit and again.tgt_model_path.exists()


# --- run folders -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("joint", [True, False])
def test_copy_to_then_from_folder_gives_identical_encodings(trained, corpus, tmp_path, joint):
    tok = trained["unigram", joint]
    run = tmp_path / "run"
    copied = tok.copy_to(run)
    names = sorted(p.name for p in run.iterdir())
    assert names == (["spm.model"] if joint else ["spm.src.model", "spm.tgt.model"])
    for loaded in (copied, Tokenizer.from_run(run)):
        assert loaded.joint is joint
        assert loaded.encode_src(corpus["dev_es"]) == tok.encode_src(corpus["dev_es"])
        assert loaded.encode_tgt(corpus["dev_en"]) == tok.encode_tgt(corpus["dev_en"])
        assert (loaded.pad_id, loaded.unk_id, loaded.bos_id, loaded.eos_id) == (0, 1, 2, 3)
    if not joint:  # the sides were not swapped
        assert copied.encode_src(corpus["dev_es"]) != tok.encode_tgt(corpus["dev_es"])


def test_a_reused_run_folder_reads_its_own_layout_not_a_stale_one(trained, corpus, tmp_path):
    """A folder that held a joint spm.model from an earlier run, now trained per side (and back)."""
    import os

    joint, per_side = trained["unigram", True], trained["unigram", False]
    joint.copy_to(tmp_path)
    per_side.copy_to(tmp_path)
    assert not (tmp_path / "spm.model").exists()  # the other layout is removed, not left to be read
    assert not Tokenizer.from_run(tmp_path).joint
    # Both layouts present (copied in by hand): the run's config decides, else the newer files win.
    joint.copy_to(tmp_path / "other")
    (tmp_path / "spm.model").write_bytes((tmp_path / "other" / "spm.model").read_bytes())
    os.utime(tmp_path / "spm.model", (1, 1))  # older than the per-side pair
    assert not Tokenizer.from_run(tmp_path).joint
    assert Tokenizer.from_run(tmp_path, joint=True).joint
    assert Tokenizer.from_run(tmp_path, joint=False).encode_tgt(corpus["dev_en"]) == \
        per_side.encode_tgt(corpus["dev_en"])


def test_from_folder_on_empty_folder(tmp_path):
    with pytest.raises(CheckpointError, match="no sentencepiece model"):
        Tokenizer.from_run(tmp_path)


def test_from_folder_with_only_one_side(trained, tmp_path):
    trained["unigram", False].copy_to(tmp_path)
    (tmp_path / "spm.tgt.model").unlink()
    with pytest.raises(CheckpointError, match="no sentencepiece model"):
        Tokenizer.from_run(tmp_path)


def test_from_folder_with_a_damaged_model(tmp_path):
    (tmp_path / "spm.model").write_bytes(b"not a model")
    with pytest.raises(CheckpointError, match="not a readable sentencepiece model"):
        Tokenizer.from_run(tmp_path)


def test_vocab_too_small_for_the_corpus_is_a_config_error(corpus, tmp_path):
    # 256 byte pieces + the corpus's characters do not fit in 100 pieces: a one-line user error, no model cached.
    cache = tmp_path / "cache"
    with pytest.raises(ConfigError, match=r"vocab_size=100\b.*[Ii]ncrease vocab_size") as e:
        train(corpus, cache, type="unigram", vocab_size=100)
    assert isinstance(e.value, UserError)
    assert not list(cache.rglob("*.model"))


@pytest.mark.parametrize("typ,joint", KINDS)
def test_every_training_character_is_in_the_vocabulary(trained, corpus, typ, joint):
    # character_coverage=1.0: a model trained on a side never needs byte pieces for that side's text;
    # a joint model is trained on both sides, so it covers Spanish and English with one vocabulary.
    tok = trained[typ, joint]
    checks = [(tok.src, corpus["train_es"]), (tok.tgt, corpus["train_en"])]
    if joint:
        checks += [(tok.src, corpus["train_en"]), (tok.tgt, corpus["train_es"])]
    for sp, lines in checks:
        pieces = {p for ps in sp.encode(lines[:500], out_type=str) for p in ps}
        assert not [p for p in pieces if p.startswith("<0x")]


def test_per_side_target_model_has_not_seen_spanish(trained):
    tok = trained["unigram", False]
    assert any(p.startswith("<0x") for p in tok.tgt_pieces(tok.encode_tgt(["señor, ¿qué?"])[0]))
    assert not any(p.startswith("<0x") for p in tok.src_pieces(tok.encode_src(["señor, ¿qué?"])[0]))

"""Tests for the pure helpers of scripts/prepare_bible.py (no mod2imp needed)."""
import hashlib
import importlib.util
import pathlib

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "scripts" / "prepare_bible.py"


@pytest.fixture(scope="module")
def pb():
    spec = importlib.util.spec_from_file_location("prepare_bible", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_note_dropped_with_content_without_gluing(pb):
    raw = ('<w lemma="strong:H0430">God</w><note placement="foot"><reference '
           'type="annotateRef">1:1 </reference>The Hebrew word rendered “God” is '
           '“אֱלֹהִ֑ים” (Elohim).</note><w lemma="strong:H1254">created</w>.')
    assert pb.clean_osis(raw) == "God created."


def test_nested_note_and_rdg(pb):
    raw = ('contempt.<note placement="foot">Literally, <rdg type="alternate">made '
           '<note>inner</note> light.</rdg> more</note> Among you')
    assert pb.clean_osis(raw) == "contempt. Among you"


def test_w_lemma_kept_and_strongs_removed(pb):
    raw = ('<w lemma="strong:H5315 H2416">hay vida</w> <H2416>, toda <w '
           'lemma="strong:H6212">hierba</w> H0398;')
    assert pb.clean_osis(raw) == "hay vida, toda hierba;"


def test_paragraph_mark_entities_and_punctuation(pb):
    raw = '¶ And <w lemma="strong:H0430">God</w> &amp; Moses said , &lt;Go&gt; ( now ) !'
    assert pb.clean_osis(raw) == "And God & Moses said, <Go> (now)!"


def test_headings_dropped_canonical_title_kept(pb):
    raw = ('<title type="main">Heading</title><title canonical="true" type="psalm">A '
           'Psalm by David.</title> <lg sID="a"/><l level="1" sID="b"/>Yahweh, how'
           '<l eID="b" level="1"/> <speaker>Beloved</speaker> many!<lb type="x-p"/>')
    assert pb.clean_osis(raw) == "A Psalm by David. Yahweh, how many!"


def test_inline_elements_keep_text_and_transchange_does_not_glue(pb):
    raw = ('the <divineName>LORD</divineName> <q who="Jesus" marker="">said</q> '
           '<foreign>Selah</foreign>. <transChange type="added">se llamaba</transChange>'
           '<w lemma="strong:H5516">Sísara</w>; <milestone type="x-p"/>Let<w>’s</w> \\nd go')
    assert pb.clean_osis(raw) == "the LORD said Selah. se llamaba Sísara; Let’s go"


def test_back_matter_cut(pb):
    raw = ('saints. Amen. <div canonical="true" eID="x" type="book"/> <div sID="g" '
           'type="glossary"/> <title>Glossary</title> Abaddon is Hebrew for destruction.')
    assert pb.clean_osis(raw) == "saints. Amen."


def test_parse_imp_skips_headings(pb):
    dump = ("$$$[ Module Heading ]\n\n$$$Genesis 1:0\n<chapter/>\n"
            "$$$Genesis 1:1\nIn the\nbeginning\n")
    assert pb.parse_imp(dump) == [("Genesis 1:1", "In the beginning")]


def test_keep_pair(pb):
    assert pb.keep_pair("a b c", "x y z")
    assert pb.keep_pair("a", " ".join(["w"] * 8))  # 8 <= 3*1+5
    assert not pb.keep_pair("a", " ".join(["w"] * 9))
    assert not pb.keep_pair(" ".join(["w"] * 151), " ".join(["w"] * 151))


@pytest.mark.parametrize("key", ["Genesis 1:1", "Revelation of John 22:21", "Psalms 119:176",
                                 "I Samuel 3:4", "Éxodo 1:1"])
def test_split_of_matches_independent_computation(pb, key):
    bucket = int.from_bytes(hashlib.sha1(key.encode("utf-8")).digest()[:4], "big") % 50
    assert pb.split_of(key) == {0: "test", 1: "dev"}.get(bucket, "train")


def test_split_proportions(pb):
    keys = [f"Book {c}:{v}" for c in range(1, 101) for v in range(1, 101)]
    counts = {s: sum(pb.split_of(k) == s for k in keys) for s in ("train", "dev", "test")}
    assert 150 < counts["test"] < 250 and 150 < counts["dev"] < 250


def test_shifted_keys_drops_gap_chapter_and_next(pb):
    es = [("A 1:1", "x"), ("A 1:2", ""), ("A 2:1", "y"), ("A 3:1", "z"), ("B 1:1", "w")]
    ref = {k: "text" for k, _ in es}
    assert pb.shifted_keys(es, ref) == {"A 1:1", "A 1:2", "A 2:1"}


def test_strip_subscriptions_only_last_verse(pb):
    es = [("Romans 16:26", "Amén. Fué escrita de Corinto."),
          ("Romans 16:27", "por siempre. Amén. Fué escrita de Corinto á los Romanos.")]
    out = pb.strip_subscriptions(es)
    assert out == [es[0], ("Romans 16:27", "por siempre. Amén.")]


def test_drifting_keys_flags_shifted_run_only(pb):
    lengths = [3, 12, 5, 20, 7, 15, 4, 18, 6, 11, 9, 14]
    en = {f"A 1:{i + 1}": " ".join(["w"] * n) for i, n in enumerate(lengths)}
    # Spanish verses 6-9 hold the text of English verses 7-10 (a drift), the rest align.
    es_len = lengths[:5] + lengths[6:10] + lengths[9:]
    es = [(f"A 1:{i + 1}", " ".join(["p"] * n)) for i, n in enumerate(es_len)]
    bad = pb.drifting_keys(es, [en, en])
    assert {"A 1:6", "A 1:7", "A 1:8", "A 1:9"} <= bad
    assert not bad & {"A 1:1", "A 1:2", "A 1:3", "A 1:12"}
    assert pb.drifting_keys([(k, en[k]) for k in en], [en, en]) == set()


@pytest.mark.slow
@pytest.mark.skipif(__import__("shutil").which("mod2imp") is None,
                    reason="needs Debian's libsword-utils and the sword-text-* modules")
def test_rebuild_is_byte_identical_to_the_committed_corpus(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "bible"
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], check=True, capture_output=True, timeout=600)
    committed = SCRIPT.parents[1] / "data" / "bible-es-en"
    names = sorted(p.name for p in committed.iterdir())
    assert names == sorted(p.name for p in out.iterdir())
    for name in names:
        assert (out / name).read_bytes() == (committed / name).read_bytes(), name

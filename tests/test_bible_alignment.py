"""The reference alignments of the bundled corpus (scripts/bible_osis.py, scripts/bible_alignment.py).

The expected links are worked out by hand from the tags in each test; the committed dev.align/test.align
are checked against their corpus with the project's own reader (seq2seq.analysis.aer).
"""
import collections
import importlib
import pathlib

import pytest

from seq2seq.analysis import aer

ROOT = pathlib.Path(__file__).resolve().parents[1]
CORPUS = ROOT / "data" / "bible-es-en"

# Genesis 1:1 as the modules have it (the WEB's footnote included).
GEN_ES = ('<w lemma="strong:H7225">EN el principio</w> <w lemma="strong:H1254">crió</w> '
          '<w lemma="strong:H0430">Dios</w> <w lemma="strong:H8064">los cielos</w> '
          '<w lemma="strong:H0776">y la tierra</w>.')
GEN_EN = ('<w lemma="strong:H0430">In</w> <w lemma="strong:H0853">the</w> <w lemma="strong:H7225">'
          'beginning</w>, <w lemma="strong:H0430">God</w><note placement="foot"><reference type='
          '"annotateRef">1:1 </reference>The Hebrew word rendered “God” is “אֱלֹהִ֑ים” (Elohim).</note>'
          '<w lemma="strong:H1254">created</w> <w lemma="strong:H0853">the</w> <w lemma="strong:H8064">'
          'heavens</w> <w lemma="strong:H0430">and</w> <w lemma="strong:H0853">the</w> '
          '<w lemma="strong:H0776">earth</w>.')


@pytest.fixture
def mods(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    return importlib.import_module("bible_osis"), importlib.import_module("bible_alignment")


def test_tagged_words_follow_the_cleaned_line(mods):
    osis, _ = mods
    words = osis.tagged_words(GEN_EN)
    assert [w for w, _ in words] == osis.clean_osis(GEN_EN).split()
    assert words[2] == ("beginning,", {"H7225"})  # the comma outside <w> joins the word, adds no tag
    assert words[3] == ("God", {"H430"})  # the footnote is gone, "God" and "created" stay apart
    assert words[4] == ("created", {"H1254"})


def test_phrase_tags_several_lemmas_punctuation_and_untagged_words(mods):
    osis, _ = mods
    raw = ('¿ <w lemma="strong:G5101">Quién</w> <w lemma="strong:H0853 strong:H8064">cielos</w> '
           '<w lemma="strong:H5315 H2416">hay vida</w> toda <note>x</note> ? <H2416> ¶ &amp;')
    assert osis.clean_osis(raw) == "¿Quién cielos hay vida toda? &"
    assert osis.tagged_words(raw) == [("¿Quién", {"G5101"}), ("cielos", {"H853", "H8064"}),
                                      ("hay", {"H5315", "H2416"}), ("vida", {"H5315", "H2416"}),
                                      ("toda?", set()), ("&", set())]


def test_genesis_1_1_links_by_hand(mods):
    osis, align = mods
    # es: EN0 el1 principio2 crió3 Dios4 los5 cielos6 y7 la8 tierra.9
    # en: In0 the1 beginning,2 God3 created4 the5 heavens6 and7 the8 earth.9
    # H7225 es run 0-2, en 2: sure 2-2; H1254 3/4: sure; H0430 es 4, en 0,3,7: possible only;
    # H8064 es run 5-6, en 6: sure 6-6; H0776 es run 7-9, en 9: sure 9-9; H0853 English only.
    sure, possible = align.reference_links(osis.tagged_words(GEN_ES), osis.tagged_words(GEN_EN))
    assert sure == {(2, 2), (3, 4), (6, 6), (9, 9)}
    assert possible == sure | {(0, 2), (1, 2), (4, 0), (4, 3), (4, 7), (5, 6), (7, 9), (8, 9)}
    assert align.format_line(sure, possible) == "0p2 1p2 2-2 3-4 4p0 4p3 4p7 5p6 6-6 7p9 8p9 9-9"


def test_no_sure_link_for_a_split_spanish_tag_or_an_english_phrase(mods):
    _, align = mods
    es = [("Dios", {"H430"}), ("dijo", {"H559"}), ("Dios", {"H430"}), ("salió", {"H3318"})]
    en = [("God", {"H430"}), ("said", {"H559"}), ("came", {"H3318"}), ("out", {"H3318"})]
    sure, possible = align.reference_links(es, en)
    assert sure == {(1, 1)}  # H430 tags two runs of Spanish words, H3318 two English words
    assert possible == {(0, 0), (2, 0), (1, 1), (3, 2), (3, 3)}


def test_split_lines_leaves_a_mismatched_verse_empty_and_counts(mods):
    _, align = mods
    rows = [("Gen 1:1", "EN el principio crió Dios los cielos y la tierra.",
             "In the beginning, God created the heavens and the earth."),
            ("Gen 1:2", "EN el principio crió Dios los cielos y la tierra. Amén.",  # not the tags' words
             "In the beginning, God created the heavens and the earth.")]
    raws_es, raws_en = {k: GEN_ES for k, *_ in rows}, {k: GEN_EN for k, *_ in rows}
    stats = collections.Counter()
    lines = align.split_lines(rows, raws_es, raws_en, stats)
    assert lines == ["0p2 1p2 2-2 3-4 4p0 4p3 4p7 5p6 6-6 7p9 8p9 9-9", ""]
    assert (stats["pairs"], stats["matched"], stats["sure"], stats["possible"]) == (2, 1, 4, 12)
    assert (stats["es_words"], stats["es_tagged"], stats["es_linked"]) == (10, 10, 10)
    assert (stats["en_words"], stats["en_tagged"], stats["en_linked"]) == (10, 10, 7)  # all but the three "the"


@pytest.mark.parametrize("split", ["dev", "test"])
def test_committed_reference_fits_its_corpus(split):
    sources = (CORPUS / f"{split}.es").read_text(encoding="utf-8").splitlines()
    targets = (CORPUS / f"{split}.en").read_text(encoding="utf-8").splitlines()
    text = (CORPUS / f"{split}.align").read_text(encoding="utf-8")
    refs = aer.read_links(CORPUS / f"{split}.align", sources, targets)  # line count and index range
    assert sum(not r.empty for r in refs) > 0.9 * len(refs)
    for line, ref in zip(text.splitlines(), refs):
        assert ref.sure <= ref.possible
        assert line == aer.format_reference(ref)  # sorted, each link once, sure as i-j

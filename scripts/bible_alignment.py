"""Reference word alignments for the Bible corpus, derived from the modules' Strong's tags.

RV1909 and the WEB tag words with the Strong's number of the Hebrew or Greek lemma they translate; two
words of one verse that share a number translate the same original word.  For a verse pair:

- POSSIBLE: every (Spanish word, English word) pair that shares a lemma;
- SURE: where the lemma tags one run of adjacent words on each side and one English word, the link of
  that English word with the LAST word of the Spanish run.  RV1909 tags phrases ("EN el principio",
  "y de la pestilencia,") whose articles, prepositions and conjunctions come before the word that
  carries the meaning; the WEB tags single words.  A lemma tagged in several places of a side (repeated
  words, conjunctions, the WEB's function words that carry a neighbour's number) gives no sure link.

Indices are 0-based whitespace words of the corpus lines (dev.es / dev.en).  A verse whose tagged words
are not the corpus line's words (RV1909's Pauline subscriptions are cut from the line but not from the
tags) gets an empty line, which the scorer skips.  Standard library only.
"""
from collections import defaultdict

from bible_osis import tagged_words


def positions(words):
    """{lemma: [word index, ...]} of one side's [(word, lemmas)], indices ascending."""
    at = defaultdict(list)
    for i, (_, lemmas) in enumerate(words):
        for lemma in lemmas:
            at[lemma].append(i)
    return at


def reference_links(es_words, en_words):
    """(sure, possible) link sets of one verse pair; both [(word, lemmas)] lists, sure within possible."""
    es_at, en_at = positions(es_words), positions(en_words)
    sure, possible = set(), set()
    for lemma in es_at.keys() & en_at.keys():
        es_i, en_j = es_at[lemma], en_at[lemma]
        possible.update((i, j) for i in es_i for j in en_j)
        if len(en_j) == 1 and es_i[-1] - es_i[0] == len(es_i) - 1:  # one English word, one Spanish run
            sure.add((es_i[-1], en_j[0]))
    return sure, possible


def format_line(sure, possible):
    """One Pharaoh line: ``i-j`` sure, ``ipj`` possible only, sorted by (i, j)."""
    return " ".join(f"{i}-{j}" if (i, j) in sure else f"{i}p{j}" for i, j in sorted(possible))


def split_lines(rows, es_raw, en_raw, stats):
    """The link lines of one split; rows are (key, es, en, ...) corpus rows, in order.

    es_raw, en_raw: {key: raw OSIS}.  stats (a Counter) gains the split's counts: pairs, matched pairs
    (tagged words = corpus words), sure and possible links, words and tagged words per side.
    """
    lines = []
    for key, es, en, *_ in rows:
        es_words, en_words = tagged_words(es_raw[key]), tagged_words(en_raw[key])
        stats["pairs"] += 1
        if [w for w, _ in es_words] != es.split() or [w for w, _ in en_words] != en.split():
            lines.append("")
            continue
        sure, possible = reference_links(es_words, en_words)
        lines.append(format_line(sure, possible))
        stats["matched"] += 1
        stats["sure"] += len(sure)
        stats["possible"] += len(possible)
        stats["with_links"] += bool(possible)
        for side, words in (("es", es_words), ("en", en_words)):
            stats[f"{side}_words"] += len(words)
            stats[f"{side}_tagged"] += sum(bool(lemmas) for _, lemmas in words)
            linked = {i for i, j in possible} if side == "es" else {j for i, j in possible}
            stats[f"{side}_linked"] += len(linked)
    return lines


def readme_section(stats):
    """The corpus README's part on dev.align / test.align, with the counts of this build."""
    out = ["## Reference word alignments (silver standard)", "",
           "`dev.align`, `test.align`: one line per verse pair of the split, in corpus order, Pharaoh",
           "links `i-j` (sure) and `ipj` (possible only; a sure link is also possible), `i` the 0-based",
           "whitespace word of the `.es` line, `j` of the `.en` line, sorted by (i, j). Made by",
           "`scripts/bible_alignment.py` from the Strong's numbers with which RV1909 and the WEB tag",
           "their words (`<w lemma=\"strong:H7225\">EN el principio</w>`, `<w",
           "lemma=\"strong:H7225\">beginning</w>`); a word takes the numbers of every `<w>` element",
           "its characters came from. Possible: every Spanish-English word pair of the verse that",
           "shares a number. Sure: where a number tags one run of adjacent Spanish words and one",
           "English word, that word and the last word of the run (`principio`-`beginning`; RV1909's",
           "phrase tags put articles, prepositions and conjunctions first). A verse whose tagged",
           "words are not the corpus line's words (the Spanish Pauline subscriptions, cut from the",
           "line) has an empty line; the scorer skips it, as it skips verses with no shared number.",
           "", "| split | pairs | with links | sure | possible | sure / verse | possible / verse "
           "| es words tagged | en words tagged | es words linked | en words linked |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name in ("dev", "test"):
        s = stats[name]
        n = max(s["with_links"], 1)
        out.append(f"| {name} | {s['pairs']} | {s['with_links']} | {s['sure']} | {s['possible']} | "
                   f"{s['sure'] / n:.1f} | {s['possible'] / n:.1f} | "
                   + " | ".join(f"{100 * s[f'{side}_{what}'] / max(s[f'{side}_words'], 1):.1f}%"
                                for what in ("tagged", "linked") for side in ("es", "en")) + " |")
    unmatched = ", ".join(f"{name} {stats[name]['pairs'] - stats[name]['matched']}" for name in stats)
    out += ["", f"Verses whose words did not match: {unmatched}. Per-verse figures are over the verses",
            "with links; \"tagged\": the word carries a number; \"linked\": it has a possible link.", "",
            "It is a silver standard: noisy, but the same for every aligner measured on it. Known noise:",
            "repeated numbers (conjunctions, articles, a name said twice) link many to many, as",
            "possible links; phrase-level tags make every word of the phrase a possible link, the",
            "article and the conjunction of \"y la tierra\" included; untagged words (words the",
            "translators added, some particles) have no links. The WEB is a modern translation from",
            "other source editions than RV1909, and its tags look machine-projected: in the Old",
            "Testament function words often carry the number of a frequent word of the verse (I Samuel",
            "22:10 tags \"of\" and \"and\" H3068 like \"Yahweh\") and some content words have none",
            "(Isaiah 9:4); in many Psalms they belong to the neighbouring verse, the Hebrew counting",
            "the title as verse 1 (Psalms 5:2 \"Listen\" carries 5:1's H0238, \"give ear\"), which is",
            "where most verses without links are; in the New Testament RV1909 tags some verbs by",
            "inflected form (G2258 \"era\") where the WEB has the lemma (G1510 \"was\"). So some true",
            "links are missing and some listed ones are wrong, more among the possible links than the",
            "sure ones. Choose readings and thresholds on `dev.align`, report `test.align` once.", ""]
    return out

"""One verse of a SWORD module's raw OSIS as plain text, and as words with their Strong's tags.

``clean_osis`` gives the corpus line; ``tagged_words`` gives the same line's whitespace words, each with
the Strong's numbers (the Hebrew or Greek lemma it translates) of the ``<w lemma=...>`` elements its
characters came from.  Both walk the markup with one function, ``osis_pieces``, so the text of the two can
only differ where a cleaning rule acts across a tag boundary; prepare_bible.py compares them word for word
and leaves a verse without reference links when they differ.  Standard library only.
"""
import html
import re
import unicodedata

TAG_RE = re.compile(r"<(/?)([A-Za-z][\w:.-]*)([^<>]*?)(/?)>")
# Footnotes, variant readings, section headings and speaker labels are not
# translation text; they are dropped together with everything inside them.
DROP = {"note", "rdg", "title", "speaker"}
# Inline wrappers: keep their text, add nothing (adding a space would split
# "<w>Let</w>'s").  Every other tag (l, lg, lb, div, milestone, chapter, list,
# item, ...) is a boundary and becomes a space.  <transChange> (words added by
# the translators) counts as a boundary: RV1909 glues it to the next word
# ("llamado</transChange><w>Lázaro" -> "llamadoLázaro") in ~590 places.
INLINE = {"w", "q", "divineName", "foreign", "seg", "name", "hi",
          "reference", "catchWord", "inscription", "abbr", "added", "a", "index"}
# The WEB appends its glossary after the last verse of Revelation; stop there.
BACK_MATTER_RE = re.compile(r'type="(glossary|introduction|front|back)"')
STRONGS_RE = re.compile(r"<?\b[HG]\d{1,5}[a-z]?\b>?")
USFM_RE = re.compile(r"\\\+?[a-z]+\d*\*?")  # KJV leaks USFM "\nd" (divine name) markers
CLOSING = ",.;:!?)]}»”’…"  # no space before these
OPENING = "([{«“‘¿¡"  # no space after these
SPACE_BEFORE_RE = re.compile(r"\s+([" + re.escape(CLOSING) + "])")
SPACE_AFTER_RE = re.compile(r"([" + re.escape(OPENING) + r"])\s+")
# lemma="strong:H0853 strong:H8064" or "strong:H5315 H2416": one or more Strong's numbers.
LEMMA_ATTR_RE = re.compile(r'\blemma="([^"]*)"')
LEMMA_RE = re.compile(r"\b([HG])0*(\d+)")
NO_TAG = frozenset()


def lemmas_of(attrs):
    """The Strong's numbers of a <w> element's attributes, zero padding dropped ("H0430" -> "H430")."""
    m = LEMMA_ATTR_RE.search(attrs)
    return frozenset(a + n for a, n in LEMMA_RE.findall(m.group(1))) if m else NO_TAG


def osis_pieces(raw):
    """[(text, lemmas)]: the text clean_osis keeps, in order, each piece with its <w> element's lemmas.

    Dropped elements are replaced by a space (WEB writes "God<note>..</note>
    <w>created</w>" with no blank, so deleting the note alone would glue
    "Godcreated"); nesting is tracked with a depth counter.  Canonical psalm
    superscriptions (<title canonical="true">) are scripture and are kept,
    because the Spanish text has them inline in verse 1.  Text outside any
    <w> element (punctuation, untagged words) has no lemmas.
    """
    out, depth, pos, lemmas = [], 0, 0, NO_TAG
    for m in TAG_RE.finditer(raw):
        if depth == 0:
            out.append((html.unescape(raw[pos:m.start()]), lemmas))
        pos = m.end()
        closing, name, attrs, empty = m.group(1), m.group(2), m.group(3), m.group(4)
        if depth:
            if not empty:
                depth += -1 if closing else 1
            if depth == 0:
                out.append((" ", NO_TAG))
            continue
        if name == "div" and not closing and BACK_MATTER_RE.search(attrs):
            pos = len(raw)
            break
        if name == "w" and not empty:
            lemmas = NO_TAG if closing else lemmas_of(attrs)
        if name in DROP and not closing and not empty and 'canonical="true"' not in attrs:
            depth = 1
        elif name not in INLINE:
            out.append((" ", NO_TAG))
    if depth == 0:
        out.append((html.unescape(raw[pos:]), lemmas))
    return out


def clean_osis(raw):
    """Turn one verse of raw OSIS into plain text (Strong's numbers, which ``mod2imp -s`` leaks
    as "<H2416>", KJV paragraph marks, USFM leftovers and entities removed or decoded)."""
    return normalise("".join(text for text, _ in osis_pieces(raw)))


def strip_leftovers(text):
    """NFC; Strong's numbers, USFM markers and paragraph marks become spaces."""
    text = unicodedata.normalize("NFC", text)
    return STRONGS_RE.sub(" ", USFM_RE.sub(" ", text)).replace("¶", " ")


def normalise(text):
    """Remove leftovers, NFC-normalise and fix spacing around punctuation."""
    text = " ".join(strip_leftovers(text).split())
    text = SPACE_BEFORE_RE.sub(r"\1", text)
    return SPACE_AFTER_RE.sub(r"\1", text)


def tagged_words(raw):
    """[(word, lemmas)]: the whitespace words of clean_osis(raw) with the union of their lemmas.

    The same steps as ``normalise``, done on words: split at whitespace, then glue a word that starts
    with closing punctuation to the one before and the word after an opening mark to it.  A word's
    lemmas are those of all its characters' pieces ("beginning," takes H7225 from "beginning").
    """
    words, cur = [], None  # cur: [text, lemmas] of the word being read
    for text, lemmas in osis_pieces(raw):
        for ch in strip_leftovers(text):
            if ch.isspace():
                cur = None
            elif cur is None:
                cur = [ch, lemmas]
                words.append(cur)
            else:
                cur[0] += ch
                cur[1] = cur[1] | lemmas
    glued = []
    for word in words:
        if glued and word[0][0] in CLOSING:
            glued[-1] = [glued[-1][0] + word[0], glued[-1][1] | word[1]]
        else:
            glued.append(word)
    out = []
    for word in glued:
        if out and out[-1][0][-1] in OPENING:
            out[-1] = [out[-1][0] + word[0], out[-1][1] | word[1]]
        else:
            out.append(word)
    return [(text, lemmas) for text, lemmas in out]

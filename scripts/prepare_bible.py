#!/usr/bin/env python3
"""Build the bundled Spanish-English Bible corpus in data/bible-es-en/.

Why a Bible: it is public domain, verse-aligned by construction and ships as
Debian packages, so the corpus can be regenerated offline from pinned sources:

    apt-get install -y sword-text-sparv sword-text-web sword-text-kjv libsword-utils
    python scripts/prepare_bible.py

Sources are SWORD modules dumped with ``mod2imp`` (raw OSIS, one ``$$$Key``
record per verse): spaRV1909eb (Reina-Valera 1909), engWEB2015eb (World
English Bible, the target) and engKJV2006eb (King James, a second reference
for dev/test).  Standard library only; the output is byte-for-byte
reproducible (fixed order, fixed hash split, no timestamps).
"""
import argparse
import gzip
import hashlib
import html
import os
import re
import shutil
import subprocess
import sys
import unicodedata

MODULES = {"es": "spaRV1909eb", "en": "engWEB2015eb", "kjv": "engKJV2006eb"}
PACKAGES = ["sword-text-sparv", "sword-text-web", "sword-text-kjv", "libsword-utils"]
APT_HINT = "apt-get install -y " + " ".join(PACKAGES)
MODS_D = "/usr/share/sword/mods.d"
MAX_WORDS = 150
GZIP_OVER = 3_000_000  # bytes: gzip train.* only if a plain file would exceed this

TAG_RE = re.compile(r"<(/?)([A-Za-z][\w:.-]*)([^<>]*?)(/?)>")
# Footnotes, variant readings, section headings and speaker labels are not
# translation text; they are dropped together with everything inside them.
DROP = {"note", "rdg", "title", "speaker"}
# Inline wrappers: keep their text, add nothing (adding a space would split
# "<w>Let</w>'s").  Every other tag (l, lg, lb, div, milestone, chapter, list,
# item, ...) is a line/paragraph boundary and becomes a space.
INLINE = {"w", "transChange", "q", "divineName", "foreign", "seg", "name", "hi",
          "reference", "catchWord", "inscription", "abbr", "added", "a", "index"}
# The WEB appends its glossary after the last verse of Revelation; stop there.
BACK_MATTER_RE = re.compile(r'type="(glossary|introduction|front|back)"')
STRONGS_RE = re.compile(r"<?\b[HG]\d{1,5}[a-z]?\b>?")
SPACE_BEFORE_RE = re.compile(r"\s+([,.;:!?)\]}»”’…])")
SPACE_AFTER_RE = re.compile(r"([(\[{«“‘¿¡])\s+")


def clean_osis(raw):
    """Turn one verse of raw OSIS into plain text.

    Dropped elements are replaced by a space (WEB writes "God<note>..</note>
    <w>created</w>" with no blank, so deleting the note alone would glue
    "Godcreated"); nesting is tracked with a depth counter.  Canonical psalm
    superscriptions (<title canonical="true">) are scripture and are kept,
    because the Spanish text has them inline in verse 1.  Strong's numbers
    (which ``mod2imp -s`` leaks as "<H2416>"), KJV paragraph marks and
    entities are removed/decoded after the tags are gone.
    """
    out, depth, pos = [], 0, 0
    for m in TAG_RE.finditer(raw):
        if depth == 0:
            out.append(html.unescape(raw[pos:m.start()]))
        pos = m.end()
        closing, name, attrs, empty = m.group(1), m.group(2), m.group(3), m.group(4)
        if depth:
            if not empty:
                depth += -1 if closing else 1
            if depth == 0:
                out.append(" ")
            continue
        if name == "div" and not closing and BACK_MATTER_RE.search(attrs):
            pos = len(raw)
            break
        if name in DROP and not closing and not empty and 'canonical="true"' not in attrs:
            depth = 1
        elif name not in INLINE:
            out.append(" ")
    if depth == 0:
        out.append(html.unescape(raw[pos:]))
    return normalise("".join(out))


def normalise(text):
    """Remove leftovers, NFC-normalise and fix spacing around punctuation."""
    text = unicodedata.normalize("NFC", text)
    text = STRONGS_RE.sub(" ", text).replace("¶", " ")
    text = " ".join(text.split())
    text = SPACE_BEFORE_RE.sub(r"\1", text)
    return SPACE_AFTER_RE.sub(r"\1", text)


def parse_imp(dump):
    """Split a mod2imp dump into [(key, raw_osis)], in module order.

    Keys with verse 0 and the "[ Module Heading ]"-style records hold book,
    chapter and testament headings, not verses, so they are skipped.
    """
    records, key, lines = [], None, []
    for line in dump.splitlines() + ["$$$"]:
        if line.startswith("$$$"):
            if key and not key.startswith("[") and not key.endswith(":0"):
                records.append((key, " ".join(lines)))
            key, lines = line[3:].strip(), []
        else:
            lines.append(line)
    return records


def split_of(key):
    """Deterministic 2%/2%/96% split from a hash of the key (stable across runs)."""
    bucket = int(hashlib.sha1(key.encode("utf-8")).hexdigest()[:8], 16) % 50
    return "test" if bucket == 0 else "dev" if bucket == 1 else "train"


def keep_pair(src, tgt):
    """Length filter: catches misaligned verses and appended non-verse text."""
    a, b = len(src.split()), len(tgt.split())
    return 0 < a <= MAX_WORDS and 0 < b <= MAX_WORDS and a <= 3 * b + 5 and b <= 3 * a + 5


def dump_module(mod2imp, module):
    """Raw (unrendered) OSIS of a module; plain mod2imp keeps Strong's in attributes."""
    res = subprocess.run([mod2imp, module], capture_output=True, check=True)
    return res.stdout.decode("utf-8")


def build_pairs(texts):
    """Join the three cleaned modules on verse key, in Spanish module order."""
    en = dict(texts["en"])
    kjv = dict(texts["kjv"])
    pairs, dropped = [], 0
    for key, es in texts["es"]:
        e, k = en.get(key, ""), kjv.get(key, "")
        if not (es and e and k):
            continue
        if keep_pair(es, e):
            pairs.append((key, es, e, k))
        else:
            dropped += 1
    return pairs, dropped


def write_lines(path, lines, compress=False):
    """UTF-8, "\\n" endings, final newline; gzip without name or mtime."""
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    if compress:
        with open(path + ".gz", "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
                gz.write(data)
    else:
        with open(path, "wb") as fh:
            fh.write(data)


def conf_fields(module):
    """Version and licence lines quoted verbatim from the module's .conf file."""
    fields = {}
    try:
        with open(os.path.join(MODS_D, module.lower() + ".conf"), encoding="utf-8") as fh:
            for line in fh:
                k, sep, v = line.partition("=")
                if sep and k in ("Version", "Description", "DistributionLicense",
                                 "CopyrightNotes", "Versification"):
                    fields.setdefault(k, v.strip())
    except OSError:
        pass
    return fields


def pkg_version(pkg):
    res = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg],
                         capture_output=True, text=True)
    return res.stdout.strip() if res.returncode == 0 else "unknown"


def write_readme(out, counts, dropped, gz):
    """README with provenance and counts, written by the script so reruns are identical."""
    lines = ["# bible-es-en", "",
             "Spanish-English verse-aligned parallel corpus built from public-domain",
             "SWORD Bible modules packaged in Debian.", "", "## Sources", ""]
    for pkg in PACKAGES:
        lines.append(f"- Debian package `{pkg}` {pkg_version(pkg)}")
    lines.append("")
    for side, module in MODULES.items():
        f = conf_fields(module)
        lines.append(f"- `{module}` ({f.get('Description', '?')}), module version "
                     f"{f.get('Version', '?')}, versification {f.get('Versification', '?')}: "
                     f"files `*.{side}`")
    lines += ["", "## Licence", "", "All three modules are in the public domain. Their conf "
              f"files ({MODS_D}/) say:", ""]
    for module in MODULES.values():
        f = conf_fields(module)
        lines.append(f"- {module}: DistributionLicense={f.get('DistributionLicense', '?')}; "
                     f"\"{f.get('CopyrightNotes', '')}\"")
    train = "`train.{es,en,key}.gz` (gzip)" if gz else "`train.{es,en,key}`"
    lines += ["", "## Files", "",
              f"{train}, `{{dev,test}}.{{es,en,kjv,key}}`: UTF-8, one verse per line,",
              "line N of every file of a split is the same verse. `.es` Reina-Valera 1909,",
              "`.en` World English Bible, `.kjv` King James Version (second reference),",
              "`.key` the verse key (e.g. `Genesis 1:1`).", "",
              "## Counts", "", "| split | pairs |", "|---|---|"]
    lines += [f"| {s} | {counts[s]} |" for s in ("train", "dev", "test")]
    lines += ["", f"{dropped} verse pairs were dropped by the length filter (>{MAX_WORDS} words,",
              "or one side more than 3x+5 words longer than the other).", "",
              "Split: `int(sha1(key).hexdigest()[:8], 16) % 50`: 0 test, 1 dev, else train;",
              "verses stay in canonical order within each split.", "",
              "## Domain", "",
              "Archaic register (1909 Spanish, 1769 English for the KJV), many proper names,",
              "alignment at verse level only (verses can be long and word order differs).", "",
              "Cleaning: footnotes, variant readings, headings and speaker labels are removed",
              "with their content; canonical psalm titles are kept; Strong's numbers, KJV `¶`",
              "marks and all markup are stripped; entities decoded; text NFC-normalised.", "",
              "## Regenerate", "", "```", APT_HINT, "python scripts/prepare_bible.py", "```", ""]
    with open(os.path.join(out, "README.md"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="data/bible-es-en", help="output directory")
    args = ap.parse_args(argv)
    mod2imp = shutil.which("mod2imp")
    if not mod2imp:
        sys.exit(f"error: mod2imp not found; install it with: {APT_HINT}")
    texts = {side: [(k, clean_osis(raw)) for k, raw in parse_imp(dump_module(mod2imp, m))]
             for side, m in MODULES.items()}
    pairs, dropped = build_pairs(texts)
    splits = {"train": [], "dev": [], "test": []}
    for pair in pairs:
        splits[split_of(pair[0])].append(pair)
    os.makedirs(args.out, exist_ok=True)
    fields = {"key": 0, "es": 1, "en": 2, "kjv": 3}
    gz = any(len("".join(p[i] + "\n" for p in splits["train"]).encode("utf-8")) > GZIP_OVER
             for i in (0, 1, 2))
    for name, rows in splits.items():
        for ext, i in fields.items():
            if ext == "kjv" and name == "train":
                continue
            write_lines(os.path.join(args.out, f"{name}.{ext}"), [r[i] for r in rows],
                        compress=gz and name == "train")
    counts = {name: len(rows) for name, rows in splits.items()}
    write_readme(args.out, counts, dropped, gz)
    print(f"wrote {args.out}: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f"; dropped {dropped} by length filter")


if __name__ == "__main__":
    main()

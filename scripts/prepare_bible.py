#!/usr/bin/env python3
"""Build the bundled Spanish-English Bible corpus in data/bible-es-en/.

Why a Bible: it is public domain, verse-aligned by construction and ships as
Debian packages, so the corpus can be regenerated offline from pinned sources:

    apt-get install -y sword-text-sparv sword-text-web sword-text-kjv libsword-utils
    python scripts/prepare_bible.py

Sources are SWORD modules dumped with ``mod2imp`` (raw OSIS, one ``$$$Key``
record per verse): spaRV1909eb (Reina-Valera 1909), engWEB2015eb (World
English Bible, the target) and engKJV2006eb (King James, a second reference
for dev/test).  dev.align and test.align are reference word alignments derived
from the modules' Strong's tags (scripts/bible_alignment.py).  Standard library
only; the output is byte-for-byte reproducible (fixed order, fixed hash split,
no timestamps).
"""
import argparse
import gzip
import hashlib
import math
import os
import re
import shutil
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bible_alignment import readme_section, split_lines  # noqa: E402  (same folder)
from bible_osis import clean_osis  # noqa: E402

MODULES = {"es": "spaRV1909eb", "en": "engWEB2015eb", "kjv": "engKJV2006eb"}
PACKAGES = ["sword-text-sparv", "sword-text-web", "sword-text-kjv", "libsword-utils"]
APT_HINT = "apt-get install -y " + " ".join(PACKAGES)
MODS_D = "/usr/share/sword/mods.d"
MAX_WORDS = 150
GZIP_OVER = 3_000_000  # bytes: gzip train.* only if a plain file would exceed this

# RV1909 appends the Pauline subscriptions ("Fué escrita de Corinto...") to the
# last verse of the epistles; the WEB has none and the KJV has them as <title>.
SUBSCRIPTION_RE = re.compile(r"(Amén\.) [^.]*\b(escrita|enviada)\b.*$", re.I)


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


def by_chapter(es):
    """{"Genesis 1": [(key, text), ...]} in module order."""
    chapters = {}
    for key, text in es:
        chapters.setdefault(key.rsplit(":", 1)[0], []).append((key, text))
    return chapters


def shifted_keys(es, ref):
    """Keys of chapters where the Spanish numbering is unreliable.

    The RV1909 module squeezes Hebrew-style numbering into KJV slots, which
    shows as Spanish verses that are empty where the KJV has text (always at
    a chapter end: Numbers 12:16, Job 38:39-41, Jonah 1:17, ...).  The text
    then sits elsewhere: merged into an earlier verse of the chapter (2 Sam
    20:25, 2 Chr 33:10) or shifted into the next chapter (Numbers 13, Jonah 2,
    Job 39).  Verse lengths cannot reliably tell these apart, so the chapter
    and the next chapter of the same book are dropped.
    """
    chapters = by_chapter(es)
    names, bad = list(chapters), set()
    for i, chap in enumerate(names):
        if any(not text and ref.get(key) for key, text in chapters[chap]):
            bad.update(key for key, _ in chapters[chap])
            nxt = names[i + 1] if i + 1 < len(names) else ""
            if nxt.rsplit(" ", 1)[0] == chap.rsplit(" ", 1)[0]:
                bad.update(key for key, _ in chapters[nxt])
    return bad


def mismatch(a, b):
    """0 for verses of equal length and equally many capitalised (name) words."""
    def names(t):
        w = t.split()
        return sum(w[i][0].isupper() and w[i - 1][-1] not in ".;:!?" for i in range(1, len(w)))
    ratio = (len(a.split()) + 1) / (len(b.split()) + 1)
    return abs(math.log(ratio)) + 0.25 * abs(names(a) - names(b))


def drifting_keys(es, refs, margin=1.0):
    """Keys of local runs where Spanish verse boundaries drift against the English.

    Without any gap, RV1909 sometimes splits a verse early and merges later
    (1 Kings 22:44-53, 1 Chr 21:15-30, 1 Chr 1:30-33): each Spanish verse
    then matches the English verse before or after it.  A verse is flagged
    when, over a 3-verse window, offset -1 or +1 fits (length and name count,
    both English texts) clearly better than offset 0.  A cluster of flags
    with two adjacent ones is a real drift (single flags are noise): its span
    plus one verse each side is dropped.
    """
    bad = set()
    for verses in by_chapter(es).values():
        keys, n = [k for k, _ in verses], len(verses)

        def cost(i, d):
            j = i + d
            if 0 <= j < n and verses[i][1] and all(r.get(keys[j]) for r in refs):
                return sum(mismatch(verses[i][1], r[keys[j]]) for r in refs) / len(refs)
            return None

        costs = {d: [cost(i, d) for i in range(n)] for d in (-1, 0, 1)}

        def window(i, d):
            vals = costs[d][max(0, i - 1):i + 2]
            return math.inf if None in vals else sum(vals)

        flags = [i for i in range(n) if window(i, 0) < math.inf
                 and min(window(i, -1), window(i, 1)) < window(i, 0) - margin]
        run = []
        for i in flags + [math.inf]:
            if run and i - run[-1] > 3:
                if any(b - a == 1 for a, b in zip(run, run[1:])):
                    bad.update(keys[max(0, run[0] - 1):run[-1] + 2])
                run = []
            run.append(i)
    return bad


def strip_subscriptions(es):
    """Cut SUBSCRIPTION_RE from the last verse of each book (nowhere else)."""
    out = list(es)
    for i, (key, text) in enumerate(out):
        nxt = out[i + 1][0] if i + 1 < len(out) else ""
        if nxt.rsplit(" ", 1)[0] != key.rsplit(" ", 1)[0]:
            out[i] = (key, SUBSCRIPTION_RE.sub(r"\1", text))
    return out


def build_pairs(texts):
    """Join the three cleaned modules on verse key, in Spanish module order."""
    en, kjv = dict(texts["en"]), dict(texts["kjv"])
    texts["es"] = strip_subscriptions(texts["es"])
    bad = shifted_keys(texts["es"], kjv) | drifting_keys(texts["es"], [en, kjv])
    pairs, stats = [], {"shifted": 0, "length": 0}
    for key, es in texts["es"]:
        e, k = en.get(key, ""), kjv.get(key, "")
        if not (es and e and k):
            continue
        if key in bad:
            stats["shifted"] += 1
        elif not keep_pair(es, e):
            stats["length"] += 1
        else:
            pairs.append((key, es, e, k))
    return pairs, stats


def write_lines(path, lines, compress):
    """UTF-8, "\\n" endings, final newline; gzip without file name or mtime.

    The other variant of the file is removed so a rerun never leaves both.
    """
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    target, stale = (path + ".gz", path) if compress else (path, path + ".gz")
    if os.path.exists(stale):
        os.remove(stale)
    with open(target, "wb") as fh:
        if compress:  # filename="" and mtime=0 make the gzip header reproducible
            with gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0) as gz:
                gz.write(data)
        else:
            fh.write(data)


def conf_fields(module):
    """Fields quoted verbatim from the module's .conf file in mods.d."""
    try:
        with open(os.path.join(MODS_D, module + ".conf"), encoding="utf-8") as fh:
            pairs = [line.partition("=") for line in fh]
    except OSError:
        return {}
    return {k.strip(): v.strip() for k, sep, v in reversed(pairs) if sep}


def pkg_version(pkg):
    res = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True,
                         text=True)
    return res.stdout.strip() if res.returncode == 0 else "unknown"


def readme(counts, stats, gz, align_stats):
    """README text with provenance and counts, so a rerun is byte-identical."""
    out = ["# bible-es-en", "", "Spanish-English verse-aligned Bible corpus, built from "
           "public-domain SWORD modules packaged in Debian.", "", "## Sources", ""]
    out += [f"- Debian package `{pkg}` {pkg_version(pkg)}" for pkg in PACKAGES] + [""]
    for side, module in MODULES.items():
        f = conf_fields(module)
        out.append(f"- `*.{side}`: SWORD module `{module}` ({f.get('Description', '?')}), "
                   f"module version {f.get('Version', '?')}, "
                   f"versification {f.get('Versification', '?')}")
    out += ["", "## Licence", "", f"Public domain. The modules' conf files ({MODS_D}/) say:", ""]
    for module in MODULES.values():
        f = conf_fields(module)
        out.append(f"- `{module}`: Copyright={f.get('Copyright', '?')}, DistributionLicense="
                   f"{f.get('DistributionLicense', '?')}: \"{f.get('CopyrightNotes', '')}\"")
    out += ["", "The WEB's About text adds that \"World English Bible\" is a trademark of",
            "eBible.org and asks that changed text not carry that name: these files are cleaned",
            "(footnotes removed etc.), so call them \"derived from the WEB\". The KJV's About",
            "text notes Crown letters patent restrict printing it in the UK only."]
    train = "train.{es,en,key}.gz (gzip)" if gz else "train.{es,en,key}"
    out += ["", "## Files and counts", "",
            f"`{train}`, `dev.{{es,en,kjv,key}}`, `test.{{es,en,kjv,key}}`: UTF-8, one verse",
            "per line, line N of all files of a split is the same verse. `.es` Reina-Valera",
            "1909, `.en` World English Bible, `.kjv` King James Version (second reference),",
            "`.key` the verse key (`Genesis 1:1`).", "", "| split | pairs |", "|---|---|"]
    out += [f"| {name} | {n} |" for name, n in counts.items()]
    out += ["", "Split: `int(sha1(key).hexdigest()[:8], 16) % 50`: 0 test, 1 dev, else train;",
            "canonical order within each split. Dropped: verses empty in any module;",
            f"{stats['shifted']} where the Spanish verse numbering is shifted against the English",
            "(`shifted_keys`: chapters with Spanish gaps and the next chapter; `drifting_keys`:",
            "runs where neighbouring verses fit better), e.g. Numbers 13, Job 39-41, 1 Kings",
            f"22:43-53; {stats['length']} by the length filter (>{MAX_WORDS} words, or one side",
            "more than 3x+5 words longer than the other).", "",
            "Cleaning: footnotes, variant readings, headings, speaker labels and the Spanish",
            "Pauline subscriptions removed; canonical psalm titles kept; Strong's numbers, `¶`,",
            "USFM leftovers and markup stripped; entities decoded; NFC.", "", "## Domain", "",
            "Archaic register (1909 Spanish, 1769 KJV English; the WEB is modern), many proper",
            "names; word alignments below are a silver standard.", ""]
    out += readme_section(align_stats)
    out += ["## Regenerate", "", "```", APT_HINT, "python scripts/prepare_bible.py", "```", ""]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="data/bible-es-en", help="output directory")
    args = ap.parse_args(argv)
    mod2imp = shutil.which("mod2imp")
    if not mod2imp:
        sys.exit(f"error: mod2imp not found; install it with: {APT_HINT}")
    texts, raws = {}, {}
    for side, module in MODULES.items():  # raw OSIS: `mod2imp -s` would leak Strong's numbers
        dump = subprocess.run([mod2imp, module], capture_output=True, check=True).stdout
        raws[side] = parse_imp(dump.decode("utf-8"))
        texts[side] = [(k, clean_osis(raw)) for k, raw in raws[side]]
    pairs, stats = build_pairs(texts)
    splits = {"train": [], "dev": [], "test": []}
    for pair in pairs:
        splits[split_of(pair[0])].append(pair)
    gz = any(sum(len(p[i].encode("utf-8")) + 1 for p in splits["train"]) > GZIP_OVER
             for i in (1, 2))
    os.makedirs(args.out, exist_ok=True)
    for name, rows in splits.items():
        for ext, i in (("es", 1), ("en", 2), ("kjv", 3), ("key", 0)):
            if not (ext == "kjv" and name == "train"):
                write_lines(os.path.join(args.out, f"{name}.{ext}"), [r[i] for r in rows],
                            gz and name == "train")
    align_stats = {name: Counter() for name in ("dev", "test")}
    for name, counter in align_stats.items():  # reference links from the Strong's tags
        lines = split_lines(splits[name], dict(raws["es"]), dict(raws["en"]), counter)
        write_lines(os.path.join(args.out, f"{name}.align"), lines, False)
    counts = {name: len(rows) for name, rows in splits.items()}
    with open(os.path.join(args.out, "README.md"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(readme(counts, stats, gz, align_stats))
    print(f"wrote {args.out}: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f"; dropped {stats['shifted']} shifted, {stats['length']} by length")


if __name__ == "__main__":
    main()

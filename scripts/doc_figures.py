#!/usr/bin/python3
"""Rewrites the figures the docs quote from the golden files (tests/golden/*.json), so
that a change of the golden figures cannot leave the docs quoting the old ones.

  scripts/doc_figures.py            rewrite every stale figure in place
  scripts/doc_figures.py --check    change nothing; list the stale figures, exit 1 if any
  --root DIR                        the repository to work on (default: this script's)

Two kinds of figure are generated, and no other:

- In prose and tables, a figure between markers,
      <!-- figure scene640_baseline:cycles -->296,815<!-- /figure -->
  (HTML comments: invisible when rendered). The key is GOLDEN:PATH, GOLDEN naming
  tests/golden/GOLDEN.json and PATH the value in it (see `figure`). Written with thousands
  separators; `<!-- figure KEY plain -->` writes the digits alone.
- In code blocks, where a comment would show, the command outputs and file excerpts listed
  in CODE_SITES below, found by the text around them. Each site must be found in its file
  (a site that is not is reported: the doc changed and the table must follow).

The check is run by the ctest entry e2e_doc_figures (tests/e2e/test_doc_figures.py).
"""
import argparse
import json
import re
import sys
from pathlib import Path

MARKER = re.compile(r"<!-- figure (?P<key>[\w.-]+:[\w./-]+)(?P<plain> plain)? -->"
                    r"(?P<value>.*?)<!-- /figure -->")

# (doc, pattern, {group: key}): each named group of the pattern is the key's figure, digits
# only. A pattern must match at least once in its doc; every match is rewritten.
_RUN_LINE = r"results/scene640: (?P<frames>\d+) frames, (?P<draws>\d+) draws, (?P<cycles>\d+) cycles"
_RUN_KEYS = {"frames": "scene640_baseline:frames", "draws": "scene640_baseline:counters/cp.draws",
             "cycles": "scene640_baseline:cycles"}
CODE_SITES = [
    ("docs/getting-started.md", _RUN_LINE, _RUN_KEYS),
    ("docs/presets.md", _RUN_LINE, _RUN_KEYS),
    # The stats.json excerpt: the run block, then frame 0's entry.
    ("docs/getting-started.md",
     r'"frames": (?P<frames>\d+),\n\s*"draws": (?P<draws>\d+),\n\s*"cycles": (?P<cycles>\d+),',
     _RUN_KEYS),
    ("docs/getting-started.md",
     r'"frame": 0,(?:\n[^\n]*){3}\n\s*"end_cycle": (?P<end>\d+),\n\s*"cycles": (?P<cycles>\d+)\n',
     {"end": "scene640_baseline:frame_end/0", "cycles": "scene640_baseline:frame_cycles/0"}),
    # The frames.csv excerpt: frames 0 and 1.
    ("docs/getting-started.md", r"\n0,0,(?P<end>\d+),(?P<cycles>\d+),",
     {"end": "scene640_baseline:frame_end/0", "cycles": "scene640_baseline:frame_cycles/0"}),
    ("docs/getting-started.md", r"\n1,(?P<start>\d+),(?P<end>\d+),(?P<cycles>\d+),",
     {"start": "scene640_baseline:frame_end/0", "end": "scene640_baseline:frame_end/1",
      "cycles": "scene640_baseline:frame_cycles/1"}),
]


class FigureError(Exception):
    pass


def figure(root, key, goldens):
    """The integer a key names. PATH is a golden file's key (`cycles`), an element of a list
    (`frame_cycles/0`), a counter (`counters/rop.pixels_written`), or one of two figures
    derived from frame_cycles: `frames` (their number) and `frame_end/N` (the cycle frame N
    ends at, the sum of the first N+1)."""
    name, path = key.split(":", 1)
    if name not in goldens:
        file = root / "tests" / "golden" / f"{name}.json"
        if not file.is_file():
            raise FigureError(f"no golden file {file.relative_to(root)}")
        goldens[name] = json.loads(file.read_text(encoding="utf-8"))
    golden = goldens[name]
    parts = path.split("/")
    try:
        if parts == ["frames"]:
            return len(golden["frame_cycles"])
        if parts[0] == "frame_end" and len(parts) == 2:
            frame = int(parts[1])
            if not 0 <= frame < len(golden["frame_cycles"]):
                raise FigureError(f"{key}: frame {frame} is not in tests/golden/{name}.json")
            return sum(golden["frame_cycles"][:frame + 1])
        node = golden
        for part in parts:
            node = node[int(part)] if isinstance(node, list) else node[part]
    except (KeyError, IndexError, ValueError):
        raise FigureError(f"{key}: no such figure in tests/golden/{name}.json") from None
    if not isinstance(node, int) or isinstance(node, bool):
        raise FigureError(f"{key}: not an integer figure in tests/golden/{name}.json")
    return node


def _line(text, pos):
    return text.count("\n", 0, pos) + 1


def rewrite(root, doc_text, doc, goldens, sites):
    """(new text, [stale figure descriptions]) for one doc."""
    stale = []

    def marked(m):
        value = figure(root, m["key"], goldens)
        want = str(value) if m["plain"] else f"{value:,}"
        if m["value"] != want:
            stale.append(f"{doc}:{_line(doc_text, m.start())}: {m['key']} is {want}, "
                         f"the doc says {m['value']}")
        return m.group(0)[:m.start("value") - m.start()] + want + "<!-- /figure -->"

    text = MARKER.sub(marked, doc_text)
    for pattern, keys in sites:
        matches = list(re.finditer(pattern, text))
        if not matches:
            raise FigureError(f"{doc}: code-block figures /{pattern}/ not found "
                              "(update CODE_SITES in scripts/doc_figures.py)")
        pieces, last = [], 0
        for m in matches:
            for group in sorted(keys, key=m.start):
                want = str(figure(root, keys[group], goldens))
                if m[group] != want:
                    stale.append(f"{doc}:{_line(text, m.start(group))}: {keys[group]} is "
                                 f"{want}, the doc says {m[group]}")
                pieces += [text[last:m.start(group)], want]
                last = m.end(group)
        text = "".join(pieces) + text[last:]
    return text, stale


def docs(root):
    return sorted([root / "README.md", *(root / "docs").rglob("*.md")])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list stale figures and exit 1 if any")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args(argv)
    root = args.root.resolve()
    goldens, stale, figures = {}, [], 0
    try:
        for path in docs(root):
            doc = path.relative_to(root).as_posix()
            sites = [(p, k) for d, p, k in CODE_SITES if d == doc]
            text = path.read_text(encoding="utf-8")
            figures += len(MARKER.findall(text))
            new, found = rewrite(root, text, doc, goldens, sites)
            stale += found
            if new != text and not args.check:
                path.write_text(new, encoding="utf-8")
        missing = {d for d, _, _ in CODE_SITES} - {p.relative_to(root).as_posix() for p in docs(root)}
        if missing:
            raise FigureError(f"no such doc: {', '.join(sorted(missing))}")
    except FigureError as e:
        print(f"doc_figures.py: {e}", file=sys.stderr)
        return 2
    if args.check:
        for s in stale:
            print(f"stale: {s}")
        if stale:
            print(f"doc_figures.py: {len(stale)} stale figures; run scripts/doc_figures.py",
                  file=sys.stderr)
            return 1
        print(f"doc_figures.py: {figures} marked figures and {len(CODE_SITES)} code-block "
              "sites match the golden files")
        return 0
    print(f"doc_figures.py: {len(stale)} figures rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())

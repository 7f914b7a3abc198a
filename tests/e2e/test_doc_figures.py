"""The figures the docs quote from the golden files are generated (scripts/doc_figures.py):
the docs in the tree match tests/golden, a changed golden figure is listed by --check as
stale (file, line, key, both values) and rewritten by the script, and a code-block site the
script no longer finds in its doc is an error rather than a silently skipped figure."""
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import SOURCE_DIR

SCRIPT = SOURCE_DIR / "scripts" / "doc_figures.py"
GOLDEN = "tests/golden/scene640_baseline.json"


def doc_figures(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True, timeout=60)


def copy_of_docs(tmp_path):
    """The docs and the golden file of the tree, in a folder of their own."""
    shutil.copy(SOURCE_DIR / "README.md", tmp_path / "README.md")
    shutil.copytree(SOURCE_DIR / "docs", tmp_path / "docs")
    (tmp_path / GOLDEN).parent.mkdir(parents=True)
    shutil.copy(SOURCE_DIR / GOLDEN, tmp_path / GOLDEN)
    return tmp_path


def test_docs_quote_the_golden_figures():
    done = doc_figures("--check")
    assert done.returncode == 0, done.stdout + done.stderr
    # 14 figures between markers and 6 code-block sites today; fewer means a marker was lost.
    assert "14 marked figures and 6 code-block sites" in done.stdout, done.stdout


def test_a_changed_golden_figure_is_stale_until_rewritten(tmp_path):
    root = copy_of_docs(tmp_path)
    golden = json.loads((root / GOLDEN).read_text())
    setup_before = (root / "docs/units/setup.md").read_text()
    golden["counters"]["setup.culled"] = 9906
    golden["frame_cycles"][0] += 1  # frame 0 ends a cycle later, and frame 1 starts later
    (root / GOLDEN).write_text(json.dumps(golden))

    done = doc_figures("--check", "--root", root)
    assert done.returncode == 1
    stale = []
    for line in done.stdout.splitlines():
        doc, number, what = re.fullmatch(r"stale: ([^:]+):(\d+): (.*)", line).groups()
        old = what.rsplit(" ", 1)[1]
        # The line named is the one that quotes the stale figure.
        assert old in (root / doc).read_text().splitlines()[int(number) - 1], line
        stale.append(f"{doc}: {what}")
    assert sorted(stale) == [
        "docs/getting-started.md: scene640_baseline:frame_cycles/0 is 61932, the doc says 61931",
        "docs/getting-started.md: scene640_baseline:frame_cycles/0 is 61932, the doc says 61931",
        "docs/getting-started.md: scene640_baseline:frame_end/0 is 61932, the doc says 61931",
        "docs/getting-started.md: scene640_baseline:frame_end/0 is 61932, the doc says 61931",
        "docs/getting-started.md: scene640_baseline:frame_end/0 is 61932, the doc says 61931",
        "docs/getting-started.md: scene640_baseline:frame_end/1 is 133723, the doc says 133722",
        "docs/units/setup.md: scene640_baseline:counters/setup.culled is 9,906, the doc says 9,905",
    ]
    assert (root / "docs/units/setup.md").read_text() == setup_before, "--check changed a doc"

    assert doc_figures("--root", root).returncode == 0
    assert doc_figures("--check", "--root", root).returncode == 0
    setup_after = (root / "docs/units/setup.md").read_text()
    assert setup_after == setup_before.replace(
        "setup.culled -->9,905<!-- /figure -->", "setup.culled -->9,906<!-- /figure -->")
    csv_rows = (root / "docs/getting-started.md").read_text()
    assert "\n0,0,61932,61932,35,rop," in csv_rows and "\n1,61932,133723,71791,35,rop," in csv_rows


def test_a_code_site_no_longer_in_its_doc_is_an_error(tmp_path):
    root = copy_of_docs(tmp_path)
    presets = root / "docs" / "presets.md"
    presets.write_text(presets.read_text().replace("results/scene640: ", "results/scene: "))
    done = doc_figures("--check", "--root", root)
    assert done.returncode == 2
    assert done.stderr.startswith("doc_figures.py: docs/presets.md: code-block figures /"), done.stderr


def test_a_marker_naming_no_golden_figure_is_an_error(tmp_path):
    root = copy_of_docs(tmp_path)
    doc = root / "docs" / "units" / "early-z.md"
    doc.write_text(doc.read_text().replace("scene640_baseline:cycles", "scene640_baseline:cycle", 1))
    done = doc_figures("--check", "--root", root)
    assert done.returncode == 2
    assert done.stderr == ("doc_figures.py: scene640_baseline:cycle: no such figure in "
                           "tests/golden/scene640_baseline.json\n"), done.stderr

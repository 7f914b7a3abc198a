"""The report command writes one self-contained HTML page whose images and tables exist
and match the stats, for a run, for a sweep and for the comparison of two runs."""
import base64
import csv
import re
from html.parser import HTMLParser

import gfxsim
from conftest import TRACES, read_png, run_script
from test_sweep import write_spec

PNG = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """Collects the images (alt, class, decoded bytes), keyed cells and tables of a page."""

    def __init__(self, text):
        super().__init__()
        self.images, self.keyed, self.tables = [], {}, []
        self._key, self._cell, self._row = None, None, None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "img":
            m = re.match(r"data:image/png;base64,(.*)$", a.get("src", ""), re.S)
            assert m, "an image that is not an inlined PNG: %s" % a.get("src", "")[:60]
            self.images.append((a.get("alt"), a.get("class"), base64.b64decode(m.group(1))))
        elif tag in ("link", "script"):
            assert "src" not in a and "href" not in a, "the page must not load other files"
        elif tag == "table":
            self.tables.append((a.get("class"), []))
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell, self._key = "", a.get("data-key")

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            if self._key:
                self.keyed[self._key] = self._cell
            self._row.append(self._cell)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1][1].append(self._row)
            self._row = None

    def table(self, cls):
        return next(rows for c, rows in self.tables if c == cls)


def test_run_report_images_and_tables_match_the_stats(tmp_path):
    out = tmp_path / "run"
    stats = gfxsim.run(str(TRACES / "triangle.yaml"), config="small", out=out)
    done = run_script("report.py", out)
    html_path = out / "report.html"
    assert done.stdout.strip() == str(html_path)
    page = Page(html_path.read_text())
    run = stats["run"]
    for key in ("cycles", "frames", "draws", "config", "trace_name", "mode"):
        assert page.keyed["run." + key] == str(run[key])
    assert float(page.keyed["stats.memory.dram.peak_gbps"]) == stats["stats"]["memory"]["dram"]["peak_gbps"]["value"]
    # The frame, byte for byte, and the four plots, each a PNG.
    frames = [img for alt, cls, img in page.images if cls == "frame"]
    assert frames == [(out / "frames" / "frame_0000.png").read_bytes()]
    plots = {alt: img for alt, cls, img in page.images if cls == "plot"}
    assert sorted(plots) == ["Bandwidth per client", "Cache hit rates", "Cycles per draw", "Unit activity"]
    assert all(img.startswith(PNG) for img in plots.values())
    # The tables behind the plots hold the stats' numbers.
    units = {r[0]: r[1:] for r in page.table("units")[1:]}
    rop = stats["stats"]["rop"]
    assert page.table("units")[0] == ["unit", "busy", "stall memory", "stall output", "wait", "idle"]
    assert units["rop"] == [str(rop[k]["value"]) for k in ("busy_cycles", "stall_memory_cycles",
                                                          "stall_output_cycles", "wait_cycles", "idle_cycles")]
    bw = {r[0]: float(r[1]) for r in page.table("bandwidth")[1:]}
    clients = stats["stats"]["memory"]["dram"]["clients"]
    assert bw == {c: round(v["gbps"]["value"], 4) for c, v in clients.items()}
    cores = {r[0]: float(r[1]) for r in page.table("cores")[1:]}
    assert cores == {c: round(v["utilization"]["value"], 4) for c, v in stats["stats"]["shader"].items()
                     if isinstance(v, dict) and "utilization" in v} and len(cores) == 2
    caches = {r[0]: float(r[1]) for r in page.table("caches")[1:]}
    assert caches["memory.l2"] == round(stats["stats"]["memory"]["l2"]["hit_rate"]["value"], 4)
    frame = page.table("frames")[1]
    assert frame[:3] == ["0", "1", str(stats["frames"][0]["cycles"])]
    with open(out / "frames.csv", newline="") as f:
        row = next(csv.DictReader(f))
    assert frame[3:] == [row["limiter"], row["limiter_reason"]] and row["limiter"]
    assert page.keyed["run.limiter"] == run["limiter"]
    assert page.keyed["run.limiter_reason"] == run["limiter_reason"]


def test_functional_run_report_leaves_out_timing_plots(tmp_path):
    out = tmp_path / "run"
    gfxsim.run(str(TRACES / "triangle.yaml"), config="small", mode="functional", out=out)
    run_script("report.py", out, "-o", tmp_path / "f.html")
    page = Page((tmp_path / "f.html").read_text())
    assert [cls for _, cls, _ in page.images] == ["frame"]
    assert page.keyed["run.mode"] == "functional"
    w, h, _ = read_png(out / "frames" / "frame_0000.png")
    assert (w, h) == (320, 240)


def test_sweep_report_holds_the_results_table_and_plots(tmp_path):
    spec = write_spec(tmp_path, parameters={"rop.quads_per_cycle": [1, 2]})
    run_script("sweep.py", spec, "--quiet")
    run_script("report.py", tmp_path / "out")
    page = Page((tmp_path / "out" / "report.html").read_text())
    with open(tmp_path / "out" / "results.csv", newline="") as f:
        assert page.table("results") == list(csv.reader(f))
    plots = [(alt, img) for alt, cls, img in page.images if cls == "plot"]
    assert [alt for alt, _ in plots] == ["run.cycles vs rop.quads_per_cycle"]
    assert plots[0][1] == (tmp_path / "out" / "plots" / "run.cycles_vs_rop.quads_per_cycle.png").read_bytes()


def test_report_of_a_folder_that_is_neither_is_an_error(tmp_path):
    done = run_script("report.py", tmp_path, check=False)
    assert done.returncode == 2 and str(tmp_path) in done.stderr
    assert not (tmp_path / "report.html").exists()


def test_compare_page_holds_the_config_and_stat_differences(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    sa = gfxsim.run(str(TRACES / "triangle.yaml"), config="small", out=a)
    sb = gfxsim.run(str(TRACES / "triangle.yaml"), config="small", overrides={"rop.latency": 40}, out=b)
    done = run_script("report.py", a, "--compare", b, "--top", "5")
    assert done.stdout.strip() == str(a / "compare.html")
    page = Page((a / "compare.html").read_text())
    assert page.images == []
    runs = page.table("runs")
    assert runs[2][0] == "B" and runs[2][5] == "rop.latency=40" and runs[1][5] == ""
    latency = gfxsim.load_config("small")["rop"]["latency"]
    assert page.table("config-diff")[1:] == [["rop.latency", str(latency), "40"]]
    rows = page.table("stat-diff")
    assert rows[0] == ["stat", "A", "B", "B - A", "change"] and len(rows) == 6
    ca, cb = sa["run"]["cycles"], sb["run"]["cycles"]
    if "run.cycles" in page.keyed:
        assert page.keyed["run.cycles"] == "%+.1f%%" % ((cb - ca) * 100.0 / ca)
    bad = run_script("report.py", a, "--compare", tmp_path / "nope", check=False)
    assert bad.returncode == 1 and "no such results folder" in bad.stderr
    assert not (a / "compare.html.tmp").exists()

"""`gfxsim-import pix` from the command line on small run files written here (no shared
data): a truncated file, an unknown chunk type, a reference to array data the record does
not hold and a draw past the end of its vertex buffer each give one stderr line with the
file, the call number and name and the byte offset, exit 1, and write nothing;
--skip-unknown lists what it skipped."""
import struct
import subprocess

from conftest import _tool

DEVICE = 0xD000


def chunk(kind, payload):
    return struct.pack("<II", len(payload) + 4, kind) + payload


class Capture:
    """A run file: the version chunk (12 bytes), then a call event (28 bytes) and its
    record chunk (20 bytes + the record) per call."""

    def __init__(self):
        self.data = chunk(0x3E8, b"\1\0\0\0")
        self.event = 10

    def call(self, call_id, fields, extra=b""):
        self.data += chunk(0x3EB, struct.pack("<IIIQ", 8, self.event, 0, 0))
        record = struct.pack("<II", call_id, 1) + struct.pack(f"<{len(fields)}I", *fields)
        record += extra
        self.data += chunk(0x3EC, struct.pack("<III", self.event, 19, len(record)) + record)
        self.event += 1
        return self


def with_device():
    """CreateDevice of a 64x32 back buffer with D16 depth: its record chunk spans 40..160."""
    params = [64, 32, 22, 1, 0, 0, 1, 0, 1, 1, 80, 0, 0, 0]
    return Capture().call(235, [0, 0xD3D, 0, 1, 0, 0x20, 0x1234, *params, 0x4444, DEVICE])


def triangle(primitives=1):
    c = with_device()
    c.call(262, [0, DEVICE, 36, 0, 0x2, 0, 0x50, 0xB1, 0, 0])  # CreateVertexBuffer: 160..256
    c.call(442, [0, 0xB1, 0, 0, 0x60, 0])                      # Lock: 256..336
    vertices = struct.pack("<9f", -1, -1, 0, 0, 1, 0, 1, -1, 0)
    # Unlock: event 336..364, record chunk 364..452 (the record at 384)
    c.call(443, [0, 0xB1], struct.pack("<4I", 0x1000, 36, 0, 36) + vertices)
    c.call(325, [0, DEVICE, 0x2])                   # SetFVF(XYZ)
    c.call(336, [0, DEVICE, 0, 0xB1, 0, 12])        # SetStreamSource
    c.call(317, [0, DEVICE, 4, 0, primitives])      # DrawPrimitive: record at 648
    c.call(253, [0, DEVICE] + [0] * 12)             # Present: ends at 788
    return c


def importer(*args):
    return subprocess.run([_tool("GFXSIM_IMPORT", "gfxsim-import"), *map(str, args)],
                          capture_output=True, text=True, timeout=60)


def fails(tmp_path, data, message):
    cap = tmp_path / "cap.PIXRun"
    cap.write_bytes(data)
    out = tmp_path / "out.gfxt"
    proc = importer("pix", cap, "-o", out)
    assert proc.returncode == 1
    assert proc.stderr == f"gfxsim-import: {cap}: {message}\n"
    assert proc.stdout == ""
    assert not out.exists() and not (tmp_path / "out.gfxt.tmp").exists()


def test_a_good_capture_imports(tmp_path):
    cap = tmp_path / "cap.PIXRun"
    cap.write_bytes(triangle().data)
    out = tmp_path / "out.yaml"
    proc = importer("pix", cap, "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{out}: 64x32, 1 frames, 1 draws from 8 calls\n"
    text = out.read_text()
    assert "depth_format: d16" in text and "draw_primitive" in text


def test_truncated_file(tmp_path):
    data = triangle().data
    # The Unlock's record chunk starts at 364 and is 88 bytes long; cut 3 bytes off it.
    fails(tmp_path, data[:364 + 85],
          "call 3 (IDirect3DVertexBuffer9::Unlock): byte offset 364: chunk of 88 bytes runs "
          "past the end of the file (85 bytes left)")


def test_unknown_chunk_type(tmp_path):
    # The bad chunk starts at 160, its type field at 164.
    data = with_device().data + chunk(0x7D0, b"\0\0\0\0")
    fails(tmp_path, data,
          "call 0 (IDirect3D9::CreateDevice): byte offset 164: unknown chunk type 0x7D0")


def test_missing_array_data(tmp_path):
    c = with_device()
    c.call(262, [0, DEVICE, 36, 0, 0x2, 0, 0x50, 0xB1, 0, 0])
    c.call(442, [0, 0xB1, 0, 0, 0x60, 0])
    c.call(443, [0, 0xB1])  # Unlock without the bytes written: its record at 384, 16 bytes
    fails(tmp_path, c.data,
          "call 3 (IDirect3DVertexBuffer9::Unlock): byte offset 400: the locked bytes array "
          "data is missing")


def test_draw_past_its_vertex_buffer(tmp_path):
    # Two triangles read six vertices of a buffer that holds three.
    fails(tmp_path, triangle(primitives=2).data,
          "call 6 (IDirect3DDevice9::DrawPrimitive): byte offset 648: the draw reads vertices "
          "0..5 of stream 0, bytes up to 72 of a vertex buffer of 36")


def test_skip_unknown_lists_the_skipped_calls(tmp_path):
    c = triangle()
    c.call(252, [0, DEVICE, 0x50, 0])  # Reset: event 788..816, record at 836
    cap = tmp_path / "cap.PIXRun"
    cap.write_bytes(c.data)
    proc = importer("pix", cap, "-o", tmp_path / "out.gfxt")
    assert proc.returncode == 1
    assert proc.stderr.endswith("call 8 (IDirect3DDevice9::Reset): byte offset 836: "
                                "call not supported by the importer (--skip-unknown skips it)\n")
    proc = importer("pix", cap, "-o", tmp_path / "out.gfxt", "--skip-unknown")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ("gfxsim-import: skipped 1 calls it cannot translate:\n"
                           "  IDirect3DDevice9::Reset x1\n")

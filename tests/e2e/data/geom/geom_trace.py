"""Small helpers that write the YAML traces of this folder (see make_geom.py)."""

RHW_DECL = [("positiont", 0, "float4", 0), ("color", 0, "d3dcolor", 16),
            ("color", 1, "d3dcolor", 20), ("texcoord", 0, "float2", 24)]
RHW_STRIDE = 32
XYZ_DECL = [("position", 0, "float3", 0), ("color", 0, "d3dcolor", 12)]
XYZ_STRIDE = 16


class Trace:
    def __init__(self, name, comment, size=32):
        self.lines = [f"# {c}" if c else "#" for c in comment]
        self.lines += ["gfxsim_trace: 1", f'name: "{name}"', f"width: {size}",
                       f"height: {size}", "commands:"]

    def raw(self, text):
        self.lines += ["  " + line for line in text.strip("\n").split("\n")]

    def decl(self, did, elements):
        self.raw(f"- create_vertex_declaration:\n    id: {did}\n    elements:")
        for usage, index, typ, off in elements:
            self.lines.append(f"        - {{stream: 0, offset: {off}, type: {typ}, "
                              f"usage: {usage}, usage_index: {index}}}")

    def buffer(self, bid, rows):
        """rows: list of lists of ('f', value) / ('u', value) pairs or plain floats."""
        self.raw(f"- create_vertex_buffer:\n    id: {bid}\n    bytes:")
        for row in rows:
            for kind, vals in row:
                body = ", ".join(hex(v) if kind == "u32" else repr(float(v)) for v in vals)
                self.lines.append(f"      - {kind}: [{body}]")

    def shader(self, sid, stage, text):
        text = text.replace("\n", "\\n")
        self.raw(f"- create_shader:\n    id: {sid}\n    stage: {stage}\n    format: d3d9_asm\n"
                 f"    data: {{text: \"{text}\"}}")

    def states(self, **kw):
        body = ", ".join(f"{k}: {v}" for k, v in kw.items())
        self.lines.append(f"  - set_render_states: {{{body}}}")

    def cmd(self, name, **kw):
        body = ", ".join(f"{k}: {v}" for k, v in kw.items())
        self.lines.append(f"  - {name}: {{{body}}}")

    def write(self, path):
        path.write_text("\n".join(self.lines) + "\n")


def rhw_vertex(x, y, z, rhw, diffuse=0xFFFFFFFF, specular=0, u=0.0, v=0.0):
    return [("f32", [x, y, z, rhw]), ("u32", [diffuse, specular]), ("f32", [u, v])]


def xyz_vertex(x, y, z, diffuse=0xFFFFFFFF):
    return [("f32", [x, y, z]), ("u32", [diffuse])]


def quad(corner, x0, y0, x1, y1):
    """Six vertices (two triangles) of the rectangle x0..x1, y0..y1; corner(x, y, i) makes
    the vertex at that corner (i = 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right)."""
    c = [corner(x0, y0, 0), corner(x1, y0, 1), corner(x0, y1, 2), corner(x1, y1, 3)]
    return [c[0], c[1], c[2], c[2], c[1], c[3]]

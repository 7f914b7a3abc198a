// The pass-through "vertex program" of pre-transformed vertices (POSITIONT, D3DFVF_XYZRHW)
// drawn without a vertex shader: D3D9 does no vertex processing for them, so the program
// only routes the fetched elements to the varyings the rasterizer interpolates. It is a
// program of moves so that the fetch plan, the varying mask and the pixel inputs keep one
// mechanism; the timing model's shader cluster does not run it on a core
// (ShaderCluster::bypass_vertex), and shade_vertices maps o0 = (x, y, z, rhw) to clip space
// (func/geom/pretransformed.h).
#include "common/error.h"
#include "func/shader/ff_internal.h"
#include "func/shader/fixed_function.h"

namespace gfx::func {

using namespace ff;

bool has_psize(const api::VertexDeclaration& decl) {
  return has_element(decl, api::DeclUsage::PSize, 0);
}

bool is_pretransformed(const api::VertexDeclaration& decl) {
  return has_element(decl, api::DeclUsage::PositionT, 0);
}

Program make_pretransformed_program(const api::VertexDeclaration& decl, PretransformedFog fog) {
  Program p;
  p.stage = api::ShaderStage::Vertex;
  std::string name = "ff_vs[xyzrhw";
  uint16_t in = 0, out = 1;
  const uint16_t v_pos = in++;
  p.inputs.push_back({api::DeclUsage::PositionT, 0, v_pos});
  p.code.push_back(op(Op::Mov, RegFile::Output, 0, 0xF, v(v_pos)));

  // D3D9's defaults of missing colours: opaque white diffuse, black specular.
  p.literal_constants.push_back({0, Vec4{1.0f, 1.0f, 1.0f, 1.0f}});
  p.literal_constants.push_back({1, Vec4{0.0f, 0.0f, 0.0f, 0.0f}});
  int v_col1 = -1;
  for (unsigned k = 0; k < 2; ++k) {
    const uint16_t o = out++;
    p.outputs.push_back({Varying(unsigned(Varying::Color0) + k), o});
    if (has_element(decl, api::DeclUsage::Color, k)) {
      const uint16_t r = in++;
      p.inputs.push_back({api::DeclUsage::Color, uint8_t(k), r});
      p.code.push_back(op(Op::Mov, RegFile::Output, o, 0xF, v(r)));
      if (k == 1) v_col1 = r;
      name += k ? ",specular" : ",diffuse";
    } else {
      p.code.push_back(op(Op::Mov, RegFile::Output, o, 0xF, c(k)));
    }
  }
  if (fog != PretransformedFog::None) {
    const uint16_t o = out++;
    p.outputs.push_back({Varying::Fog, o});
    if (fog == PretransformedFog::SpecularAlpha) {
      // D3D9 computes no vertex fog for pre-transformed vertices: the factor is the
      // specular colour's alpha.
      if (v_col1 < 0)
        throw Error(
            "pre-transformed vertices with vertex fog need a specular colour (COLOR1, "
            "D3DFVF_SPECULAR) for the fog factor; fog without it is not modelled");
      p.code.push_back(op(Op::Mov, RegFile::Output, o, 0xF, v(uint16_t(v_col1), kW)));
      name += ",fog=spec.a";
    } else if (fog == PretransformedFog::DepthZ) {
      p.code.push_back(op(Op::Mov, RegFile::Output, o, 0xF, v(v_pos, kZ)));  // table fog by z
      name += ",fogz";
    } else {  // table fog by eye depth w = 1 / rhw
      p.code.push_back(op(Op::Rcp, RegFile::Output, o, 0xF, v(v_pos, kW)));
      name += ",fogw";
    }
  }
  if (has_psize(decl)) {  // D3DFVF_PSIZE: the point size in pixels
    const uint16_t r = in++, o = out++;
    p.inputs.push_back({api::DeclUsage::PSize, 0, r});
    p.outputs.push_back({Varying::PointSize, o});
    p.code.push_back(op(Op::Mov, RegFile::Output, o, 0xF, v(r, kX)));
    name += ",psize";
  }
  emit_texcoord_passthrough(p, decl, in, out, name);
  finish_vertex_program(p, in, out, name);
  return p;
}

}  // namespace gfx::func

// Fixed-function program generation (see fixed_function.h).
#include "func/shader/fixed_function.h"

#include <string>

#include "common/error.h"

namespace gfx::func {
namespace {

Src reg(RegFile file, uint16_t index, uint8_t swz = kSwizzleIdentity) {
  Src s;
  s.file = file;
  s.index = index;
  s.swz = swz;
  return s;
}

Instr op(Op o, RegFile file, uint16_t index, uint8_t mask, Src a, Src b = Src{},
         bool saturate = false) {
  Instr in;
  in.op = o;
  in.dst.file = file;
  in.dst.index = index;
  in.dst.mask = mask;
  in.dst.saturate = saturate;
  in.src[0] = a;
  in.src[1] = b;
  return in;
}

Instr end() {
  Instr in;
  in.op = Op::End;
  return in;
}

bool has_element(const api::VertexDeclaration& decl, api::DeclUsage usage, unsigned index) {
  for (const api::VertexElement& e : decl.elements)
    if (e.usage == usage && e.usage_index == index && e.type != api::DeclType::Unused)
      return true;
  return false;
}

}  // namespace

Program make_ff_vertex_program(const api::VertexDeclaration& decl) {
  if (has_element(decl, api::DeclUsage::PositionT, 0)) {
    throw Error("fixed-function vertex processing: the declaration uses POSITIONT "
                "(pre-transformed vertices), which is not modelled yet");
  }
  if (!has_element(decl, api::DeclUsage::Position, 0))
    throw Error("fixed-function vertex processing: the declaration has no POSITION0 element");

  Program p;
  p.stage = api::ShaderStage::Vertex;
  std::string name = "ff_vs[pos";
  uint16_t in = 0, out = 1;  // o0 is the position

  const uint16_t v_pos = in++;
  p.inputs.push_back({api::DeclUsage::Position, 0, v_pos});
  for (int i = 0; i < 4; ++i) {
    const Src column = reg(RegFile::Const, uint16_t(kFfTransformConst + i));
    p.code.push_back(op(Op::Dp4, RegFile::Output, 0, uint8_t(1u << i),
                        reg(RegFile::Input, v_pos), column));
  }

  // Diffuse: the vertex colour, else opaque white (D3D9's default diffuse without lighting).
  const uint16_t o_diffuse = out++;
  p.outputs.push_back({Varying::Color0, o_diffuse});
  if (has_element(decl, api::DeclUsage::Color, 0)) {
    const uint16_t v_col = in++;
    p.inputs.push_back({api::DeclUsage::Color, 0, v_col});
    p.code.push_back(op(Op::Mov, RegFile::Output, o_diffuse, 0xF, reg(RegFile::Input, v_col)));
    name += ",diffuse";
  } else {
    p.literal_constants.push_back({kFfOneConst, Vec4{1.0f, 1.0f, 1.0f, 1.0f}});
    p.code.push_back(
        op(Op::Mov, RegFile::Output, o_diffuse, 0xF, reg(RegFile::Const, kFfOneConst)));
    name += ",white";
  }

  // TEXCOORDn feeds stage n (D3DTSS_TEXCOORDINDEX defaults to the stage number).
  for (unsigned t = 0; t < 8; ++t) {
    if (!has_element(decl, api::DeclUsage::TexCoord, t)) continue;
    const uint16_t v_tc = in++, o_tc = out++;
    p.inputs.push_back({api::DeclUsage::TexCoord, uint8_t(t), v_tc});
    p.outputs.push_back({Varying(unsigned(Varying::TexCoord0) + t), o_tc});
    p.code.push_back(op(Op::Mov, RegFile::Output, o_tc, 0xF, reg(RegFile::Input, v_tc)));
    name += ",tex" + std::to_string(t);
  }
  p.code.push_back(end());
  p.num_temps = 0;
  p.num_inputs = in;
  p.num_outputs = out;
  p.name = name + "]";
  return p;
}

Program make_ff_pixel_program(bool texture0_bound) {
  Program p;
  p.stage = api::ShaderStage::Pixel;
  const uint16_t v_diffuse = 0, v_tc0 = 1;
  p.pixel_inputs.push_back({Varying::Color0, v_diffuse});
  if (texture0_bound) {
    p.pixel_inputs.push_back({Varying::TexCoord0, v_tc0});
    Instr tex = op(Op::Tex, RegFile::Temp, 0, 0xF, reg(RegFile::Input, v_tc0));
    tex.sampler = 0;
    p.code.push_back(tex);
    // D3DTOP_MODULATE: arg1 (texture) * arg2 (current = diffuse), clamped as the stage is.
    p.code.push_back(op(Op::Mul, RegFile::Output, 0, 0xF, reg(RegFile::Temp, 0),
                        reg(RegFile::Input, v_diffuse), true));
    p.num_temps = 1;
    p.num_inputs = 2;
    p.name = "ff_ps[diffuse*tex0]";
  } else {
    p.code.push_back(
        op(Op::Mov, RegFile::Output, 0, 0xF, reg(RegFile::Input, v_diffuse), Src{}, true));
    p.num_inputs = 1;
    p.name = "ff_ps[diffuse]";
  }
  p.code.push_back(end());
  p.num_outputs = 1;
  return p;
}

void ff_transform_constants(const api::Matrix4& world, const api::Matrix4& view,
                            const api::Matrix4& proj, Vec4 out[4]) {
  // Row-major products in a fixed summation order: (world * view) * proj.
  auto mul = [](const api::Matrix4& a, const api::Matrix4& b) {
    api::Matrix4 r{};
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        r[i * 4 + j] = a[i * 4 + 0] * b[0 * 4 + j] + a[i * 4 + 1] * b[1 * 4 + j] +
                       a[i * 4 + 2] * b[2 * 4 + j] + a[i * 4 + 3] * b[3 * 4 + j];
    return r;
  };
  const api::Matrix4 m = mul(mul(world, view), proj);
  for (int col = 0; col < 4; ++col)
    out[col] = Vec4{m[0 * 4 + col], m[1 * 4 + col], m[2 * 4 + col], m[3 * 4 + col]};
}

}  // namespace gfx::func

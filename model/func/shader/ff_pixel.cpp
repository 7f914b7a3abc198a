// Fixed-function pixel program generation (see fixed_function.h): texture stage 0 at its
// default state, then the specular add and the fog blend of D3D9's fixed pixel back end.
// The fog blend lives here rather than in the ROP because every FF draw already runs a
// generated pixel program, so fog costs one lrp and no new ROP state:
//   colour.rgb = f * colour.rgb + (1 - f) * fog_colour (pixel constant c0), alpha unchanged,
// with f the vertex fog factor or, for table fog, computed here from the pixel's depth.
#include "func/shader/ff_internal.h"
#include "func/shader/fixed_function.h"

namespace gfx::func {

using namespace ff;

namespace ff {

void emit_table_fog_factor(Program& p, api::FogMode mode, Src d, uint16_t tmp) {
  const uint16_t k = kFfTableFogConst;
  if (mode == api::FogMode::Linear) {
    p.code.push_back(op(Op::Add, RegFile::Temp, tmp, 0x1, c(k, kX), neg(d)));  // end - d
    p.code.push_back(op(Op::Mul, RegFile::Temp, tmp, 0x1, r(tmp, kX), c(k, kY), Src{}, true));
    return;
  }
  p.code.push_back(op(Op::Mul, RegFile::Temp, tmp, 0x1, d, c(k, kZ)));  // d * density
  if (mode == api::FogMode::Exp2)
    p.code.push_back(op(Op::Mul, RegFile::Temp, tmp, 0x1, r(tmp, kX), r(tmp, kX)));
  // e^-x = 2^-(x log2 e), as the vertex fog computes it.
  p.code.push_back(op(Op::Mul, RegFile::Temp, tmp, 0x1, r(tmp, kX), c(k, kW)));
  p.code.push_back(op(Op::Exp, RegFile::Temp, tmp, 0x1, neg(r(tmp, kX)), Src{}, Src{}, true));
}

}  // namespace ff

Vec4 ff_table_fog_constants(const api::RenderStates& rs) {
  const float span = rs.fog_end - rs.fog_start;
  // FOGSTART == FOGEND: table fog is a step, unfogged before the end and full at and beyond
  // it (the rule Windows drivers follow for table fog, as wined3d notes; vertex fog instead
  // fogs everything, ff_constants.cpp). The huge scale saturates any distance short of the
  // end to 1, and end - d <= 0 gives 0.
  return Vec4{rs.fog_end, span != 0.0f ? 1.0f / span : 1e30f, rs.fog_density, 1.44269504f};
}

bool ff_fog_uses_w(const api::Matrix4& m) {
  // Row-vector matrices: the fourth column is _14, _24, _34, _44.
  return !(m[3] == 0.0f && m[7] == 0.0f && m[11] == 0.0f && m[15] == 1.0f);
}

Program make_ff_pixel_program(bool texture0_bound, bool specular, bool fog, api::FogMode table) {
  Program p;
  p.stage = api::ShaderStage::Pixel;
  uint16_t in = 0;
  const uint16_t v_diffuse = in++;
  p.pixel_inputs.push_back({Varying::Color0, v_diffuse});
  std::string name = "ff_ps[";
  // Without the back-end steps the stage result goes straight to o0 (the historical
  // programs, kept instruction for instruction so existing frames do not change).
  const bool post = specular || fog;
  const RegFile dst_file = post ? RegFile::Temp : RegFile::Output;
  const uint16_t dst = post ? 1 : 0;
  if (texture0_bound) {
    const uint16_t v_tc0 = in++;
    p.pixel_inputs.push_back({Varying::TexCoord0, v_tc0});
    Instr tex = op(Op::Tex, RegFile::Temp, 0, 0xF, v(v_tc0));
    tex.sampler = 0;
    p.code.push_back(tex);
    // D3DTOP_MODULATE: arg1 (texture) * arg2 (current = diffuse), clamped as the stage is.
    p.code.push_back(op(Op::Mul, dst_file, dst, 0xF, r(0), v(v_diffuse), Src{}, true));
    p.num_temps = 1;
    name += "diffuse*tex0";
  } else {
    p.code.push_back(op(Op::Mov, dst_file, dst, 0xF, v(v_diffuse), Src{}, Src{}, true));
    name += "diffuse";
  }
  if (post) p.num_temps = table != api::FogMode::None && fog ? 3 : 2;
  if (specular) {
    const uint16_t v_spec = in++;
    p.pixel_inputs.push_back({Varying::Color1, v_spec});
    p.code.push_back(op(Op::Add, RegFile::Temp, 1, kMaskXyz, r(1), v(v_spec), Src{}, true));
    name += "+specular";
  }
  if (fog) {
    const uint16_t v_fog = in++;
    p.pixel_inputs.push_back({Varying::Fog, v_fog});
    Src f = v(v_fog, kX);
    if (table != api::FogMode::None) {
      emit_table_fog_factor(p, table, f, 2);
      f = r(2, kX);
      name += ",table" + std::to_string(int(table));
    }
    p.code.push_back(op(Op::Lrp, RegFile::Output, 0, kMaskXyz, f, r(1), c(0)));
    p.code.push_back(op(Op::Mov, RegFile::Output, 0, 0x8, r(1)));
    name += ",fog";
  } else if (post) {
    p.code.push_back(op(Op::Mov, RegFile::Output, 0, 0xF, r(1)));
  }
  p.code.push_back(end());
  p.num_inputs = in;
  p.num_outputs = 1;
  p.name = name + "]";
  return p;
}

}  // namespace gfx::func

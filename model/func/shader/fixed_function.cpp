// Fixed-function vertex program generation (see fixed_function.h). The lighting code
// follows D3D9's "Mathematics of Lighting" in view space:
//   diffuse  = Ve + Va*(Ga + sum Atten*Spot*La) + Vd*sum Atten*Spot*Ld*max(N.L, 0)
//   specular = Vs * sum Atten*Spot*Ls*max(N.H, 0)^P   (only where N.L > 0)
// with H = normalize(L + V), V toward the eye (LOCALVIEWER) or (0, 0, -1), Atten =
// 1/(a0 + a1 d + a2 d^2) (0 beyond the range), Spot = 1 inside theta, 0 outside phi and
// ((rho - cos(phi/2)) / (cos(theta/2) - cos(phi/2)))^falloff between. Both colours are
// saturated; the diffuse alpha is Vd's.
#include "func/shader/fixed_function.h"

#include <string>

#include "common/error.h"
#include "func/shader/ff_internal.h"

namespace gfx::func {

namespace ff {

bool has_element(const api::VertexDeclaration& decl, api::DeclUsage usage, unsigned index) {
  for (const api::VertexElement& e : decl.elements)
    if (e.usage == usage && e.usage_index == index && e.type != api::DeclType::Unused) return true;
  return false;
}

void emit_texcoord_passthrough(Program& p, const api::VertexDeclaration& decl, uint16_t& in,
                               uint16_t& out, std::string& name) {
  for (unsigned t = 0; t < 8; ++t) {
    if (!has_element(decl, api::DeclUsage::TexCoord, t)) continue;
    const uint16_t r = in++, o = out++;
    p.inputs.push_back({api::DeclUsage::TexCoord, uint8_t(t), r});
    p.outputs.push_back({Varying(unsigned(Varying::TexCoord0) + t), o});
    p.code.push_back(op(Op::Mov, RegFile::Output, o, 0xF, v(r)));
    name += ",tex" + std::to_string(t);
  }
}

void finish_vertex_program(Program& p, uint16_t in, uint16_t out, const std::string& name) {
  p.code.push_back(end());
  p.num_inputs = in;
  p.num_outputs = out;
  p.name = name + "]";
}

}  // namespace ff

namespace {

using namespace ff;

// Temporaries of the lighting code.
enum : uint16_t {
  kP = 0,       // view-space position
  kN = 1,       // view-space normal
  kV = 2,       // direction to the viewer
  kDiff = 3,    // sum of diffuse light
  kSpec = 4,    // sum of specular light
  kAmb = 5,     // global + sum of ambient light
  kL = 6,       // direction to the light (xyz), d^2 (w)
  kT = 7,       // scratch: 1/d (w)
  kAtt = 8,     // (1, d, d^2, atten*spot)
  kSpot = 9,    // (range test, rho, spot factor, cone test)
  kNdotL = 10,  // (N.L, clamped * atten)
  kH = 11,      // half vector (xyz), specular term (w)
  kMask = 12,   // N.L > 0
  kOut = 13,    // colour assembly
  kFog = 14,
  kNumTemps = 15,
};

struct Builder {
  Program& p;
  void emit(Instr in) { p.code.push_back(in); }
  void mov(uint16_t dst, uint8_t mask, Src a) { emit(op(Op::Mov, RegFile::Temp, dst, mask, a)); }
  void alu(Op o, uint16_t dst, uint8_t mask, Src a, Src b = Src{}, Src c2 = Src{},
           bool sat = false) {
    emit(op(o, RegFile::Temp, dst, mask, a, b, c2, sat));
  }
};

// Adds one light's contribution to kDiff, kSpec and kAmb.
void emit_light(Builder& b, const FfVertexKey& key, int index) {
  const uint16_t base = uint16_t(kFfLightConst + kFfLightStride * index);
  const uint16_t c_diffuse = base, c_specular = base + 1, c_ambient = base + 2;
  const uint16_t c_pos = base + 3, c_dir = base + 4, c_att = base + 5, c_spot = base + 6;
  const Src zero = c(kFfLiteralConst, kX), tiny = c(kFfLiteralConst, kY);
  const api::LightType type = key.light_types[index];
  if (type == api::LightType::Directional) {
    b.mov(kL, kMaskXyz, c(c_dir));  // already the unit vector toward the light
    b.mov(kAtt, 0x8, c(kFfOneConst, kX));
  } else {
    b.alu(Op::Add, kL, kMaskXyz, c(c_pos), neg(r(kP)));
    b.alu(Op::Dp3, kL, 0x8, r(kL), r(kL));           // d^2
    b.alu(Op::Rsq, kT, 0x8, r(kL, kW));              // 1/d
    b.alu(Op::Mul, kL, kMaskXyz, r(kL), r(kT, kW));  // L
    b.mov(kAtt, 0x1, c(kFfOneConst, kX));
    b.alu(Op::Mul, kAtt, 0x2, r(kL, kW), r(kT, kW));  // d
    b.mov(kAtt, 0x4, r(kL, kW));                      // d^2
    b.alu(Op::Dp3, kAtt, 0x8, r(kAtt), c(c_att));     // a0 + a1 d + a2 d^2
    b.alu(Op::Rcp, kAtt, 0x8, r(kAtt, kW));
    b.alu(Op::Sge, kSpot, 0x1, c(c_pos, kW), r(kAtt, kY));  // d <= range
    b.alu(Op::Mul, kAtt, 0x8, r(kAtt, kW), r(kSpot, kX));
    if (type == api::LightType::Spot) {
      b.alu(Op::Dp3, kSpot, 0x2, neg(r(kL)), c(c_dir));  // rho
      b.alu(Op::Add, kSpot, 0x4, r(kSpot, kY), neg(c(c_spot, kY)));
      b.alu(Op::Mul, kSpot, 0x4, r(kSpot, kZ), c(c_spot, kZ), Src{}, true);
      b.alu(Op::Max, kSpot, 0x4, r(kSpot, kZ), tiny);  // pow(0, y) is not defined
      b.alu(Op::Pow, kSpot, 0x4, r(kSpot, kZ), c(c_att, kW));
      b.alu(Op::Slt, kSpot, 0x8, c(c_spot, kY), r(kSpot, kY));  // rho > cos(phi/2)
      b.alu(Op::Mul, kSpot, 0x4, r(kSpot, kZ), r(kSpot, kW));
      b.alu(Op::Mul, kAtt, 0x8, r(kAtt, kW), r(kSpot, kZ));
    }
  }
  b.alu(Op::Mad, kAmb, kMaskXyz, c(c_ambient), r(kAtt, kW), r(kAmb));
  b.alu(Op::Dp3, kNdotL, 0x1, r(kN), r(kL));
  b.alu(Op::Max, kNdotL, 0x2, r(kNdotL, kX), zero);
  b.alu(Op::Mul, kNdotL, 0x2, r(kNdotL, kY), r(kAtt, kW));
  b.alu(Op::Mad, kDiff, kMaskXyz, c(c_diffuse), r(kNdotL, kY), r(kDiff));
  if (!key.specular) return;
  b.alu(Op::Add, kH, kMaskXyz, r(kL), r(kV));
  b.alu(Op::Nrm, kH, kMaskXyz, r(kH));
  b.alu(Op::Dp3, kH, 0x8, r(kN), r(kH));
  b.alu(Op::Max, kH, 0x8, r(kH, kW), tiny);
  b.alu(Op::Pow, kH, 0x8, r(kH, kW), c(kFfParamsConst, kX));
  b.alu(Op::Slt, kMask, 0x1, zero, r(kNdotL, kX));
  b.alu(Op::Mul, kH, 0x8, r(kH, kW), r(kMask, kX));
  b.alu(Op::Mul, kH, 0x8, r(kH, kW), r(kAtt, kW));
  b.alu(Op::Mad, kSpec, kMaskXyz, c(c_specular), r(kH, kW), r(kSpec));
}

// The material colour a source selects: the vertex colour when COLORVERTEX is on and the
// vertex has it, else the material's.
Src material_src(const FfVertexKey& key, api::MaterialSource source, int v_col0, int v_col1,
                 uint16_t material_reg) {
  if (key.color_vertex && source == api::MaterialSource::Color1 && v_col0 >= 0) return v(v_col0);
  if (key.color_vertex && source == api::MaterialSource::Color2 && v_col1 >= 0) return v(v_col1);
  return c(material_reg);
}

// The point size output (FfVertexKey::point_size); mode 2 reads kP, the view-space
// position, and uses kT and kAtt.
void emit_point_size(Program& p, const api::VertexDeclaration& decl, const FfVertexKey& key,
                     uint16_t& in, uint16_t& out, std::string& name) {
  Builder b{p};
  const uint16_t o = out++;
  p.outputs.push_back({Varying::PointSize, o});
  Src si = c(kFfPointConst, kX);
  if (has_element(decl, api::DeclUsage::PSize, 0)) {
    const uint16_t r = in++;
    p.inputs.push_back({api::DeclUsage::PSize, 0, r});
    si = v(r, kX);
  }
  if (key.point_size == 1) {
    b.emit(op(Op::Mov, RegFile::Output, o, 0xF, si));
    name += ",psize";
    return;
  }
  p.literal_constants.push_back({kFfOneConst, Vec4{1.0f, 1.0f, 1.0f, 1.0f}});
  b.alu(Op::Dp3, kT, 0x1, r(kP), r(kP));  // De^2
  b.alu(Op::Rsq, kT, 0x2, r(kT, kX));
  b.alu(Op::Rcp, kT, 0x2, r(kT, kY));  // De (0 at the eye: rcp of +inf)
  b.mov(kAtt, 0x1, c(kFfOneConst, kX));
  b.mov(kAtt, 0x2, r(kT, kY));
  b.mov(kAtt, 0x4, r(kT, kX));
  b.alu(Op::Dp3, kAtt, 0x8, r(kAtt), c(kFfPointConst, swizzle(1, 2, 3, 3)));  // A + B De + C De^2
  b.alu(Op::Rsq, kAtt, 0x8, r(kAtt, kW));
  b.alu(Op::Mul, kAtt, 0x8, r(kAtt, kW), si);
  b.emit(op(Op::Mul, RegFile::Output, o, 0xF, r(kAtt, kW), c(uint16_t(kFfPointConst + 1), kX)));
  name += ",pointscale";
}

}  // namespace

std::string FfVertexKey::key_string() const {
  std::string s = lighting ? "L" : "-";
  if (lighting) {
    for (int i = 0; i < num_lights; ++i) s += char('0' + int(light_types[i]));
    s += color_vertex ? "c" : "m";
    s += char('0' + int(diffuse_source));
    s += char('0' + int(ambient_source));
    s += char('0' + int(specular_source));
    s += char('0' + int(emissive_source));
    s += local_viewer ? "v" : "i";
    s += normalize_normals ? "n" : "u";
  }
  s += specular ? "S" : "-";
  s += char('0' + int(fog));
  if (range_fog) s += "R";
  if (fog_specular) s += "A";
  if (fog_distance) s += fog_w ? "W" : "Z";
  if (point_size) s += point_size == 1 ? "|Pe" : "|Ps";
  if (num_tex_stages > 0) {  // texgen reads LOCALVIEWER and NORMALIZENORMALS too
    s += local_viewer ? "|Tv" : "|Ti";
    s += normalize_normals ? "n" : "u";
    for (int i = 0; i < num_tex_stages; ++i)
      s += ";" + std::to_string(tex_index[i]) + "." + std::to_string(tex_flags[i]);
  }
  return s;
}

FfVertexKey make_ff_vertex_key(const api::RenderStates& rs, const api::Light* lights,
                               const bool* enabled, const api::TextureStageState* stages) {
  FfVertexKey k;
  if (stages && ff_texcoords_per_stage(stages)) {
    for (unsigned s = 0; s < api::kMaxTextureStages && stages[s].color_op != 1; ++s) {
      k.tex_index[s] = stages[s].texcoord_index;
      // D3DTTFF_COUNT1 on gfxsim's 2D textures acts as D3DTTFF_DISABLE, as on Nvidia's
      // drivers: Wine's visual.c texture_transform_flags_test documents that Nvidia treats
      // COUNT1 as DISABLE while ATI treats it as COUNT2 (a 2D texture needs two coordinates).
      const uint32_t flags = stages[s].texture_transform_flags;
      k.tex_flags[s] = flags == 1 ? 0 : flags;
      k.num_tex_stages = uint8_t(s + 1);
    }
  }
  k.lighting = rs.lighting;
  if (k.lighting) {
    for (unsigned i = 0; i < api::kMaxActiveLights; ++i)
      if (enabled[i]) k.light_types[k.num_lights++] = lights[i].type;
  }
  k.specular = rs.specular_enable;
  k.local_viewer = rs.local_viewer;
  k.normalize_normals = rs.normalize_normals;
  k.color_vertex = rs.color_vertex;
  k.diffuse_source = rs.diffuse_source;
  k.ambient_source = rs.ambient_source;
  k.specular_source = rs.specular_source;
  k.emissive_source = rs.emissive_source;
  k.fog_distance = rs.fog_enable && rs.fog_table_mode != api::FogMode::None;
  k.fog = rs.fog_enable && !k.fog_distance ? rs.fog_vertex_mode : api::FogMode::None;
  k.range_fog = rs.range_fog_enable && k.fog != api::FogMode::None;
  k.fog_specular = rs.fog_enable && !k.fog_distance && rs.fog_vertex_mode == api::FogMode::None;
  return k;
}

Program make_ff_vertex_program(const api::VertexDeclaration& decl, const FfVertexKey& key) {
  if (has_element(decl, api::DeclUsage::PositionT, 0)) {
    throw Error(
        "fixed-function vertex processing: the declaration uses POSITIONT "
        "(pre-transformed vertices), which is not modelled yet");
  }
  if (!has_element(decl, api::DeclUsage::Position, 0))
    throw Error("fixed-function vertex processing: the declaration has no POSITION0 element");
  // Lighting without a NORMAL0 element lights with a zero normal, as D3D9 does: only the
  // ambient and emissive terms remain.
  const bool has_normal = has_element(decl, api::DeclUsage::Normal, 0);
  // What the stages' texgen modes read: the view-space position and/or normal.
  bool texgen_pos = false, texgen_normal = false;
  for (int s = 0; s < key.num_tex_stages; ++s) {
    const TexGen g = TexGen(key.tex_index[s] >> 16);
    texgen_pos |= g == TexGen::CameraSpacePosition || g == TexGen::CameraSpaceReflection ||
                  g == TexGen::SphereMap;
    texgen_normal |= g == TexGen::CameraSpaceNormal || g == TexGen::CameraSpaceReflection ||
                     g == TexGen::SphereMap;
    if (texgen_normal && !has_normal)
      throw Error("fixed-function texture stage " + std::to_string(s) + ": D3DTSS_TCI mode " +
                  std::to_string(key.tex_index[s] >> 16) +
                  " needs a NORMAL0 element in the declaration");
  }

  Program p;
  p.stage = api::ShaderStage::Vertex;
  Builder b{p};
  std::string name = "ff_vs[pos";
  uint16_t in = 0, out = 1;  // o0 is the position

  const uint16_t v_pos = in++;
  p.inputs.push_back({api::DeclUsage::Position, 0, v_pos});
  for (int i = 0; i < 4; ++i)
    b.emit(op(Op::Dp4, RegFile::Output, 0, uint8_t(1u << i), v(v_pos),
              c(uint16_t(kFfTransformConst + i))));

  int v_col0 = -1, v_col1 = -1, v_normal = -1;
  if (has_element(decl, api::DeclUsage::Color, 0)) {
    v_col0 = in++;
    p.inputs.push_back({api::DeclUsage::Color, 0, uint16_t(v_col0)});
  }
  // Fog with both fog modes NONE takes the alpha of the vertex's COLOR1 as it comes in,
  // lit or not (lighting rewrites the specular colour, not the fog factor it carries).
  if (key.fog_specular && !has_element(decl, api::DeclUsage::Color, 1))
    throw Error(
        "fixed-function vertex processing: fog with FOGVERTEXMODE and FOGTABLEMODE both NONE "
        "takes the specular alpha, which is modelled only for vertices with a COLOR1 element");
  if ((key.specular || key.lighting || key.fog_specular) &&
      has_element(decl, api::DeclUsage::Color, 1)) {
    v_col1 = in++;
    p.inputs.push_back({api::DeclUsage::Color, 1, uint16_t(v_col1)});
  }
  if ((key.lighting && has_normal) || texgen_normal) {
    v_normal = in++;
    p.inputs.push_back({api::DeclUsage::Normal, 0, uint16_t(v_normal)});
  }
  const bool needs_literals = key.lighting || key.fog != api::FogMode::None || texgen_pos ||
                              texgen_normal || key.point_size == 2;
  if (needs_literals) {
    p.literal_constants.push_back({kFfLiteralConst, Vec4{0.0f, 1e-30f, 1.44269504f, 0.0f}});
    p.num_temps = kNumTemps;
    for (int i = 0; i < 3; ++i)  // view-space position
      b.alu(Op::Dp4, kP, uint8_t(1u << i), v(v_pos), c(uint16_t(kFfWorldViewConst + i)));
  }
  if ((!key.lighting && v_col0 < 0) || key.lighting)
    p.literal_constants.push_back({kFfOneConst, Vec4{1.0f, 1.0f, 1.0f, 1.0f}});

  const uint16_t o_diffuse = out++;
  p.outputs.push_back({Varying::Color0, o_diffuse});
  if (!key.lighting) {
    // The vertex colour, else opaque white (D3D9's default diffuse without lighting).
    p.code.push_back(
        op(Op::Mov, RegFile::Output, o_diffuse, 0xF, v_col0 >= 0 ? v(v_col0) : c(kFfOneConst)));
    name += v_col0 >= 0 ? ",diffuse" : ",white";
    if (key.specular) {
      const uint16_t o_spec = out++;
      p.outputs.push_back({Varying::Color1, o_spec});
      // COLOR1, else black (D3D9's default specular).
      b.emit(op(Op::Mov, RegFile::Output, o_spec, 0xF,
                v_col1 >= 0 ? v(v_col1) : c(kFfLiteralConst, kX)));
      if (!needs_literals)
        p.literal_constants.push_back({kFfLiteralConst, Vec4{0.0f, 1e-30f, 1.44269504f, 0.0f}});
      name += v_col1 >= 0 ? ",specular" : ",black";
    }
  } else {
    if (v_normal < 0) {
      b.mov(kN, kMaskXyz, c(kFfLiteralConst, kX));  // no NORMAL0: zero, not normalized
    } else {
      for (int i = 0; i < 3; ++i)
        b.alu(Op::Dp3, kN, uint8_t(1u << i), v(uint16_t(v_normal)),
              c(uint16_t(kFfNormalConst + i)));
      if (key.normalize_normals) b.alu(Op::Nrm, kN, kMaskXyz, r(kN));
    }
    if (key.specular) {
      if (key.local_viewer) {
        b.alu(Op::Nrm, kV, kMaskXyz, neg(r(kP)));
      } else {  // an infinitely distant viewer on the -z side of the view-space origin
        b.mov(kV, kMaskXyz, c(kFfLiteralConst, kX));
        b.mov(kV, 0x4, neg(c(kFfOneConst, kX)));
      }
      b.mov(kSpec, kMaskXyz, c(kFfLiteralConst, kX));
    }
    b.mov(kDiff, kMaskXyz, c(kFfLiteralConst, kX));
    b.mov(kAmb, kMaskXyz, c(kFfGlobalAmbientConst));
    for (int i = 0; i < key.num_lights; ++i) emit_light(b, key, i);

    const Src vd = material_src(key, key.diffuse_source, v_col0, v_col1, kFfMaterialConst);
    const Src va = material_src(key, key.ambient_source, v_col0, v_col1, kFfMaterialConst + 1);
    const Src vs = material_src(key, key.specular_source, v_col0, v_col1, kFfMaterialConst + 2);
    const Src ve = material_src(key, key.emissive_source, v_col0, v_col1, kFfMaterialConst + 3);
    b.alu(Op::Mul, kOut, kMaskXyz, r(kAmb), va);
    b.alu(Op::Mad, kOut, kMaskXyz, r(kDiff), vd, r(kOut));
    b.emit(op(Op::Add, RegFile::Output, o_diffuse, kMaskXyz, r(kOut), ve, Src{}, true));
    b.emit(op(Op::Mov, RegFile::Output, o_diffuse, 0x8, vd, Src{}, Src{}, true));
    name += ",lit" + std::to_string(key.num_lights);
    if (key.specular) {
      const uint16_t o_spec = out++;
      p.outputs.push_back({Varying::Color1, o_spec});
      b.emit(op(Op::Mul, RegFile::Output, o_spec, kMaskXyz, r(kSpec), vs, Src{}, true));
      b.emit(op(Op::Mov, RegFile::Output, o_spec, 0x8, vs, Src{}, Src{}, true));
      name += ",specular";
    }
  }

  if (!key.lighting && texgen_normal) {  // the normal as the lighting code makes it
    for (int i = 0; i < 3; ++i)
      b.alu(Op::Dp3, kN, uint8_t(1u << i), v(uint16_t(v_normal)), c(uint16_t(kFfNormalConst + i)));
    if (key.normalize_normals) b.alu(Op::Nrm, kN, kMaskXyz, r(kN));
  }

  if (key.fog != api::FogMode::None) {
    const uint16_t o_fog = out++;
    p.outputs.push_back({Varying::Fog, o_fog});
    Src d = r(kP, kZ);    // D3D9 vertex fog uses the view-space depth
    if (key.range_fog) {  // ... or with RANGEFOGENABLE the distance to the eye
      b.alu(Op::Dp3, kFog, 0x2, r(kP), r(kP));
      b.alu(Op::Rsq, kFog, 0x2, r(kFog, kY));
      b.alu(Op::Rcp, kFog, 0x2, r(kFog, kY));  // |P| (0 at the eye: rcp of +inf)
      d = r(kFog, kY);
      name += ",range";
    }
    if (key.fog == api::FogMode::Linear) {
      b.alu(Op::Add, kFog, 0x1, c(kFfParamsConst, kY), neg(d));  // end - d
      b.emit(op(Op::Mul, RegFile::Output, o_fog, 0xF, r(kFog, kX), c(kFfParamsConst, kZ), Src{},
                true));
    } else {
      b.alu(Op::Mul, kFog, 0x1, d, c(kFfParamsConst, kW));  // d * density
      if (key.fog == api::FogMode::Exp2) b.alu(Op::Mul, kFog, 0x1, r(kFog, kX), r(kFog, kX));
      b.alu(Op::Mul, kFog, 0x1, r(kFog, kX), c(kFfLiteralConst, kZ));  // e^-x = 2^-(x log2 e)
      b.emit(op(Op::Exp, RegFile::Output, o_fog, 0xF, neg(r(kFog, kX)), Src{}, Src{}, true));
    }
    name += ",fog" + std::to_string(int(key.fog));
  }

  if (key.fog_specular) {
    const uint16_t o_fog = out++;
    p.outputs.push_back({Varying::Fog, o_fog});
    b.emit(op(Op::Mov, RegFile::Output, o_fog, 0xF, v(uint16_t(v_col1), kW)));
    name += ",fog=spec.a";
  }

  if (key.fog_distance) {
    // Table fog: the pixel program needs the depth; clip w (or z) interpolates exactly
    // with perspective correction because it is linear in eye space.
    const uint16_t o_fog = out++;
    p.outputs.push_back({Varying::Fog, o_fog});
    p.code.push_back(op(Op::Dp4, RegFile::Output, o_fog, 0xF, v(v_pos),
                        c(uint16_t(kFfTransformConst + (key.fog_w ? 3 : 2)))));
    name += key.fog_w ? ",fogw" : ",fogz";
  }

  if (key.point_size != 0) emit_point_size(p, decl, key, in, out, name);

  // TEXCOORDn feeds stage n (D3DTSS_TEXCOORDINDEX defaults to the stage number), unless
  // a stage generates or transforms its coordinates.
  if (key.num_tex_stages > 0)
    emit_texcoord_outputs(p, decl, key, in, out, name);
  else
    emit_texcoord_passthrough(p, decl, in, out, name);
  finish_vertex_program(p, in, out, name);
  return p;
}

}  // namespace gfx::func

// Fixed-function texture coordinate generation and texture transforms (see
// fixed_function.h), as the D3D9 fixed vertex pipeline defines them per stage s:
//   1. the input vector, by the D3DTSS_TCI_* mode of D3DTSS_TEXCOORDINDEX:
//        PASSTHRU       TEXCOORD[index] extended to four components the D3D9 way: after
//                       the last given component comes 1, then zeros - (u, 1, 0, 0),
//                       (u, v, 1, 0), (u, v, w, 1) - so a 2D coordinate's translation sits
//                       in the matrix's third row; a missing set reads (0, 0, 0, 0)
//        CAMERASPACENORMAL     (N, 1), N the view-space normal of the lighting code
//        CAMERASPACEPOSITION   (P, 1), P the view-space position
//        CAMERASPACEREFLECTIONVECTOR  (R, 1), R = 2 (N.E) N - E with E the unit vector
//                       from the vertex to the eye (LOCALVIEWER) or (0, 0, -1): D3D9's view
//                       space looks down +z, so an infinitely far eye lies toward -z
//        SPHEREMAP      (R.x / m + 1/2, R.y / m + 1/2, 1, 0), m = 2 sqrt(Rx^2 + Ry^2 +
//                       (Rz - 1)^2): in D3D9's left-handed view space a surface
//                       facing the eye reflects to (0, 0, -1), the centre of the map (the
//                       right-handed OpenGL form has R.z + 1)
//   2. D3DTSS_TEXTURETRANSFORMFLAGS: DISABLE passes the vector on (a passthrough set as it
//      was fetched); COUNTn multiplies by D3DTS_TEXTUREs (row vector * M) and keeps n
//      components, the rest read 0 (w 1); PROJECTED also copies component n - 1 into w, and
//      the FF pixel stage samples with a projective texld (divide by w per pixel, after
//      perspective-correct interpolation, as D3D9's rasterizer divides).
// Left out: D3DTTFF_PROJECTED on 3D and cube textures divides z as well (z/w), which D3D9
// leaves undivided; vertex blending of normals and positions.
#include <string>

#include "common/error.h"
#include "func/shader/ff_internal.h"

namespace gfx::func {
namespace {

using namespace ff;

enum : uint16_t { kViewPos = 0, kViewNormal = 1, kE = 15, kR = 16, kVec = 17 };

// Literal kFfTexLiteralConst = (0, 1, 0.5, -1).
Src lit(uint8_t swz) { return c(kFfTexLiteralConst, swz); }

unsigned components(api::DeclType t) {
  switch (t) {
    case api::DeclType::Float1: return 1;
    // clang-format off
    case api::DeclType::Float2: case api::DeclType::Short2: case api::DeclType::Short2N:
    case api::DeclType::UShort2N: case api::DeclType::Float16_2: return 2;
    case api::DeclType::Float3: case api::DeclType::UDec3: case api::DeclType::Dec3N: return 3;
    // clang-format on
    default: return 4;
  }
}

const api::VertexElement* find_texcoord(const api::VertexDeclaration& decl, unsigned index) {
  for (const api::VertexElement& e : decl.elements)
    if (e.usage == api::DeclUsage::TexCoord && e.usage_index == index &&
        e.type != api::DeclType::Unused)
      return &e;
  return nullptr;
}

void emit(Program& p, Op o, RegFile f, uint16_t dst, uint8_t mask, Src a, Src b = Src{},
          Src c2 = Src{}) {
  p.code.push_back(op(o, f, dst, mask, a, b, c2));
}
void tmp(Program& p, Op o, uint16_t dst, uint8_t mask, Src a, Src b = Src{}, Src c2 = Src{}) {
  emit(p, o, RegFile::Temp, dst, mask, a, b, c2);
}

// kR.xyz = 2 (N.E) N - E.
void emit_reflection(Program& p, bool local_viewer) {
  if (local_viewer) {
    tmp(p, Op::Nrm, kE, kMaskXyz, neg(r(kViewPos)));
  } else {
    tmp(p, Op::Mov, kE, kMaskXyz, lit(kX));
    tmp(p, Op::Mov, kE, 0x4, lit(kW));
  }
  tmp(p, Op::Dp3, kR, 0x8, r(kViewNormal), r(kE));
  tmp(p, Op::Add, kR, 0x8, r(kR, kW), r(kR, kW));
  tmp(p, Op::Mad, kR, kMaskXyz, r(kViewNormal), r(kR, kW), neg(r(kE)));
}

}  // namespace

bool ff_texcoords_per_stage(const api::TextureStageState* stages) {
  for (unsigned s = 0; s < api::kMaxTextureStages; ++s) {
    if (stages[s].color_op == 1) break;  // D3DTOP_DISABLE ends the cascade
    if ((stages[s].texcoord_index >> 16) != 0 || stages[s].texture_transform_flags != 0)
      return true;
  }
  return false;
}

namespace ff {

void emit_texcoord_outputs(Program& p, const api::VertexDeclaration& decl, const FfVertexKey& key,
                           uint16_t& in, uint16_t& out, std::string& name) {
  p.literal_constants.push_back({kFfTexLiteralConst, Vec4{0.0f, 1.0f, 0.5f, -1.0f}});
  if (p.num_temps < kFfTexgenTemps) p.num_temps = kFfTexgenTemps;
  int input_of_set[api::kMaxTextureStages];
  for (int& i : input_of_set) i = -1;

  for (unsigned s = 0; s < key.num_tex_stages; ++s) {
    const uint32_t index = key.tex_index[s] & 0xFFFFu, flags = key.tex_flags[s];
    const TexGen mode = TexGen(key.tex_index[s] >> 16);
    const uint32_t count = flags & ~kTtffProjected;
    const uint16_t o_tc = out++;
    p.outputs.push_back({Varying(unsigned(Varying::TexCoord0) + s), o_tc});
    name += ",st" + std::to_string(s) + ":" + std::to_string(unsigned(mode)) + "/" +
            std::to_string(index) + "x" + std::to_string(flags);

    // 1. The input vector into kVec (or straight to the output when nothing follows).
    Src vec = r(kVec);
    switch (mode) {
      case TexGen::PassThru: {
        const api::VertexElement* e = index < 8 ? find_texcoord(decl, index) : nullptr;
        if (!e) {
          vec = lit(kX);  // D3D9 feeds a missing set as zeros
          break;
        }
        int& reg = input_of_set[index];
        if (reg < 0) {
          reg = in++;
          p.inputs.push_back({api::DeclUsage::TexCoord, uint8_t(index), uint16_t(reg)});
        }
        if (count == 0) {  // as fetched, the passthrough of existing frames
          vec = v(uint16_t(reg));
          break;
        }
        const unsigned n = components(e->type);
        if (n == 4) {
          vec = v(uint16_t(reg));
          break;
        }
        tmp(p, Op::Mov, kVec, uint8_t((1u << n) - 1), v(uint16_t(reg)));
        // The component after the last is 1, the rest 0: swizzles of (0, 1, ...).
        const uint8_t tail = n == 1   ? swizzle(0, 1, 0, 0)
                             : n == 2 ? swizzle(0, 0, 1, 0)
                                      : swizzle(0, 0, 0, 1);
        tmp(p, Op::Mov, kVec, uint8_t(0xF & ~((1u << n) - 1)), lit(tail));
        break;
      }
      case TexGen::CameraSpaceNormal:
        tmp(p, Op::Mov, kVec, kMaskXyz, r(kViewNormal));
        tmp(p, Op::Mov, kVec, 0x8, lit(kY));
        break;
      case TexGen::CameraSpacePosition:
        tmp(p, Op::Mov, kVec, kMaskXyz, r(kViewPos));
        tmp(p, Op::Mov, kVec, 0x8, lit(kY));
        break;
      case TexGen::CameraSpaceReflection:
        emit_reflection(p, key.local_viewer);
        tmp(p, Op::Mov, kVec, kMaskXyz, r(kR));
        tmp(p, Op::Mov, kVec, 0x8, lit(kY));
        break;
      case TexGen::SphereMap:
        emit_reflection(p, key.local_viewer);
        tmp(p, Op::Mov, kE, 0x3, r(kR));
        tmp(p, Op::Add, kE, 0x4, r(kR, kZ), lit(kW));  // R.z - 1
        tmp(p, Op::Dp3, kE, 0x8, r(kE), r(kE));
        tmp(p, Op::Rsq, kE, 0x8, r(kE, kW));
        tmp(p, Op::Mul, kE, 0x8, r(kE, kW), lit(kZ));  // 1 / m
        tmp(p, Op::Mad, kVec, 0x3, r(kR), r(kE, kW), lit(kZ));
        tmp(p, Op::Mov, kVec, 0xC, lit(swizzle(0, 0, 1, 0)));  // (.., 1, 0)
        break;
      default:
        throw Error("fixed-function texture stage " + std::to_string(s) +
                    ": D3DTSS_TEXCOORDINDEX mode " + std::to_string(unsigned(mode)) +
                    " is not a D3DTSS_TCI_* value");
    }

    // 2. The texture transform.
    if (count == 0) {
      emit(p, Op::Mov, RegFile::Output, o_tc, 0xF, vec);
      continue;
    }
    const uint16_t m = uint16_t(kFfTexMatrixConst + 4 * s);
    for (unsigned i = 0; i < 4; ++i) {
      const uint8_t mask = uint8_t(1u << i);
      if (i < count)
        emit(p, Op::Dp4, RegFile::Output, o_tc, mask, vec, c(uint16_t(m + i)));
      else if (i == 3 && (flags & kTtffProjected))  // the divisor, for the projective texld
        emit(p, Op::Dp4, RegFile::Output, o_tc, mask, vec, c(uint16_t(m + count - 1)));
      else
        emit(p, Op::Mov, RegFile::Output, o_tc, mask, lit(i == 3 ? kY : kX));
    }
  }
}

}  // namespace ff
}  // namespace gfx::func

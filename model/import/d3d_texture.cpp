#include "import/d3d_texture.h"

#include <string>

#include "import/d3d_state.h"

namespace gfx::import {

namespace {

// GL enums of this file.
constexpr uint32_t kNearest = 0x2600, kLinear = 0x2601, kNearestMipNearest = 0x2700,
                   kLinearMipNearest = 0x2701, kNearestMipLinear = 0x2702,
                   kLinearMipLinear = 0x2703;
constexpr uint32_t kClamp = 0x2900, kRepeat = 0x2901, kClampToEdge = 0x812F,
                   kMirroredRepeat = 0x8370;
constexpr uint32_t kModulate = 0x2100, kDecal = 0x2101, kReplace = 0x1E01, kBlend = 0x0BE2,
                   kAdd = 0x0104;
constexpr uint32_t kEyeLinear = 0x2400, kObjectLinear = 0x2401, kSphereMap = 0x2402;
// D3D9 texture operations and arguments.
enum : uint32_t {
  kSelect1 = 2,
  kSelect2 = 3,
  kOpModulate = 4,
  kOpAdd = 7,
  kBlendTextureAlpha = 13,
  kLerp = 26
};
enum : uint32_t { kCurrent = 1, kTexture = 2, kConstant = 6 };
constexpr uint32_t kTciCameraSpacePosition = 0x20000, kTciSphereMap = 0x40000;

api::Filter filter(uint32_t f) {
  return f == kNearest || f == kNearestMipNearest || f == kNearestMipLinear ? api::Filter::Point
                                                                            : api::Filter::Linear;
}

api::Address address(uint32_t wrap, bool linear) {
  switch (wrap) {
    case kRepeat: return api::Address::Wrap;
    case kClampToEdge: return api::Address::Clamp;
    case kMirroredRepeat: return api::Address::Mirror;
    // GL_CLAMP clamps s to [0, 1] and filters with the border (black) beyond the edge
    // texels: nearest sampling never reaches it (D3D9 CLAMP), linear blends half of it at
    // s = 0 and 1 as D3D9 BORDER does (they differ only outside [0, 1]).
    case kClamp: return linear ? api::Address::Border : api::Address::Clamp;
  }
  throw UnsupportedError("wrap mode " + std::to_string(wrap) + " is not supported");
}

api::SamplerState sampler(const GlTexture& t) {
  api::SamplerState s;
  if (t.min_filter != kNearest && t.min_filter != kLinear && !t.mipmapped())
    throw UnsupportedError("minification filter " + std::to_string(t.min_filter));
  if (t.mag_filter != kNearest && t.mag_filter != kLinear)
    throw UnsupportedError("magnification filter " + std::to_string(t.mag_filter));
  s.min_filter = filter(t.min_filter);
  s.mag_filter = filter(t.mag_filter);
  s.mip_filter = !t.mipmapped() ? api::Filter::None
                 : t.min_filter == kNearestMipNearest || t.min_filter == kLinearMipNearest
                     ? api::Filter::Point
                     : api::Filter::Linear;
  bool linear = s.min_filter == api::Filter::Linear || s.mag_filter == api::Filter::Linear;
  s.address_u = address(t.wrap_s, linear);
  s.address_v = address(t.wrap_t, linear);
  s.border_color = 0;  // GL's default border colour (0, 0, 0, 0)
  return s;
}

// GL 2.1 table 3.22 (texture functions) per base format, as D3D9 colour and alpha
// operations on CURRENT (GL's Cf) and TEXTURE (Ct); BLEND's Cc is the stage constant.
void environment(const GlTexUnit& u, GlBase base, api::TextureStageState& t) {
  const bool color = base != GlBase::Alpha;
  const bool alpha =
      base == GlBase::Alpha || base == GlBase::LuminanceAlpha || base == GlBase::Rgba;
  auto set = [&t](uint32_t op, uint32_t a1, uint32_t a2, uint32_t aop, uint32_t aa1, uint32_t aa2) {
    t.color_op = op, t.color_arg1 = a1, t.color_arg2 = a2;
    t.alpha_op = aop, t.alpha_arg1 = aa1, t.alpha_arg2 = aa2;
  };
  const uint32_t keep = kSelect2;  // CURRENT passes through (arg2)
  switch (u.env_mode) {
    case kModulate:
      set(color ? kOpModulate : keep, kTexture, kCurrent, alpha ? kOpModulate : keep, kTexture,
          kCurrent);
      return;
    case kReplace:
      set(color ? kSelect1 : keep, kTexture, kCurrent, alpha ? kSelect1 : keep, kTexture, kCurrent);
      return;
    case kDecal:
      if (base != GlBase::Rgb && base != GlBase::Rgba)
        throw UnsupportedError("GL_DECAL of a luminance or alpha texture (undefined in GL)");
      // RGB: Ct; RGBA: Cf (1 - At) + Ct At, D3D9's BLENDTEXTUREALPHA. Alpha stays Af.
      set(base == GlBase::Rgb ? kSelect1 : kBlendTextureAlpha, kTexture, kCurrent, keep, kTexture,
          kCurrent);
      return;
    case kBlend:
      // Cf (1 - Ct) + Cc Ct is D3D9's LERP with arg0 = TEXTURE, arg1 = CONSTANT (Cc),
      // arg2 = CURRENT. Alpha: Af At where the texture has alpha.
      set(color ? kLerp : keep, kConstant, kCurrent, alpha ? kOpModulate : keep, kTexture,
          kCurrent);
      t.color_arg0 = kTexture;
      t.constant = d3d_color(u.env_color);
      return;
    case kAdd:
      set(color ? kOpAdd : keep, kTexture, kCurrent, alpha ? kOpModulate : keep, kTexture,
          kCurrent);
      return;
  }
  throw UnsupportedError("texture environment mode " + std::to_string(u.env_mode) +
                         " is not supported");
}

GlMatrix inverse_modelview(const GlState& s) { return gl_inverse(s.modelview.back()); }

// Row c of GL's generation matrix (eye coordinates in, coordinate c out).
Vec4 plane_row(const GlState& s, const GlTexUnit& u, int c) {
  if (u.gen_mode[c] == kEyeLinear) return u.eye_plane[c];
  // Object linear: P . (MV^-1 p_eye).
  const GlMatrix inv = inverse_modelview(s);
  Vec4 r{};
  for (int j = 0; j < 4; ++j)
    for (int k = 0; k < 4; ++k) r[j] += u.object_plane[c][k] * inv.at(k, j);
  return r;
}

bool zero(const Vec4& v) { return v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0; }

// The generated coordinates: TCI mode and the GL-side matrix from D3D's input vector to
// (s, t, r, q) before the texture matrix. Coordinates not generated are GL's defaults r
// = 0, q = 1 (the captures' vertices never give others with texgen on).
bool texgen(const GlState& s, const GlTexUnit& u, uint32_t unit, uint32_t& tci, GlMatrix& g) {
  const bool any = u.gen[0] || u.gen[1] || u.gen[2] || u.gen[3];
  if (!any) return false;
  const std::string where = "texture unit " + std::to_string(unit) + ": ";
  if (!u.gen[0] || !u.gen[1])
    throw UnsupportedError(where + "texgen on only some of s and t (D3D9 generates all or none)");
  if (u.gen_mode[0] != u.gen_mode[1] &&
      (u.gen_mode[0] == kSphereMap || u.gen_mode[1] == kSphereMap))
    throw UnsupportedError(where + "sphere map on one of s and t only");
  g = GlMatrix{};
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k < 4; ++k) g.at(c, k) = 0;
  g.at(3, 3) = 1;  // q = 1 when not generated
  if (u.gen_mode[0] == kSphereMap) {
    // D3D9's SPHEREMAP vector is (s, t, 1, 0); GL's is (s, t, r, q) = (s, t, 0, 1).
    tci = kTciSphereMap;
    g.at(0, 0) = 1;
    g.at(1, 1) = 1;
    g.at(3, 2) = 1;
    g.at(3, 3) = 0;
    for (int c = 2; c < 4; ++c)
      if (u.gen[c] && (u.gen_mode[c] == kSphereMap || !zero(plane_row(s, u, c)) || c == 3))
        throw UnsupportedError(where + "sphere map on s and t with generated r or q");
    return true;
  }
  tci = kTciCameraSpacePosition;
  for (int c = 0; c < 4; ++c) {
    if (!u.gen[c]) continue;
    if (u.gen_mode[c] != kEyeLinear && u.gen_mode[c] != kObjectLinear)
      throw UnsupportedError(where + "texgen mode " + std::to_string(u.gen_mode[c]) +
                             " is not supported");
    Vec4 row = plane_row(s, u, c);
    // D3D's camera-space position is GL eye space with z negated (the view flip).
    row[2] = -row[2];
    for (int k = 0; k < 4; ++k) g.at(c, k) = row[k];
  }
  return true;
}

}  // namespace

bool d3d_sphere_map_local_viewer(const GlState& s) {
  for (uint32_t i = 0; i < 8; ++i) {
    const GlTexUnit& u = s.textures.units[i];
    const GlTexture* t = s.textures.bound(i);
    if (!u.enabled_2d || !t || !t->complete()) continue;
    if (u.gen[0] && u.gen_mode[0] == kSphereMap) {
      if (s.lighting && !s.local_viewer)
        throw UnsupportedError(
            "a sphere map with lighting and no local viewer (GL's sphere map uses the eye "
            "vector, D3D9's only with LOCALVIEWER, which also changes specular lighting)");
      return true;
    }
  }
  return false;
}

std::vector<D3dStage> d3d_texture_stages(const GlState& s) {
  std::vector<D3dStage> out;
  uint32_t sets = 0;  // coordinate sets the vertices carry: one per passthrough stage
  for (uint32_t i = 0; i < 8; ++i) {
    const GlTexUnit& u = s.textures.units[i];
    if (!u.enabled_2d) continue;
    auto it = s.textures.objects.find(u.bound);
    if (it == s.textures.objects.end() || !it->second->complete()) continue;  // GL: unit off
    D3dStage st;
    st.unit = i;
    st.texture = it->second.get();
    st.sampler = sampler(*st.texture);
    environment(u, st.texture->base, st.stage);
    GlMatrix g;
    uint32_t tci = 0;
    const GlMatrix& m = u.matrix.back();
    st.matrix_identity = m == GlMatrix{};
    if (texgen(s, u, i, tci, g)) {
      st.texgen = true;
      st.stage.texcoord_index = tci;
      st.stage.texture_transform_flags = 4 | 256;  // COUNT4 | PROJECTED: GL divides by q
      st.transform = d3d_world(m * g);             // the transpose, for row vectors
    } else {
      st.stage.texcoord_index = sets++;
      st.transform = d3d_world(m);
    }
    out.push_back(st);
  }
  if (!out.empty() && s.lighting && !s.separate_specular) {
    // GL's single-colour model adds the specular term before texturing, D3D9 after: they
    // agree only when the term is zero (no specular material or no specular light).
    auto black = [](const Vec4& c) { return c[0] == 0 && c[1] == 0 && c[2] == 0; };
    bool material =
        !black(s.material.specular) || (s.color_material && s.color_material_mode == gl::SPECULAR);
    bool light = false;
    for (const GlLight& l : s.lights) light = light || (l.enabled && !black(l.specular));
    if (material && light)
      throw UnsupportedError(
          "texturing a lit draw with specular light under GL_SINGLE_COLOR (GL adds the "
          "specular term before texturing, D3D9 after)");
  }
  return out;
}

}  // namespace gfx::import

// The constants of the fixed-function vertex program (see fixed_function.h), computed once
// per draw: matrices, the material, fog parameters and the enabled lights in view space.
// Per light (base c20 + 8 * n, n counting enabled lights in index order):
//   +0 diffuse  +1 specular  +2 ambient
//   +3 view-space position (w = range)     +4 unit direction: toward the light for a
//                                              directional light, along the beam for a spot
//   +5 (a0, a1, a2, falloff)               +6 (cos(theta/2), cos(phi/2), 1/(difference), 0)
#include <cmath>

#include "func/shader/fixed_function.h"

namespace gfx::func {
namespace {

using api::Matrix4;

Matrix4 multiply(const Matrix4& a, const Matrix4& b) {
  Matrix4 r{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      r[i * 4 + j] = a[i * 4 + 0] * b[0 * 4 + j] + a[i * 4 + 1] * b[1 * 4 + j] +
                     a[i * 4 + 2] * b[2 * 4 + j] + a[i * 4 + 3] * b[3 * 4 + j];
  return r;
}

Vec4 rgba(const std::array<float, 4>& c) { return Vec4{c[0], c[1], c[2], c[3]}; }

// Row vector (x, y, z, w) * M.
void transform(const Matrix4& m, const float in[4], float out[4]) {
  for (int j = 0; j < 4; ++j)
    out[j] = in[0] * m[j] + in[1] * m[4 + j] + in[2] * m[8 + j] + in[3] * m[12 + j];
}

void normalize3(float v[3]) {
  const float len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (len > 0.0f)
    for (int i = 0; i < 3; ++i) v[i] /= len;
}

}  // namespace

void ff_transform_constants(const Matrix4& world, const Matrix4& view, const Matrix4& proj,
                            Vec4 out[4]) {
  // Row-major products in a fixed summation order: (world * view) * proj.
  const Matrix4 m = multiply(multiply(world, view), proj);
  for (int col = 0; col < 4; ++col)
    out[col] = Vec4{m[0 * 4 + col], m[1 * 4 + col], m[2 * 4 + col], m[3 * 4 + col]};
}

Vec4 ff_color(uint32_t argb) {
  return Vec4{float((argb >> 16) & 0xFF) / 255.0f, float((argb >> 8) & 0xFF) / 255.0f,
              float(argb & 0xFF) / 255.0f, float(argb >> 24) / 255.0f};
}

namespace {

// The inverse of a 4x4 matrix by its adjugate (2x2 sub-determinants of the top and bottom
// row pairs); false, with `out` untouched, when the determinant is exactly 0.
bool invert4(const Matrix4& m, Matrix4& out) {
  const float s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2];
  const float s2 = m[0] * m[7] - m[4] * m[3], s3 = m[1] * m[6] - m[5] * m[2];
  const float s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3];
  const float c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11];
  const float c3 = m[9] * m[14] - m[13] * m[10], c2 = m[8] * m[15] - m[12] * m[11];
  const float c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9];
  const float det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
  if (det == 0.0f) return false;
  const float k = 1.0f / det;
  const float adj[16] = {
      m[5] * c5 - m[6] * c4 + m[7] * c3,     -m[1] * c5 + m[2] * c4 - m[3] * c3,
      m[13] * s5 - m[14] * s4 + m[15] * s3,  -m[9] * s5 + m[10] * s4 - m[11] * s3,
      -m[4] * c5 + m[6] * c2 - m[7] * c1,    m[0] * c5 - m[2] * c2 + m[3] * c1,
      -m[12] * s5 + m[14] * s2 - m[15] * s1, m[8] * s5 - m[10] * s2 + m[11] * s1,
      m[4] * c4 - m[5] * c2 + m[7] * c0,     -m[0] * c4 + m[1] * c2 - m[3] * c0,
      m[12] * s4 - m[13] * s2 + m[15] * s0,  -m[8] * s4 + m[9] * s2 - m[11] * s0,
      -m[4] * c3 + m[5] * c1 - m[6] * c0,    m[0] * c3 - m[1] * c1 + m[2] * c0,
      -m[12] * s3 + m[13] * s1 - m[14] * s0, m[8] * s3 - m[9] * s1 + m[10] * s0};
  for (int i = 0; i < 16; ++i) out[i] = adj[i] * k;
  return true;
}

// c5..c11: World*View and its normal matrix. Normals transform by the inverse transpose;
// with row vectors n' = n * inverse(A)^T, so column j of that matrix is row j of
// inverse(A). As D3D9 (and wined3d, which matches it), A is the whole 4x4 World*View, not
// its 3x3 part: the same for an affine matrix, but a non-affine one (a w column other than
// (0, 0, 0, 1)) gives other normals; Wine's visual.c lighting_test expects black from its
// non-affine world matrix, whose inverse maps the quad's normal to 0. A singular World*View
// stands in for its own inverse, so n' = n * WV^T; lighting_test expects its singular
// world matrix to light the quad fully.
void view_space_constants(const Matrix4& world, const Matrix4& view, Vec4* out) {
  const Matrix4 wv = multiply(world, view);
  for (int col = 0; col < 4; ++col)
    out[kFfWorldViewConst + col] = Vec4{wv[col], wv[4 + col], wv[8 + col], wv[12 + col]};
  Matrix4 inv = wv;
  if (!(wv[3] == 0.0f && wv[7] == 0.0f && wv[11] == 0.0f && wv[15] == 1.0f)) {
    invert4(wv, inv);
  } else {
    // Affine: the inverse's 3x3 part is the 3x3 part's inverse (cofactors / det), computed
    // as such so that the frames of affine scenes keep their exact values.
    const float a = wv[0], b = wv[1], c = wv[2], d = wv[4], e = wv[5], f = wv[6], g = wv[8],
                h = wv[9], i = wv[10];
    const float cof[9] = {e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g,
                          c * d - a * f, d * h - e * g, b * g - a * h, a * e - b * d};
    const float det = a * cof[0] + b * cof[3] + c * cof[6];
    if (det != 0.0f)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) inv[j * 4 + k] = cof[j * 3 + k] * (1.0f / det);
  }
  for (int j = 0; j < 3; ++j)
    out[kFfNormalConst + j] = Vec4{inv[j * 4 + 0], inv[j * 4 + 1], inv[j * 4 + 2], 0.0f};
}

}  // namespace

void ff_texture_constants(const Matrix4& world, const Matrix4& view, const Matrix4* tex,
                          Vec4* out) {
  view_space_constants(world, view, out);
  for (unsigned s = 0; s < api::kMaxTextureStages; ++s)
    for (int col = 0; col < 4; ++col)
      out[kFfTexMatrixConst + 4 * s + col] =
          Vec4{tex[s][col], tex[s][4 + col], tex[s][8 + col], tex[s][12 + col]};
}

void ff_lighting_constants(const Matrix4& world, const Matrix4& view, const api::RenderStates& rs,
                           const api::Material& material, const api::Light* lights,
                           const bool* enabled, Vec4* out) {
  view_space_constants(world, view, out);

  out[kFfGlobalAmbientConst] = ff_color(rs.ambient);
  out[kFfMaterialConst + 0] = rgba(material.diffuse);
  out[kFfMaterialConst + 1] = rgba(material.ambient);
  out[kFfMaterialConst + 2] = rgba(material.specular);
  out[kFfMaterialConst + 3] = rgba(material.emissive);
  const float span = rs.fog_end - rs.fog_start;
  // FOGSTART == FOGEND: D3D9's vertex fog then fogs everything fully, before the end as well
  // as at and beyond it (Wine's visual.c fog_test: start = end = 512 fogs quads at z = 0.1
  // and 1.0). A scale of 0 makes the factor (end - d) * 0 = 0 at every distance.
  out[kFfParamsConst] =
      Vec4{material.power, rs.fog_end, span != 0.0f ? 1.0f / span : 0.0f, rs.fog_density};

  int n = 0;
  for (unsigned li = 0; li < api::kMaxActiveLights; ++li) {
    if (!enabled[li]) continue;
    const api::Light& l = lights[li];
    Vec4* k = out + kFfLightConst + kFfLightStride * n++;
    k[0] = rgba(l.diffuse);
    k[1] = rgba(l.specular);
    k[2] = rgba(l.ambient);
    const float pos[4] = {l.position[0], l.position[1], l.position[2], 1.0f};
    float vpos[4];
    transform(view, pos, vpos);
    k[3] = Vec4{vpos[0], vpos[1], vpos[2], l.range};
    const float dir[4] = {l.direction[0], l.direction[1], l.direction[2], 0.0f};
    float vdir[4];
    transform(view, dir, vdir);
    normalize3(vdir);
    if (l.type == api::LightType::Directional)
      k[4] = Vec4{-vdir[0], -vdir[1], -vdir[2], 0.0f};
    else
      k[4] = Vec4{vdir[0], vdir[1], vdir[2], 0.0f};
    k[5] = Vec4{l.attenuation0, l.attenuation1, l.attenuation2, l.falloff};
    const float ct = std::cos(l.theta * 0.5f), cp = std::cos(l.phi * 0.5f);
    k[6] = Vec4{ct, cp, ct > cp ? 1.0f / (ct - cp) : 1e30f, 0.0f};
    k[7] = Vec4{0, 0, 0, 0};
  }
}

}  // namespace gfx::func

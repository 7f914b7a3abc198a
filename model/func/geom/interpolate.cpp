// interpolate_quad of rasterize.h: depth and the varyings at the four pixel centres of a
// quad, from the exact integer edge functions of the triangle: perspective-correct,
// noperspective (affine) or constant per input (D3D10 modes), at the centre, centroid or
// (per-sample shading) the quad's sample, then the system values.
#include <cstring>
#include <string>

#include "common/error.h"
#include "func/geom/quad_depth.h"
#include "func/geom/rasterize.h"

namespace gfx::func {

void quad_depth(const TriangleSetup& t, const Quad& q, float z[4]) {
  for (int i = 0; i < 4; ++i) {
    const int64_t X = int64_t(q.x + (i & 1)) * kSubpixels + kSubpixels / 2;
    const int64_t Y = int64_t(q.y + (i >> 1)) * kSubpixels + kSubpixels / 2;
    const float l1 = float(t.a[1] * X + t.b[1] * Y + t.c[1]) * t.inv_area;
    const float l2 = float(t.a[2] * X + t.b[2] * Y + t.c[2]) * t.inv_area;
    z[i] = t.z0 + l1 * t.dz1 + l2 * t.dz2;
  }
}

namespace {

float float_of_bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// The interpolation weights at the point (X, Y) in 1/256 px: affine barycentrics l1, l2
// from the exact integer edge values (one rounding each), and the perspective weights
// l_k / w_k renormalised by their sum, whose reciprocal is the interpolated w.
struct Weights {
  float b1, b2;  // perspective-correct
  float a1, a2;  // affine
  float w;       // 1 / (interpolated 1/w)
};

Weights weights_at(const TriangleSetup& t, int64_t X, int64_t Y) {
  const float l0 = float(t.a[0] * X + t.b[0] * Y + t.c[0]) * t.inv_area;
  const float l1 = float(t.a[1] * X + t.b[1] * Y + t.c[1]) * t.inv_area;
  const float l2 = float(t.a[2] * X + t.b[2] * Y + t.c[2]) * t.inv_area;
  const float q1 = l1 * t.iw[1], q2 = l2 * t.iw[2];
  const float inv = 1.0f / (l0 * t.iw[0] + q1 + q2);
  return {q1 * inv, q2 * inv, l1, l2, inv};
}

// The weights at lane i of q (x = i & 1, y = i >> 1), `o` sixteenths of a pixel from its
// centre (a sample's offset; zero for the centre itself).
Weights lane_weights(const TriangleSetup& t, const Quad& q, int i, SampleOffset o = {0, 0}) {
  const int64_t X = int64_t(q.x + (i & 1)) * kSubpixels + kSubpixels / 2 + o.x * (kSubpixels / 16);
  const int64_t Y = int64_t(q.y + (i >> 1)) * kSubpixels + kSubpixels / 2 + o.y * (kSubpixels / 16);
  return weights_at(t, X, Y);
}

// The D3D10 system values of an SM4 pixel program, into their declared components only.
void write_system_values(const TriangleSetup& t, const Quad& q, const Program& ps, Warp& warp,
                         int lane0, const float z[4], const float w[4]) {
  for (const PixelSystemBinding& sv : ps.pixel_system_values) {
    for (int i = 0; i < 4; ++i) {
      Vec4 v;
      switch (sv.value) {
        case PixelSystemValue::Position:
          // D3D10 pixel centres are at x.5 (reference §5.1). Declared `_sample`, at the
          // invocation's sample: its offset, and z and w on the triangle there.
          v = {float(q.x + (i & 1)) + 0.5f, float(q.y + (i >> 1)) + 0.5f, z[i], w[i]};
          if (sv.location == InterpLocation::Sample && q.sample >= 0 && t.samples > 1) {
            const SampleOffset o = sample_offsets(t.samples)[q.sample];
            const Weights at = lane_weights(t, q, i, o);
            v = {v.x + o.x / 16.0f, v.y + o.y / 16.0f, t.z0 + at.a1 * t.dz1 + at.a2 * t.dz2, at.w};
          }
          break;
        case PixelSystemValue::PrimitiveId: {
          const float id = float_of_bits(t.primitive_id);
          v = {id, id, id, id};
          break;
        }
        case PixelSystemValue::IsFrontFace: {
          const float f = float_of_bits(t.front_facing ? 0xFFFFFFFFu : 0u);
          v = {f, f, f, f};
          break;
        }
        case PixelSystemValue::SampleIndex: {
          const float s = float_of_bits(q.sample > 0 ? uint32_t(q.sample) : 0u);
          v = {s, s, s, s};
          break;
        }
      }
      for (int c = 0; c < 4; ++c)
        if (sv.mask >> c & 1) warp.input(sv.reg, c)[lane0 + i] = v[c];
    }
  }
}

}  // namespace

void interpolate_quad(const TriangleSetup& t, const Quad& q, const Program& ps, Warp& warp,
                      int lane0, float z_out[4]) {
  float b1[4], b2[4], a1[4], a2[4], w[4];
  // The depth the early-Z stage tests comes from the same function (quad_depth.h).
  quad_depth(t, q, z_out);
  for (int i = 0; i < 4; ++i) {
    const Weights at = lane_weights(t, q, i);
    b1[i] = at.b1;
    b2[i] = at.b2;
    a1[i] = at.a1;
    a2[i] = at.a2;
    w[i] = at.w;
  }
  // Centroid locations under MSAA (reference §5.4): the pixel centre when every sample is
  // covered or none is (a helper pixel; the sample mask is all ones, not a subset of the
  // samples), else the first covered sample. cb/ca: their perspective / affine weights.
  // A per-sample quad takes the rule from the coverage of its pixel quad.
  float cb1[4], cb2[4], ca1[4], ca2[4];
  bool centroid_moved = false;
  const uint64_t all = samples_of(0x1, t.samples);
  const uint64_t coverage = q.sample >= 0 ? q.pixel_samples : q.samples;
  for (int i = 0; i < 4; ++i) {
    cb1[i] = b1[i];
    cb2[i] = b2[i];
    ca1[i] = a1[i];
    ca2[i] = a2[i];
    const uint64_t cov = t.samples > 1 ? pixel_sample_bits(coverage, i) & all : 0;
    if (cov == 0 || cov == all) continue;
    const Weights at = lane_weights(t, q, i, sample_offsets(t.samples)[__builtin_ctzll(cov)]);
    cb1[i] = at.b1;
    cb2[i] = at.b2;
    ca1[i] = at.a1;
    ca2[i] = at.a2;
    centroid_moved = true;
  }
  // Per-sample shading: `_sample` inputs at sample q.sample in every lane, helpers too
  // (their derivatives are differences across the quad at the same sample).
  float sb1[4], sb2[4], sa1[4], sa2[4];
  const bool at_sample = q.sample >= 0 && t.samples > 1;
  if (at_sample) {
    const SampleOffset o = sample_offsets(t.samples)[q.sample];
    for (int i = 0; i < 4; ++i) {
      const Weights at = lane_weights(t, q, i, o);
      sb1[i] = at.b1;
      sb2[i] = at.b2;
      sa1[i] = at.a1;
      sa2[i] = at.a2;
    }
  }
  for (const PixelInputBinding& in : ps.pixel_inputs) {
    if (in.reg >= kMaxInputs)
      throw Error("pixel program '" + ps.name + "': input register v" + std::to_string(in.reg) +
                  " is beyond v" + std::to_string(kMaxInputs - 1));
    const int v = int(in.varying);
    const bool have = v < kNumVaryings && (t.varying_mask >> v) & 1;
    // Without MSAA every location is the pixel centre (isa.h).
    const bool centroid = centroid_moved && in.location == InterpLocation::Centroid;
    const bool sample = at_sample && in.location == InterpLocation::Sample;
    const bool affine = in.interp == Interpolation::NoPerspective;
    const float* k1 = sample     ? (affine ? sa1 : sb1)
                      : centroid ? (affine ? ca1 : cb1)
                                 : (affine ? a1 : b1);
    const float* k2 = sample     ? (affine ? sa2 : sb2)
                      : centroid ? (affine ? ca2 : cb2)
                                 : (affine ? a2 : b2);
    for (int c = 0; c < 4; ++c) {
      float* dst = warp.input(in.reg, c) + lane0;
      if (!have) {
        for (int i = 0; i < 4; ++i) dst[i] = 0.0f;
        continue;
      }
      const float v0 = t.v0[v][c], d1 = t.d1[v][c], d2 = t.d2[v][c];
      if (in.interp == Interpolation::Constant) {
        // The leading vertex's bits untouched (setup made v0 that vertex's value): adding
        // zero would turn -0 into +0 and quiet a signalling NaN.
        for (int i = 0; i < 4; ++i) dst[i] = v0;
        continue;
      }
      for (int i = 0; i < 4; ++i) dst[i] = v0 + k1[i] * d1 + k2[i] * d2;
    }
  }
  // System values of ps_3_0: vPos is the pixel's integer position (D3D9 centres), vFace
  // the facing sign, vPrimID (gfxsim extension) the primitive's SV_PrimitiveID. The translator
  // keeps both registers below kMaxInputs.
  if (ps.position_reg >= 0) {
    for (int i = 0; i < 4; ++i) {
      warp.input(ps.position_reg, 0)[lane0 + i] = float(q.x + (i & 1));
      warp.input(ps.position_reg, 1)[lane0 + i] = float(q.y + (i >> 1));
      warp.input(ps.position_reg, 2)[lane0 + i] = 0.0f;
      warp.input(ps.position_reg, 3)[lane0 + i] = 0.0f;
    }
  }
  if (ps.depth_reg >= 0) {
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i) warp.input(ps.depth_reg, c)[lane0 + i] = z_out[i];
  }
  if (ps.primid_reg >= 0) {
    // A float like every register; exact up to 2^24 primitives per instance.
    const float id = float(t.primitive_id);
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i) warp.input(ps.primid_reg, c)[lane0 + i] = id;
  }
  if (ps.face_reg >= 0) {
    const float face = t.front_facing ? 1.0f : -1.0f;
    for (int c = 0; c < 4; ++c)
      for (int i = 0; i < 4; ++i) warp.input(ps.face_reg, c)[lane0 + i] = face;
  }
  write_system_values(t, q, ps, warp, lane0, z_out, w);
}

}  // namespace gfx::func

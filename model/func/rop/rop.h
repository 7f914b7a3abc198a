// The functional ROP of one quad: stencil and depth test and write, then blend and colour
// write mask, on the RenderTarget. D3D9 semantics: ZENABLE off means neither depth test
// nor depth write (the depth test counts as passed for the stencil ops); z is clamped to
// the viewport's [MinZ, MaxZ] and converted to the depth format's unorm (24 or 16 bits)
// with round-to-nearest before the compare (D3D10 rules, which D3D9 hardware shares).
// Stencil (func/rop/stencil.h) runs before depth: a pixel failing it takes the FAIL op and
// writes nothing else; one failing depth takes ZFAIL; one passing both takes PASS.
// Multiple render targets: the tests run once per pixel, then every bound target takes
// its own colour (oC#) with the same blend state and its own write mask
// (COLORWRITEENABLE for target 0, COLORWRITEENABLE1..3 for targets 1..3, a D3D10 blend
// object's masks for all eight) and, with a D3D10 blend object bound, its own blend enable
// (target_blends).
// Alpha test (ALPHATESTENABLE/FUNC/REF) runs first on oC0's 8-bit alpha; a failing pixel
// writes neither colour, depth nor stencil.
// D3D10 depth-stencil views (RopState::depth_surface) hold D16_UNORM, D24_UNORM_S8_UINT or
// D32_FLOAT pixels: the depth is quantised to the view's format (depth_to_unorm) and
// compared in its order; D32_FLOAT stores the clamped float. Formats without stencil pass
// the stencil test and keep no stencil.
// The two halves rop_quad_mrt runs in turn (alpha test, depth_stencil_quad, color_quad_mrt)
// are callable on their own, so a stage before the pixel shader can run the depth/stencil
// half early and the ROP only the colour half.
// MSAA (RopState::samples > 1, the back buffer's count; the driver binds no texture
// target or depth view with it): coverage comes per sample in Quad::samples; stencil and
// depth are tested and stored per covered sample, each at its own depth (sample_z, from
// func::sample_depths, or the pixel's z for every sample when null: oDepth, which D3D
// replicates to all samples), and the pixel's single colour is blended into each sample
// that passed. depth_stencil_quad reports those samples (passed_samples); color_quad_mrt
// writes the samples of its Quad's `samples`, so a caller running the halves apart passes
// it a copy of the quad with `samples` set to them (rop_quad_mrt does exactly that).
// The alpha test stays per pixel. The sample mask (D3D10) removes samples from the
// coverage before the tests, so a masked sample keeps its depth, stencil and colour; on a
// single-sample target bit 0 gates the pixel.
// Alpha to coverage (rop_quad_mrt, after the alpha test): oC0's alpha, quantised to 8 bits
// as a8, keeps the first k = round(a8 * S / 255) (ties up) of the pixel's S samples in
// sample-index order and drops the others from the coverage (S = 1: a8 >= 128 keeps the
// pixel). D3D leaves the pattern to the implementation; this one is the model's choice,
// deterministic and without dithering.
// Leaves out: fog, dithering, sRGB.
#pragma once

#include <cstdint>

#include "api/state.h"
#include "func/geom/rasterize.h"
#include "func/math.h"
#include "func/rop/render_target.h"

namespace gfx::func {

struct RopState {
  api::RenderStates rs;
  api::Viewport viewport;
  // Colour targets (RenderTarget comment): null slot 0 is the back buffer's colour.
  std::array<ColorSurface*, kMaxRenderTargets> targets{};
  // Depth/stencil: the back buffer's (RenderTarget::depth) unless a D3D10 depth-stencil
  // view's surface is bound; `no_depth` is D3D10's NULL depth-stencil view, which turns
  // the depth and stencil tests off (every pixel passes, nothing is written).
  DepthSurface* depth_surface = nullptr;
  bool no_depth = false;
  uint32_t samples = 1;  // the draw's samples per pixel (RasterParams::samples)
  uint32_t sample_mask = 0xFFFFFFFFu;  // DrawContext::sample_mask: bit s gates sample s
  bool alpha_to_coverage = false;      // DrawContext::alpha_to_coverage
};

// The RopState of a draw: its states, viewport, colour targets and depth binding.
struct DrawContext;
RopState rop_state_of(const DrawContext& d);

// Depth (and alpha) compare of a new depth against the stored one (depth_order_key form).
bool depth_test(api::CmpFunc f, uint32_t fresh, uint32_t stored);

// The pixels of mask whose oC0 alpha (8-bit) passes the alpha test (all when it is off).
uint8_t alpha_test_mask(const api::RenderStates& rs, const Vec4* color0, uint8_t mask);

// Process the pixels of q in live_mask (ANDed with q.mask); pixels outside the render
// target are ignored. color[i] is the shader's colour of pixel i. `ccw`: the quad's
// triangle is counter-clockwise on screen (two-sided stencil). Returns the mask of pixels
// that passed stencil and depth and so had their colour written (even when the write mask
// is 0).
uint8_t rop_quad(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                 const float z[4], const Vec4 color[4], bool ccw = false);
// The depth/stencil half: stencil and depth test and write of the pixels of `mask` (ANDed
// with q.mask) inside the render area; returns the pixels that passed both (under MSAA:
// with at least one sample passing). sample_z: per-sample depths (kMaxSamples * pixel + s)
// under MSAA, null for z[pixel] at every sample. passed_samples (if not null) gets the
// samples that passed, bit kMaxSamples * pixel + s (bit kMaxSamples * pixel without MSAA).
uint8_t depth_stencil_quad(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t mask,
                           const float z[4], bool ccw = false, const float* sample_z = nullptr,
                           uint64_t* passed_samples = nullptr);
// The colour half: blend and masked write of the pixels of `mask` (ANDed with q.mask) into
// every bound target (colors[t] null: nothing for t); under MSAA into the samples of
// q.samples of those pixels.
void color_quad_mrt(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t mask,
                    const Vec4* const colors[kMaxRenderTargets]);
// Alpha to coverage of the pixels of `mask` by color0's alpha (the rule above): removes
// the dropped samples from q.samples and returns the pixels that keep at least one.
uint8_t alpha_to_coverage(const RopState& s, const Vec4* color0, uint8_t mask, Quad& q);

// The MRT form: colors[t] holds the 4 pixel colours for target t (null: nothing for t).
// sample_z as for depth_stencil_quad; samples_written (if not null) gets the samples
// written (passed_samples).
uint8_t rop_quad_mrt(const RopState& s, RenderTarget& rt, const Quad& q, uint8_t live_mask,
                     const float z[4], const Vec4* const colors[kMaxRenderTargets],
                     bool ccw = false, const float* sample_z = nullptr,
                     uint64_t* samples_written = nullptr);

// The colour write mask of render target t (0..7).
inline uint8_t target_write_mask(const api::RenderStates& rs, int t) {
  return (t == 0 ? rs.color_write_mask : rs.color_write_mask_rt[size_t(t - 1)]) & 0xF;
}

// Whether render target t (0..7) blends: D3D9's one ALPHABLENDENABLE for every target,
// or a D3D10 blend object's per-target enable (RenderStates::independent_blend).
inline bool target_blends(const api::RenderStates& rs, int t) {
  return rs.independent_blend ? rs.blend_enable_target[size_t(t)] : rs.blend_enable;
}

}  // namespace gfx::func

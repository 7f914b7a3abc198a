// A Device fed with hand-built commands, for the tessellator's driver tests: float3
// positions in stream 0 and helpers for patch draws and generated-vertex reads.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "driver/device.h"
#include "driver/tess_work.h"

namespace gfx::test {

inline std::shared_ptr<const api::Buffer> float_buffer(const std::vector<float>& f) {
  auto b = std::make_shared<api::Buffer>();
  b->bytes.resize(f.size() * 4);
  std::memcpy(b->bytes.data(), f.data(), b->bytes.size());
  return b;
}

// A 4x4 grid of float3 points in [x0, x0 + size] x [y0 - size, y0], z = 0.5, row-major.
inline std::vector<float> grid4(float x0, float y0, float size) {
  std::vector<float> f;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      f.push_back(x0 + size * float(c) / 3.0f);
      f.push_back(y0 - size * float(r) / 3.0f);
      f.push_back(0.5f);
    }
  return f;
}

class TessFixture : public ::testing::Test {
 protected:
  TessFixture() : dev_(header()) {
    auto decl = std::make_shared<api::VertexDeclaration>();
    decl->elements.push_back({0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0});
    apply(trace::CreateVertexDeclaration{1, decl});
    apply(trace::SetVertexDeclaration{1});
    trace::SetRenderStates rs;
    rs.states.push_back({api::RenderStateId::CullMode, uint32_t(api::Cull::None)});
    rs.states.push_back({api::RenderStateId::ZEnable, 0});
    apply(rs);
  }
  static trace::Header header() {
    trace::Header h;
    h.width = 64;
    h.height = 64;
    return h;
  }
  driver::Device::Action apply(const trace::Command& c) { return dev_.apply(c, "t.yaml:7"); }
  // Creates vertex buffer `id` and binds it to stream 0 (float3, stride 12).
  void bind(api::ResourceId id, const std::vector<float>& floats) {
    apply(trace::CreateVertexBuffer{id, float_buffer(floats)});
    trace::SetStreamSource s;
    s.stream = 0;
    s.source = {id, 0, 12};
    apply(s);
  }
  static trace::DrawRectPatch rect(uint32_t handle, std::vector<float> segs, bool info = true) {
    trace::DrawRectPatch d;
    d.handle = handle;
    d.segments = std::move(segs);
    d.has_info = info ? 1 : 0;
    return d;
  }
  const func::DrawContext& draw() const { return *dev_.last_draw(); }
  const driver::TessWork& work() const { return *dev_.last_draw()->tess; }
  // Generated vertex v's position (slot 0 of the generated stream).
  func::Vec4 position(uint32_t v) const {
    const func::DrawContext& d = draw();
    func::Vec4 p;
    std::memcpy(&p, d.stream_buffers[0]->bytes.data() + size_t(v) * d.streams[0].stride, 16);
    return p;
  }
  // The message of the gfx::Error `c` throws ("" when it does not throw).
  std::string error_of(const trace::Command& c) {
    try {
      apply(c);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }

  driver::Device dev_;
};

}  // namespace gfx::test

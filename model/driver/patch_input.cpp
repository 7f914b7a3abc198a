// The shared part of the driver's tessellated draws: reading control points from the
// current streams (Device::PatchInput) and issuing a generated mesh as an ordinary
// indexed triangle list through build_draw, so the same vertex shader (or generated
// fixed-function program), pixel program and state apply as to any other draw.
#include "driver/patch_input.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "common/error.h"
#include "func/geom/vertex_fetch.h"

namespace gfx::driver {

void patch_fail(const std::string& at, const std::string& what) { throw Error(at + ": " + what); }

std::string Device::draw_label(const char* call, const std::string& where) const {
  return where + ": draw " + std::to_string(next_draw_) + " (" + call + ")";
}

Device::PatchInput Device::patch_input(bool rect, bool npatch, const std::string& at) const {
  if (!declaration_) patch_fail(at, "no vertex declaration is set");
  PatchInput in;
  auto out_decl = std::make_shared<api::VertexDeclaration>();
  auto input_slot = [&](const api::VertexElement& e) {
    for (size_t i = 0; i < in.inputs.size(); ++i)
      if (in.inputs[i].stream == e.stream && in.inputs[i].offset == e.offset &&
          in.inputs[i].type == e.type)
        return unsigned(i);
    if (e.type == api::DeclType::Unused)
      patch_fail(at, "element " + std::string(api::to_name(e.usage)) +
                         std::to_string(e.usage_index) + " reads type unused");
    if (e.stream >= api::kMaxStreams || !stream_buffers_[e.stream])
      patch_fail(at, "stream " + std::to_string(e.stream) +
                         " has no vertex buffer but the declaration reads it");
    in.inputs.push_back(e);
    return unsigned(in.inputs.size() - 1);
  };
  for (const auto& e : declaration_->elements) {
    api::VertexElement o;
    o.usage = e.usage;
    o.usage_index = e.usage_index;
    o.offset = uint16_t(16 * in.layout.count);
    o.type = api::DeclType::Float4;
    const std::string name = std::string(api::to_name(e.usage)) + std::to_string(e.usage_index);
    switch (e.method) {
      case api::DeclMethod::Default: {
        const unsigned s = input_slot(e);
        in.layout.add(func::tess::Method::Default, s);
        if (e.usage_index == 0 && e.usage == api::DeclUsage::Position && in.position < 0)
          in.position = int(s);
        if (e.usage_index == 0 && e.usage == api::DeclUsage::Normal && in.normal < 0)
          in.normal = int(s);
        if (e.usage_index == 0 && e.usage == api::DeclUsage::TessFactor && in.tess_factor < 0)
          in.tess_factor = int(s);
        break;
      }
      case api::DeclMethod::PartialU:
      case api::DeclMethod::PartialV:
      case api::DeclMethod::CrossUV:
        if (npatch)
          patch_fail(at, "element " + name + ": method " + std::string(api::to_name(e.method)) +
                             " generates data for RT patches only, not N-patches");
        if (!rect && e.method != api::DeclMethod::CrossUV)
          patch_fail(at, "element " + name + ": method " + std::string(api::to_name(e.method)) +
                             " with draw_tri_patch (D3D9 fails the call)");
        in.layout.add(func::tess::Method(uint8_t(e.method)), input_slot(e));
        o.type = api::DeclType::Float3;
        break;
      case api::DeclMethod::UV:
        if (npatch) patch_fail(at, "element " + name + ": method uv is for RT patches only");
        in.layout.add(func::tess::Method::UV, 0);
        o.type = api::DeclType::Float2;
        break;
      default:
        patch_fail(at, "element " + name + ": method " + std::string(api::to_name(e.method)) +
                           " (displacement mapping) is not modelled");
    }
    out_decl->elements.push_back(o);
  }
  if (in.position < 0) patch_fail(at, "the declaration has no position0 element to tessellate");
  in.out_declaration = std::move(out_decl);
  uint64_t count = std::numeric_limits<uint32_t>::max();
  for (const auto& e : in.inputs) {
    const api::StreamSource& st = streams_[e.stream];
    const uint64_t size = stream_buffers_[e.stream]->bytes.size();
    const uint64_t start = uint64_t(st.offset) + e.offset, need = api::decl_type_size(e.type);
    uint64_t n = 0;
    if (size >= start + need) n = st.stride == 0 ? count : (size - start - need) / st.stride + 1;
    count = std::min(count, n);
  }
  in.vertex_count = uint32_t(count);
  in.buffers = stream_buffers_;
  in.streams = streams_;
  return in;
}

void Device::PatchInput::decode(uint32_t first, uint32_t count, func::Vec4* out) const {
  const unsigned n = attributes();
  for (uint32_t v = 0; v < count; ++v)
    for (unsigned a = 0; a < n; ++a) {
      const api::VertexElement& e = inputs[a];
      const api::StreamSource& st = streams[e.stream];
      const uint8_t* bytes =
          buffers[e.stream]->bytes.data() + st.offset + uint64_t(first + v) * st.stride + e.offset;
      out[size_t(v) * n + a] = func::decode_element(e.type, bytes);
    }
}

void Device::PatchInput::add_ranges(uint32_t first, uint32_t count, TessWork& work) const {
  for (unsigned s = 0; s < api::kMaxStreams; ++s) {
    uint32_t lo = ~0u, hi = 0;
    for (const auto& e : inputs)
      if (e.stream == s) {
        lo = std::min<uint32_t>(lo, e.offset);
        hi = std::max<uint32_t>(hi, e.offset + api::decl_type_size(e.type));
      }
    if (lo >= hi || count == 0) continue;
    TessWork::Range r;
    r.keep = buffers[s];
    r.object = buffers[s].get();
    r.object_bytes = buffers[s]->bytes.size();
    r.offset = streams[s].offset + uint64_t(first) * streams[s].stride + lo;
    r.bytes = uint64_t(count - 1) * streams[s].stride + (hi - lo);
    work.fetch.push_back(std::move(r));
  }
}

void Device::issue_generated(const char* call, const std::string& where,
                             std::shared_ptr<const api::VertexDeclaration> declaration,
                             const std::vector<func::Vec4>& vertices, unsigned attributes,
                             const std::vector<uint32_t>& indices,
                             std::shared_ptr<const TessWork> work) {
  auto vb = std::make_shared<api::Buffer>();
  vb->bytes.resize(vertices.size() * sizeof(func::Vec4));
  if (!vertices.empty()) std::memcpy(vb->bytes.data(), vertices.data(), vb->bytes.size());
  auto ib = std::make_shared<api::IndexBuffer>();
  ib->format = api::Format::Index32;
  ib->bytes.resize(indices.size() * 4);
  if (!indices.empty()) std::memcpy(ib->bytes.data(), indices.data(), ib->bytes.size());

  // build_draw reads the current state: swap the generated stream, declaration and
  // indices in for the call, and restore the application's state whatever happens.
  struct Saved {
    Device& d;
    std::shared_ptr<const api::VertexDeclaration> decl;
    std::array<api::StreamSource, api::kMaxStreams> streams;
    std::array<std::shared_ptr<const api::Buffer>, api::kMaxStreams> buffers;
    std::shared_ptr<const api::IndexBuffer> indices;
    std::array<uint32_t, api::kMaxStreams> freq;
    ~Saved() {
      d.declaration_ = decl;
      d.streams_ = streams;
      d.stream_buffers_ = buffers;
      d.indices_ = indices;
      d.stream_freq_ = freq;
    }
  } saved{*this, declaration_, streams_, stream_buffers_, indices_, stream_freq_};
  declaration_ = std::move(declaration);
  streams_ = {};
  stream_buffers_ = {};
  streams_[0].stride = uint32_t(attributes * sizeof(func::Vec4));
  stream_buffers_[0] = vb;
  indices_ = ib;
  stream_freq_.fill(1);

  trace::DrawIndexedPrimitive dip;
  dip.topology = api::Topology::TriangleList;
  dip.num_vertices = uint32_t(attributes ? vertices.size() / attributes : 0);
  dip.primitive_count = uint32_t(indices.size() / 3);
  build_draw(trace::Command(dip), where);
  // build_draw made the context; it is still ours alone, so finishing it here is safe.
  auto d = std::const_pointer_cast<func::DrawContext>(last_draw_);
  d->call = call;
  d->tess = std::move(work);
}

}  // namespace gfx::driver

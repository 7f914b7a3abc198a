// Per-command well-formedness rules of trace version 1.
#include "trace/check.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "api/texture_format.h"
#include "trace/check_d3d10.h"
#include "trace/render_states.h"
#include "trace/schema.h"

namespace gfx::trace {
namespace {

constexpr uint32_t kMaxTextureSize = 16384;
constexpr uint32_t kMaxVolumeSize = 2048;  // D3DCAPS9.MaxVolumeExtent of D3D10-class parts
constexpr uint32_t kMaxViewport = 1u << 16;

[[noreturn]] void fail(const std::string& field, const std::string& problem) {
  throw FieldError(field, problem);
}

// Every enum a command holds must be one of its API values (binary input can hold any
// number; the YAML reader can only produce valid ones, builders might not).
struct EnumCheck {
  std::string prefix;  // "elements[2]." inside nested records

  template <class T> void operator()(const char* name, T&& x, bool = false) {
    if constexpr (std::is_enum_v<std::decay_t<T>>) {
      auto raw = static_cast<uint32_t>(x);
      if (!api::is_valid<std::decay_t<T>>(raw))
        fail(prefix + name, "invalid value " + std::to_string(raw));
    }
  }
  template <class T> T& resource(std::shared_ptr<const T>& p) {
    if (!p) fail("", "command has no resource object (null pointer)");
    return const_cast<T&>(*p);
  }
  template <class R> void list(const char* name, std::vector<R>& elems) {
    for (std::size_t i = 0; i < elems.size(); ++i) {
      EnumCheck sub{std::string(name) + "[" + std::to_string(i) + "]."};
      schema::describe(sub, elems[i]);
    }
  }
  void render_states(std::vector<RenderStateValue>&) {}
  void operator()(const char* name, schema::Methods m, bool = false) {
    for (std::size_t i = 0; i < m.elements.size(); ++i)
      if (!api::is_valid<api::DeclMethod>(static_cast<uint32_t>(m.elements[i].method)))
        fail(prefix + name + "[" + std::to_string(i) + "]",
             "invalid value " + std::to_string(static_cast<uint32_t>(m.elements[i].method)));
  }
};

// The D3DDECLMETHOD rules of one element (MSDocs D3DDECLMETHOD): which input types a
// method takes, and that the generated-only methods name no stream data.
void check_method(const api::VertexElement& e, const std::string& f) {
  using api::DeclMethod;
  using api::DeclType;
  const DeclType t = e.type;
  switch (e.method) {
    case DeclMethod::Default:
      if (t == DeclType::Unused)
        fail(f + "type", "'unused' ends a D3D9 declaration; the trace lists only real elements");
      break;
    case DeclMethod::PartialU:
    case DeclMethod::PartialV:
    case DeclMethod::CrossUV:
      if (t != DeclType::D3DColor && t != DeclType::Float3 && t != DeclType::Float4 &&
          t != DeclType::Short4 && t != DeclType::UByte4)
        fail(f + "type", std::string(api::to_name(e.method)) +
                             " takes d3dcolor, float3, float4, short4 or ubyte4 data");
      break;
    case DeclMethod::Lookup:
      if (t != DeclType::Float2 && t != DeclType::Float3 && t != DeclType::Float4)
        fail(f + "type", "lookup takes float2, float3 or float4 data");
      break;
    case DeclMethod::UV:
    case DeclMethod::LookupPresampled:
      if (t != DeclType::Unused || e.stream != 0 || e.offset != 0)
        fail(f + "type", std::string(api::to_name(e.method)) +
                             " generates its value: type unused, stream 0, offset 0");
      break;
  }
}

// Segment counts of a patch draw: none (pNumSegs NULL) or one positive count per edge.
void check_segments(const std::vector<float>& segs, std::size_t edges) {
  if (!segs.empty() && segs.size() != edges)
    fail("segments", "needs " + std::to_string(edges) + " edge segment counts (or none), got " +
                         std::to_string(segs.size()));
  for (float f : segs)
    if (!(std::isfinite(f) && f > 0.0f))
      fail("segments", "segment counts must be positive finite numbers");
}

void check_patch_handle(uint32_t handle, uint32_t has_info) {
  if (has_info > 1) fail("has_info", "must be 0 or 1");
  if (handle == 0 && has_info == 0)
    fail("has_info", "handle 0 is a dynamic patch and needs its patch info");
}

// Basis and degree pairs D3D9 allows (D3DRECTPATCH_INFO / D3DTRIPATCH_INFO).
void check_basis_degree(api::Basis basis, api::Degree degree, bool tri) {
  using api::Basis;
  using api::Degree;
  const bool odd = degree == Degree::Linear || degree == Degree::Cubic || degree == Degree::Quintic;
  const bool ok = tri ? basis == Basis::Bezier && odd
                      : (basis == Basis::CatmullRom ? degree == Degree::Cubic : odd);
  if (!ok)
    fail("degree", std::string(tri ? "a tri patch" : "a rect patch") + " with basis " +
                       std::string(api::to_name(basis)) + " cannot have degree " +
                       std::string(api::to_name(degree)) +
                       (tri ? " (tri patches: bezier, linear/cubic/quintic)"
                            : " (bezier and bspline: linear/cubic/quintic; catmull_rom: cubic)"));
}

bool topology_ok(api::Topology t, api::DrawApi draw_api) {
  // D3D9 has no adjacency topologies; D3D10 has no fans.
  auto raw = static_cast<uint32_t>(t);
  return draw_api == api::DrawApi::D3D9 ? raw >= 1 && raw <= 6 : raw != 6;
}

void check_topology(api::Topology t, api::DrawApi draw_api) {
  if (!topology_ok(t, draw_api))
    fail("topology", std::string(api::to_name(t)) + " is not a " +
                         (draw_api == api::DrawApi::D3D9 ? "D3D9" : "D3D10") + " topology");
}

void check_id(ResourceId id) {
  if (id == 0) fail("id", "resource id 0 is reserved for \"none\"");
}

void check_stage(uint32_t stage) {
  if (api::sampler_slot(stage) < 0)
    fail("stage", "sampler stage " + std::to_string(stage) +
                      " is neither a pixel sampler 0..15 nor a vertex sampler 257..260");
}

// Light indices: the model keeps kMaxActiveLights lights (D3D9 allows any index but a
// device enables at most MaxActiveLights at once; this device stores only that many).
void check_light_index(uint32_t index) {
  if (index >= api::kMaxActiveLights)
    fail("index", "light " + std::to_string(index) + " out of range 0.." +
                      std::to_string(api::kMaxActiveLights - 1));
}

void check_finite(const char* field, float f) {
  if (!std::isfinite(f)) fail(field, "must be a finite number");
}

void check_size(const char* field, const std::vector<float>& v, std::size_t n) {
  if (v.size() != n)
    fail(field, std::to_string(v.size()) + " values; expected " + std::to_string(n));
  for (float f : v) check_finite(field, f);
}

// i# and b# registers: 16 of each per stage (kNumIntConstants / kNumBoolConstants).
void check_register_range(uint32_t start, std::size_t count) {
  constexpr uint32_t kRegs = 16;
  if (count == 0) fail("values", "no registers given");
  if (start >= kRegs || count > kRegs - start)
    fail("values", "registers " + std::to_string(start) + ".." + std::to_string(start + count - 1) +
                       " exceed the 16 registers (0..15)");
}

struct Rules {
  void operator()(const CreateVertexBuffer& c) {
    check_id(c.id);
    if (c.buffer->bytes.empty()) fail("bytes", "empty vertex buffer");
  }
  void operator()(const CreateIndexBuffer& c) {
    check_id(c.id);
    const auto& b = *c.buffer;
    if (b.format != api::Format::Index16 && b.format != api::Format::Index32)
      fail("format",
           "an index buffer is index16 or index32, not " + std::string(api::to_name(b.format)));
    unsigned size = api::format_bytes_per_pixel(b.format);
    if (b.bytes.empty() || b.bytes.size() % size != 0)
      fail("bytes", std::to_string(b.bytes.size()) + " bytes is not a whole, non-zero number of " +
                        std::to_string(size) + "-byte indices");
  }
  void operator()(const CreateTexture& c) {
    check_id(c.id);
    const auto& t = *c.texture;
    const api::TextureFormatInfo* info = api::texture_format_info(t.format);
    if (info == nullptr)
      fail("format", std::string(api::to_name(t.format)) + " is not a texture format");
    if (t.width == 0 || t.width > kMaxTextureSize) fail("width", "must be 1..16384");
    if (t.height == 0 || t.height > kMaxTextureSize) fail("height", "must be 1..16384");
    const bool volume = t.kind == api::TextureKind::Volume;
    if (!api::is_valid<api::TextureKind>(uint32_t(t.kind))) fail("kind", "unknown texture kind");
    if (!api::is_valid<api::TextureLayout>(uint32_t(t.layout)))
      fail("layout", "unknown texture layout (tiled or linear)");
    if (volume ? (t.depth == 0 || t.depth > kMaxVolumeSize) : t.depth != 1)
      fail("depth", volume ? "a volume's depth must be 1..2048" : "only a volume has a depth");
    if (volume && (t.width > kMaxVolumeSize || t.height > kMaxVolumeSize))
      fail("width", "a volume is at most 2048 texels on each side");
    if (t.kind == api::TextureKind::Cube && t.width != t.height)
      fail("height", "a cube's faces are square");
    // D3D9 creates DXT textures only in whole 4x4 blocks; the small mip levels are padded.
    if (info->block > 1 && (t.width % info->block != 0 || t.height % info->block != 0))
      fail("width", std::string(api::to_name(t.format)) + " needs a size in whole 4x4 blocks");
    uint32_t max_levels = 1;
    for (uint32_t w = t.width, h = t.height, d = volume ? t.depth : 1; w > 1 || h > 1 || d > 1;
         w >>= 1, h >>= 1, d >>= 1)
      ++max_levels;
    if (t.levels.empty() || t.levels.size() > max_levels)
      fail("levels", std::to_string(t.levels.size()) + " levels; a " + std::to_string(t.width) +
                         "x" + std::to_string(t.height) + " texture has 1.." +
                         std::to_string(max_levels));
    for (std::size_t i = 0; i < t.levels.size(); ++i) {
      const uint32_t w = std::max(1u, t.width >> i), h = std::max(1u, t.height >> i);
      const uint32_t images = api::texture_images(t.kind, t.depth, unsigned(i));
      const uint64_t want = api::texture_image_bytes(t.format, w, h) * images;
      if (t.levels[i].size() == want) continue;
      const std::string shape = std::to_string(w) + "x" + std::to_string(h);
      const std::string what =
          images != 1 ? std::to_string(images) + " images of " + shape + " texels"
          : info->block > 1
              ? shape + " texels in " + std::to_string(info->block_bytes) + "-byte 4x4 blocks"
              : shape + " texels of " + std::to_string(info->block_bytes) + " bytes";
      fail("levels", "level " + std::to_string(i) + " has " + std::to_string(t.levels[i].size()) +
                         " bytes, expected " + std::to_string(want) + " (" + what + ")");
    }
  }
  void operator()(const CreateShader& c) {
    check_id(c.id);
    const auto& s = *c.shader;
    if (s.data.empty()) fail("data", "empty shader");
    if (s.format == api::ShaderFormat::D3D9Bytecode && s.data.size() % 4 != 0)
      fail("data",
           "D3D9 bytecode is whole 4-byte tokens; got " + std::to_string(s.data.size()) + " bytes");
  }
  void operator()(const CreateVertexDeclaration& c) {
    check_id(c.id);
    const auto& elems = c.declaration->elements;
    if (elems.empty() || elems.size() > 64) fail("elements", "must hold 1..64 elements");
    for (std::size_t i = 0; i < elems.size(); ++i) {
      std::string f = "elements[" + std::to_string(i) + "].";
      if (elems[i].stream >= api::kMaxStreams) fail(f + "stream", "must be 0..15");
      check_method(elems[i], f);
      if (elems[i].usage_index >= 16) fail(f + "usage_index", "must be 0..15");
    }
  }
  void operator()(const ReleaseResource& c) { check_id(c.id); }
  void operator()(const SetStreamSource& c) {
    if (c.stream >= api::kMaxStreams) fail("stream", "must be 0..15");
  }
  void operator()(const SetTexture& c) { check_stage(c.stage); }
  void operator()(const SetSamplerState& c) { check_stage(c.stage); }
  void operator()(const SetShaderConstants& c) {
    if (c.values.size() % 4 != 0)
      fail("values", std::to_string(c.values.size()) + " floats is not whole float4 registers");
    if (c.start_register > api::kMaxShaderConstants ||
        c.values.size() / 4 > api::kMaxShaderConstants - c.start_register)
      fail("values", "registers " + std::to_string(c.start_register) + ".." +
                         std::to_string(c.start_register + c.values.size() / 4) +
                         " exceed the 256 constant registers");
  }
  void operator()(const SetViewport& c) {
    const auto& v = c.viewport;
    if (v.width == 0 || v.width > kMaxViewport) fail("width", "must be 1..65536");
    if (v.height == 0 || v.height > kMaxViewport) fail("height", "must be 1..65536");
    if (!(v.min_z >= 0.0f && v.min_z <= 1.0f)) fail("min_z", "must be within [0, 1]");
    if (!(v.max_z >= 0.0f && v.max_z <= 1.0f)) fail("max_z", "must be within [0, 1]");
  }
  void operator()(const SetScissorRect& c) {
    if (c.rect.right < c.rect.left) fail("right", "is left of 'left'");
    if (c.rect.bottom < c.rect.top) fail("bottom", "is above 'top'");
  }
  void operator()(const SetRenderStates& c) {
    for (std::size_t i = 0; i < c.states.size(); ++i) {
      auto id = static_cast<uint16_t>(c.states[i].id);
      const RenderStateInfo* rs = find_render_state(id);
      if (!rs)
        fail("states", "unknown render state number " + std::to_string(id) +
                           " (the file may come from a newer gfxsim)");
      if (!render_state_value_valid(*rs, c.states[i].value))
        fail(rs->name, "invalid value " + std::to_string(c.states[i].value) + "; expected " +
                           render_state_expectation(*rs));
      for (std::size_t j = 0; j < i; ++j)
        if (c.states[j].id == c.states[i].id) fail(rs->name, "set twice in one command");
    }
  }
  void operator()(const SetLight& c) {
    check_light_index(c.index);
    check_size("diffuse", c.diffuse, 4);
    check_size("specular", c.specular, 4);
    check_size("ambient", c.ambient, 4);
    check_size("position", c.position, 3);
    check_size("direction", c.direction, 3);
    check_finite("range", c.range);
    if (c.range < 0.0f) fail("range", "must not be negative");
    check_finite("falloff", c.falloff);
    check_finite("attenuation0", c.attenuation0);
    check_finite("attenuation1", c.attenuation1);
    check_finite("attenuation2", c.attenuation2);
    check_finite("theta", c.theta);
    check_finite("phi", c.phi);
    if (c.type != api::LightType::Directional &&
        !(c.attenuation0 > 0.0f || c.attenuation1 > 0.0f || c.attenuation2 > 0.0f))
      fail("attenuation0", "a point or spot light needs a positive attenuation term");
    if (c.attenuation0 < 0.0f || c.attenuation1 < 0.0f || c.attenuation2 < 0.0f)
      fail("attenuation0", "attenuation terms must not be negative");
    if (c.type == api::LightType::Spot &&
        !(c.theta >= 0.0f && c.theta <= c.phi && c.phi <= 3.1416f))
      fail("phi", "a spot light needs 0 <= theta <= phi <= pi");
  }
  void operator()(const LightEnable& c) {
    check_light_index(c.index);
    if (c.enable > 1) fail("enable", "must be 0 or 1");
  }
  void operator()(const SetMaterial& c) {
    check_size("diffuse", c.diffuse, 4);
    check_size("ambient", c.ambient, 4);
    check_size("specular", c.specular, 4);
    check_size("emissive", c.emissive, 4);
    check_finite("power", c.power);
  }
  void operator()(const SetShaderConstantsInt& c) {
    if (c.values.size() % 4 != 0)
      fail("values", std::to_string(c.values.size()) + " values is not whole int4 registers");
    check_register_range(c.start_register, c.values.size() / 4);
    for (float f : c.values)
      if (!(f >= -2147483648.0f && f < 2147483648.0f && f == std::trunc(f)))
        fail("values", "integer constants must be whole numbers within 32 bits");
  }
  void operator()(const SetShaderConstantsBool& c) {
    check_register_range(c.start_register, c.values.size());
    for (float f : c.values)
      if (f != 0.0f && f != 1.0f) fail("values", "boolean constants are 0 or 1");
  }
  void operator()(const SetTextureStageState& c) {
    const auto& s = c.state;
    if (c.stage >= api::kMaxTextureStages) fail("stage", "texture stage must be 0..7");
    if (s.color_op < 1 || s.color_op > 26) fail("color_op", "not a D3DTOP number (1..26)");
    if (s.alpha_op < 1 || s.alpha_op > 26) fail("alpha_op", "not a D3DTOP number (1..26)");
    const std::pair<const char*, uint32_t> args[] = {
        {"color_arg1", s.color_arg1}, {"color_arg2", s.color_arg2}, {"alpha_arg1", s.alpha_arg1},
        {"alpha_arg2", s.alpha_arg2}, {"color_arg0", s.color_arg0}, {"alpha_arg0", s.alpha_arg0}};
    for (const auto& [name, a] : args)
      if ((a & ~0x30u) > 6) fail(name, "not a D3DTA value (0..6, | 0x10 complement, | 0x20 alpha)");
    if (s.result_arg != 1 && s.result_arg != 5)
      fail("result_arg", "must be D3DTA_CURRENT (1) or D3DTA_TEMP (5)");
    // D3DTSS_TEXCOORDINDEX: a texture coordinate set 0..7 in the low 16 bits, a D3DTSS_TCI_*
    // generation mode (0 passthrough .. 4 sphere map) in the high 16.
    if ((s.texcoord_index & 0xFFFFu) >= 8 || (s.texcoord_index >> 16) > 4)
      fail("texcoord_index", "must be a set 0..7 | D3DTSS_TCI_* (0x10000..0x40000)");
    // D3DTTFF_COUNT1..4 with an optional PROJECTED (256), which divides by the last counted
    // component and so needs at least two.
    const uint32_t count = s.texture_transform_flags & ~256u;
    if (count > 4)
      fail("texture_transform_flags", "must be D3DTTFF_DISABLE 0 or COUNT1..4, | 256 PROJECTED");
    if ((s.texture_transform_flags & 256u) && count < 2)
      fail("texture_transform_flags", "PROJECTED needs COUNT2, COUNT3 or COUNT4");
  }
  void operator()(const SetStreamSourceFreq& c) {
    if (c.stream >= api::kMaxStreams) fail("stream", "must be 0..15");
    const uint32_t flags = c.setting & (kStreamIndexedData | kStreamInstanceData);
    const uint32_t n = c.setting & ~(kStreamIndexedData | kStreamInstanceData);
    if (flags == (kStreamIndexedData | kStreamInstanceData))
      fail("setting", "cannot be both indexed data and instance data");
    if (n == 0) fail("setting", "the instance count or divisor must be at least 1");
    if (flags == 0 && n != 1)
      fail("setting", "a frequency without the indexed-data or instance-data flag must be 1");
    if (flags == kStreamInstanceData && c.stream == 0)
      fail("setting", "stream 0 cannot hold instance data (D3D9)");
  }
  void operator()(const SetNPatchMode& c) {
    if (!std::isfinite(c.segments)) fail("segments", "must be a finite number");
  }
  void operator()(const DeletePatch& c) {
    if (c.handle == 0) fail("handle", "patch handle 0 is never cached, so it cannot be deleted");
  }
  void operator()(const DrawRectPatch& c) {
    check_patch_handle(c.handle, c.has_info);
    check_segments(c.segments, 4);
    if (!c.has_info) return;
    check_basis_degree(c.basis, c.degree, false);
    const uint32_t d = static_cast<uint32_t>(c.degree);
    if (c.basis == api::Basis::Bezier && (c.width != d + 1 || c.height != d + 1))
      fail("width", "a degree-" + std::to_string(d) + " bezier rect patch has " +
                        std::to_string(d + 1) + "x" + std::to_string(d + 1) +
                        " control points, got " + std::to_string(c.width) + "x" +
                        std::to_string(c.height));
    if (c.basis != api::Basis::Bezier && (c.width <= d || c.height <= d))
      fail("width", "a degree-" + std::to_string(d) + " " + std::string(api::to_name(c.basis)) +
                        " rect patch needs more than " + std::to_string(d) +
                        " control points each way, got " + std::to_string(c.width) + "x" +
                        std::to_string(c.height));
    if (uint64_t{c.start_vertex_offset_width} + c.width > c.stride)
      fail("stride", "the patch (columns " + std::to_string(c.start_vertex_offset_width) + ".." +
                         std::to_string(uint64_t{c.start_vertex_offset_width} + c.width - 1) +
                         ") is wider than the vertex grid's stride " + std::to_string(c.stride));
  }
  void operator()(const DrawTriPatch& c) {
    check_patch_handle(c.handle, c.has_info);
    check_segments(c.segments, 3);
    if (!c.has_info) return;
    check_basis_degree(c.basis, c.degree, true);
    const uint32_t d = static_cast<uint32_t>(c.degree);
    if (c.num_vertices != (d + 1) * (d + 2) / 2)
      fail("num_vertices", "a degree-" + std::to_string(d) + " tri patch has " +
                               std::to_string((d + 1) * (d + 2) / 2) + " control points, got " +
                               std::to_string(c.num_vertices));
  }
  void operator()(const SetClipPlane& c) {
    if (c.index >= api::kMaxClipPlanes) fail("index", "clip plane index must be 0..5");
    check_size("plane", c.plane, 4);
    for (float f : c.plane)
      if (!std::isfinite(f)) fail("plane", "must hold finite numbers");
  }
  void operator()(const SetLod& c) {
    if (c.id == 0) fail("id", "set_lod needs a texture id");
  }
  void operator()(const SetRenderTarget& c) {
    if (c.index >= 8) fail("index", "render target index must be 0..7");
  }
  void operator()(const DrawPrimitive& c) { check_topology(c.topology, api::DrawApi::D3D9); }
  void operator()(const DrawIndexedPrimitive& c) { check_topology(c.topology, api::DrawApi::D3D9); }
  void operator()(const Draw& c) { check_topology(c.topology, api::DrawApi::D3D10); }
  void operator()(const DrawIndexed& c) { check_topology(c.topology, api::DrawApi::D3D10); }
  void operator()(const DrawInstanced& c) { check_topology(c.topology, api::DrawApi::D3D10); }
  void operator()(const DrawIndexedInstanced& c) {
    check_topology(c.topology, api::DrawApi::D3D10);
  }
  void operator()(const Clear& c) {
    if (c.flags & ~uint32_t{api::ClearTarget | api::ClearZBuffer | api::ClearStencil})
      fail("flags", "unknown clear flag bits " + std::to_string(c.flags));
    if (!(c.depth >= 0.0f && c.depth <= 1.0f)) fail("depth", "must be within [0, 1]");
  }
  void operator()(const CopyRect& c) {
    if (c.dest == 0)
      fail("dest", "copy_rect needs a destination texture (the back buffer is not one)");
    if (c.filter != api::Filter::Point && c.filter != api::Filter::Linear)
      fail("filter", "must be point or linear");
    if (c.flip_y > 1) fail("flip_y", "must be 0 or 1");
    const auto rect = [](const char* side, uint32_t l, uint32_t t, uint32_t r, uint32_t b) {
      if (l == 0 && t == 0 && r == 0 && b == 0) return;  // the whole surface
      const std::string p(side);
      if (r <= l)
        fail(p + "_right", "must be greater than " + p + "_left (" + std::to_string(l) + ")");
      if (b <= t)
        fail(p + "_bottom", "must be greater than " + p + "_top (" + std::to_string(t) + ")");
    };
    rect("src", c.src_left, c.src_top, c.src_right, c.src_bottom);
    rect("dst", c.dst_left, c.dst_top, c.dst_right, c.dst_bottom);
  }
  void operator()(const CreateRasterizerState& c) { check_d3d10_state(c); }
  void operator()(const CreateDepthStencilState& c) { check_d3d10_state(c); }
  void operator()(const SetDepthStencilState& c) { check_d3d10_state(c); }
  void operator()(const CreateBlendState& c) { check_d3d10_state(c); }
  void operator()(const SetBlendState& c) { check_d3d10_state(c); }
  void operator()(const CreateConstantBuffer& c) { check_d3d10_state(c); }
  void operator()(const UpdateConstantBuffer& c) { check_d3d10_state(c); }
  void operator()(const SetConstantBuffers& c) { check_d3d10_state(c); }
  void operator()(const CreateSamplerState& c) { check_d3d10_state(c); }
  void operator()(const CreateInputLayout& c) { check_d3d10_state(c); }
  void operator()(const SetSamplers& c) { check_d3d10_state(c); }
  void operator()(const SetShaderResources& c) { check_d3d10_state(c); }
  void operator()(const CreateView& c) { check_d3d10_state(c); }
  void operator()(const SetRenderTargets& c) { check_d3d10_state(c); }
  void operator()(const ClearRenderTargetView& c) { check_d3d10_state(c); }
  void operator()(const ClearDepthStencilView& c) { check_d3d10_state(c); }
  template <class T> void operator()(const T&) {}  // nothing beyond enum values
};

}  // namespace

void check_header(const Header& h) {
  if (h.width == 0 || h.width > kMaxTextureSize) fail("width", "must be 1..16384");
  if (h.height == 0 || h.height > kMaxTextureSize) fail("height", "must be 1..16384");
  if (h.depth_format != api::Format::D24S8 && h.depth_format != api::Format::D24X8 &&
      h.depth_format != api::Format::D16)
    fail("depth_format", "must be d24s8, d24x8 or d16");
  const uint32_t n = h.sample_count;
  if (n != 0 && n != 1 && n != 2 && n != 4 && n != 8 && n != 16)
    fail("sample_count", "must be 0 or 1 (no MSAA), 2, 4, 8 or 16, not " + std::to_string(n));
}

void check_command(const Command& c) {
  EnumCheck enums;
  schema::describe_const(enums, c);  // also rejects null resource pointers
  std::visit(Rules{}, c);
}

std::string describe_field_error(const std::string& where_in_trace, const FieldError& e) {
  std::string s = where_in_trace + ": ";
  if (!e.field().empty()) s += "field '" + e.field() + "': ";
  return s + e.what();
}

}  // namespace gfx::trace

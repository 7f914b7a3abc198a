#include "trace/limits.h"

#include "config/config.h"
#include "trace/command_table.h"
#include "trace/draws.h"

namespace gfx::trace {

namespace {

constexpr uint64_t kGiB = uint64_t{1} << 30;
constexpr uint64_t kMaxU32 = 0xFFFFFFFFu;
// Fields, level and size words around a resource's data in its binary record.
constexpr uint64_t kRecordSlack = 256;

std::string over(const std::string& what, const std::string& key, uint64_t limit) {
  return what + ", over " + cfg::limit_text(key, limit);
}

template <class T> uint64_t count_of(const T& c) {
  if constexpr (std::is_same_v<T, DrawPrimitive> || std::is_same_v<T, DrawIndexedPrimitive>)
    return c.primitive_count;
  return 0;
}

// Resource kinds, as the driver keeps them: one table per kind, so the same id may name
// a buffer and a texture at once, and release_resource frees every kind of that id.
enum : uint64_t { kVertexBuffer, kIndexBuffer, kTexture, kShader, kConstantBuffer, kKinds };
uint64_t key_of(uint64_t kind, ResourceId id) { return kind << 32 | id; }

}  // namespace

void Limits::describe(cfg::Schema<Limits>& s) {
  s.field("render_target_width", &Limits::render_target_width, "pixels",
          "Widest back buffer a trace may declare (its header's width); 16384 is D3D11's "
          "largest 2D texture and the trace format's own ceiling")
      .range(1, 16384);
  s.field("render_target_height", &Limits::render_target_height, "pixels",
          "Tallest back buffer a trace may declare (its header's height)")
      .range(1, 16384);
  s.field("texture_width", &Limits::texture_width, "texels",
          "Widest texture a create_texture may declare (D3D11's 16384 by default)")
      .range(1, 16384);
  s.field("texture_height", &Limits::texture_height, "texels",
          "Tallest texture a create_texture may declare")
      .range(1, 16384);
  s.field("texture_bytes", &Limits::texture_bytes, "B",
          "Largest texture, all mip levels together: 1 GiB holds a 16384x16384 level 0, eight "
          "times D3D10's guaranteed 128 MiB per resource; up to the 2 GiB a binary record holds")
      .range(1, 2 * kGiB);
  s.field("buffer_bytes", &Limits::buffer_bytes, "B",
          "Largest vertex or index buffer (1 GiB: 64 M vertices of 16 bytes); up to the 2 GiB "
          "a binary record holds")
      .range(1, 2 * kGiB);
  s.field("resource_bytes", &Limits::resource_bytes, "B",
          "Bytes of all live buffers, textures and shaders together: 8 GiB is more than the "
          "resources of any game frame, and bounds what one trace can make the host hold")
      .range(1, kGiB << 10);
  s.field("vertices_per_draw", &Limits::vertices_per_draw, "vertices",
          "Vertices one instance of a non-indexed draw may submit (2^28, far above any game "
          "draw); at most 2^32 - 1, as D3D counts in 32 bits")
      .range(1, kMaxU32);
  s.field("indices_per_draw", &Limits::indices_per_draw, "indices",
          "Indices one instance of an indexed draw may submit (2^28)")
      .range(1, kMaxU32);
  s.field("instances_per_draw", &Limits::instances_per_draw, "instances",
          "Instances one draw may ask for (2^28)")
      .range(1, kMaxU32);
  s.field("vertex_invocations_per_draw", &Limits::vertex_invocations_per_draw, "vertices",
          "Vertices or indices per instance times instances: what one draw makes the vertex "
          "stage walk (2^30, about 10^9), so that instancing cannot multiply two admitted "
          "counts into a run without end")
      .range(1, uint64_t{1} << 48);
  s.field(cfg::kYamlBytesKey, &Limits::yaml_bytes, "B",
          "Largest YAML document: a YAML trace, and a config file (read under the default, "
          "or a larger value given with --set); large traces belong in the binary form")
      .range(1, uint64_t{4} * kGiB);
  s.field(cfg::kYamlNodesKey, &Limits::yaml_nodes, "nodes",
          "Nodes of a YAML document, each alias counted as a copy of what it names: the "
          "parser keeps about 460 bytes per node, so 2 M bound it to about 1 GiB")
      .range(1, uint64_t{1} << 32);
  s.field(cfg::kYamlExpandedBytesKey, &Limits::yaml_expanded_bytes, "B",
          "Bytes of a YAML document's scalars, each alias counted as a copy of what it names: "
          "stops a few kilobytes of aliases from building gigabytes of buffer data")
      .range(1, uint64_t{64} * kGiB);
}

Limits load_limits(const std::string& config, const std::vector<cfg::Override>& overrides,
                   const std::vector<std::string>& config_dirs) {
  const std::string section = std::string(cfg::kLimitsSection) + ".";
  for (const cfg::Override& o : overrides)
    if (o.path.rfind(section, 0) != 0)
      throw Error(o.origin + ": " + o.path + ": only limits.* keys can be set here");
  std::string path;
  if (!config.empty()) {
    std::vector<std::string> dirs{""};
    dirs.insert(dirs.end(), config_dirs.begin(), config_dirs.end());
    const auto found = cfg::find_config_file(config, dirs);
    if (!found) throw Error(config + ": no such config file or preset");
    path = found->string();
  }
  const cfg::RawNode raw = cfg::load_raw_config(path, overrides, config_dirs);
  struct Only {
    Limits limits;
    static void describe(cfg::Schema<Only>& s) {
      s.section(cfg::kLimitsSection, &Only::limits, "");
    }
  };
  cfg::RawNode top;
  top.kind = cfg::RawNode::Kind::Map;
  top.at = raw.at;
  if (const cfg::RawEntry* e = raw.find(cfg::kLimitsSection)) top.entries.push_back(*e);
  return cfg::resolve_config<Only>(top).limits;
}

std::string command_label(const std::string& where, uint64_t index, const std::string& name) {
  const std::string tail = ": command " + std::to_string(index);
  const bool named = where.size() >= tail.size() &&
                     where.compare(where.size() - tail.size(), tail.size(), tail) == 0;
  return (named ? where : where + tail) + " (" + name + ")";
}

void check_header_limits(const Header& h, const Limits& limits, const std::string& where) {
  const std::string size = std::to_string(h.width) + "x" + std::to_string(h.height);
  if (h.width > limits.render_target_width)
    throw Error(where + ": " +
                over("back buffer of " + size, "render_target_width", limits.render_target_width));
  if (h.height > limits.render_target_height)
    throw Error(
        where + ": " +
        over("back buffer of " + size, "render_target_height", limits.render_target_height));
}

RecordBound record_bound(std::size_t variant_index, const Limits& limits) {
  if (variant_index == Command(CreateVertexBuffer{}).index() ||
      variant_index == Command(CreateIndexBuffer{}).index() ||
      variant_index == Command(CreateConstantBuffer{}).index() ||
      variant_index == Command(UpdateConstantBuffer{}).index())
    return {limits.buffer_bytes + kRecordSlack, "buffer_bytes", limits.buffer_bytes};
  if (variant_index == Command(CreateTexture{}).index())
    return {limits.texture_bytes + kRecordSlack, "texture_bytes", limits.texture_bytes};
  return {};
}

void LimitChecker::create(uint64_t kind, ResourceId id, uint64_t bytes) {
  uint64_t& slot = live_[key_of(kind, id)];
  const uint64_t total = live_bytes_ - slot + bytes;  // re-creating an id replaces it
  if (total > limits_.resource_bytes)
    throw LimitError(over("the live resources would hold " + std::to_string(total) +
                              " bytes with this one of " + std::to_string(bytes),
                          "resource_bytes", limits_.resource_bytes));
  live_bytes_ = total;
  slot = bytes;
}

void LimitChecker::draw(const Command& c) {
  DrawCounts d;
  if (!draw_counts(c, d)) return;  // patches: their size is the tessellator's, bounded apart
  const uint64_t primitives = std::visit([](const auto& x) { return count_of(x); }, c);
  const std::string from = primitives ? " (from " + std::to_string(primitives) + " primitives of " +
                                            std::string(api::to_name(d.topology)) + ")"
                                      : "";
  const char* unit = d.indexed ? "indices" : "vertices";
  // Not limits but the API's own range: D3D counts and numbers vertices and indices in
  // 32 bits, and a count or a range past that would wrap (3 * primitives, first + i).
  if (d.count > kMaxU32)
    throw LimitError(std::to_string(d.count) + " " + unit + " per instance" + from +
                     " do not fit in the 32 bits D3D counts them in");
  if (d.count > 0 && d.first + d.count - 1 > kMaxU32)
    throw LimitError(std::string(unit) + " " + std::to_string(d.first) + ".." +
                     std::to_string(d.first + d.count - 1) + " run past " +
                     (d.indexed ? "index position " : "vertex ") + std::to_string(kMaxU32) +
                     ", the last a 32-bit number names (D3D would wrap to 0)");
  const uint64_t limit = d.indexed ? limits_.indices_per_draw : limits_.vertices_per_draw;
  if (d.count > limit)
    throw LimitError(over(std::to_string(d.count) + " " + unit + " per instance" + from,
                          d.indexed ? "indices_per_draw" : "vertices_per_draw", limit));
  // D3D9 instances only indexed draws, counting them on stream 0 (SetStreamSourceFreq).
  uint64_t instances = d.instances;
  const uint32_t mask = ~(kStreamIndexedData | kStreamInstanceData);
  if (std::holds_alternative<DrawIndexedPrimitive>(c) && (stream0_freq_ & kStreamIndexedData))
    instances = stream0_freq_ & mask;
  if (instances > limits_.instances_per_draw)
    throw LimitError(over(std::to_string(instances) + " instances", "instances_per_draw",
                          limits_.instances_per_draw));
  const uint64_t invocations = d.count * instances;  // both below 2^32: no overflow
  if (invocations > limits_.vertex_invocations_per_draw)
    throw LimitError(over(std::to_string(invocations) + " vertex invocations (" +
                              std::to_string(d.count) + " " + unit + " x " +
                              std::to_string(instances) + " instances)",
                          "vertex_invocations_per_draw", limits_.vertex_invocations_per_draw));
}

void LimitChecker::command(const Command& c) {
  if (const auto* v = std::get_if<CreateVertexBuffer>(&c)) {
    const uint64_t n = v->buffer->bytes.size();
    if (n > limits_.buffer_bytes)
      throw LimitError(over("vertex buffer of " + std::to_string(n) + " bytes", "buffer_bytes",
                            limits_.buffer_bytes));
    create(kVertexBuffer, v->id, n);
  } else if (const auto* i = std::get_if<CreateIndexBuffer>(&c)) {
    const uint64_t n = i->buffer->bytes.size();
    if (n > limits_.buffer_bytes)
      throw LimitError(over("index buffer of " + std::to_string(n) + " bytes", "buffer_bytes",
                            limits_.buffer_bytes));
    create(kIndexBuffer, i->id, n);
  } else if (const auto* t = std::get_if<CreateTexture>(&c)) {
    const api::Texture& tex = *t->texture;
    const std::string size = std::to_string(tex.width) + "x" + std::to_string(tex.height);
    if (tex.width > limits_.texture_width)
      throw LimitError(over("texture of " + size, "texture_width", limits_.texture_width));
    if (tex.height > limits_.texture_height)
      throw LimitError(over("texture of " + size, "texture_height", limits_.texture_height));
    uint64_t n = 0;
    for (const auto& level : tex.levels) n += level.size();
    if (n > limits_.texture_bytes)
      throw LimitError(over("texture of " + size + " with " + std::to_string(tex.levels.size()) +
                                (tex.levels.size() == 1 ? " level, " : " levels, ") +
                                std::to_string(n) + " bytes",
                            "texture_bytes", limits_.texture_bytes));
    create(kTexture, t->id, n);
  } else if (const auto* s = std::get_if<CreateShader>(&c)) {
    create(kShader, s->id, s->shader->data.size());
  } else if (const auto* b = std::get_if<CreateConstantBuffer>(&c)) {
    create(kConstantBuffer, b->id, b->buffer->bytes.size());
  } else if (const auto* r = std::get_if<ReleaseResource>(&c)) {
    for (uint64_t kind = 0; kind < kKinds; ++kind) {
      auto it = live_.find(key_of(kind, r->id));
      if (it == live_.end()) continue;
      live_bytes_ -= it->second;
      live_.erase(it);
    }
  } else if (const auto* f = std::get_if<SetStreamSourceFreq>(&c)) {
    if (f->stream == 0) stream0_freq_ = f->setting;
  } else if (is_draw(c)) {
    draw(c);
  }
}

}  // namespace gfx::trace

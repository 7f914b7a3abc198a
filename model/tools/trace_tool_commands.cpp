// The four subcommands of gfxsim-trace. Each streams the trace once through a Reader,
// so they work on traces of any length.
#include <array>
#include <map>

#include "common/error.h"
#include "d3d10/input_signature.h"
#include "d3d10/trace_shader.h"
#include "tools/trace_tool_cli.h"
#include "trace/command_table.h"
#include "trace/draws.h"
#include "trace/frames.h"
#include "trace/reader.h"
#include "trace/text_format.h"
#include "trace/validate.h"
#include "trace/writer.h"
#include "trace/yaml_emitter.h"

namespace gfx::tools {

using namespace gfx::trace;

namespace {

// Bytes of data a create_* command brings into the trace.
uint64_t resource_bytes(const Command& c) {
  if (auto* v = std::get_if<CreateVertexBuffer>(&c)) return v->buffer->bytes.size();
  if (auto* i = std::get_if<CreateIndexBuffer>(&c)) return i->buffer->bytes.size();
  if (auto* s = std::get_if<CreateShader>(&c)) return s->shader->data.size();
  if (auto* t = std::get_if<CreateTexture>(&c)) {
    uint64_t n = 0;
    for (const auto& level : t->texture->levels) n += level.size();
    return n;
  }
  return 0;
}

}  // namespace

void trace_info(const std::string& file, std::ostream& out) {
  auto reader = Reader::open(file);
  std::array<uint64_t, kCommandCount> counts{};
  uint64_t commands = 0, frames = 0, draws = 0, primitives = 0, patches = 0, bytes = 0;
  Command c;
  while (reader->next(c)) {
    ++commands;
    ++counts[c.index()];
    DrawCounts d;
    if (draw_counts(c, d)) {
      ++draws;
      primitives += d.primitives;
    } else if (std::holds_alternative<DrawRectPatch>(c) ||
               std::holds_alternative<DrawTriPatch>(c)) {
      // A patch is one (higher-order) primitive: the triangles it becomes depend on the
      // tessellator and the device's caps, which gfxsim's run statistics report.
      ++draws;
      ++patches;
      ++primitives;
    }
    if (std::holds_alternative<Present>(c)) ++frames;
    bytes += resource_bytes(c);
  }
  const Header& h = reader->header();
  out << "file: " << quote_string(file) << "\n"
      << "form: " << form_name(reader->form()) << "\n"
      << "format_version: " << h.version << "\n"
      << "name: " << quote_string(h.name) << "\n"
      << "width: " << h.width << "\n"
      << "height: " << h.height << "\n";
  if (h.depth_format != api::Format::D24S8)  // shown when set, as the header carries it
    out << "depth_format: " << api::to_name(h.depth_format) << "\n";
  if (h.sample_count != 0) out << "sample_count: " << h.sample_count << "\n";
  out << "commands: " << commands << "\n"
      << "frames: " << frames << "\n"
      << "draws: " << draws << "\n"
      << "primitives: " << primitives << "\n"
      << "patches: " << patches << "\n"
      << "resource_bytes: " << bytes << "\n"
      << "command_counts:" << (commands == 0 ? " {}" : "") << "\n";
  for (std::size_t i = 0; i < kCommandCount; ++i)
    if (counts[i]) out << "  " << command_info(i).name << ": " << counts[i] << "\n";
}

void trace_dump(const std::string& file, bool full, std::ostream& out) {
  auto reader = Reader::open(file);
  YamlStyle style;
  style.summarize_data = !full;
  YamlEmitter emitter(out, style);
  emitter.header(reader->header());
  Command c;
  while (reader->next(c)) emitter.command(c);
  emitter.finish();
}

namespace {
// D3D10 shaders and input layouts are checked where the replay's driver checks them, with
// the same words: a shader at its create_shader (d3d10/trace_shader.h), a layout against
// its vertex shader's input signature at its create_input_layout (d3d10/input_signature.h).
class D3D10Checks {
 public:
  void command(const Command& c) {
    if (const auto* create = std::get_if<CreateShader>(&c)) {
      vertex_signatures_.erase(create->id);
      if (!d3d10::is_d3d10_format(create->shader->format)) return;
      d3d10::Shader s = d3d10::load_trace_shader(
          *create->shader, d3d10::trace_shader_label(create->shader->stage, create->id));
      if (create->shader->stage == api::ShaderStage::Vertex)
        vertex_signatures_[create->id] = std::move(s);
    } else if (const auto* release = std::get_if<ReleaseResource>(&c)) {
      vertex_signatures_.erase(release->id);
    } else if (const auto* layout = std::get_if<CreateInputLayout>(&c)) {
      const auto it = vertex_signatures_.find(layout->shader);
      const std::string what = "create_input_layout " + std::to_string(layout->id) + ": ";
      if (it == vertex_signatures_.end())
        throw Error(what + "shader " + std::to_string(layout->shader) +
                    " is not a D3D10 vertex shader, whose input signature a layout needs");
      try {
        d3d10::check_input_signature(
            *layout->layout, it->second,
            d3d10::trace_shader_label(api::ShaderStage::Vertex, layout->shader));
      } catch (const Error& e) {
        throw Error(what + e.what());
      }
    }
  }

 private:
  std::map<ResourceId, d3d10::Shader> vertex_signatures_;  // live D3D10 vertex shaders
};
}  // namespace

void trace_validate(const std::string& file, std::ostream& out, const Limits& limits) {
  auto reader = Reader::open(file, limits);
  Validator v(limits);
  D3D10Checks d3d10_checks;
  Command c;
  while (reader->next(c)) {
    try {
      v.command(c);
      d3d10_checks.command(c);
    } catch (const LimitError& e) {  // worded as the replay words it
      throw Error(command_label(reader->where(), v.commands() - 1, name_of(c)) + ": " + e.what());
    } catch (const Error& e) {
      throw Error(reader->where() + ": " + e.what());
    }
  }
  out << file << ": valid (" << v.commands() << " commands, " << v.frames() << " frames)\n";
}

void trace_convert(const std::string& in, const std::string& out_path, bool has_range,
                   uint32_t first, uint32_t last, std::ostream& out) {
  auto reader = Reader::open(in);
  auto writer = Writer::create(out_path, reader->header(), form_for_path(out_path));
  const Header& h = reader->header();
  FrameSelector select(has_range ? first : 0, has_range ? last : 0xFFFFFFFFu, h.width, h.height);
  uint64_t written = 0;
  auto write = [&](const Command& k) {
    writer->write(k);
    ++written;
  };
  Command c;
  while (reader->next(c)) {
    auto action = select.next(c);
    if (action == FrameSelector::Action::Stop) break;
    if (action == FrameSelector::Action::Drop) continue;
    if (action == FrameSelector::Action::Hide) {
      for (const Command& k : select.hide_before()) write(k);
      write(c);
      for (const Command& k : select.hide_after()) write(k);
      continue;
    }
    write(c);
  }
  if (has_range && select.frames_kept() < last - first + 1)
    throw Error(in + ": --frames " + std::to_string(first) + ":" + std::to_string(last) +
                ": the trace has only " + std::to_string(select.frame()) + " frames");
  writer->finish();  // only a complete conversion replaces OUT
  out << "wrote " << out_path << " (" << written << " commands";
  if (has_range) out << ", frames " << first << ".." << last;
  out << ")\n";
}

}  // namespace gfx::tools

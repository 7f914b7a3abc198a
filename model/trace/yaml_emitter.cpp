// YAML spelling of headers and commands, driven by the field walk of schema.h.
#include "trace/yaml_emitter.h"

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "trace/command_table.h"
#include "trace/render_states.h"
#include "trace/schema.h"
#include "trace/text_format.h"

namespace gfx::trace {
namespace {

using schema::Blob;
using schema::BlobStyle;
using schema::ClearMask;
using schema::Color;
using schema::Levels;
using schema::Methods;

constexpr std::size_t kWrap = 88;       // characters of flow content per line
constexpr std::size_t kFlowLine = 100;  // a command fits on one line up to this width
constexpr std::size_t kMaxChunks = 256;

// A field's spelling: flow text (continuation lines of a wrapped list included), or
// block lines (sequence items) that go under the key.
struct Entry {
  std::string key;
  std::vector<std::string> lines;
  bool block = false;
};

// "[a, b, c]" wrapped after kWrap characters; open/close may add "{f32: " ... "}".
std::vector<std::string> flow_list(const std::vector<std::string>& items, const std::string& open,
                                   const std::string& close) {
  std::vector<std::string> lines{open + "["};
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::string piece = items[i] + (i + 1 < items.size() ? "," : "");
    if (lines.back().size() + piece.size() + 1 > kWrap && lines.back().back() == ',')
      lines.emplace_back();
    if (!lines.back().empty() && lines.back().back() == ',') lines.back() += ' ';
    lines.back() += piece;
  }
  lines.back() += "]" + close;
  return lines;
}

uint32_t word_at(const std::vector<uint8_t>& b, std::size_t i) {
  return b[i] | (uint32_t{b[i + 1]} << 8) | (uint32_t{b[i + 2]} << 16) | (uint32_t{b[i + 3]} << 24);
}

// A word that reads naturally as a float: zero, or a finite value of moderate magnitude.
// Colours with a high alpha byte are NaNs or extreme as floats and stay hex.
bool float_like(uint32_t u) {
  uint32_t e = (u >> 23) & 0xFF;
  return (u & 0x7FFFFFFF) == 0 || (e >= 127 - 30 && e <= 127 + 30);
}

std::string float_word(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return format_float(f);
}

class EntryBuilder {
 public:
  explicit EntryBuilder(const YamlStyle& style) : style_(style) {}
  std::vector<Entry> entries;

  template <class T> void operator()(const char* name, T& x, bool = false) {
    if constexpr (std::is_enum_v<T>) {
      inline_entry(name, std::string(api::to_name(x)));
    } else if constexpr (std::is_integral_v<T>) {
      inline_entry(name, std::to_string(x));
    } else if constexpr (std::is_same_v<T, float>) {
      inline_entry(name, format_float(x));
    } else if constexpr (std::is_same_v<T, std::string>) {
      inline_entry(name, quote_string(x));
    } else if constexpr (std::is_same_v<T, std::vector<uint32_t>>) {
      std::vector<std::string> items;
      for (uint32_t u : x) items.push_back(std::to_string(u));
      entries.push_back({name, flow_list(items, "", ""), false});
    } else {  // Matrix4 or std::vector<float>
      std::vector<std::string> items;
      for (float f : x) items.push_back(format_float(f));
      entries.push_back({name, flow_list(items, "", ""), false});
    }
  }
  void operator()(const char* name, Color c, bool = false) {
    inline_entry(name, format_hex(c.value, 8));
  }
  void operator()(const char* name, ClearMask m, bool = false) {
    static const char* const kNames[] = {"target", "zbuffer", "stencil"};
    std::vector<std::string> items;
    for (int i = 0; i < 3; ++i)
      if (m.value & (1u << i)) items.push_back(kNames[i]);
    entries.push_back({name, flow_list(items, "", ""), false});
  }
  void operator()(const char* name, Methods m, bool = false) {
    std::vector<std::string> items;
    for (const auto& e : m.elements) items.emplace_back(api::to_name(e.method));
    entries.push_back({name, flow_list(items, "", ""), false});
  }
  void operator()(const char* name, Blob b, bool = false) {
    if (summarized(b.bytes)) return inline_entry(name, summary(b.bytes));
    std::vector<std::vector<std::string>> chunks = blob_chunks(b);
    if (chunks.size() == 1) {
      entries.push_back({name, chunks[0], false});
    } else {
      Entry e{name, {}, true};
      for (auto& c : chunks) append_item(e.lines, c, /*strip_braces=*/true);
      entries.push_back(e);
    }
  }
  void operator()(const char* name, Levels l, bool = false) {
    Entry e{name, {}, true};
    for (const auto& level : l.levels) {
      if (summarized(level)) {
        e.lines.push_back("- " + summary(level));
      } else {
        e.lines.push_back("- {base64: \"" + base64_encode(level.data(), level.size()) + "\"}");
      }
    }
    entries.push_back(e);
  }
  template <class R> void list(const char* name, std::vector<R>& elems) {
    Entry e{name, {}, true};
    for (auto& el : elems) {
      EntryBuilder sub(style_);
      schema::describe(sub, el);
      e.lines.push_back("- " + sub.flow_mapping());
    }
    entries.push_back(e);
  }
  void render_states(std::vector<RenderStateValue>& states) {
    for (const auto& s : states) {
      const RenderStateInfo* rs = find_render_state(static_cast<uint16_t>(s.id));
      if (rs) inline_entry(rs->name, render_state_value_text(*rs, s.value));
    }
  }
  template <class T> T& resource(std::shared_ptr<const T>& p) { return const_cast<T&>(*p); }

  // "{a: 1, b: 2}", or "" when some entry is a block or spans lines.
  std::string flow_mapping() const {
    std::string s = "{";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].block || entries[i].lines.size() != 1) return "";
      s += (i ? ", " : "") + entries[i].key + ": " + entries[i].lines[0];
    }
    return s + "}";
  }

 private:
  void inline_entry(const char* name, std::string text) {
    entries.push_back({name, {std::move(text)}, false});
  }
  bool summarized(const std::vector<uint8_t>& b) const {
    return style_.summarize_data && b.size() > style_.summary_threshold;
  }
  static std::string summary(const std::vector<uint8_t>& b) {
    return "<" + std::to_string(b.size()) + " bytes>";
  }
  static void append_item(std::vector<std::string>& out, std::vector<std::string> chunk,
                          bool strip_braces) {
    // "{f32: [..]}" becomes the sequence item "- f32: [..]".
    if (strip_braces) {
      chunk.front().erase(0, 1);
      chunk.back().pop_back();
    }
    out.push_back("- " + chunk[0]);
    // Continuation lines of a flow list sit deeper than the item's mapping key.
    for (std::size_t i = 1; i < chunk.size(); ++i) out.push_back("    " + chunk[i]);
  }

  std::vector<std::vector<std::string>> blob_chunks(const Blob& b) const {
    const auto& bytes = b.bytes;
    auto base64 = [&] {
      return std::vector<std::vector<std::string>>{
          {"{base64: \"" + base64_encode(bytes.data(), bytes.size()) + "\"}"}};
    };
    auto ints = [&](int width, bool hex, const char* type) {
      std::vector<std::string> items;
      for (std::size_t i = 0; i + width <= bytes.size(); i += width) {
        uint32_t v = width == 2 ? bytes[i] | (uint32_t{bytes[i + 1]} << 8) : word_at(bytes, i);
        items.push_back(hex ? format_hex(v, 8) : std::to_string(v));
      }
      return std::vector<std::vector<std::string>>{
          flow_list(items, std::string("{") + type + ": ", "}")};
    };
    switch (b.style) {
      case BlobStyle::U16: return bytes.size() % 2 ? base64() : ints(2, false, "u16");
      case BlobStyle::U32: return bytes.size() % 4 ? base64() : ints(4, false, "u32");
      case BlobStyle::Tokens: return bytes.size() % 4 ? base64() : ints(4, true, "u32");
      case BlobStyle::Text: {
        for (uint8_t c : bytes)
          if ((c < 0x20 && c != '\n' && c != '\t') || c >= 0x7F) return base64();
        std::string text(bytes.begin(), bytes.end());
        return {{"{text: " + quote_string(text) + "}"}};
      }
      case BlobStyle::Bytes: return base64();
      case BlobStyle::Words: break;
    }
    if (bytes.size() % 4) return base64();
    // Runs of float-like words as f32, the other words (colours, packed data) as u32 hex.
    std::vector<std::vector<std::string>> chunks;
    std::vector<std::string> run;
    bool run_float = false;
    auto flush = [&] {
      if (!run.empty()) chunks.push_back(flow_list(run, run_float ? "{f32: " : "{u32: ", "}"));
      run.clear();
    };
    for (std::size_t i = 0; i < bytes.size(); i += 4) {
      uint32_t u = word_at(bytes, i);
      bool f = float_like(u);
      if (f != run_float) flush();
      run_float = f;
      run.push_back(f ? float_word(u) : format_hex(u, 8));
      if (chunks.size() > kMaxChunks) return base64();
    }
    flush();
    return chunks.size() > kMaxChunks ? base64() : chunks;
  }

  const YamlStyle& style_;
};

}  // namespace

void YamlEmitter::header(const Header& h) {
  out_ << "gfxsim_trace: " << kFormatVersion << "\n";
  EntryBuilder b(style_);
  schema::describe_const(b, h);
  for (const auto& e : b.entries) out_ << e.key << ": " << e.lines[0] << "\n";
}

void YamlEmitter::command(const Command& c) {
  if (!any_command_) out_ << "commands:\n";
  any_command_ = true;
  EntryBuilder b(style_);
  schema::describe_const(b, c);
  std::string head = std::string("  - ") + name_of(c) + ":";
  std::string flow = b.flow_mapping();
  if (!flow.empty() && head.size() + 1 + flow.size() <= kFlowLine) {
    out_ << head << " " << flow << "\n";
    return;
  }
  out_ << head << "\n";
  const std::string indent = "      ";
  for (const auto& e : b.entries) {
    if (e.block) {
      out_ << indent << e.key << ":\n";
      for (const auto& line : e.lines) out_ << indent << "  " << line << "\n";
    } else {
      out_ << indent << e.key << ": " << e.lines[0] << "\n";
      for (std::size_t i = 1; i < e.lines.size(); ++i)
        out_ << indent << "    " << e.lines[i] << "\n";
    }
  }
}

void YamlEmitter::finish() {
  if (!any_command_) out_ << "commands: []\n";
}

}  // namespace gfx::trace

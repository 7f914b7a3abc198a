// Traces for the limit tests, written by the test itself in either form: a 64x64 back
// buffer, float3 positions on stream 0 and whatever commands a case adds. `replay_error`
// feeds a trace through the reader and the driver as a run does, `validate_error` through
// gfxsim-trace validate; both return the one-line error, or "".
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "driver/device.h"
#include "tools/trace_tool_cli.h"
#include "trace/reader.h"
#include "trace/writer.h"

namespace gfx::test {

inline std::shared_ptr<const api::Buffer> bytes_buffer(size_t n) {
  auto b = std::make_shared<api::Buffer>();
  b->bytes.assign(n, 0);
  return b;
}

inline std::shared_ptr<const api::IndexBuffer> index16(size_t count) {
  auto b = std::make_shared<api::IndexBuffer>();
  b->format = api::Format::Index16;
  b->bytes.assign(2 * count, 0);
  return b;
}

inline std::shared_ptr<const api::Texture> texture(uint32_t w, uint32_t h, bool mips = false) {
  auto t = std::make_shared<api::Texture>();
  t->width = w;
  t->height = h;
  for (uint32_t lw = w, lh = h;; lw = std::max(1u, lw >> 1), lh = std::max(1u, lh >> 1)) {
    t->levels.emplace_back(size_t(lw) * lh * 4, uint8_t{0});
    if (!mips || (lw == 1 && lh == 1)) break;
  }
  return t;
}

inline trace::DrawPrimitive draw_primitive(api::Topology t, uint32_t start, uint32_t prims) {
  trace::DrawPrimitive d;
  d.topology = t;
  d.start_vertex = start;
  d.primitive_count = prims;
  return d;
}

inline trace::DrawInstanced draw_instanced(uint32_t vertices, uint32_t instances) {
  trace::DrawInstanced d;
  d.topology = api::Topology::PointList;
  d.vertex_count_per_instance = vertices;
  d.instance_count = instances;
  return d;
}

inline trace::DrawIndexed draw_indexed(uint32_t indices) {
  trace::DrawIndexed d;
  d.topology = api::Topology::PointList;
  d.index_count = indices;
  return d;
}

// The commands before a case's own: a declaration (id 1), `vertices` float3 positions in
// vertex buffer 2 on stream 0, and 8 indices in index buffer 3.
inline std::vector<trace::Command> scene(uint32_t vertices = 12) {
  auto decl = std::make_shared<api::VertexDeclaration>();
  decl->elements.push_back({0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0});
  trace::SetStreamSource s;
  s.source = {2, 0, 12};
  return {trace::CreateVertexDeclaration{1, decl},
          trace::SetVertexDeclaration{1},
          trace::CreateVertexBuffer{2, bytes_buffer(size_t(vertices) * 12)},
          s,
          trace::CreateIndexBuffer{3, index16(8)},
          trace::SetIndices{3}};
}

inline std::vector<trace::Command> with(std::vector<trace::Command> a,
                                        const std::vector<trace::Command>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

class LimitFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::string(GFX_BINARY_DIR) + "/limits_test_files/" + info->test_suite_name() + "." +
           info->name();
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes the commands as trace `name` (.yaml: YAML, else binary) and returns its path.
  std::string write(const std::string& name, const std::vector<trace::Command>& commands,
                    uint32_t width = 64, uint32_t height = 64) {
    const std::string path = dir_ + "/" + name;
    trace::Header h;
    h.width = width;
    h.height = height;
    auto w = trace::Writer::create(path, h, trace::form_for_path(path));
    for (const auto& c : commands) w->write(c);
    w->finish();
    return path;
  }

  static std::string replay_error(const std::string& path, const trace::Limits& limits) {
    try {
      auto reader = trace::Reader::open(path, limits);
      driver::Device device(reader->header());
      device.set_limits(limits);
      trace::Command c;
      while (reader->next(c)) device.apply(c, reader->where());
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }

  static std::string validate_error(const std::string& path, const trace::Limits& limits) {
    std::ostringstream out;
    try {
      tools::trace_validate(path, out, limits);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }

  // Line of the index-th command of a YAML trace the writer wrote ("  - name: ..." lines).
  static int line_of(const std::string& path, uint64_t index) {
    std::ifstream in(path);
    std::string text;
    uint64_t seen = 0;
    for (int line = 1; std::getline(in, text); ++line)
      if (text.rfind("  - ", 0) == 0 && seen++ == index) return line;
    return 0;
  }

  // Writes `commands` in both forms and expects the replay and validate to fail on command
  // `index` with exactly `problem`, and both to read the whole trace once `raised` applies.
  void refused(const std::vector<trace::Command>& commands, const trace::Limits& limits,
               uint64_t index, const std::string& problem, const trace::Limits* raised = nullptr) {
    const std::string name = trace::name_of(commands[index]);
    for (const char* file : {"case.yaml", "case.gfxt"}) {
      const std::string path = write(file, commands);
      const std::string place =
          trace::form_for_path(path) == trace::Form::Yaml
              ? path + ":" + std::to_string(line_of(path, index)) + ": command " +
                    std::to_string(index) + " (" + name + ")"
              : path + ": command " + std::to_string(index) + " (" + name + ")";
      EXPECT_EQ(replay_error(path, limits), place + ": " + problem);
      EXPECT_EQ(validate_error(path, limits), place + ": " + problem);
      if (raised) {
        EXPECT_EQ(replay_error(path, *raised), "") << path;
        EXPECT_EQ(validate_error(path, *raised), "") << path;
      }
    }
  }

  std::string dir_;
};

}  // namespace gfx::test

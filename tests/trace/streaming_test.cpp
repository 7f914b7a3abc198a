// The binary reader streams: it keeps no command it has returned, and its own buffer is
// bounded by the largest record, not by the length of the trace.
#include <gtest/gtest.h>

#include "test_util.h"
#include "trace/builder.h"
#include "trace/writer.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

constexpr int kFrames = 2000;
constexpr std::size_t kBufferBytes = 4096;

void write_long_trace(const std::string& path) {
  auto w = Writer::create(path, Header{}, Form::Binary);
  TraceBuilder b(*w);
  auto decl = b.vertex_declaration({{0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0}});
  b.set_vertex_declaration(decl);
  for (int f = 0; f < kFrames; ++f) {
    std::vector<uint8_t> bytes(kBufferBytes, static_cast<uint8_t>(f));
    auto vb = b.vertex_buffer_bytes(bytes);
    b.set_stream_source(0, vb, 12);
    b.clear(api::ClearTarget, 0xFF000000u | static_cast<uint32_t>(f));
    b.draw(api::Topology::TriangleList, 3);
    b.set_stream_source(0, 0, 0);
    b.release(vb);
    b.present();
  }
  w->finish();
}

TEST(TraceStreaming, ReaderHoldsOneCommandAtATime) {
  ScratchDir dir;
  write_long_trace(dir.path("long.gfxt"));
  auto r = Reader::open(dir.path("long.gfxt"));
  std::shared_ptr<const api::Buffer> previous;
  std::size_t max_buffered = 0, commands = 0, frames = 0;
  Command c;
  while (r->next(c)) {
    ++commands;
    max_buffered = std::max(max_buffered, r->buffered_bytes());
    // The buffer of the last create_vertex_buffer is referenced by this test only: the
    // reader did not keep it once it moved on.
    if (previous) {
      ASSERT_EQ(previous.use_count(), 1) << "command " << commands;
      previous.reset();
    }
    if (auto* vb = std::get_if<CreateVertexBuffer>(&c)) {
      EXPECT_EQ(vb->buffer->bytes[0], static_cast<uint8_t>(frames));
      previous = vb->buffer;  // next() replaces `c`, so then only `previous` should hold it
    } else if (auto* clear = std::get_if<Clear>(&c)) {
      EXPECT_EQ(clear->color, 0xFF000000u | static_cast<uint32_t>(frames));
    } else if (std::holds_alternative<Present>(c)) {
      ++frames;
    }
  }
  EXPECT_EQ(frames, static_cast<std::size_t>(kFrames));
  EXPECT_EQ(commands, 2 + 7u * kFrames);
  // The largest record is one vertex buffer (4096 data bytes + 8 bytes of fields).
  EXPECT_LE(max_buffered, 2 * (kBufferBytes + 64));
}

}  // namespace
}  // namespace gfx::test

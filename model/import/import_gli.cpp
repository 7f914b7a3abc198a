#include "import/import_gli.h"

#include <filesystem>

#include "common/error.h"
#include "import/gli_reader.h"
#include "trace/builder.h"
#include "trace/writer.h"

namespace gfx::import {

std::pair<uint32_t, uint32_t> window_size(const GliCapture& capture) {
  for (const GliCall& c : capture.calls) {
    if (c.name != "glViewport") continue;
    CallArgs a(c, capture.path, capture.hex_floats);
    a.expect_count(4);
    int64_t w = a.integer(2), h = a.integer(3);
    if (w <= 0 || h <= 0 || w > 8192 || h > 8192) a.fail("window size outside 1..8192");
    return {uint32_t(w), uint32_t(h)};
  }
  throw Error(located(capture.path, 0, 0, "no glViewport call: the window size is unknown"));
}

ImportReport import_gli(const GliCapture& capture, trace::Writer& out, TranslateOptions options) {
  auto [w, h] = window_size(capture);
  trace::TraceBuilder builder(out);
  D3dEmitter emitter(builder, w, h, options.frames);
  GlTranslator translator(capture, emitter, options);
  translator.run();
  builder.flush();
  ImportReport r;
  r.width = w;
  r.height = h;
  r.calls = static_cast<uint32_t>(capture.calls.size());
  r.draws = emitter.draws_written();
  r.frames = emitter.frames_written();
  r.skipped = translator.skipped();
  return r;
}

ImportReport import_gli_file(const std::string& in_path, const std::string& out_path,
                             TranslateOptions options, trace::Form form) {
  GliCapture capture = read_gli_file(in_path);
  auto [w, h] = window_size(capture);
  trace::Header header;
  std::filesystem::path p(in_path);
  header.name = p.parent_path().filename().string();
  if (header.name.empty()) header.name = p.stem().string();
  header.width = w;
  header.height = h;
  auto writer = trace::Writer::create(out_path, header, form);
  ImportReport r = import_gli(capture, *writer, options);
  writer->finish();
  return r;
}

}  // namespace gfx::import

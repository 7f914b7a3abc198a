#include "import/import_pix.h"

#include <filesystem>

#include "import/pix_translator.h"
#include "trace/builder.h"
#include "trace/writer.h"

namespace gfx::import {

ImportReport import_pix(const PixCapture& capture, trace::Writer& out, TranslateOptions options) {
  const PixDevice device = pix_device(capture);
  trace::TraceBuilder builder(out);
  PixTranslator translator(capture, builder, options);
  translator.run();
  ImportReport r;
  r.width = device.width;
  r.height = device.height;
  r.calls = static_cast<uint32_t>(capture.calls.size());
  r.draws = translator.draws_written();
  r.frames = translator.frames_written();
  r.skipped = translator.skipped();
  return r;
}

ImportReport import_pix_file(const std::string& in_path, const std::string& out_path,
                             TranslateOptions options, trace::Form form) {
  PixCapture capture = read_pix_file(in_path);
  const PixDevice device = pix_device(capture);
  trace::Header header;
  std::filesystem::path p(in_path);
  header.name = p.parent_path().filename().string();
  if (header.name.empty()) header.name = p.stem().string();
  header.width = device.width;
  header.height = device.height;
  header.depth_format = device.depth_format;
  header.sample_count = device.sample_count;
  auto writer = trace::Writer::create(out_path, header, form);
  ImportReport r = import_pix(capture, *writer, options);
  writer->finish();
  return r;
}

}  // namespace gfx::import

// The `gfxsim-import pix` entry point: reads a PIX run file, translates its Direct3D 9
// calls and writes a gfxsim trace whose back buffer is CreateDevice's (size and depth
// format); the trace is named after the capture's folder.
#pragma once

#include <string>

#include "import/import_options.h"
#include "import/pix_reader.h"
#include "trace/writer.h"

namespace gfx::import {

ImportReport import_pix(const PixCapture& capture, trace::Writer& out, TranslateOptions options);
ImportReport import_pix_file(const std::string& in_path, const std::string& out_path,
                             TranslateOptions options, trace::Form form = trace::Form::Binary);

}  // namespace gfx::import

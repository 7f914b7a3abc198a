// The `gfxsim-import gli` entry point: reads a GLInterceptor capture, translates it and
// writes a gfxsim trace. The trace's back buffer is the first glViewport's size (ATTILA
// does the same); the trace is named after the capture's folder.
#pragma once

#include <map>
#include <string>

#include "import/gl_translator.h"
#include "trace/commands.h"

namespace gfx::import {

// The window size: the first glViewport's width and height. Error if there is none.
std::pair<uint32_t, uint32_t> window_size(const GliCapture& capture);

ImportReport import_gli(const GliCapture& capture, trace::Writer& out, TranslateOptions options);
ImportReport import_gli_file(const std::string& in_path, const std::string& out_path,
                             TranslateOptions options, trace::Form form = trace::Form::Binary);

}  // namespace gfx::import

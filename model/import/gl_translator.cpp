#include "import/gl_translator.h"

#include <filesystem>
#include <set>

#include "common/error.h"

namespace gfx::import {

GlTranslator::GlTranslator(const GliCapture& capture, D3dEmitter& out, TranslateOptions options)
    : capture_(capture),
      out_(out),
      options_(options),
      data_(std::filesystem::path(capture.path).parent_path().string()) {
  // GL's first viewport is the window.
  state_.viewport = {0, 0, out.window_width(), out.window_height()};
  add_matrix_calls();
  add_state_calls();
  add_lighting_calls();
  add_immediate_calls();
  add_program_calls();
  add_array_calls();
  add_texture_calls();
}

void GlTranslator::on(const std::string& name, Handler h, bool immediate) {
  handlers_[name] = std::move(h);
  immediate_[name] = immediate;
}

void GlTranslator::run() {
  for (const GliCall& call : capture_.calls) {
    if (out_.past_range()) break;
    translate(call);
  }
  try {
    out_.flush();
  } catch (const ConversionError& e) {
    throw Error(located(capture_.path, 0, 0, std::string("at the end: ") + e.what()));
  }
}

void GlTranslator::translate(const GliCall& call) {
  static const std::set<std::string> kIgnored = {"glHint", "glFlush", "glFinish", "glGenLists"};
  if (call.name != "wglSwapBuffers" && call.name.compare(0, 3, "wgl") == 0) return;
  if (kIgnored.count(call.name)) return;
  if (call.name.compare(0, 5, "glGet") == 0) return;  // queries change no state
  try {
    auto it = handlers_.find(call.name);
    if (it == handlers_.end()) throw UnsupportedError("call not supported by the importer");
    if (!immediate_[call.name]) {
      if (in_begin_) throw ConversionError("not allowed between glBegin and glEnd");
      out_.flush();
    }
    it->second(CallArgs(call, capture_.path, capture_.hex_floats));
  } catch (const UnsupportedError& e) {
    if (!options_.skip_unknown)
      throw Error(located(capture_.path, call.line, 0,
                          call.name + ": " + e.what() + " (--skip-unknown skips it)"));
    ++skipped_[call.name];
  } catch (const ConversionError& e) {
    throw Error(located(capture_.path, call.line, 0, call.name + ": " + e.what()));
  }
}

}  // namespace gfx::import

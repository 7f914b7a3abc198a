// Models OpenGL 1.x immediate mode, the fixed-function pipeline and ARB vertex and fragment
// programs as D3D9 draws. Leaves out vertex arrays, buffer objects, display lists, textures
// (docs/importers.md lists the rest).
//
// Turns the calls of a GLInterceptor capture into gfxsim trace commands: each call updates
// a GlState (gl_calls_*.cpp) and the D3dEmitter writes what the draws, clears and swaps
// need. A call that cannot be translated stops the import with an Error naming the file,
// the line and the call, unless skip_unknown is set: then it is counted and skipped.
// Ignored: wgl* calls other than wglSwapBuffers, glHint, glFlush, glFinish, glGenLists
// (display-list names; lists themselves are not supported) and the glGet* queries.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <unordered_map>

#include "import/d3d_emitter.h"
#include "import/gli_args.h"
#include "import/gli_call.h"

namespace gfx::import {

class GlTranslator {
 public:
  GlTranslator(const GliCapture& capture, D3dEmitter& out, TranslateOptions options);

  // Translates every call, then writes what is pending.
  void run();
  // Calls skipped under skip_unknown, by name, with how often.
  const std::map<std::string, uint32_t>& skipped() const { return skipped_; }
  const GlState& state() const { return state_; }

 private:
  using Handler = std::function<void(const CallArgs&)>;
  void translate(const GliCall& call);
  void add_matrix_calls();
  void add_state_calls();
  void add_lighting_calls();
  void add_immediate_calls();
  void add_program_calls();  // gl_calls_program.cpp
  void on(const std::string& name, Handler h, bool immediate = false);
  void multiply(const GlMatrix& m) { state_.top() = state_.top() * m; }
  void vertex(const CallArgs& a, size_t n, bool doubles);
  void color(const CallArgs& a, size_t n, char type);  // type: f, d or u(byte)
  void enable(const CallArgs& a, bool on);

  const GliCapture& capture_;
  D3dEmitter& out_;
  TranslateOptions options_;
  GlState state_;
  std::unordered_map<std::string, Handler> handlers_;
  std::unordered_map<std::string, bool> immediate_;  // calls that may not break a batch
  std::map<std::string, uint32_t> skipped_;

  bool in_begin_ = false;
  uint32_t begin_mode_ = 0;
  std::vector<ImmediateVertex> vertices_;
};

}  // namespace gfx::import

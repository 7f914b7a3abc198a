// Models OpenGL 1.x immediate mode, vertex arrays, buffer objects, the fixed-function
// pipeline and ARB vertex and fragment programs as D3D9 draws. Leaves out display lists
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
#include "import/gl_arrays.h"
#include "import/gli_args.h"
#include "import/gli_call.h"
#include "import/gli_data.h"

namespace gfx::import {

class GlTranslator {
 public:
  GlTranslator(const GliCapture& capture, D3dEmitter& out, TranslateOptions options);

  // Translates every call, then writes what is pending.
  void run();
  // Calls skipped under skip_unknown, by name, with how often.
  const std::map<std::string, uint32_t>& skipped() const { return skipped_; }
  const GlState& state() const { return state_; }
  // The bytes of the capture's buffer descriptors (`*N` arguments).
  GliData& data() { return data_; }

 private:
  using Handler = std::function<void(const CallArgs&)>;
  void translate(const GliCall& call);
  void add_matrix_calls();
  void add_state_calls();
  void add_lighting_calls();
  void add_immediate_calls();
  void add_program_calls();  // gl_calls_program.cpp
  void add_array_calls();    // gl_calls_arrays.cpp
  void add_texture_calls();  // gl_calls_texture.cpp
  bool texture_enable(uint32_t cap, bool on);
  GlTexture& bound_texture(const CallArgs& a);  // of the active unit; a.arg(0) the target
  void on(const std::string& name, Handler h, bool immediate = false);
  void multiply(const GlMatrix& m) { state_.top() = state_.top() * m; }
  void vertex(const CallArgs& a, size_t n, bool doubles);
  void color(const CallArgs& a, size_t n, char type);  // type: f, d or u(byte)
  void enable(const CallArgs& a, bool on);
  D3dBatch flat_batch(uint32_t mode, const std::vector<ImmediateVertex>& v);
  // Vertex arrays (gl_calls_arrays.cpp).
  const std::vector<uint8_t>& array_bytes(const GlArray& a);
  void set_pointer(GlArray& a, const CallArgs& args, size_t i);
  void array_pointer(GlArray& a, const CallArgs& args, int64_t size, uint32_t type, int64_t stride,
                     size_t ptr, bool normalized);
  GlArray* client_array(uint32_t cap);
  GlBufferObject& bound_buffer(const CallArgs& a, uint32_t target);
  std::vector<uint32_t> element_indices(const CallArgs& a, int64_t count, uint32_t type,
                                        size_t ptr);
  void draw_arrays(uint32_t mode, const std::vector<uint32_t>& indices);

  const GliCapture& capture_;
  D3dEmitter& out_;
  TranslateOptions options_;
  GlState state_;
  GliData data_;  // the capture's BufferDescriptors.dat / MemoryRegions.dat
  GlArrays arrays_;
  std::unordered_map<std::string, Handler> handlers_;
  std::unordered_map<std::string, bool> immediate_;  // calls that may not break a batch
  std::map<std::string, uint32_t> skipped_;

  bool in_begin_ = false;
  uint32_t begin_mode_ = 0;
  std::vector<ImmediateVertex> vertices_;
};

}  // namespace gfx::import

// Runs a translated ARB program through gfxsim's D3D9 front end and shader interpreter:
// the tests check what the program computes, not only the text it became.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "d3d9/decoder.h"
#include "d3d9/translate.h"
#include "func/shader/interpreter.h"
#include "func/shader/warp.h"
#include "import/arb_program.h"

namespace gfx::import::test {

using func::Vec4;

struct ArbRun {
  ArbProgram program;
  func::Program isa;
  std::vector<Vec4> constants = std::vector<Vec4>(256);
  std::map<int, Vec4> inputs;  // internal input register -> value, every lane
  func::Warp warp;

  explicit ArbRun(const std::string& text)
      : program(translate_arb_program(text)),
        isa(d3d9::translate(d3d9::decode(program.tokens), "arb")) {}

  // Sets the constant bound to `path` (e.g. "program.local[8]"); fails the test if none.
  bool set(const std::string& path, Vec4 v) {
    for (const ArbConstant& c : program.constants)
      if (c.path == path) {
        constants[c.reg] = v;
        return true;
      }
    return false;
  }

  // Runs one quad (four lanes, all live) with the same inputs in every lane.
  void run() {
    warp.lanes = 4;
    warp.live = 0xF;
    for (const auto& [reg, v] : inputs)
      for (int l = 0; l < 4; ++l) warp.set_input(reg, l, v);
    func::ExecContext ctx;
    ctx.program = &isa;
    ctx.constants = constants.data();
    func::execute(ctx, warp, nullptr);
  }
  Vec4 out(int reg) const { return warp.output_vec(reg, 0); }
};

}  // namespace gfx::import::test

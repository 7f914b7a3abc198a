// Helpers of the SM4 translator tests: assemble, build the container (so the signatures
// are the derived ones), translate, and run one lane of the result in the interpreter.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "d3d10/assembler.h"
#include "d3d10/container.h"
#include "d3d10/encode.h"
#include "d3d10/translate.h"
#include "func/shader/interpreter.h"

namespace gfx::d3d10::test {

inline func::Program translate_asm(const std::string& text) {
  return translate(read_container(build_container(parse_asm(text))), "test");
}

inline func::Vec4 floats_of_bits(uint32_t x, uint32_t y, uint32_t z, uint32_t w) {
  const uint32_t b[4] = {x, y, z, w};
  func::Vec4 v;
  std::memcpy(&v[0], b, 16);
  return v;
}

inline std::array<uint32_t, 4> bits_of(const func::Vec4& v) {
  std::array<uint32_t, 4> b;
  std::memcpy(b.data(), &v.x, 16);
  return b;
}

// One warp of four lanes (a whole quad for pixel programs), every lane with the same inputs
// unless lane_inputs gives register r's value per lane.
struct Runner {
  std::vector<func::Vec4> constants = std::vector<func::Vec4>(256, func::Vec4{});
  std::vector<func::Vec4> inputs = std::vector<func::Vec4>(16, func::Vec4{});
  std::map<int, std::array<func::Vec4, 4>> lane_inputs;
  const func::SamplerBinding* samplers = nullptr;  // api::kMaxSamplers entries, or none
  func::Warp warp;
  std::vector<func::OpClass> record;  // the classes of the instructions the last run issued

  void run(const func::Program& p) {
    warp.lanes = 4;
    warp.live = 0xF;
    for (int r = 0; r < 16; ++r)
      for (int l = 0; l < 4; ++l) warp.set_input(r, l, inputs[size_t(r)]);
    for (const auto& [r, v] : lane_inputs)
      for (int l = 0; l < 4; ++l) warp.set_input(r, l, v[size_t(l)]);
    func::ExecContext ctx;
    ctx.program = &p;
    ctx.constants = constants.data();
    ctx.samplers = samplers;
    record.clear();
    func::execute(ctx, warp, &record);
  }
  func::Vec4 output(int reg, int lane = 0) const { return warp.output_vec(reg, lane); }
};

}  // namespace gfx::d3d10::test

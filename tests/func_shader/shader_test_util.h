// Small builders shared by the func_shader tests: instructions, programs, warps and
// textures written out by hand so each test states its inputs plainly.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <vector>

#include "func/shader/interpreter.h"
#include "func/shader/isa.h"
#include "func/shader/warp.h"

namespace gfx::func::test {

inline Src src(RegFile file, uint16_t index, uint8_t swz = kSwizzleIdentity, bool negate = false,
               bool abs = false) {
  Src s;
  s.file = file;
  s.index = index;
  s.swz = swz;
  s.negate = negate;
  s.abs = abs;
  return s;
}
inline Src v(uint16_t i, uint8_t swz = kSwizzleIdentity) { return src(RegFile::Input, i, swz); }
inline Src c(uint16_t i, uint8_t swz = kSwizzleIdentity) { return src(RegFile::Const, i, swz); }
inline Src r(uint16_t i, uint8_t swz = kSwizzleIdentity) { return src(RegFile::Temp, i, swz); }

inline Dst dst(RegFile file, uint16_t index, uint8_t mask = 0xF, bool saturate = false) {
  Dst d;
  d.file = file;
  d.index = index;
  d.mask = mask;
  d.saturate = saturate;
  return d;
}
inline Dst o(uint16_t i, uint8_t mask = 0xF, bool sat = false) {
  return dst(RegFile::Output, i, mask, sat);
}
inline Dst rd(uint16_t i, uint8_t mask = 0xF) { return dst(RegFile::Temp, i, mask); }

inline Instr ins(Op op, Dst d, Src a = Src{}, Src b = Src{}, Src c2 = Src{}) {
  Instr in;
  in.op = op;
  in.dst = d;
  in.src[0] = a;
  in.src[1] = b;
  in.src[2] = c2;
  return in;
}
inline Instr tex(Dst d, Src coord, uint8_t sampler) {
  Instr in = ins(Op::Tex, d, coord);
  in.sampler = sampler;
  return in;
}

// Flow-control and side-register operands.
inline Src bconst(uint16_t i) { return src(RegFile::ConstBool, i); }
inline Src iconst(uint16_t i) { return src(RegFile::ConstInt, i); }
inline Src p0(int comp, bool negate = false) {
  return src(RegFile::Pred, 0, swizzle(comp, comp, comp, comp), negate);
}
inline Src rel(Src s, RelAddr mode, uint8_t comp = 0) {
  s.rel = mode;
  s.rel_comp = comp;
  return s;
}
inline Dst a0(uint8_t mask = 0xF) { return dst(RegFile::Addr, 0, mask); }
inline Dst pd(uint8_t mask = 0xF) { return dst(RegFile::Pred, 0, mask); }
inline Instr flow(Op op, Src a = Src{}, Src b = Src{}) { return ins(op, Dst{}, a, b); }
inline Instr with_cmp(Instr in, CmpOp c) {
  in.cmp = c;
  return in;
}
inline Instr label_op(Op op, uint16_t l, Src a = Src{}) {
  Instr in = flow(op, a);
  in.label = l;
  return in;
}
inline Instr predicated(Instr in, uint8_t swz, bool negate = false) {
  in.pred.enabled = true;
  in.pred.swz = swz;
  in.pred.negate = negate;
  return in;
}

inline Program program(std::initializer_list<Instr> code, uint16_t temps = 4, uint16_t inputs = 4,
                       uint16_t outputs = 4, api::ShaderStage stage = api::ShaderStage::Vertex) {
  Program p;
  p.stage = stage;
  p.code = code;
  p.num_temps = temps;
  p.num_inputs = inputs;
  p.num_outputs = outputs;
  p.name = "test";
  return p;
}

// A warp of `lanes` lanes, all live, whose input register r holds `inputs[r]` in every lane.
inline Warp warp_with(std::initializer_list<Vec4> inputs, int lanes = 4) {
  Warp w;
  w.lanes = lanes;
  w.live = lanes >= 64 ? ~0ull : ((1ull << lanes) - 1);
  int reg = 0;
  for (const Vec4& in : inputs) {
    for (int l = 0; l < lanes; ++l) w.set_input(reg, l, in);
    ++reg;
  }
  return w;
}

// Runs `p` with constants c0..c255 (zeros unless given) and returns o0 of lane 0.
inline Vec4 run(const Program& p, Warp& w, const std::vector<Vec4>& consts = {},
                const SamplerBinding* samplers = nullptr, TextureAccessSink* sink = nullptr,
                std::vector<OpClass>* record = nullptr) {
  std::vector<Vec4> all(256);
  for (size_t i = 0; i < consts.size() && i < all.size(); ++i) all[i] = consts[i];
  ExecContext ctx;
  ctx.program = &p;
  ctx.constants = all.data();
  ctx.samplers = samplers;
  ctx.texture_sink = sink;
  execute(ctx, w, record);
  return w.output_vec(0, 0);
}

// Runs `p` with float constants and the integer and boolean constants of the draw.
inline void run_flow(const Program& p, Warp& w, const std::vector<Vec4>& consts,
                     const std::vector<Int4>& ints, const std::vector<bool>& bools,
                     std::vector<OpClass>* record = nullptr) {
  std::vector<Vec4> all(256);
  for (size_t i = 0; i < consts.size() && i < all.size(); ++i) all[i] = consts[i];
  Int4 iv[kNumIntConstants] = {};
  bool bv[kNumBoolConstants] = {};
  for (size_t i = 0; i < ints.size() && i < size_t(kNumIntConstants); ++i) iv[i] = ints[i];
  for (size_t i = 0; i < bools.size() && i < size_t(kNumBoolConstants); ++i) bv[i] = bools[i];
  ExecContext ctx;
  ctx.program = &p;
  ctx.constants = all.data();
  ctx.int_constants = iv;
  ctx.bool_constants = bv;
  execute(ctx, w, record);
}

// A texture whose level l texel (x, y) is texel(l, x, y) (0xAARRGGBB).
inline api::Texture make_texture(uint32_t width, uint32_t height, unsigned levels,
                                 const std::function<uint32_t(unsigned, uint32_t, uint32_t)>& texel,
                                 api::Format format = api::Format::A8R8G8B8) {
  api::Texture t;
  t.format = format;
  t.width = width;
  t.height = height;
  for (unsigned l = 0; l < levels; ++l) {
    const uint32_t w = width >> l ? width >> l : 1, h = height >> l ? height >> l : 1;
    std::vector<uint8_t> bytes;
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x)
        for (int b = 0; b < 4; ++b) bytes.push_back(uint8_t(texel(l, x, y) >> (8 * b)));
    t.levels.push_back(std::move(bytes));
  }
  return t;
}

// Texture sink that keeps every call.
struct RecordingSink : TextureAccessSink {
  struct Call {
    unsigned issue_index;
    unsigned level;
    std::vector<uint32_t> xy;
  };
  std::vector<Call> calls;
  void texels(unsigned issue_index, const api::Texture&, unsigned level, unsigned /*image*/,
              const uint32_t* xy, unsigned count) override {
    calls.push_back({issue_index, level, std::vector<uint32_t>(xy, xy + 2 * count)});
  }
  // All texel pairs of one level, in call order.
  std::vector<uint32_t> level_texels(unsigned level) const {
    std::vector<uint32_t> out;
    for (const Call& c : calls)
      if (c.level == level) out.insert(out.end(), c.xy.begin(), c.xy.end());
    return out;
  }
};

}  // namespace gfx::func::test

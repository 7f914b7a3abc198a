// WarpSlot: one resident warp of a shader core, with the record of what it executed and
// where its replay stands. Shared by the core and its issue policies (shader/issue/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "common/types.h"
#include "func/shader/isa.h"
#include "pipe/items.h"

namespace gfx::shader {

struct WarpSlot {
  bool used = false;
  bool is_vertex = false;
  pipe::VertexWarp vertex;
  pipe::PixelWarpPtr pixel;
  std::vector<func::Op> record;  // opcodes in issue order, the final end included
  std::vector<std::pair<uint32_t, Addr>> tex_lines;    // (issue index, line)
  std::vector<std::pair<uint32_t, Addr>> const_lines;  // (issue index, constant-buffer line)
  size_t pc = 0;
  size_t tex_cursor = 0;
  size_t const_cursor = 0;        // the first constant line of an instruction not yet queued
  Cycle ready_at = 0;             // the next instruction may issue
  Cycle constant_ready = 0;       // the next instruction's constant lines have arrived
  bool waiting_texture = false;   // lookups still queued at the texture unit
  bool texture_latency = false;   // ready_at comes from texels in flight, not an ALU result
  bool waiting_constant = false;  // the next instruction's lookups queued at the constant cache
  uint32_t registers = 0;         // float4 registers held
  uint64_t age = 0;               // dispatch order on its core: smaller is older

  bool finished() const { return pc >= record.size(); }
  bool handed_off = false;  // finished and waiting in the cluster's output order
};

// The warp has an instruction it may issue at `now`: the only warps an issue policy picks.
inline bool can_issue(const WarpSlot& s, Cycle now) {
  return s.used && !s.finished() && !s.waiting_texture && !s.waiting_constant &&
         s.ready_at <= now && s.constant_ready <= now;
}

}  // namespace gfx::shader

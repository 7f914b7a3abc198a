// Wine's d3d11 test_vertex_id golden table (d3d-semantics.md section 4.2): four draws of
// the ID buffer {0..8, 5, 6, 7} with index buffer {6, 7, 8, 0, 1, 2}, and the (ID,
// SV_InstanceID, SV_VertexID) each vertex receives. Shared by the input-assembler test
// (gfxsim's asm extensions) and the SM4 one, which must give the same table.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "func/draw_context.h"

namespace gfx::func::test {

using Triple = std::array<uint32_t, 3>;  // (ID, InstanceID, VertexID)

struct VertexIdCase {
  const char* what;
  bool indexed;
  uint32_t count, first, instance_count;
  int32_t base_vertex;
  uint32_t start_instance;
  std::vector<Triple> expected;

  void apply(DrawContext& d) const {
    d.indexed = indexed;
    d.count = count;
    d.first = first;
    d.instance_count = instance_count;
    d.base_vertex = base_vertex;
    d.start_instance = start_instance;
  }
};

inline const std::vector<VertexIdCase>& wine_vertex_id_table() {
  static const std::vector<VertexIdCase> table = {
      {"DrawInstanced(3, 2, 0, 0): both from zero",
       false,
       3,
       0,
       2,
       0,
       0,
       {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {0, 1, 0}, {1, 1, 1}, {2, 1, 2}}},
      {"DrawInstanced(3, 1, 3, 16): start vertex and instance excluded",
       false,
       3,
       3,
       1,
       0,
       16,
       {{3, 0, 0}, {4, 0, 1}, {5, 0, 2}}},
      {"DrawIndexedInstanced(3, 2, 0, 0, 0): VertexID is the index",
       true,
       3,
       0,
       2,
       0,
       0,
       {{6, 0, 6}, {7, 0, 7}, {8, 0, 8}, {6, 1, 6}, {7, 1, 7}, {8, 1, 8}}},
      {"DrawIndexedInstanced(3, 1, 3, 9, 7): base vertex and start instance excluded",
       true,
       3,
       3,
       1,
       9,
       7,
       {{5, 0, 0}, {6, 0, 1}, {7, 0, 2}}},
  };
  return table;
}

}  // namespace gfx::func::test

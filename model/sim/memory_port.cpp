#include "sim/memory_port.h"

namespace gfx::sim {

const char* client_name(Client c) {
  switch (c) {
    case Client::Command: return "command";
    case Client::Index: return "index";
    case Client::Vertex: return "vertex";
    case Client::Texture: return "texture";
    case Client::Depth: return "depth";
    case Client::Color: return "color";
    case Client::Tessellator: return "tessellator";
    case Client::Constant: return "constant";
  }
  return "?";
}

}  // namespace gfx::sim

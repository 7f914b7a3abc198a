// Mesh construction for the bundled traces.
#include "tools/tracegen_meshes.h"

#include <cstring>

namespace gfx::tracegen {
namespace {

void put32(std::vector<uint8_t>& out, uint32_t u) {
  for (int k = 0; k < 4; ++k) out.push_back(static_cast<uint8_t>(u >> (8 * k)));
}
void put_float(std::vector<uint8_t>& out, float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  put32(out, u);
}

Vertex make_vertex(Vec3 p, uint32_t color, double u, double v) {
  return {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z), color,
          static_cast<float>(u),   static_cast<float>(v)};
}

// Sphere vertices: ring r (0 = north pole) by segment s, (rings+1) x (segments+1).
std::vector<Vertex> sphere_vertices(int rings, int segments, uint32_t color) {
  std::vector<Vertex> out;
  for (int r = 0; r <= rings; ++r) {
    double theta = kPi * r / rings;
    for (int s = 0; s <= segments; ++s) {
      double phi = 2 * kPi * s / segments;
      Vec3 p{sin_d(theta) * cos_d(phi), cos_d(theta), sin_d(theta) * sin_d(phi)};
      out.push_back(
          make_vertex(p, color, static_cast<double>(s) / segments, static_cast<double>(r) / rings));
    }
  }
  return out;
}

}  // namespace

std::vector<api::VertexElement> decl_position_color() {
  return {{0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0},
          {0, 12, api::DeclType::D3DColor, api::DeclUsage::Color, 0}};
}

std::vector<api::VertexElement> decl_position_color_tex() {
  return {{0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0},
          {0, 12, api::DeclType::D3DColor, api::DeclUsage::Color, 0},
          {0, 16, api::DeclType::Float2, api::DeclUsage::TexCoord, 0}};
}

std::vector<uint8_t> pack_pc(const std::vector<Vertex>& vs) {
  std::vector<uint8_t> out;
  out.reserve(vs.size() * kStridePC);
  for (const auto& v : vs) {
    put_float(out, v.x);
    put_float(out, v.y);
    put_float(out, v.z);
    put32(out, v.color);
  }
  return out;
}

std::vector<uint8_t> pack_pct(const std::vector<Vertex>& vs) {
  std::vector<uint8_t> out;
  out.reserve(vs.size() * kStridePCT);
  for (const auto& v : vs) {
    put_float(out, v.x);
    put_float(out, v.y);
    put_float(out, v.z);
    put32(out, v.color);
    put_float(out, v.u);
    put_float(out, v.v);
  }
  return out;
}

Mesh ground_grid(int n, double half, double tile, uint32_t color) {
  Mesh m;
  double step = 2 * half / n;
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) {
      Vec3 p{-half + i * step, 0, -half + j * step};
      m.vertices.push_back(make_vertex(p, color, (p.x + half) / tile, (p.z + half) / tile));
    }
  auto at = [n](int i, int j) { return static_cast<uint32_t>(j * (n + 1) + i); };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      // (+z) x (+x) = +y: seen from above these run clockwise.
      uint32_t v00 = at(i, j), v10 = at(i + 1, j), v01 = at(i, j + 1), v11 = at(i + 1, j + 1);
      m.indices.insert(m.indices.end(), {v00, v01, v10, v10, v01, v11});
    }
  return m;
}

Mesh cube(uint32_t color) {
  // For each face: outward normal n and in-plane axes u, v with u x v = n, so that the
  // corners (-u-v), (+u-v), (-u+v) run clockwise seen from outside.
  struct Face {
    Vec3 n, u, v;
  };
  const Face faces[6] = {
      {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
      {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
      {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},  {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
  };
  Mesh m;
  for (const auto& f : faces) {
    auto base = static_cast<uint32_t>(m.vertices.size());
    for (int k = 0; k < 4; ++k) {
      double su = (k & 1) ? 1 : -1, sv = (k & 2) ? 1 : -1;
      Vec3 p = f.n + f.u * su + f.v * sv;
      m.vertices.push_back(make_vertex(p, color, (su + 1) / 2, (1 - sv) / 2));
    }
    m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base + 2, base + 1, base + 3});
  }
  return m;
}

Mesh sphere_list(int rings, int segments, uint32_t color) {
  Mesh m;
  m.vertices = sphere_vertices(rings, segments, color);
  auto at = [segments](int r, int s) { return static_cast<uint32_t>(r * (segments + 1) + s); };
  for (int r = 0; r < rings; ++r)
    for (int s = 0; s < segments; ++s) {
      // (a, b, c) and (b, d, c) are clockwise from outside; at the poles one of the two
      // has two corners on the pole and is left out.
      uint32_t a = at(r, s), b = at(r, s + 1), c = at(r + 1, s), d = at(r + 1, s + 1);
      if (r > 0) m.indices.insert(m.indices.end(), {a, b, c});
      if (r < rings - 1) m.indices.insert(m.indices.end(), {b, d, c});
    }
  return m;
}

Mesh sphere_strip(int rings, int segments, uint32_t color, bool use_cut, uint32_t cut) {
  Mesh m;
  m.vertices = sphere_vertices(rings, segments, color);
  auto at = [segments](int r, int s) { return static_cast<uint32_t>(r * (segments + 1) + s); };
  for (int r = 0; r < rings; ++r) {
    if (r > 0) {
      if (use_cut) {
        m.indices.push_back(cut);
      } else {
        // Repeat the last index and the next band's first: four degenerate triangles,
        // and the band keeps an even start so its winding is unchanged.
        m.indices.push_back(m.indices.back());
        m.indices.push_back(at(r + 1, 0));
      }
    }
    // Lower ring first: (lower s, upper s, lower s+1) is clockwise from outside.
    for (int s = 0; s <= segments; ++s) {
      m.indices.push_back(at(r + 1, s));
      m.indices.push_back(at(r, s));
    }
  }
  return m;
}

std::vector<uint16_t> to_u16(const std::vector<uint32_t>& indices) {
  std::vector<uint16_t> out;
  out.reserve(indices.size());
  for (uint32_t i : indices) out.push_back(static_cast<uint16_t>(i));
  return out;
}

}  // namespace gfx::tracegen

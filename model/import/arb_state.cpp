// state.* bindings of ARB programs: each becomes one constant per vector, named by its
// canonical spelling (defaults written out) so that the importer can fill it per draw.
#include <set>

#include "import/arb_translator.h"

namespace gfx::import {
namespace {

std::string idx(uint32_t n) { return "[" + std::to_string(n) + "]"; }

}  // namespace

void ArbTranslator::state_binding(std::vector<uint32_t>& regs, bool in_array) {
  expect(".");
  const std::string w = identifier("a state name");
  if (w == "matrix") {
    matrix_binding(regs, in_array);
    return;
  }
  auto word = [&](std::initializer_list<const char*> allowed, const std::string& where) {
    expect(".");
    const std::string v = identifier("a state property");
    for (const char* a : allowed)
      if (v == a) return v;
    fail("'" + v + "' is not a property of " + where);
  };
  auto face = [&]() -> std::string {
    if (!next_word_is({"front", "back"})) return "front";
    next();
    return next().text;
  };
  std::string path = "state." + w;
  if (w == "material") {
    path += "." + face();
    path += "." + word({"ambient", "diffuse", "specular", "emission", "shininess"}, path);
  } else if (w == "light") {
    expect("[");
    const uint32_t n = integer("a light number");
    expect("]");
    path += idx(n);
    const std::string p =
        word({"ambient", "diffuse", "specular", "position", "attenuation", "half", "spot"}, path);
    path += "." + p;
    if (p == "spot") path += "." + word({"direction"}, path);
  } else if (w == "lightmodel") {
    if (next_word_is({"ambient"})) {
      next();
      next();
      path += ".ambient";
    } else {
      path += "." + face();
      path += "." + word({"scenecolor"}, path);
    }
  } else if (w == "lightprod") {
    expect("[");
    const uint32_t n = integer("a light number");
    expect("]");
    path += idx(n) + "." + face();
    path += "." + word({"ambient", "diffuse", "specular"}, path);
  } else if (w == "texgen") {
    path += idx(optional_index(0));
    path += "." + word({"eye", "object"}, path);
    path += "." + word({"s", "t", "r", "q"}, path);
  } else if (w == "fog") {
    path += "." + word({"color", "params"}, path);
  } else if (w == "clip") {
    expect("[");
    const uint32_t n = integer("a clip plane number");
    expect("]");
    path += idx(n) + "." + word({"plane"}, path + idx(n));
  } else if (w == "point") {
    path += "." + word({"size", "attenuation"}, path);
  } else if (w == "texenv" && !vertex()) {
    path += idx(optional_index(0));
    path += "." + word({"color"}, path);
  } else if (w == "depth") {
    path += "." + word({"range"}, path);
  } else {
    fail("state." + w + " is not a state binding");
  }
  ArbConstant c;
  c.kind = ArbParamKind::State;
  c.path = path;
  regs.push_back(bind(c, !in_array));
}

void ArbTranslator::matrix_binding(std::vector<uint32_t>& regs, bool in_array) {
  expect(".");
  const std::string name = identifier("a matrix name");
  ArbConstant c;
  c.kind = ArbParamKind::MatrixRow;
  std::string path = "state.matrix." + name;
  if (name == "modelview" || name == "texture") {
    c.matrix = name == "modelview" ? ArbMatrix::Modelview : ArbMatrix::Texture;
    c.index = optional_index(0);
    path += idx(c.index);
  } else if (name == "palette" || name == "program") {
    c.matrix = name == "palette" ? ArbMatrix::Palette : ArbMatrix::Program;
    expect("[");
    c.index = integer("a matrix number");
    expect("]");
    path += idx(c.index);
  } else if (name == "projection" || name == "mvp") {
    c.matrix = name == "mvp" ? ArbMatrix::Mvp : ArbMatrix::Projection;
  } else {
    fail("state.matrix." + name + " is not a matrix");
  }
  if (next_word_is({"inverse", "transpose", "invtrans"})) {
    next();
    const std::string m = next().text;
    c.modifier = m == "inverse"     ? ArbMatrixModifier::Inverse
                 : m == "transpose" ? ArbMatrixModifier::Transpose
                                    : ArbMatrixModifier::InverseTranspose;
    path += "." + m;
  }
  uint32_t first = 0, last = 3;
  if (next_word_is({"row"})) {
    next();
    next();
    expect("[");
    first = last = integer("a row");
    if (accept("..")) last = integer("the last row");
    expect("]");
    if (last > 3 || last < first) fail(path + ": rows are 0..3");
  }
  if (!in_array && first != last)
    fail(path + " binds " + std::to_string(last - first + 1) +
         " rows: use .row[n] or a PARAM array");
  for (uint32_t r = first; r <= last; ++r) {
    c.row = r;
    c.path = path + ".row" + idx(r);
    regs.push_back(bind(c, !in_array));
  }
}

}  // namespace gfx::import

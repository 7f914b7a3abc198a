// ARB_vertex_program / ARB_fragment_program calls: glBindProgramARB, glProgramStringARB
// (translated at once: arb_program.h), glProgramLocalParameter4{f,d,fv}ARB,
// glProgramEnvParameter4{f,d,fv}ARB; glGenProgramsARB changes nothing a trace holds
// (GLInterceptor does not even record the names). The enables are in gl_calls_state.cpp.
#include "import/gl_translator.h"

namespace gfx::import {
namespace {

uint32_t program_target(const CallArgs& a) {
  const uint32_t t = a.enumeration(0);
  if (t != gl::VERTEX_PROGRAM_ARB && t != gl::FRAGMENT_PROGRAM_ARB)
    a.fail("target " + a.enum_text(0) + " is not GL_VERTEX_PROGRAM_ARB or GL_FRAGMENT_PROGRAM_ARB");
  return t;
}

// (target, index, x, y, z, w) or (target, index, {x, y, z, w}).
std::array<double, 4> parameter(const CallArgs& a, bool vector, bool doubles) {
  a.expect_count(vector ? 3 : 6);
  if (vector) {
    const std::vector<double> v = a.reals(2, 4);
    if (v.size() != 4) a.fail("expected 4 values");
    return {v[0], v[1], v[2], v[3]};
  }
  std::array<double, 4> v;
  for (size_t i = 0; i < 4; ++i) v[i] = doubles ? a.real_double(2 + i) : a.real(2 + i);
  return v;
}

}  // namespace

void GlTranslator::add_program_calls() {
  on("glGenProgramsARB", [](const CallArgs&) {});
  on("glBindProgramARB", [this](const CallArgs& a) {
    a.expect_count(2);
    const uint32_t t = program_target(a);
    const int64_t name = a.integer(1);
    if (name < 0) a.fail("negative program name");
    state_.arb.bound[t] = static_cast<uint32_t>(name);
  });
  on("glProgramStringARB", [this](const CallArgs& a) {
    a.expect_count(4);
    const uint32_t t = program_target(a);
    if (a.enumeration(1) != gl::PROGRAM_FORMAT_ASCII_ARB)
      a.fail("format is not GL_PROGRAM_FORMAT_ASCII_ARB");
    std::shared_ptr<const ArbProgram> p;
    try {
      p = std::make_shared<const ArbProgram>(translate_arb_program(a.enum_text(3)));
    } catch (const ArbError& e) {
      throw ConversionError(e.what());
    }
    if ((p->target == ArbTarget::Vertex) != (t == gl::VERTEX_PROGRAM_ARB))
      a.fail("the program's header does not match the target " + a.enum_text(0));
    GlArbProgramObject& o = state_.arb.object(t);
    o.program = std::move(p);
    o.serial = state_.arb.next_serial++;
  });
  for (const char* kind : {"Local", "Env"})
    for (const char* type : {"f", "d", "fv"}) {  // 4dv: CallArgs::reals reads floats only
      const std::string name = std::string("glProgram") + kind + "Parameter4" + type + "ARB";
      const bool local = kind[0] == 'L', vector = type[1] == 'v', doubles = type[0] == 'd';
      on(name, [this, local, vector, doubles](const CallArgs& a) {
        const uint32_t t = program_target(a);
        const std::array<double, 4> v = parameter(a, vector, doubles);
        const int64_t index = a.integer(1);
        if (index < 0) a.fail("negative parameter index");
        auto& params = local ? state_.arb.object(t).locals : state_.arb.env[t];
        params[static_cast<uint32_t>(index)] = v;
      });
    }
}

}  // namespace gfx::import

// The trace command `resolve` (opcode 84): its binary form (the opcode and one u32 texture
// id), a YAML -> binary -> YAML round trip of the e2e trace that uses it, the missing
// field and the validator's check that the id names a live texture.
#include <gtest/gtest.h>

#include "common/error.h"
#include "test_util.h"
#include "trace/binary_codec.h"
#include "trace/validate.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

TEST(ResolveCommand, IsOpcode84WithOneU32) {
  const Command c = Resolve{20};
  EXPECT_EQ(opcode_of(c), 84);
  EXPECT_STREQ(name_of(c), "resolve");
  EXPECT_EQ(encoded(c), (std::vector<uint8_t>{84, 0, 20, 0, 0, 0}));
}

TEST(ResolveCommand, RoundTripsThroughBothForms) {
  const std::string path = source_path("tests/e2e/data/resolve/resolve_4x.yaml");
  ScratchDir dir;
  const WholeTrace original = read_all(path);
  write_all(dir.path("a.gfxt"), original, Form::Binary);
  write_all(dir.path("b.yaml"), read_all(dir.path("a.gfxt")), Form::Yaml);
  const WholeTrace back = read_all(dir.path("b.yaml"));
  ASSERT_EQ(back.commands.size(), original.commands.size());
  size_t resolves = 0;
  for (size_t i = 0; i < back.commands.size(); ++i) {
    EXPECT_EQ(encoded(back.commands[i]), encoded(original.commands[i])) << "command " << i;
    if (const auto* r = std::get_if<Resolve>(&back.commands[i])) {
      EXPECT_EQ(r->texture, 20u);
      ++resolves;
    }
  }
  EXPECT_EQ(resolves, 1u);
}

TEST(ResolveCommand, TextureFieldIsRequired) {
  ScratchDir dir;
  const std::string path = dir.path("t.yaml");
  write_text(path, "gfxsim_trace: 1\nname: t\nwidth: 4\nheight: 4\ncommands:\n  - resolve: {}\n");
  EXPECT_EQ(read_error(path), path + ":6:14: command 0 (resolve): missing field 'texture'");
}

TEST(ResolveCommand, ValidatorWantsALiveTexture) {
  Validator v;
  try {
    v.command(Resolve{7});
    FAIL() << "an unknown texture passed";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "resolve: texture 7 was never created or has been released");
  }
  auto t = std::make_shared<api::Texture>();
  t->width = t->height = 4;
  t->levels.emplace_back(64);
  v.command(CreateTexture{7, t});
  EXPECT_NO_THROW(v.command(Resolve{7}));
}

}  // namespace
}  // namespace gfx::test

// The trace command `copy_rect` (opcode 85): its binary form (the opcode, four u32 ids and
// levels, eight u32 rectangle edges, the filter byte, u32 flip_y), the per-command checks (filter,
// empty rectangles, no destination) and the validator's checks against the live textures
// (kinds, levels, rectangles past a level's edge), each naming the field.
#include <gtest/gtest.h>

#include "common/error.h"
#include "test_util.h"
#include "trace/binary_codec.h"
#include "trace/validate.h"

namespace gfx::test {
namespace {

using namespace gfx::trace;

CopyRect copy(ResourceId src, ResourceId dst) {
  CopyRect c;
  c.source = src;
  c.dest = dst;
  return c;
}

TEST(CopyRectCommand, IsOpcode85WithTwelveU32AFilterByteAndFlipY) {
  CopyRect c = copy(0, 20);
  c.dest_level = 1;
  c.src_right = 0x0102;
  c.filter = api::Filter::Linear;
  c.flip_y = 1;
  EXPECT_EQ(opcode_of(Command(c)), 85);
  EXPECT_STREQ(name_of(Command(c)), "copy_rect");
  const std::vector<uint8_t> want = {85, 0,        // opcode
                                     0,  0, 0, 0,  // source: the back buffer
                                     0,  0, 0, 0,  // source_level
                                     20, 0, 0, 0,  // dest
                                     1,  0, 0, 0,  // dest_level
                                     0,  0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0,  // src
                                     0,  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // dst
                                     2,             // filter: linear
                                     1,  0, 0, 0};  // flip_y
  EXPECT_EQ(encoded(Command(c)), want);
}

std::string yaml_error(const std::string& command) {
  ScratchDir dir;
  const std::string path = dir.path("t.yaml");
  write_text(path,
             "gfxsim_trace: 1\nname: t\nwidth: 4\nheight: 4\ncommands:\n  - " + command + "\n");
  const std::string e = read_error(path);
  return e.compare(0, path.size() + 1, path + ":") == 0 ? e.substr(path.size() + 1) : e;
}

TEST(CopyRectCommand, FieldChecksNameTheField) {
  EXPECT_EQ(yaml_error("copy_rect: {source: 3}"),
            "6:16: command 0 (copy_rect): missing field 'dest'");
  EXPECT_EQ(yaml_error("copy_rect: {dest: 3, filter: anisotropic}"),
            "6:34: command 0 (copy_rect): field 'filter': must be point or linear");
  EXPECT_EQ(yaml_error("copy_rect: {dest: 3, src_left: 2, src_right: 2, src_bottom: 1}"),
            "6:50: command 0 (copy_rect): field 'src_right': must be greater than src_left (2)");
  EXPECT_EQ(yaml_error("copy_rect: {dest: 3, dst_top: 1, dst_right: 4}"),
            "6:5: command 0 (copy_rect): field 'dst_bottom': must be greater than dst_top (1)");
  EXPECT_EQ(yaml_error("copy_rect: {dest: 3, flip_y: 2}"),
            "6:34: command 0 (copy_rect): field 'flip_y': must be 0 or 1");
  EXPECT_EQ(yaml_error("copy_rect: {dest: 0}"),
            "6:23: command 0 (copy_rect): field 'dest': copy_rect needs a destination texture "
            "(the back buffer is not one)");
}

std::shared_ptr<api::Texture> texture(uint32_t w, uint32_t h, size_t levels,
                                      api::TextureKind kind = api::TextureKind::Texture2D) {
  auto t = std::make_shared<api::Texture>();
  t->width = w, t->height = h, t->kind = kind;
  for (size_t i = 0; i < levels; ++i)
    t->levels.emplace_back(4 * std::max(1u, w >> i) * std::max(1u, h >> i));
  return t;
}

std::string validate_error(Validator& v, const Command& c) {
  try {
    v.command(c);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(CopyRectCommand, ValidatorChecksTexturesLevelsAndRectangles) {
  Validator v;
  EXPECT_EQ(validate_error(v, copy(0, 7)),
            "copy_rect: dest 7 was never created or has been released");
  v.command(CreateTexture{7, texture(16, 8, 2)});
  v.command(CreateTexture{8, texture(4, 4, 1, api::TextureKind::Cube)});
  EXPECT_EQ(validate_error(v, copy(0, 7)), "");
  EXPECT_EQ(validate_error(v, copy(9, 7)),
            "copy_rect: source 9 was never created or has been released");
  EXPECT_EQ(validate_error(v, copy(8, 7)),
            "copy_rect: field 'source': texture 8 is a cube, not a 2D texture");
  CopyRect c = copy(7, 7);
  c.source_level = 2;
  EXPECT_EQ(validate_error(v, c),
            "copy_rect: field 'source_level': texture 7 has 2 levels, no level 2");
  c = copy(0, 7);
  c.dest_level = 1;  // 8x4
  c.dst_right = 9, c.dst_bottom = 4;
  EXPECT_EQ(validate_error(v, c), "copy_rect: field 'dst_right': 9 is past the surface's width 8");
  c.dst_right = 8, c.dst_bottom = 5;
  EXPECT_EQ(validate_error(v, c),
            "copy_rect: field 'dst_bottom': 5 is past the surface's height 4");
  c.dst_bottom = 4;
  EXPECT_EQ(validate_error(v, c), "");
}

}  // namespace
}  // namespace gfx::test

// glCopyTexImage2D / glCopyTexSubImage2D as copy_rect (import/gl_calls_copy.h): the window
// rectangle's rows flipped into D3D rows (lower-left origin), texture row 0 the lowest
// window row (flip_y), the rectangle cut to the window with the texel offset moved along,
// internal formats, and the GL errors.
#include <gtest/gtest.h>

#include <array>

#include "import/conversion_error.h"
#include "import/gl_calls_copy.h"

namespace gfx::import {
namespace {

using Rect = std::array<uint32_t, 4>;
Rect src(const trace::CopyRect& c) { return {c.src_left, c.src_top, c.src_right, c.src_bottom}; }
Rect dst(const trace::CopyRect& c) { return {c.dst_left, c.dst_top, c.dst_right, c.dst_bottom}; }

TEST(GlCopy, SubImageFlipsTheWindowRows) {
  // A 64x32 window; the window's (10, 4) + 8x6 into texels (2, 3) of a 16x16 level 1.
  const auto c = gl_copy_tex_sub_image(GlCopyDest{7, 1, 16, 16}, 64, 32, 2, 3, 10, 4, 8, 6);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->source, 0u);
  EXPECT_EQ(c->dest, 7u);
  EXPECT_EQ(c->dest_level, 1u);
  EXPECT_EQ(src(*c), (Rect{10, 32 - 10, 18, 32 - 4}));  // window rows 4..9 = D3D rows 22..27
  EXPECT_EQ(dst(*c), (Rect{2, 3, 10, 9}));
  EXPECT_EQ(c->flip_y, 1u);  // texel row 3 takes D3D row 27, the window's row 4
  EXPECT_EQ(c->filter, api::Filter::Point);
}

TEST(GlCopy, TheRectangleIsCutToTheWindow) {
  // A 40x24 window, x -3 and y -2: the first 3 columns and 2 rows lie outside, and the
  // top 4 rows (window rows 24..27).
  const auto c = gl_copy_tex_sub_image(GlCopyDest{7, 0, 32, 32}, 40, 24, 0, 0, -3, -2, 10, 30);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(src(*c), (Rect{0, 0, 7, 24}));
  EXPECT_EQ(dst(*c), (Rect{3, 2, 10, 26}));
  EXPECT_FALSE(gl_copy_tex_sub_image(GlCopyDest{7, 0, 32, 32}, 40, 32, 0, 0, 40, 0, 4, 4));
  EXPECT_FALSE(gl_copy_tex_sub_image(GlCopyDest{7, 0, 32, 32}, 40, 32, 0, 0, 0, 0, 0, 4));
}

TEST(GlCopy, TexelsOutsideTheLevelAreAnError) {
  try {
    gl_copy_tex_sub_image(GlCopyDest{7, 2, 8, 8}, 64, 64, 4, 0, 0, 0, 5, 1);
    FAIL() << "no error";
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(), "texels (4, 0) + 5x1 leave level 2 (8x8)");
  }
  EXPECT_THROW(gl_copy_tex_sub_image(GlCopyDest{7, 0, 8, 8}, 64, 64, 0, 0, 0, 0, -1, 1),
               ConversionError);
}

TEST(GlCopy, TexImageDefinesTheLevelAndCopiesAllOfIt) {
  // ogl/copyteximage's call: glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 256, 256, 0)
  // from a 512x512 window.
  const GlCopyImage im = gl_copy_tex_image(9, 0, 0x1907, 512, 512, 0, 0, 256, 256, 0);
  EXPECT_EQ(im.format, api::Format::X8R8G8B8);
  EXPECT_EQ(im.width, 256u);
  EXPECT_EQ(im.height, 256u);
  ASSERT_TRUE(im.copy.has_value());
  EXPECT_EQ(src(*im.copy), (Rect{0, 256, 256, 512}));  // the window's bottom-left quarter
  EXPECT_EQ(dst(*im.copy), (Rect{0, 0, 256, 256}));
  EXPECT_EQ(gl_copy_tex_image(9, 0, 0x8058, 512, 512, 0, 0, 4, 4, 0).format, api::Format::A8R8G8B8);
  EXPECT_EQ(gl_copy_tex_image(9, 0, 4, 512, 512, 0, 0, 4, 4, 0).format, api::Format::A8R8G8B8);
  try {
    gl_copy_tex_image(9, 0, 0x1909, 512, 512, 0, 0, 4, 4, 0);  // GL_LUMINANCE
    FAIL() << "no error";
  } catch (const UnsupportedError& e) {
    EXPECT_STREQ(e.what(), "internal format 6409 is not supported (RGB, RGBA, RGB8 and RGBA8 are)");
  }
  EXPECT_THROW(gl_copy_tex_image(9, 0, 0x1907, 512, 512, 0, 0, 4, 4, 1), UnsupportedError);
}

}  // namespace
}  // namespace gfx::import

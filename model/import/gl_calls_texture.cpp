// Textures: glGenTextures, glDeleteTextures, glBindTexture, glTexImage2D,
// glCompressedTexImage2D(ARB), glTexParameter[if][v], glPixelStorei, glActiveTexture(ARB),
// glTexEnv[if][v], glTexGen[ifd][v], glMultiTexCoord*, glTexCoord1/3/4, the
// GL_TEXTURE_2D / GL_TEXTURE_GEN_* enables, and glCopyTexImage2D / glCopyTexSubImage2D
// (copy_rect from the back buffer, gl_calls_copy.h). Images go through gl_teximage.cpp; the
// texture object table lives in GlState (gl_texture.h) so the emitter can write what a
// draw samples.
#include <algorithm>
#include <optional>

#include "import/gl_calls_copy.h"
#include "import/gl_teximage.h"
#include "import/gl_translator.h"

namespace gfx::import {

namespace {

constexpr uint32_t kTexGenS = 0x0C60, kTextureEnv = 0x2300, kEnvMode = 0x2200, kEnvColor = 0x2201,
                   kGenMode = 0x2500, kObjectPlane = 0x2501, kEyePlane = 0x2502,
                   kSphereMap = 0x2402, kS = 0x2000;
constexpr uint32_t kMagFilter = 0x2800, kMinFilter = 0x2801, kWrapS = 0x2802, kWrapT = 0x2803;

}  // namespace

bool GlTranslator::texture_enable(uint32_t cap, bool on) {
  GlTexUnit& u = state_.textures.units[state_.textures.active];
  if (cap == gl::TEXTURE_2D) {
    u.enabled_2d = on;
    return true;
  }
  if (cap >= kTexGenS && cap < kTexGenS + 4) {
    u.gen[cap - kTexGenS] = on;
    return true;
  }
  return false;
}

GlTexture& GlTranslator::bound_texture(const CallArgs& a) {
  if (a.enumeration(0) != gl::TEXTURE_2D)
    throw UnsupportedError("texture target " + a.enum_text(0) + " is not supported");
  auto& slot = state_.textures.objects[state_.textures.units[state_.textures.active].bound];
  if (!slot) slot = std::make_shared<GlTexture>();
  return *slot;
}

void GlTranslator::add_texture_calls() {
  GlTextures& tx = state_.textures;
  on("glGenTextures", [this, &tx](const CallArgs& a) {
    a.expect_count(2);
    for (double n : a.reals(1, size_t(std::max<int64_t>(0, a.integer(0)))))
      if (!tx.objects[uint32_t(n)]) tx.objects[uint32_t(n)] = std::make_shared<GlTexture>();
  });
  on("glDeleteTextures", [&tx](const CallArgs& a) {
    a.expect_count(2);
    for (double n : a.reals(1, size_t(std::max<int64_t>(0, a.integer(0))))) {
      if (n == 0) continue;  // the default texture cannot be deleted
      tx.objects.erase(uint32_t(n));
      for (GlTexUnit& u : tx.units)
        if (u.bound == uint32_t(n)) u.bound = 0;  // GL rebinds the default texture
    }
  });
  on("glBindTexture", [&tx](const CallArgs& a) {
    a.expect_count(2);
    if (a.enumeration(0) != gl::TEXTURE_2D)
      throw UnsupportedError("texture target " + a.enum_text(0) + " is not supported");
    int64_t name = a.integer(1);
    if (name < 0) a.fail("negative texture name");
    tx.units[tx.active].bound = uint32_t(name);
    auto& slot = tx.objects[uint32_t(name)];
    if (!slot) slot = std::make_shared<GlTexture>();
  });
  on("glTexImage2D", [this, &tx](const CallArgs& a) {
    a.expect_count(9);
    GlTexture& t = bound_texture(a);
    int64_t w = a.integer(3), h = a.integer(4);
    if (w < 1 || h < 1 || w > 8192 || h > 8192) a.fail("size outside 1..8192");
    if (a.integer(5) != 0) throw UnsupportedError("texture borders");
    GlImageFormat f = gl_internal_format(a.integer(2));
    const GliArg& p = a.arg(8);
    std::vector<uint8_t> src;
    if (p.kind == GliArg::Kind::Pointer) {
      src = data_.buffer(GliData::descriptor_of(p.text));
    } else if (a.integer(8) != 0) {
      a.fail("pixels at a raw address with no recorded data");
    } else {
      // NULL: storage only, its content undefined in GL; zeros here.
      src.assign(size_t(w) * size_t(h) * 16 + 8 * size_t(h), 0);
    }
    gl_store_level(t, a.integer(1), uint32_t(w), uint32_t(h), f,
                   gl_convert_image(src, uint32_t(w), uint32_t(h), a.enumeration(6),
                                    a.enumeration(7), tx.unpack_alignment, f));
  });
  on("glCopyTexImage2D", [this](const CallArgs& a) {
    a.expect_count(8);
    GlTexture& t = bound_texture(a);
    const int64_t level = a.integer(1);
    if (level < 0 || level > 15) a.fail("mip level " + std::to_string(level));
    GlCopyImage c =
        gl_copy_tex_image(0, uint32_t(level), uint32_t(a.integer(2)), out_.window_width(),
                          out_.window_height(), int32_t(a.integer(3)), int32_t(a.integer(4)),
                          int32_t(a.integer(5)), int32_t(a.integer(6)), int32_t(a.integer(7)));
    // Redefine the level. Its texels are GL-undefined until the copy fills them; when the
    // level already has this size and format it is left as it is, so the trace texture of
    // the last copy is reused rather than re-created for every frame's copy.
    const bool same = size_t(level) < t.levels.size() && !t.levels[size_t(level)].empty() &&
                      t.format == c.format && std::max(1u, t.width >> level) == c.width &&
                      std::max(1u, t.height >> level) == c.height;
    if (!same) {
      GlImageFormat f{c.format == api::Format::X8R8G8B8 ? GlBase::Rgb : GlBase::Rgba, c.format};
      gl_store_level(t, level, c.width, c.height, f,
                     std::vector<uint8_t>(size_t(c.width) * c.height * 4, 0));
    }
    if (c.copy) out_.copy_to_texture(t, *c.copy);
  });
  on("glCopyTexSubImage2D", [this](const CallArgs& a) {
    a.expect_count(8);
    GlTexture& t = bound_texture(a);
    const int64_t level = a.integer(1);
    if (level < 0 || level > 15 || size_t(level) >= t.levels.size() ||
        t.levels[size_t(level)].empty())
      a.fail("mip level " + std::to_string(level) + " of the bound texture is not defined");
    GlCopyDest d{0, uint32_t(level), std::max(1u, t.width >> level),
                 std::max(1u, t.height >> level)};
    std::optional<trace::CopyRect> c = gl_copy_tex_sub_image(
        d, out_.window_width(), out_.window_height(), int32_t(a.integer(2)), int32_t(a.integer(3)),
        int32_t(a.integer(4)), int32_t(a.integer(5)), int32_t(a.integer(6)), int32_t(a.integer(7)));
    if (c) out_.copy_to_texture(t, *c);
  });
  for (const char* n : {"glCompressedTexImage2D", "glCompressedTexImage2DARB"})
    on(n, [this](const CallArgs& a) {
      a.expect_count(8);
      GlTexture& t = bound_texture(a);
      int64_t w = a.integer(3), h = a.integer(4), size = a.integer(6);
      if (w < 1 || h < 1 || w > 8192 || h > 8192) a.fail("size outside 1..8192");
      if (a.integer(5) != 0) throw UnsupportedError("texture borders");
      GlImageFormat f = gl_compressed_format(a.enumeration(2));
      const uint64_t block = f.format == api::Format::DXT1 ? 8 : 16;
      const uint64_t need = uint64_t((w + 3) / 4) * uint64_t((h + 3) / 4) * block;
      if (uint64_t(size) != need)
        a.fail("image size " + std::to_string(size) + " is not the " + std::to_string(need) +
               " bytes of its blocks");
      const std::vector<uint8_t>& src = data_.buffer(GliData::descriptor_of(a.arg(7).text));
      if (src.size() < need)
        a.fail("buffer " + a.arg(7).text + " holds " + std::to_string(src.size()) + " bytes, " +
               std::to_string(need) + " needed");
      gl_store_level(t, a.integer(1), uint32_t(w), uint32_t(h), f,
                     std::vector<uint8_t>(src.begin(), src.begin() + std::ptrdiff_t(need)));
    });
  auto tex_parameter = [this](const CallArgs& a, double value) {
    // Cube maps are not translated: enabling one is an error (glEnable), so the parameters
    // of a cube texture that is never enabled change no pixel and are dropped (spheremap
    // sets wrap modes on GL_TEXTURE_CUBE_MAP and only ever samples a 2D texture).
    if (a.enumeration(0) == gl::TEXTURE_CUBE_MAP) return;
    GlTexture& t = bound_texture(a);
    const uint32_t v = uint32_t(value);
    switch (a.enumeration(1)) {
      case kMinFilter:
        if (t.mipmapped() != (v >= 0x2700 && v <= 0x2703)) ++t.version;  // level count changes
        t.min_filter = v;
        return;
      case kMagFilter: t.mag_filter = v; return;
      case kWrapS: t.wrap_s = v; return;
      case kWrapT: t.wrap_t = v; return;
    }
    throw UnsupportedError("texture parameter " + a.enum_text(1) + " is not supported");
  };
  on("glTexParameteri", [tex_parameter](const CallArgs& a) {
    a.expect_count(3);
    tex_parameter(a, double(a.integer(2)));
  });
  on("glTexParameterf", [tex_parameter](const CallArgs& a) {
    a.expect_count(3);
    tex_parameter(a, a.real(2));
  });
  on("glTexParameteriv", [tex_parameter](const CallArgs& a) {
    a.expect_count(3);
    tex_parameter(a, a.reals(2, 1)[0]);
  });
  on("glTexParameterfv", [tex_parameter](const CallArgs& a) {
    a.expect_count(3);
    tex_parameter(a, a.reals(2, 1)[0]);
  });
  on("glPixelStorei", [&tx](const CallArgs& a) {
    a.expect_count(2);
    const uint32_t p = a.enumeration(0);
    const int64_t v = a.integer(1);
    if (p == 0x0CF5) {  // GL_UNPACK_ALIGNMENT
      if (v != 1 && v != 2 && v != 4 && v != 8) a.fail("alignment not 1, 2, 4 or 8");
      tx.unpack_alignment = uint32_t(v);
      return;
    }
    if (p == 0x0D05) return;  // GL_PACK_ALIGNMENT: nothing is read back
    if (v == 0) return;       // the other unpack parameters at their defaults
    throw UnsupportedError("pixel store parameter " + a.enum_text(0) + " is not supported");
  });
  for (const char* n : {"glActiveTexture", "glActiveTextureARB"})
    on(n, [&tx](const CallArgs& a) {
      a.expect_count(1);
      uint32_t u = a.enumeration(0) - gl::TEXTURE0;
      if (u >= 8) a.fail("not GL_TEXTURE0..7");
      tx.active = u;
    });
  auto tex_env = [&tx](const CallArgs& a, bool vector) {
    a.expect_count(3);
    if (a.enumeration(0) != kTextureEnv)
      throw UnsupportedError("texture environment target " + a.enum_text(0));
    GlTexUnit& u = tx.units[tx.active];
    if (a.enumeration(1) == kEnvColor) {
      if (!vector) a.fail("GL_TEXTURE_ENV_COLOR needs the vector form");
      auto c = a.reals(2, 4);
      u.env_color = {c[0], c[1], c[2], c[3]};
      return;
    }
    if (a.enumeration(1) != kEnvMode)
      throw UnsupportedError("texture environment parameter " + a.enum_text(1));
    // glTexEnvf passes the enum as a float; glTexEnvi as an integer or its name.
    const GliArg& m = a.arg(2);
    u.env_mode = vector                                   ? uint32_t(a.reals(2, 1)[0])
                 : m.kind == GliArg::Kind::Enum || !m.hex ? a.enumeration(2)
                                                          : uint32_t(a.real(2));
  };
  on("glTexEnvi", [tex_env](const CallArgs& a) { tex_env(a, false); });
  on("glTexEnvf", [tex_env](const CallArgs& a) { tex_env(a, false); });
  on("glTexEnviv", [tex_env](const CallArgs& a) { tex_env(a, true); });
  on("glTexEnvfv", [tex_env](const CallArgs& a) { tex_env(a, true); });
  auto tex_gen = [this, &tx](const CallArgs& a, char type, bool vector) {
    a.expect_count(3);
    const uint32_t c = a.enumeration(0) - kS;
    if (c >= 4) a.fail("not GL_S, T, R or Q");
    GlTexUnit& u = tx.units[tx.active];
    const uint32_t p = a.enumeration(1);
    if (p == kGenMode) {
      uint32_t mode = vector ? uint32_t(a.reals(2, 1)[0])
                      : type == 'i' || a.arg(2).kind == GliArg::Kind::Enum ? a.enumeration(2)
                      : type == 'd' ? uint32_t(a.real_double(2))
                                    : uint32_t(a.real(2));
      // GL_SPHERE_MAP is not a mode of r and q: GL reports GL_INVALID_ENUM and keeps the old
      // mode, as this does.
      if (mode == kSphereMap && c >= 2) return;
      u.gen_mode[c] = mode;
      return;
    }
    if (p != kObjectPlane && p != kEyePlane)
      throw UnsupportedError("texgen parameter " + a.enum_text(1));
    if (!vector) a.fail("a plane needs the vector form");
    auto v = a.reals(2, 4);
    Vec4 plane{v[0], v[1], v[2], v[3]};
    if (p == kObjectPlane) {
      u.object_plane[c] = plane;
      return;
    }
    // GL 2.1 2.12.4: the eye plane is kept as p M^-1, M the modelview when it is given.
    const GlMatrix inv = gl_inverse(state_.modelview.back());
    Vec4 e{};
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) e[j] += plane[k] * inv.at(k, j);
    u.eye_plane[c] = e;
  };
  for (char t : {'i', 'f', 'd'}) {
    std::string base = std::string("glTexGen") + t;
    on(base, [tex_gen, t](const CallArgs& a) { tex_gen(a, t, false); });
    on(base + "v", [tex_gen, t](const CallArgs& a) { tex_gen(a, t, true); });
  }
  // Texture coordinates of a unit: glTexCoord sets unit 0's, glMultiTexCoord a unit's.
  const bool kImmediate = true;
  auto set_coord = [this](const CallArgs& a, uint32_t unit, size_t first, size_t n, char type,
                          bool vector) {
    Vec4 c{0, 0, 0, 1};
    if (vector) {
      auto v = a.reals(first, n);
      for (size_t i = 0; i < n; ++i) c[i] = v[i];
    } else {
      for (size_t i = 0; i < n; ++i)
        c[i] = type == 'd' ? a.real_double(first + i) : a.real(first + i);
    }
    state_.texcoord.at(unit) = c;
  };
  for (size_t n : {1, 2, 3, 4})
    for (char t : {'f', 'd'}) {
      std::string name = "glTexCoord" + std::to_string(n) + t;
      if (n != 2)
        on(
            name,
            [set_coord, n, t](const CallArgs& a) {
              a.expect_count(n);
              set_coord(a, 0, 0, n, t, false);
            },
            kImmediate);
      on(
          name + "v",
          [set_coord, n, t](const CallArgs& a) {
            a.expect_count(1);
            set_coord(a, 0, 0, n, t, true);
          },
          kImmediate);
      for (const char* arb : {"", "ARB"}) {
        std::string multi = "glMultiTexCoord" + std::to_string(n) + t + arb;
        on(
            multi,
            [set_coord, n, t](const CallArgs& a) {
              a.expect_count(n + 1);
              uint32_t u = a.enumeration(0) - gl::TEXTURE0;
              if (u >= 8) a.fail("not GL_TEXTURE0..7");
              set_coord(a, u, 1, n, t, false);
            },
            kImmediate);
        on(
            multi + "v",
            [set_coord, n, t](const CallArgs& a) {
              a.expect_count(2);
              uint32_t u = a.enumeration(0) - gl::TEXTURE0;
              if (u >= 8) a.fail("not GL_TEXTURE0..7");
              set_coord(a, u, 1, n, t, true);
            },
            kImmediate);
      }
    }
}

}  // namespace gfx::import

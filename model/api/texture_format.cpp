#include "api/texture_format.h"

#include <algorithm>

namespace gfx::api {

const TextureFormatInfo* texture_format_info(Format f) {
  // {block side, bytes per block, render target}
  static constexpr TextureFormatInfo k8888{1, 4, true}, k565{1, 2, true}, k1555{1, 2, true};
  static constexpr TextureFormatInfo k2{1, 2, false}, k1{1, 1, false}, k4{1, 4, false};
  static constexpr TextureFormatInfo k2rt{1, 2, true}, k4rt{1, 4, true}, k1rt{1, 1, true};
  static constexpr TextureFormatInfo k64{1, 8, true}, k64f{1, 8, true}, k32f{1, 4, true};
  static constexpr TextureFormatInfo k128f{1, 16, true}, kDxt1{4, 8, false}, kDxt{4, 16, false};
  static constexpr TextureFormatInfo k64t{1, 8, false}, k128t{1, 16, false};
  switch (f) {
    case Format::A8R8G8B8:
    case Format::X8R8G8B8:
    case Format::R8G8B8A8_UNORM:
    case Format::R8G8B8A8_UNORM_SRGB:
    case Format::B8G8R8A8_UNORM:
    case Format::R10G10B10A2_UNORM: return &k8888;
    case Format::R16_UNORM: return &k2rt;
    case Format::R8_UNORM: return &k1rt;
    case Format::R32_FLOAT: return &k32f;
    case Format::R16G16B16A16_FLOAT: return &k64f;
    case Format::R32G32B32A32_FLOAT: return &k128f;
    case Format::BC1_UNORM:
    case Format::BC1_UNORM_SRGB: return &kDxt1;
    case Format::BC2_UNORM:
    case Format::BC2_UNORM_SRGB:
    case Format::BC3_UNORM:
    case Format::BC3_UNORM_SRGB: return &kDxt;
    // Typeless families and depth formats: storage only (views give them a meaning).
    case Format::R8G8B8A8_TYPELESS:
    case Format::B8G8R8A8_TYPELESS:
    case Format::R10G10B10A2_TYPELESS:
    case Format::R32_TYPELESS:
    case Format::R24G8_TYPELESS:
    case Format::D32_FLOAT:
    case Format::D24_UNORM_S8_UINT:
    case Format::R24_UNORM_X8_TYPELESS: return &k4;
    case Format::R16_TYPELESS:
    case Format::D16_UNORM: return &k2;
    case Format::R8_TYPELESS: return &k1;
    case Format::R16G16B16A16_TYPELESS: return &k64t;
    case Format::R32G32B32A32_TYPELESS: return &k128t;
    case Format::BC1_TYPELESS: return &kDxt1;
    case Format::BC2_TYPELESS:
    case Format::BC3_TYPELESS: return &kDxt;
    case Format::R5G6B5: return &k565;
    case Format::A1R5G5B5: return &k1555;
    case Format::X1R5G5B5:
    case Format::A4R4G4B4:
    case Format::R16F: return &k2rt;
    case Format::A8L8:
    case Format::V8U8: return &k2;
    case Format::A8:
    case Format::L8: return &k1;
    case Format::G16R16: return &k4rt;
    case Format::Q8W8V8U8: return &k4;
    case Format::A16B16G16R16: return &k64;
    case Format::A16B16G16R16F: return &k64f;
    case Format::R32F: return &k32f;
    case Format::A32B32G32R32F: return &k128f;
    case Format::DXT1: return &kDxt1;
    case Format::DXT2:
    case Format::DXT3:
    case Format::DXT4:
    case Format::DXT5: return &kDxt;
    default: return nullptr;
  }
}

bool is_typeless(Format f) { return typeless_family(f) == f && f != Format::Unknown; }

Format typeless_family(Format f) {
  switch (f) {
    case Format::R32G32B32A32_TYPELESS:
    case Format::R32G32B32A32_FLOAT: return Format::R32G32B32A32_TYPELESS;
    case Format::R16G16B16A16_TYPELESS:
    case Format::R16G16B16A16_FLOAT: return Format::R16G16B16A16_TYPELESS;
    case Format::R10G10B10A2_TYPELESS:
    case Format::R10G10B10A2_UNORM: return Format::R10G10B10A2_TYPELESS;
    case Format::R8G8B8A8_TYPELESS:
    case Format::R8G8B8A8_UNORM:
    case Format::R8G8B8A8_UNORM_SRGB: return Format::R8G8B8A8_TYPELESS;
    case Format::R32_TYPELESS:
    case Format::D32_FLOAT:
    case Format::R32_FLOAT: return Format::R32_TYPELESS;
    case Format::R24G8_TYPELESS:
    case Format::D24_UNORM_S8_UINT:
    case Format::R24_UNORM_X8_TYPELESS: return Format::R24G8_TYPELESS;
    case Format::R16_TYPELESS:
    case Format::D16_UNORM:
    case Format::R16_UNORM: return Format::R16_TYPELESS;
    case Format::R8_TYPELESS:
    case Format::R8_UNORM: return Format::R8_TYPELESS;
    case Format::BC1_TYPELESS:
    case Format::BC1_UNORM:
    case Format::BC1_UNORM_SRGB: return Format::BC1_TYPELESS;
    case Format::BC2_TYPELESS:
    case Format::BC2_UNORM:
    case Format::BC2_UNORM_SRGB: return Format::BC2_TYPELESS;
    case Format::BC3_TYPELESS:
    case Format::BC3_UNORM:
    case Format::BC3_UNORM_SRGB: return Format::BC3_TYPELESS;
    case Format::B8G8R8A8_TYPELESS:
    case Format::B8G8R8A8_UNORM: return Format::B8G8R8A8_TYPELESS;
    default: return Format::Unknown;
  }
}

bool is_depth_stencil_format(Format f) {
  return f == Format::D16_UNORM || f == Format::D24_UNORM_S8_UINT || f == Format::D32_FLOAT;
}

bool view_format_fits(Format view, Format resource) {
  return view == resource ||
         (is_typeless(resource) && typeless_family(view) == resource && !is_typeless(view));
}

uint64_t texture_image_bytes(Format f, uint32_t w, uint32_t h) {
  const TextureFormatInfo* info = texture_format_info(f);
  if (info == nullptr) return 0;
  const uint64_t b = info->block;
  return ((w + b - 1) / b) * ((h + b - 1) / b) * info->block_bytes;
}

uint32_t texture_images(TextureKind kind, uint32_t depth, unsigned level) {
  switch (kind) {
    case TextureKind::Cube: return 6;
    case TextureKind::Volume: return std::max(1u, depth >> level);
    case TextureKind::Texture2D: break;
  }
  return 1;
}

}  // namespace gfx::api

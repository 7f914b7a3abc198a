#include "import/pix_fvf.h"

#include <cstdio>
#include <string>

#include "import/conversion_error.h"

namespace gfx::import {

namespace {

// D3DFVF_* bits.
constexpr uint32_t kPositionMask = 0x400E, kXyz = 0x002, kXyzRhw = 0x004, kXyzB1 = 0x006,
                   kXyzB5 = 0x00E, kXyzW = 0x4002, kNormal = 0x010, kPSize = 0x020,
                   kDiffuse = 0x040, kSpecular = 0x080, kTexCountMask = 0xF00,
                   kLastBetaUByte4 = 0x1000, kLastBetaColor = 0x8000;

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", v);
  return buf;
}

}  // namespace

std::vector<api::VertexElement> fvf_elements(uint32_t fvf) {
  using api::DeclType;
  using api::DeclUsage;
  std::vector<api::VertexElement> e;
  uint16_t offset = 0;
  auto add = [&](DeclType t, DeclUsage u, uint8_t index = 0) {
    api::VertexElement v;
    v.offset = offset;
    v.type = t;
    v.usage = u;
    v.usage_index = index;
    e.push_back(v);
    offset = static_cast<uint16_t>(offset + api::decl_type_size(t));
  };
  const uint32_t tex_count = (fvf & kTexCountMask) >> 8;
  const uint32_t used_tex_bits = tex_count ? (1u << (2 * tex_count)) - 1 : 0;
  const uint32_t known = kPositionMask | kNormal | kPSize | kDiffuse | kSpecular | kTexCountMask |
                         kLastBetaUByte4 | kLastBetaColor | (used_tex_bits << 16);
  if ((fvf & ~known) || tex_count > 8)
    throw ConversionError("FVF " + hex(fvf) + " has bits D3D9 does not define");
  const uint32_t pos = fvf & kPositionMask;
  if (pos == kXyz) {
    add(DeclType::Float3, DeclUsage::Position);
  } else if (pos == kXyzW) {
    add(DeclType::Float4, DeclUsage::Position);
  } else if (pos == kXyzRhw) {
    add(DeclType::Float4, DeclUsage::PositionT);
  } else if (pos >= kXyzB1 && pos <= kXyzB5 && !(pos & 0x4000)) {
    add(DeclType::Float3, DeclUsage::Position);
    uint32_t betas = (pos - kXyzRhw) / 2;  // XYZB1..XYZB5: 1..5 floats after the position
    const bool indices = fvf & (kLastBetaUByte4 | kLastBetaColor);
    uint32_t weights = indices ? betas - 1 : betas;
    if (weights > 4) throw ConversionError("FVF " + hex(fvf) + " has five blend weights");
    if (weights > 0) add(DeclType(uint8_t(DeclType::Float1) + weights - 1), DeclUsage::BlendWeight);
    if (indices)
      add(fvf & kLastBetaColor ? DeclType::D3DColor : DeclType::UByte4, DeclUsage::BlendIndices);
  } else if (pos != 0) {
    throw ConversionError("FVF " + hex(fvf) + " has no position type D3D9 knows");
  }
  if (fvf & kNormal) add(DeclType::Float3, DeclUsage::Normal);
  if (fvf & kPSize) add(DeclType::Float1, DeclUsage::PSize);
  if (fvf & kDiffuse) add(DeclType::D3DColor, DeclUsage::Color, 0);
  if (fvf & kSpecular) add(DeclType::D3DColor, DeclUsage::Color, 1);
  // D3DFVF_TEXCOORDSIZEn: 0 two floats, 1 three, 2 four, 3 one.
  static const DeclType kSizes[4] = {DeclType::Float2, DeclType::Float3, DeclType::Float4,
                                     DeclType::Float1};
  for (uint32_t i = 0; i < tex_count; ++i)
    add(kSizes[(fvf >> (16 + 2 * i)) & 3], DeclUsage::TexCoord, static_cast<uint8_t>(i));
  return e;
}

uint32_t fvf_stride(uint32_t fvf) {
  uint32_t s = 0;
  for (const api::VertexElement& e : fvf_elements(fvf)) s += api::decl_type_size(e.type);
  return s;
}

}  // namespace gfx::import

// The vertex declaration D3D9 derives from a flexible vertex format (SetFVF): position
// (XYZ, XYZW, pretransformed XYZRHW, or XYZ with 1..5 blend weights, the last optionally
// UBYTE4 / D3DCOLOR blend indices), normal, point size, diffuse and specular colours,
// then 0..8 texture coordinate sets of 1..4 floats, packed in that order in stream 0.
// Leaves out nothing of the FVF bits; the stride is the sum of the elements' sizes.
#pragma once

#include <cstdint>
#include <vector>

#include "api/state.h"

namespace gfx::import {

// Throws ConversionError for bits D3D9 does not define or a position it does not know.
std::vector<api::VertexElement> fvf_elements(uint32_t fvf);

// The bytes one vertex of the format takes.
uint32_t fvf_stride(uint32_t fvf);

}  // namespace gfx::import

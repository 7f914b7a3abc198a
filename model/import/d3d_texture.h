// GL texture units -> D3D9 texture stages, as pure functions (docs/importers.md has the
// table). The enabled GL units with a complete GL_TEXTURE_2D texture become stages 0, 1,
// ... in unit order. Per stage: the sampler state from the texture's filters and wrap
// modes, the colour and alpha operations of the unit's glTexEnv mode for the texture's
// base format, and the texture coordinates: the unit's own set (the texture matrix as
// D3DTS_TEXTUREn with COUNT4 | PROJECTED when it is not the identity, GL dividing by q
// as PROJECTED does), or GL's texgen as a D3DTSS_TCI mode and a matrix: SPHERE_MAP on s
// and t is D3D9's SPHEREMAP (with LOCALVIEWER, as GL's sphere map uses the eye vector),
// OBJECT_LINEAR and EYE_LINEAR are CAMERASPACEPOSITION times the planes (the object
// planes through the inverse modelview). Combinations D3D9 cannot express throw
// UnsupportedError.
#pragma once

#include <vector>

#include "api/state.h"
#include "import/gl_state.h"

namespace gfx::import {

struct D3dStage {
  uint32_t unit = 0;             // GL texture unit
  GlTexture* texture = nullptr;  // the bound object (the emitter records its trace id)
  api::SamplerState sampler;
  api::TextureStageState stage;  // texcoord_index set; transform flags: see below
  bool texgen = false;           // coordinates generated (TCI mode in stage.texcoord_index)
  bool matrix_identity = true;   // the texture matrix (passthrough) is the identity
  api::Matrix4 transform{};      // D3DTS_TEXTUREn when flags are COUNT4 | PROJECTED
};

// The stages of a draw under s; an empty list when no unit textures.
std::vector<D3dStage> d3d_texture_stages(const GlState& s);

// Whether s needs D3D9's LOCALVIEWER for a sphere map; UnsupportedError when lighting
// needs it off.
bool d3d_sphere_map_local_viewer(const GlState& s);

}  // namespace gfx::import

// The driver's translation of D3D9 fixed-function state into ISA programs, as real hardware
// (and ATTILA) runs the fixed-function pipeline on the shader cores.
//   vertex: transform by World*View*Projection; without lighting the diffuse colour is
//           COLOR0 (or opaque white) and the specular colour COLOR1 (or black); with
//           lighting, D3D9's lighting equation in view space (global ambient, up to 8
//           point/spot/directional lights with range, attenuation and spot cone, Blinn-Phong
//           specular, material colour sources, NORMALIZENORMALS, LOCALVIEWER); vertex fog
//           (linear/exp/exp2 of the view-space z, or of |P| with RANGEFOGENABLE; the
//           specular alpha when both fog modes are NONE) into Varying::Fog; point size
//           for point lists (PSIZE, POINTSCALE; FfVertexKey::point_size); TEXCOORDn passed
//           through, or, when a stage generates coordinates (D3DTSS_TCI_*) or transforms
//           them (D3DTSS_TEXTURETRANSFORMFLAGS), one coordinate per stage (ff_texgen.cpp).
//   pixel:  at the default stage states, diffuse * texture 0 or the diffuse colour when no
//           texture is bound (the historical programs); otherwise the general stage
//           program of ff_stages.cpp (stages 0..7). Then the specular colour added
//           (SPECULARENABLE) and fog blended (FOGENABLE) - the fog unit modelled in the FF
//           pixel program.
// Table (pixel) fog: see FfVertexKey::fog_distance and make_ff_pixel_program.
// Pre-transformed vertices (POSITIONT): a pass-through program, ff_pretransformed.cpp.
// Left out: vertex blending; specular-alpha fog of lit vertices.
//
// Vertex constant layout (the driver's own, not visible to applications):
//   c0..c3  the combined matrix (ff_transform_constants); c4 literal (1, 1, 1, 1)
//   c5..c83 lighting and fog (kFfWorldViewConst...; ff_lighting_constants)
//   c19 texgen literal; c84..c115 the texture matrices of stages 0..7 (ff_texture_constants)
//   c116, c117 point size and scale (kFfPointConst)
// Pixel constant c0 holds the fog colour when the FF pixel program fogs.
#pragma once

#include <cstdint>
#include <string>

#include "api/state.h"
#include "func/shader/isa.h"

namespace gfx::func {

constexpr uint16_t kFfTransformConst = 0;  // c0..c3
constexpr uint16_t kFfOneConst = 4;        // literal (1, 1, 1, 1)
constexpr int kFfNumVsConsts = 5;          // c0..c4 are in use without lighting and fog
constexpr uint16_t kFfWorldViewConst = 5;  // c5..c8: columns of World*View
constexpr uint16_t kFfNormalConst = 9;     // c9..c11: columns of the normal matrix
constexpr uint16_t kFfGlobalAmbientConst = 12;
constexpr uint16_t kFfMaterialConst = 13;  // c13..c16: diffuse, ambient, specular, emissive
constexpr uint16_t kFfParamsConst = 17;    // (power, fog end, 1/(fog end - start), density)
constexpr uint16_t kFfLiteralConst = 18;   // literal (0, tiny, log2(e), 0)
constexpr uint16_t kFfLightConst = 20;     // 8 registers per enabled light, see .cpp
constexpr int kFfLightStride = 8;
constexpr int kFfNumLightingConsts = kFfLightConst + kFfLightStride * int(api::kMaxActiveLights);
constexpr uint16_t kFfTexLiteralConst = 19;  // literal (0, 1, 0.5, -1) of the texgen code
constexpr uint16_t kFfTexMatrixConst = 84;   // c84 + 4 s ..: columns of D3DTS_TEXTUREs
constexpr int kFfNumTexConsts = kFfTexMatrixConst + 4 * int(api::kMaxTextureStages);
// Point size: c116 = (POINTSIZE, POINTSCALE_A, _B, _C), c117.x = viewport height.
constexpr uint16_t kFfPointConst = uint16_t(kFfNumTexConsts);

// D3DTSS_TCI_* modes (the high 16 bits of D3DTSS_TEXCOORDINDEX) and D3DTTFF_PROJECTED.
enum class TexGen : uint32_t {
  PassThru = 0,
  CameraSpaceNormal = 1,
  CameraSpacePosition = 2,
  CameraSpaceReflection = 3,
  SphereMap = 4,
};
constexpr uint32_t kTtffProjected = 256;

// Everything the generated vertex program depends on besides the declaration; the driver
// caches programs by key_string().
struct FfVertexKey {
  bool lighting = false;
  uint8_t num_lights = 0;  // enabled lights, in index order
  api::LightType light_types[api::kMaxActiveLights] = {};
  bool specular = false;  // SPECULARENABLE
  bool local_viewer = true;
  bool normalize_normals = false;
  bool color_vertex = true;
  api::MaterialSource diffuse_source = api::MaterialSource::Color1;
  api::MaterialSource ambient_source = api::MaterialSource::Material;
  api::MaterialSource specular_source = api::MaterialSource::Color2;
  api::MaterialSource emissive_source = api::MaterialSource::Material;
  api::FogMode fog = api::FogMode::None;  // FOGVERTEXMODE when FOGENABLE, else None
  // RANGEFOGENABLE: vertex fog by the eye distance |P| instead of the eye depth P.z.
  bool range_fog = false;
  // FOGENABLE with both FOGVERTEXMODE and FOGTABLEMODE NONE: D3D9 takes the fog factor
  // from the specular alpha (COLOR1.a of unlit vertices).
  bool fog_specular = false;
  // Table fog (FOGENABLE with FOGTABLEMODE != None, which wins over vertex fog): the Fog
  // varying carries the fog distance instead of a factor, clip w (eye depth) when
  // `fog_w`, else clip z (an affine projection: z-based fog); the pixel program applies
  // the table formula per pixel.
  bool fog_distance = false;
  bool fog_w = false;
  // Per-stage texture coordinates (see ff_texcoords_per_stage): 0 keeps the passthrough of
  // TEXCOORDn to Varying::TexCoordn; else stage s < num_tex_stages writes TexCoord s from
  // its D3DTSS_TEXCOORDINDEX and D3DTSS_TEXTURETRANSFORMFLAGS values.
  uint8_t num_tex_stages = 0;
  uint32_t tex_index[api::kMaxTextureStages] = {};
  uint32_t tex_flags[api::kMaxTextureStages] = {};
  // Point lists: 1 writes Varying::PointSize from the PSIZE element; 2 the D3D9 point
  // scale Vh * Si * sqrt(1 / (A + B De + C De^2)), De the eye distance and Si the PSIZE
  // element or POINTSIZE (constants kFfPointConst). 0: no size output (POINTSIZE applies).
  uint8_t point_size = 0;

  std::string key_string() const;
};

// Builds the key from the render states, the enabled lights (indices < kMaxActiveLights)
// and, when given, the texture stages (kMaxTextureStages entries).
FfVertexKey make_ff_vertex_key(const api::RenderStates& rs, const api::Light* lights,
                               const bool* enabled, const api::TextureStageState* stages = nullptr);

// Whether an enabled stage (before the first colour DISABLE) generates or transforms its
// coordinates. Then the vertex program writes one coordinate per stage into TexCoord s and
// pixel stage s reads that (projected when D3DTTFF_PROJECTED); otherwise stage s reads
// TexCoord[texcoord_index], the passthrough of existing frames.
bool ff_texcoords_per_stage(const api::TextureStageState* stages);

// c5..c11 (World*View and its normal matrix, as ff_lighting_constants) and the texture
// matrices c84..c115 (`tex` has kMaxTextureStages entries; column i of M at c84 + 4 s + i).
void ff_texture_constants(const api::Matrix4& world, const api::Matrix4& view,
                          const api::Matrix4* tex, Vec4* out);

// o0 = position * WVP, then colours, fog and texture coordinates as the key says.
// Throws gfx::Error when the declaration has no POSITION0, uses POSITIONT, or lighting is
// on without a NORMAL0.
Program make_ff_vertex_program(const api::VertexDeclaration& decl, const FfVertexKey& key = {});

// Colour output o0 = diffuse * texture(s0, texcoord0) or = diffuse; + specular; fogged.
// `table` != None: pixel (table) fog, the factor computed per pixel from the Fog varying's
// distance d with pixel c3 = ff_table_fog_constants(): LINEAR (end - d) / (end - start),
// EXP e^-(d density), EXP2 e^-((d density)^2), saturated; else the vertex fog factor.
Program make_ff_pixel_program(bool texture0_bound, bool specular = false, bool fog = false,
                              api::FogMode table = api::FogMode::None);
constexpr uint16_t kFfTableFogConst = 3;  // pixel c3
// (end, 1 / (end - start), density, log2 e) for kFfTableFogConst.
Vec4 ff_table_fog_constants(const api::RenderStates& rs);
// Whether D3D9 uses eye-relative (w) depth for table fog: the projection's fourth column
// is not (0, 0, 0, 1).
bool ff_fog_uses_w(const api::Matrix4& projection);

// The four constants of the vertex program: c_i is column i of M = world * view * proj
// (row-vector convention, clip = v * M), so that o0.x = dp4(v, c0) ... o0.w = dp4(v, c3).
void ff_transform_constants(const api::Matrix4& world, const api::Matrix4& view,
                            const api::Matrix4& proj, Vec4 out[4]);

// c5..c84 for lighting and fog (out has kFfNumLightingConsts entries; c0..c4 untouched).
// Lights are transformed to view space here, once per draw, not per vertex.
void ff_lighting_constants(const api::Matrix4& world, const api::Matrix4& view,
                           const api::RenderStates& rs, const api::Material& material,
                           const api::Light* lights, const bool* enabled, Vec4* out);

// Texture stages (ff_stages.cpp). Whether the stage states are D3D9's defaults (then the
// driver keeps make_ff_pixel_program, whose programs existing frames were made with);
// the cache key of a general stage program; and the program itself: stages 0..7 (`bound`
// has kMaxTextureStages entries), pixel c1 = TFACTOR, c0 = fog colour, c4 + s = stage s's
// D3DTSS_CONSTANT. Throws gfx::Error for what it does not model.
constexpr uint16_t kFfStageConstantConst = 4;  // pixel c4..c11
// Pixel c16 + 2 s = stage s's (BUMPENVMAT00, MAT10, MAT01, MAT11), c17 + 2 s = (LSCALE,
// LOFFSET, 0, 0): read by the stage after a BUMPENVMAP(LUMINANCE) stage s (the layout ps_1_x
// programs read too, d3d9::kPs1BumpConstBase).
constexpr uint16_t kFfBumpEnvConst = 16;
bool ff_stages_are_default(const api::TextureStageState* stages);
std::string ff_stages_key(const api::TextureStageState* stages, const bool* bound);
Program make_ff_stage_program(const api::TextureStageState* stages, const bool* bound,
                              bool specular, bool fog, api::FogMode table = api::FogMode::None);

// Pre-transformed vertices (D3DFVF_XYZRHW, D3DDECLUSAGE_POSITIONT0) drawn without a vertex
// shader get no vertex processing: make_pretransformed_program routes o0 = (x, y, z, rhw)
// as given, COLOR0 (else white), COLOR1 (else black) and TEXCOORDn, and the Fog varying as
// `fog` says: the vertex fog factor is the specular alpha (D3D9 computes none for them);
// table fog reads the pixel's z, or its eye depth w = 1 / rhw. Throws gfx::Error for
// specular-alpha fog without a COLOR1 element.
enum class PretransformedFog : uint8_t { None, SpecularAlpha, DepthZ, DepthW };
bool is_pretransformed(const api::VertexDeclaration& decl);
bool has_psize(const api::VertexDeclaration& decl);  // a PSIZE0 element
Program make_pretransformed_program(const api::VertexDeclaration& decl, PretransformedFog fog);

// D3DCOLOR 0xAARRGGBB as float RGBA.
Vec4 ff_color(uint32_t argb);

}  // namespace gfx::func

// State blocks. Recorded ones (BeginStateBlock ... EndStateBlock): the device records the
// state calls made in between instead of applying them, and Apply makes them again, in
// order, which leaves every recorded state at its recorded value as D3D9's Apply does.
//
// Captured ones (CreateStateBlock, IDirect3DStateBlock9::Capture): the translator keeps,
// for every piece of state (a render state, a sampler's state, a stream, one shader
// constant register, ...), the call that set it last. A block of the current state is the
// set of those calls, in the capture's order, for the pieces its type covers: D3DSBT_ALL
// every one, D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE those of D3D9's pixel and vertex
// pipeline lists (the fog states in both). Capture replaces each call of a block with the
// current last calls of the pieces that call set. Apply makes the calls again, as above.
// Leaves out: a transform last changed by MultiplyTransform in a captured block (its
// value is not one call's), state never set since the device was created (D3D9 captures
// the default; the block leaves it alone), ColorFill and render-target bindings (D3D9
// keeps them out of state blocks too).
#include <algorithm>
#include <set>

#include "import/pix_calls.h"
#include "import/pix_translator.h"

namespace gfx::import {

namespace {

// D3DSTATEBLOCKTYPE
constexpr uint32_t kAll = 1, kPixelState = 2, kVertexState = 3;

bool in(uint32_t v, std::initializer_list<std::pair<uint32_t, uint32_t>> ranges) {
  for (const auto& [lo, hi] : ranges)
    if (v >= lo && v <= hi) return true;
  return false;
}
// D3DRENDERSTATETYPE values of D3D9's pixel and vertex state lists.
bool fog_state(uint32_t rs) { return in(rs, {{28, 28}, {34, 38}}); }
bool pixel_render_state(uint32_t rs) {
  return fog_state(rs) || in(rs, {{7, 9},
                                  {14, 16},
                                  {19, 20},
                                  {23, 27},
                                  {52, 60},
                                  {128, 135},
                                  {168, 168},
                                  {171, 171},
                                  {174, 176},
                                  {185, 195},
                                  {198, 209}});
}
bool vertex_render_state(uint32_t rs) {
  return fog_state(rs) || in(rs, {{22, 22},
                                  {29, 29},
                                  {48, 48},
                                  {136, 137},
                                  {139, 143},
                                  {145, 148},
                                  {151, 152},
                                  {154, 163},
                                  {166, 167},
                                  {170, 170},
                                  {172, 173},
                                  {178, 184}});
}

}  // namespace

bool PixTranslator::recordable(uint32_t id) {
  using namespace pix;
  switch (id) {
    case kSetRenderState:
    case kSetSamplerState:
    case kSetTextureStageState:
    case kSetTransform:
    case kSetViewport:
    case kSetMaterial:
    case kSetLight:
    case kLightEnable:
    case kSetClipPlane:
    case kSetScissorRect:
    case kSetNPatchMode:
    case kSetVertexShaderConstantF:
    case kSetVertexShaderConstantI:
    case kSetVertexShaderConstantB:
    case kSetPixelShaderConstantF:
    case kSetPixelShaderConstantI:
    case kSetPixelShaderConstantB:
    case kSetVertexShader:
    case kSetPixelShader:
    case kSetVertexDeclaration:
    case kSetFVF:
    case kSetStreamSource:
    case kSetStreamSourceFreq:
    case kSetIndices:
    case kSetTexture: return true;
  }
  return false;
}

std::vector<PixTranslator::StateKey> PixTranslator::state_keys(const PixCall& call) const {
  using namespace pix;
  PixArgs a(capture_.path, call);
  a.u32();  // return value
  a.u32();  // this
  switch (call.id) {
    case kSetRenderState:
    case kSetTransform:
    case kSetLight:
    case kLightEnable:
    case kSetClipPlane:
    case kSetStreamSource:
    case kSetStreamSourceFreq:
    case kSetTexture: return {{call.id, a.u32()}};
    case kMultiplyTransform: return {{kSetTransform, a.u32()}};
    case kSetSamplerState:
    case kSetTextureStageState: {
      const uint64_t stage = a.u32();
      return {{call.id, stage << 32 | a.u32()}};
    }
    case kSetFVF: return {{kSetVertexDeclaration, 0}};  // both set the declaration
    case kSetVertexShaderConstantF:
    case kSetVertexShaderConstantI:
    case kSetVertexShaderConstantB:
    case kSetPixelShaderConstantF:
    case kSetPixelShaderConstantI:
    case kSetPixelShaderConstantB: {
      const uint32_t start = a.u32();
      a.pointed(4);  // the data pointer and the first value
      const uint32_t count = a.u32();
      if (count > 65536) throw ConversionError("constant count " + std::to_string(count));
      std::vector<StateKey> keys;
      for (uint32_t r = 0; r < count; ++r) keys.push_back({call.id, uint64_t(start) + r});
      return keys;
    }
  }
  return {{call.id, 0}};
}

bool PixTranslator::in_block(uint32_t type, const StateKey& k) {
  using namespace pix;
  if (type == kAll) return true;
  const bool pixel = type == kPixelState;
  switch (k.first) {
    case kSetRenderState:
      return pixel ? pixel_render_state(uint32_t(k.second))
                   : vertex_render_state(uint32_t(k.second));
    case kSetSamplerState:  // the vertex texture and displacement map samplers: vertex state
      return pixel == (k.second >> 32 < 256);
    case kSetTextureStageState: {
      const uint32_t type_id = uint32_t(k.second);  // TEXCOORDINDEX, TEXTURETRANSFORMFLAGS
      return pixel || type_id == 11 || type_id == 24;
    }
    case kSetPixelShader:
    case kSetPixelShaderConstantF:
    case kSetPixelShaderConstantI:
    case kSetPixelShaderConstantB: return pixel;
    case kSetVertexShader:
    case kSetVertexShaderConstantF:
    case kSetVertexShaderConstantI:
    case kSetVertexShaderConstantB:
    case kSetVertexDeclaration:
    case kSetStreamSourceFreq:
    case kSetLight:
    case kLightEnable:
    case kSetNPatchMode: return !pixel;
  }
  return false;
}

void PixTranslator::note_state(const PixCall& call) {
  for (const StateKey& k : state_keys(call)) current_state_[k] = &call;
}

std::vector<const PixCall*> PixTranslator::ordered(const std::set<const PixCall*>& calls) const {
  std::vector<const PixCall*> out(calls.begin(), calls.end());
  std::sort(out.begin(), out.end(),
            [](const PixCall* a, const PixCall* b) { return a->index < b->index; });
  for (const PixCall* c : out)
    if (c->id == pix::kMultiplyTransform)
      throw UnsupportedError("a transform last set by MultiplyTransform in a captured state block");
  return out;
}

void PixTranslator::begin_state_block(PixArgs&) {
  if (recording_) throw ConversionError("BeginStateBlock while a state block is recording");
  recording_ = true;
  recorded_.clear();
}

void PixTranslator::end_state_block(PixArgs& a) {
  const uint32_t handle = a.created();
  if (!recording_) throw ConversionError("EndStateBlock without BeginStateBlock");
  recording_ = false;
  state_blocks_[handle] = std::move(recorded_);
  recorded_.clear();
}

void PixTranslator::create_state_block(PixArgs& a) {
  const uint32_t type = a.u32();
  const uint32_t handle = a.created();
  if (type < kAll || type > kVertexState)
    throw ConversionError("state block type " + std::to_string(type));
  std::set<const PixCall*> calls;
  for (const auto& [key, call] : current_state_)
    if (in_block(type, key)) calls.insert(call);
  state_blocks_[handle] = ordered(calls);
}

void PixTranslator::capture_state_block(PixArgs&) {
  auto it = state_blocks_.find(this_);
  if (it == state_blocks_.end()) throw ConversionError("Capture of an unknown state block");
  std::set<const PixCall*> calls;
  for (const PixCall* c : it->second)
    for (const StateKey& k : state_keys(*c)) {
      auto now = current_state_.find(k);
      calls.insert(now == current_state_.end() ? c : now->second);
    }
  it->second = ordered(calls);
}

void PixTranslator::apply_state_block(PixArgs&) {
  auto it = state_blocks_.find(this_);
  if (it == state_blocks_.end()) throw ConversionError("Apply of an unknown state block");
  const std::vector<const PixCall*> calls = it->second;
  const uint32_t block = this_;
  for (const PixCall* c : calls) translate(*c);  // errors name the recorded call
  this_ = block;
}

}  // namespace gfx::import

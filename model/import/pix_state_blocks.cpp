// State blocks recorded between BeginStateBlock and EndStateBlock: the device records the
// state calls made in between instead of applying them, and Apply makes them again, in
// order, which leaves every recorded state at its recorded value as D3D9's Apply does.
// Capture (which would take the device's current values into a block) and
// CreateStateBlock (a block of the whole current state) are not translated.
#include "import/pix_calls.h"
#include "import/pix_translator.h"

namespace gfx::import {

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

void PixTranslator::apply_state_block(PixArgs&) {
  auto it = state_blocks_.find(this_);
  if (it == state_blocks_.end())
    throw UnsupportedError("state block not recorded by Begin/EndStateBlock");
  const std::vector<const PixCall*> calls = it->second;
  const uint32_t block = this_;
  for (const PixCall* c : calls) translate(*c);  // errors name the recorded call
  this_ = block;
}

}  // namespace gfx::import

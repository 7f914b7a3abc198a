#include "import/pix_calls.h"

#include <array>
#include <vector>

namespace gfx::import::pix {

namespace {

struct Interface {
  const char* name;  // "" for the global functions
  uint32_t first_id;
  std::vector<const char*> methods;  // vtable order
};

std::vector<const char*> join(std::vector<const char*> a, const std::vector<const char*>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const std::vector<Interface>& interfaces() {
  static const std::vector<const char*> unknown = {"QueryInterface", "AddRef", "Release"};
  static const std::vector<const char*> resource =
      join(unknown, {"GetDevice", "SetPrivateData", "GetPrivateData", "FreePrivateData",
                     "SetPriority", "GetPriority", "PreLoad", "GetType"});
  static const std::vector<const char*> base_texture =
      join(resource, {"SetLOD", "GetLOD", "GetLevelCount", "SetAutoGenFilterType",
                      "GetAutoGenFilterType", "GenerateMipSubLevels"});
  static const std::vector<Interface> table = {
      {"",
       206,
       {"Direct3DCreate9", "DebugSetMute", "UNUSED_208", "Direct3DShaderValidatorCreate9",
        "UNUSED_210", "UNUSED_211", "D3DPERF_BeginEvent", "D3DPERF_EndEvent", "D3DPERF_SetMarker",
        "D3DPERF_SetRegion", "D3DPERF_QueryRepeatFrame", "D3DPERF_SetOptions",
        "D3DPERF_GetStatus"}},
      {"IDirect3D9", 219,
       join(unknown,
            {"RegisterSoftwareDevice", "GetAdapterCount", "GetAdapterIdentifier",
             "GetAdapterModeCount", "EnumAdapterModes", "GetAdapterDisplayMode", "CheckDeviceType",
             "CheckDeviceFormat", "CheckDeviceMultiSampleType", "CheckDepthStencilMatch",
             "CheckDeviceFormatConversion", "GetDeviceCaps", "GetAdapterMonitor", "CreateDevice"})},
      {"IDirect3DDevice9", 236,
       join(unknown, {"TestCooperativeLevel",
                      "GetAvailableTextureMem",
                      "EvictManagedResources",
                      "GetDirect3D",
                      "GetDeviceCaps",
                      "GetDisplayMode",
                      "GetCreationParameters",
                      "SetCursorProperties",
                      "SetCursorPosition",
                      "ShowCursor",
                      "CreateAdditionalSwapChain",
                      "GetSwapChain",
                      "GetNumberOfSwapChains",
                      "Reset",
                      "Present",
                      "GetBackBuffer",
                      "GetRasterStatus",
                      "SetDialogBoxMode",
                      "SetGammaRamp",
                      "GetGammaRamp",
                      "CreateTexture",
                      "CreateVolumeTexture",
                      "CreateCubeTexture",
                      "CreateVertexBuffer",
                      "CreateIndexBuffer",
                      "CreateRenderTarget",
                      "CreateDepthStencilSurface",
                      "UpdateSurface",
                      "UpdateTexture",
                      "GetRenderTargetData",
                      "GetFrontBufferData",
                      "StretchRect",
                      "ColorFill",
                      "CreateOffscreenPlainSurface",
                      "SetRenderTarget",
                      "GetRenderTarget",
                      "SetDepthStencilSurface",
                      "GetDepthStencilSurface",
                      "BeginScene",
                      "EndScene",
                      "Clear",
                      "SetTransform",
                      "GetTransform",
                      "MultiplyTransform",
                      "SetViewport",
                      "GetViewport",
                      "SetMaterial",
                      "GetMaterial",
                      "SetLight",
                      "GetLight",
                      "LightEnable",
                      "GetLightEnable",
                      "SetClipPlane",
                      "GetClipPlane",
                      "SetRenderState",
                      "GetRenderState",
                      "CreateStateBlock",
                      "BeginStateBlock",
                      "EndStateBlock",
                      "SetClipStatus",
                      "GetClipStatus",
                      "GetTexture",
                      "SetTexture",
                      "GetTextureStageState",
                      "SetTextureStageState",
                      "GetSamplerState",
                      "SetSamplerState",
                      "ValidateDevice",
                      "SetPaletteEntries",
                      "GetPaletteEntries",
                      "SetCurrentTexturePalette",
                      "GetCurrentTexturePalette",
                      "SetScissorRect",
                      "GetScissorRect",
                      "SetSoftwareVertexProcessing",
                      "GetSoftwareVertexProcessing",
                      "SetNPatchMode",
                      "GetNPatchMode",
                      "DrawPrimitive",
                      "DrawIndexedPrimitive",
                      "DrawPrimitiveUP",
                      "DrawIndexedPrimitiveUP",
                      "ProcessVertices",
                      "CreateVertexDeclaration",
                      "SetVertexDeclaration",
                      "GetVertexDeclaration",
                      "SetFVF",
                      "GetFVF",
                      "CreateVertexShader",
                      "SetVertexShader",
                      "GetVertexShader",
                      "SetVertexShaderConstantF",
                      "GetVertexShaderConstantF",
                      "SetVertexShaderConstantI",
                      "GetVertexShaderConstantI",
                      "SetVertexShaderConstantB",
                      "GetVertexShaderConstantB",
                      "SetStreamSource",
                      "GetStreamSource",
                      "SetStreamSourceFreq",
                      "GetStreamSourceFreq",
                      "SetIndices",
                      "GetIndices",
                      "CreatePixelShader",
                      "SetPixelShader",
                      "GetPixelShader",
                      "SetPixelShaderConstantF",
                      "GetPixelShaderConstantF",
                      "SetPixelShaderConstantI",
                      "GetPixelShaderConstantI",
                      "SetPixelShaderConstantB",
                      "GetPixelShaderConstantB",
                      "DrawRectPatch",
                      "DrawTriPatch",
                      "DeletePatch",
                      "CreateQuery"})},
      {"IDirect3DSwapChain9", 355,
       join(unknown, {"Present", "GetFrontBufferData", "GetBackBuffer", "GetRasterStatus",
                      "GetDisplayMode", "GetDevice", "GetPresentParameters"})},
      {"IDirect3DTexture9", 365,
       join(base_texture,
            {"GetLevelDesc", "GetSurfaceLevel", "LockRect", "UnlockRect", "AddDirtyRect"})},
      {"IDirect3DVolumeTexture9", 387,
       join(base_texture,
            {"GetLevelDesc", "GetVolumeLevel", "LockBox", "UnlockBox", "AddDirtyBox"})},
      {"IDirect3DCubeTexture9", 409,
       join(base_texture,
            {"GetLevelDesc", "GetCubeMapSurface", "LockRect", "UnlockRect", "AddDirtyRect"})},
      {"IDirect3DVertexBuffer9", 431, join(resource, {"Lock", "Unlock", "GetDesc"})},
      {"IDirect3DIndexBuffer9", 445, join(resource, {"Lock", "Unlock", "GetDesc"})},
      {"IDirect3DSurface9", 459,
       join(resource, {"GetContainer", "GetDesc", "LockRect", "UnlockRect", "GetDC", "ReleaseDC"})},
      {"IDirect3DVolume9", 476,
       join(unknown, {"GetDevice", "SetPrivateData", "GetPrivateData", "FreePrivateData",
                      "GetContainer", "GetDesc", "LockBox", "UnlockBox"})},
      {"IDirect3DVertexDeclaration9", 487, join(unknown, {"GetDevice", "GetDeclaration"})},
      {"IDirect3DVertexShader9", 492, join(unknown, {"GetDevice", "GetFunction"})},
      {"IDirect3DPixelShader9", 497, join(unknown, {"GetDevice", "GetFunction"})},
      {"IDirect3DStateBlock9", 502, join(unknown, {"GetDevice", "Capture", "Apply"})},
      {"IDirect3DQuery9", 508,
       join(unknown, {"GetDevice", "GetType", "GetDataSize", "Issue", "GetData"})},
  };
  return table;
}

// The interface and method of an API call id, or nulls.
std::pair<const Interface*, const char*> lookup(uint32_t id) {
  for (const Interface& i : interfaces())
    if (id >= i.first_id && id < i.first_id + i.methods.size())
      return {&i, i.methods[id - i.first_id]};
  return {nullptr, nullptr};
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

std::string call_name(uint32_t id) {
  if (id < kFirstApiCall) return "PIX record " + std::to_string(id);
  auto [iface, method] = lookup(id);
  if (!iface) return "unknown call " + std::to_string(id);
  if (*iface->name == 0) return method;
  return std::string(iface->name) + "::" + method;
}

bool is_method(uint32_t id) { return id > kD3DLastGlobal; }

bool is_ignored(uint32_t id) {
  if (id < kFirstApiCall) return true;
  auto [iface, m] = lookup(id);
  if (!iface) return false;
  const std::string method = m;
  // Everything of IDirect3D9 but CreateDevice only asks about the adapter.
  if (std::string(iface->name) == "IDirect3D9") return id != kCreateDevice;
  static const std::array<const char*, 6> queries = {
      "Get", "Check", "Enum", "Validate", "TestCooperativeLevel", "D3DPERF_"};
  for (const char* q : queries)
    if (starts_with(method, q)) return true;
  static const std::array<const char*, 22> inert = {"QueryInterface",
                                                    "AddRef",
                                                    "Release",
                                                    "Direct3DCreate9",
                                                    "DebugSetMute",
                                                    "UNUSED_208",
                                                    "UNUSED_210",
                                                    "UNUSED_211",
                                                    "Direct3DShaderValidatorCreate9",
                                                    "EvictManagedResources",
                                                    "SetCursorProperties",
                                                    "SetCursorPosition",
                                                    "ShowCursor",
                                                    "SetDialogBoxMode",
                                                    "SetGammaRamp",
                                                    "BeginScene",
                                                    "EndScene",
                                                    "SetSoftwareVertexProcessing",
                                                    "SetPrivateData",
                                                    "FreePrivateData",
                                                    "SetPriority",
                                                    "PreLoad"};
  for (const char* q : inert)
    if (method == q) return true;
  // Dirty regions only hint what a later UpdateTexture copies; queries only observe.
  return method == "AddDirtyRect" || method == "AddDirtyBox" ||
         std::string(iface->name) == "IDirect3DQuery9" || method == "CreateQuery";
}

}  // namespace gfx::import::pix

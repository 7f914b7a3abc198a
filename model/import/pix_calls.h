// The PIX call ids of Direct3D 9: each interface's methods are numbered consecutively in
// d3d9.h's vtable order (IUnknown's three first) from a base per interface (global
// functions 206, IDirect3D9 219, IDirect3DDevice9 236, ... IDirect3DQuery9 508). Ids below
// 206 are PIX's own records (object notes, id 1), which carry no API call.
#pragma once

#include <cstdint>
#include <string>

namespace gfx::import::pix {

// The ids the importer translates or knows to ignore by name.
enum CallId : uint32_t {
  kFirstApiCall = 206,
  kDirect3DCreate9 = 206,
  kD3DLastGlobal = 218,
  kCreateDevice = 235,
  kDevice = 236,  // IDirect3DDevice9::QueryInterface
  kReset = kDevice + 16,
  kPresent = kDevice + 17,
  kGetBackBuffer = kDevice + 18,
  kCreateTexture = kDevice + 23,
  kCreateVolumeTexture = kDevice + 24,
  kCreateCubeTexture = kDevice + 25,
  kCreateVertexBuffer = kDevice + 26,
  kCreateIndexBuffer = kDevice + 27,
  kCreateRenderTarget = kDevice + 28,
  kCreateDepthStencilSurface = kDevice + 29,
  kUpdateSurface = kDevice + 30,
  kUpdateTexture = kDevice + 31,
  kStretchRect = kDevice + 34,
  kColorFill = kDevice + 35,
  kSetRenderTarget = kDevice + 37,
  kGetRenderTarget = kDevice + 38,
  kSetDepthStencilSurface = kDevice + 39,
  kGetDepthStencilSurface = kDevice + 40,
  kClear = kDevice + 43,
  kSetTransform = kDevice + 44,
  kMultiplyTransform = kDevice + 46,
  kSetViewport = kDevice + 47,
  kSetMaterial = kDevice + 49,
  kSetLight = kDevice + 51,
  kLightEnable = kDevice + 53,
  kSetClipPlane = kDevice + 55,
  kSetRenderState = kDevice + 57,
  kCreateStateBlock = kDevice + 59,
  kBeginStateBlock = kDevice + 60,
  kEndStateBlock = kDevice + 61,
  kSetTexture = kDevice + 65,
  kSetTextureStageState = kDevice + 67,
  kSetSamplerState = kDevice + 69,
  kSetScissorRect = kDevice + 75,
  kSetNPatchMode = kDevice + 79,
  kDrawPrimitive = kDevice + 81,
  kDrawIndexedPrimitive = kDevice + 82,
  kDrawPrimitiveUP = kDevice + 83,
  kDrawIndexedPrimitiveUP = kDevice + 84,
  kCreateVertexDeclaration = kDevice + 86,
  kSetVertexDeclaration = kDevice + 87,
  kSetFVF = kDevice + 89,
  kCreateVertexShader = kDevice + 91,
  kSetVertexShader = kDevice + 92,
  kSetVertexShaderConstantF = kDevice + 94,
  kSetVertexShaderConstantI = kDevice + 96,
  kSetVertexShaderConstantB = kDevice + 98,
  kSetStreamSource = kDevice + 100,
  kSetStreamSourceFreq = kDevice + 102,
  kSetIndices = kDevice + 104,
  kCreatePixelShader = kDevice + 106,
  kSetPixelShader = kDevice + 107,
  kSetPixelShaderConstantF = kDevice + 109,
  kSetPixelShaderConstantI = kDevice + 111,
  kSetPixelShaderConstantB = kDevice + 113,
  kSwapChainPresent = 355 + 3,
  kSwapChainGetBackBuffer = 355 + 5,
  kTextureSetLOD = 365 + 11,
  kVolumeTextureSetLOD = 387 + 11,
  kCubeTextureSetLOD = 409 + 11,
  kTextureGetSurfaceLevel = 365 + 18,
  kTextureLockRect = 365 + 19,
  kTextureUnlockRect = 365 + 20,
  kVolumeGetVolumeLevel = 387 + 18,
  kVolumeTextureLockBox = 387 + 19,
  kVolumeTextureUnlockBox = 387 + 20,
  kCubeGetCubeMapSurface = 409 + 18,
  kCubeLockRect = 409 + 19,
  kCubeUnlockRect = 409 + 20,
  kVertexBufferLock = 431 + 11,
  kVertexBufferUnlock = 431 + 12,
  kIndexBufferLock = 445 + 11,
  kIndexBufferUnlock = 445 + 12,
  kSurfaceLockRect = 459 + 13,
  kSurfaceUnlockRect = 459 + 14,
  kVolumeLockBox = 476 + 9,
  kVolumeUnlockBox = 476 + 10,
  kStateBlockCapture = 502 + 4,
  kStateBlockApply = 502 + 5,
  kLastApiCall = 515,
};

// "IDirect3DDevice9::SetRenderState", "Direct3DCreate9", "PIX record 1", "unknown call 900".
std::string call_name(uint32_t id);

// Whether the record has a `this` handle after the return value (interface methods).
bool is_method(uint32_t id);

// Calls that change nothing a trace records: queries (Get*, Check*, GetDesc), reference
// counting, scene brackets, cursor, gamma and private data, PIX's own records.
bool is_ignored(uint32_t id);

}  // namespace gfx::import::pix

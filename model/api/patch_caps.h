// The tessellator capabilities a device reports (D3DCAPS9 DevCaps / DevCaps2 bits and
// MaxNpatchTessellationLevel), as the driver enforces them: a draw that needs a missing
// capability fails, naming the draw and the capability. The timing unit's config
// (tess/tess_config.h) holds the same values and the run hands them to the driver; the
// struct lives in api/ so neither of the two depends on the other.
// Leaves out: displacement-mapping caps (DMAPNPATCH, PRESAMPLEDDMAPNPATCH), which nothing
// here models.
#pragma once

namespace gfx::api {

struct PatchCaps {
  bool npatches = true;               // D3DDEVCAPS_NPATCHES
  bool rt_patches = true;             // D3DDEVCAPS_RTPATCHES
  bool quintic_rt_patches = true;     // D3DDEVCAPS_QUINTICRTPATCHES
  bool rt_patch_handle_zero = true;   // D3DDEVCAPS_RTPATCHHANDLEZERO (timing only)
  bool adaptive_tessellation = true;  // D3DDEVCAPS2_ADAPTIVETESSRTPATCH | ..NPATCH
  // Segment counts above this are clamped (a MaxNpatchTessellationLevel-like limit that
  // this model applies to N-patches and RT patches alike).
  float max_tessellation_level = 64.0f;
};

}  // namespace gfx::api

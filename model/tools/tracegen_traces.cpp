// The list of bundled traces and the generator entry point.
#include "tools/tracegen_traces.h"

namespace gfx::tracegen {

std::vector<std::string> bundled_trace_names() {
  return {"triangle.yaml",       "scene640.gfxt",  "scene640_d3d10.gfxt", "scene640_msaa4x.gfxt",
          "fillrate.gfxt",       "bandwidth.gfxt", "peak_fill.gfxt",      "peak_zonly.gfxt",
          "peak_blend.gfxt",     "peak_hiz.gfxt",  "peak_clear.gfxt",     "peak_latency.gfxt",
          "peak_fill_4x.gfxt",   "texrotate.gfxt", "shader_bound.gfxt",   "texture_bound.gfxt",
          "geometry_bound.gfxt", "mixed.gfxt"};
}

void generate_traces(const std::string& outdir) {
  const std::string dir = outdir.empty() || outdir.back() == '/' ? outdir : outdir + "/";
  write_triangle(dir + "triangle.yaml");
  write_scene640(dir + "scene640.gfxt");
  write_scene640_d3d10(dir + "scene640_d3d10.gfxt");
  write_scene640(dir + "scene640_msaa4x.gfxt", 4);
  write_fillrate(dir + "fillrate.gfxt");
  write_bandwidth(dir + "bandwidth.gfxt");
  write_peak_fill(dir + "peak_fill.gfxt");
  write_peak_zonly(dir + "peak_zonly.gfxt");
  write_peak_blend(dir + "peak_blend.gfxt");
  write_peak_hiz(dir + "peak_hiz.gfxt");
  write_peak_clear(dir + "peak_clear.gfxt");
  write_peak_latency(dir + "peak_latency.gfxt");
  write_peak_fill_4x(dir + "peak_fill_4x.gfxt");
  write_texrotate(dir + "texrotate.gfxt");
  write_shader_bound(dir + "shader_bound.gfxt");
  write_texture_bound(dir + "texture_bound.gfxt");
  write_geometry_bound(dir + "geometry_bound.gfxt");
  write_mixed(dir + "mixed.gfxt");
}

}  // namespace gfx::tracegen

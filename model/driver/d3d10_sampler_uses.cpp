#include "driver/d3d10_sampler_uses.h"

#include "common/error.h"
#include "func/texture/compare.h"

namespace gfx::driver {
namespace {

bool compares(func::TexMode m) {
  return m == func::TexMode::Compare || m == func::TexMode::CompareLz;
}

bool takes_sampler(func::TexMode m) {
  return m != func::TexMode::Fetch && m != func::TexMode::Info && m != func::TexMode::InfoRcp &&
         m != func::TexMode::InfoUint;
}

// "slot 3" of the pixel stage, "vertex slot 1" of the vertex stage's own slots.
std::string slot_name(unsigned s) {
  return s < api::kPixelSamplers ? "slot " + std::to_string(s)
                                 : "vertex slot " + std::to_string(s - api::kPixelSamplers);
}

std::string sampler_name(api::ResourceId id) {
  return id ? "sampler state " + std::to_string(id) : "a sampler";
}

}  // namespace

void check_sampler_uses(const func::Program& p,
                        const std::array<func::SamplerBinding, api::kMaxSamplers>& samplers,
                        const SamplerIds& sampler_ids, const SamplerIds& texture_ids,
                        const std::string& at) {
  const std::string& shader = p.name;  // "pixel shader 13", or a driver program's name
  for (const func::Instr& in : p.code) {
    if (in.op != func::Op::Tex || !takes_sampler(in.tex_mode) || in.sampler >= api::kMaxSamplers)
      continue;
    const unsigned s = in.sampler;
    const func::SamplerBinding& b = samplers[s];
    const std::string where = slot_name(s);
    if (compares(in.tex_mode) && !b.state.comparison)
      throw Error(at + ": " + shader + " compares through " + where + " (sample_c), but " + where +
                  " holds " + sampler_name(sampler_ids[s]) +
                  " without a comparison filter (D3D10 wants a D3D10_FILTER_COMPARISON_* "
                  "sampler there)");
    if (!compares(in.tex_mode) && b.state.comparison)
      throw Error(at + ": " + shader + " samples through " + where + " without a comparison, but " +
                  where + " holds comparison " + sampler_name(sampler_ids[s]) +
                  " (D3D10 lets only sample_c and sample_c_lz use a comparison sampler)");
    if (compares(in.tex_mode) && b.texture && !func::compare_format(b.texture->format))
      throw Error(at + ": " + shader + " compares texture " + std::to_string(texture_ids[s]) +
                  " in " + where + ", whose format " +
                  std::string(api::to_name(b.texture->format)) +
                  " D3D10 does not compare (it compares " + func::compare_format_names() + ")");
  }
}

}  // namespace gfx::driver

// libFuzzer harness of the config loader: includes, --set overrides, and the resolved
// dump that every run writes and that must load back unchanged.
//
// The input is split at NUL bytes: part 0 is the config file (main.yaml; empty means no
// file, overrides only), part 1 a file it may include as "inc.yaml" (beside it) or that
// is absent when empty, parts 2.. are one "key.path=value" override each ("--set #N").
// The bundled presets are reachable by include too (configs/ is the search folder).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "common/error.h"
#include "config/config.h"
#include "fuzz_support.h"
#include "gpu/gpu_config.h"

namespace {

std::vector<std::string> split_at_nul(const uint8_t* data, std::size_t size) {
  std::vector<std::string> parts(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0)
      parts.emplace_back();
    else
      parts.back().push_back(static_cast<char>(data[i]));
  }
  return parts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using gfx::fuzz::finding;
  using gfx::fuzz::write_scratch;
  const std::vector<std::string> parts = split_at_nul(data, size);
  const std::string dir = gfx::fuzz::scratch_dir();
  std::remove((dir + "/inc.yaml").c_str());
  if (parts.size() > 1 && !parts[1].empty()) write_scratch("inc.yaml", parts[1]);
  const std::string main = parts[0].empty() ? "" : write_scratch("main.yaml", parts[0]);
  const std::vector<std::string> search{std::string(GFX_SOURCE_DIR) + "/configs"};

  std::string dumped;
  try {
    std::vector<gfx::cfg::Override> overrides;
    for (std::size_t i = 2; i < parts.size(); ++i)
      overrides.push_back(gfx::cfg::parse_override(parts[i], "--set #" + std::to_string(i - 1)));
    const auto config = gfx::cfg::load_config<gfx::gpu::GpuConfig>(main, overrides, search);
    dumped = gfx::cfg::dump_resolved_yaml(config, {{"trace", "fuzz"}});
  } catch (const gfx::Error&) {
    return 0;  // rejected with a message naming the place: fine
  }
  // A run's config.yaml must load back as it is, to the same values.
  const std::string again = write_scratch("dump.yaml", dumped);
  try {
    const auto reloaded = gfx::cfg::load_config<gfx::gpu::GpuConfig>(again, {}, {});
    if (gfx::cfg::dump_resolved_yaml(reloaded, {{"trace", "fuzz"}}) != dumped)
      finding("the resolved config does not load back to the same values (see " + again + ")");
  } catch (const gfx::Error& e) {
    finding(std::string("the resolved config does not load back: ") + e.what());
  }
  return 0;
}

// A pass-through stage between the rasterizer and the shader cores, wired by this harness
// through gpu::Wiring (no other unit or file changes), must leave every frame and every
// draw's counts exactly as the normal wiring has them, retire every draw, and see every
// pixel warp and every marker go through it.
//
// SystemC elaborates once per process: the normal run happens in a forked child before
// this process builds its own Gpu.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gpu/run.h"
#include "pass_through_stage.h"

namespace gfx::gpu::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  EXPECT_TRUE(in) << p << ": cannot read";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::vector<std::string>> csv_rows(const fs::path& p) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(slurp(p));
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
      // clang-format off
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) { cells.push_back(cell); cell.clear(); }
      else cell += c;
      // clang-format on
    }
    cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

// The value of counter `name` in the stats group `group` of stats.json (-1: not found).
long long stat(const std::string& json, const std::string& group, const std::string& name) {
  const size_t g = json.find("\"" + group + "\"");
  if (g == std::string::npos) return -1;
  // The first run of digits after the key (no <regex>: GCC 12 warns inside it at -O1).
  const size_t k = json.find("\"" + name + "\"", g);
  if (k == std::string::npos) return -1;
  const size_t d = json.find_first_of("0123456789", k + name.size() + 2);
  if (d == std::string::npos) return -1;
  return std::stoll(json.substr(d, json.find_first_not_of("0123456789", d) - d));
}

RunOptions options(const std::string& trace, const fs::path& out) {
  RunOptions o;
  o.trace = std::string(GFX_SOURCE_DIR) + "/traces/" + trace;
  o.config = std::string(GFX_SOURCE_DIR) + "/configs/baseline.yaml";
  o.config_dirs = {std::string(GFX_SOURCE_DIR) + "/configs"};
  o.out = out.string();
  return o;
}

TEST(StageWiring, PassThroughBetweenRasterizerAndShaderChangesNoFrameAndRetiresEveryDraw) {
  const std::string trace = "scene640.gfxt";
  const fs::path base = fs::path(GFX_BINARY_DIR) / "tests" / "gpu" / "stage_wiring";
  fs::remove_all(base);
  fs::create_directories(base);
  const fs::path normal = base / "normal", staged = base / "staged";

  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    int code = 0;
    try {
      run(options(trace, normal));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "normal run: %s\n", e.what());
      code = 1;
    }
    std::fflush(nullptr);
    _exit(code);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the normal run failed";

  RunOptions o = options(trace, staged);
  PixelStage stage;
  stage.queue_name = "early_z_queue";
  stage.queue = sim::QueueConfig{8, 1, 1};
  stage.make = [](pipe::Queue<pipe::PixelWarpPtr>& in, pipe::Queue<pipe::PixelWarpPtr>& out) {
    return std::make_unique<PassThroughStage>("early_z", in, out);
  };
  o.wiring.after_raster.push_back(stage);
  const RunSummary s = run(o);

  // Every frame is the same picture, byte for byte.
  std::vector<fs::path> frames;
  for (const auto& e : fs::directory_iterator(normal / "frames"))
    frames.push_back(e.path().filename());
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(s.frames, 4u);
  for (const fs::path& f : frames)
    EXPECT_TRUE(slurp(normal / "frames" / f) == slurp(staged / "frames" / f)) << f << " differs";

  // The same draws, in the same order, with the same counts; each retired after it was
  // issued. Only the cycles move (the stage adds a queue to the pixel path).
  const auto a = csv_rows(normal / "draws.csv"), b = csv_rows(staged / "draws.csv");
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.size(), 141u);  // header + 140 draws
  EXPECT_EQ(s.draws, 140u);
  const auto& header = a[0];
  for (size_t r = 1; r < a.size(); ++r) {
    ASSERT_EQ(a[r].size(), header.size());
    ASSERT_EQ(b[r].size(), header.size());
    for (size_t c = 0; c < header.size(); ++c) {
      // the cycles, and the limiter view computed from them, move
      if (header[c] == "start_cycle" || header[c] == "end_cycle" || header[c] == "cycles" ||
          header[c].rfind("limiter", 0) == 0)
        continue;
      EXPECT_EQ(a[r][c], b[r][c]) << "draw row " << r << ", column " << header[c];
    }
    const size_t start = std::find(header.begin(), header.end(), "start_cycle") - header.begin();
    const size_t end = std::find(header.begin(), header.end(), "end_cycle") - header.begin();
    EXPECT_LE(std::stoull(b[r][start]), std::stoull(b[r][end])) << "draw row " << r;
  }

  // Every pixel warp and every marker went through the stage: one end per draw, plus the
  // scene's clears and presents.
  const std::string stats = slurp(staged / "stats.json");
  EXPECT_EQ(stat(stats, "early_z", "warps"), stat(stats, "raster", "pixel_warps"));
  EXPECT_EQ(stat(stats, "early_z", "draws_ended"), 140);
  EXPECT_EQ(stat(stats, "early_z", "markers"),
            140 + stat(stats, "cp", "clears") + stat(stats, "cp", "frames"));
  EXPECT_EQ(stat(stats, "early_z_queue", "pushes"), stat(stats, "raster", "pixel_warps"));
}

}  // namespace
}  // namespace gfx::gpu::test

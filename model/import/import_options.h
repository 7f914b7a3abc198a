// What every importer takes and gives back: which frames to write, whether to skip calls
// it cannot translate, and what it wrote.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace gfx::import {

struct FrameRange {
  uint32_t start_frame = 0;
  uint32_t frame_count = 0;  // 0: every frame from start_frame on
};

struct TranslateOptions {
  bool skip_unknown = false;
  FrameRange frames;
};

struct ImportReport {
  uint32_t width = 0, height = 0;
  uint32_t calls = 0, draws = 0, frames = 0;
  std::map<std::string, uint32_t> skipped;  // under --skip-unknown
};

}  // namespace gfx::import

// An owning handle for a zlib gzFile, so that a reader or writer whose constructor
// throws (a bad header, a failed write) still closes its stream and descriptor.
// Internal to gfx_trace.
#pragma once

#include <zlib.h>

#include <memory>

namespace gfx::trace {

struct GzClose {
  void operator()(gzFile_s* g) const { gzclose(g); }
};
using GzHandle = std::unique_ptr<gzFile_s, GzClose>;

}  // namespace gfx::trace

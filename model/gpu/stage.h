// Extra stages the wiring can put into the pipeline without any other unit knowing: a
// stage between the rasterizer and the shader cores (where Hi-Z or early Z would go). The
// rasterizer's output queue (pixel_warp_queue) feeds the first stage; the wiring makes each
// stage's output queue and hands the stage the queue in front of it and its own; the last
// one feeds the shader cores. A stage must forward every item and every marker
// (pipe/marker.h) in order.
// The product wires the early-Z stage (early_z.enable, Gpu::with_product_stages) in front
// of any a caller adds; tests add theirs (tests/gpu).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pipe/items.h"
#include "pipe/marker.h"
#include "sim/queue_config.h"
#include "sim/unit.h"

namespace gfx::gpu {

struct PixelStage {
  // The stage's output queue: its name in stats.json (the wiring refuses a name already
  // taken, or none) and its shape.
  std::string queue_name;
  sim::QueueConfig queue;
  // Makes the stage (an sc_module and sim::Unit, named as its stats group), called while
  // the Gpu is being built.
  std::function<std::unique_ptr<sim::Unit>(pipe::Queue<pipe::PixelWarpPtr>& in,
                                           pipe::Queue<pipe::PixelWarpPtr>& out)>
      make;
};

// Everything the product does not wire by default.
struct Wiring {
  std::vector<PixelStage> after_raster;  // in pipeline order
};

}  // namespace gfx::gpu

// Drives one InputAssembler by hand: a draw goes in, the shader cores are stood in for by
// marking every vertex warp's store entries ready the cycle it leaves the unit, and setup by
// popping primitives and releasing the store behind them (with `setup_waits`, like the real
// setup, only once the head primitive's vertices are ready). Memory is the real L2 + DRAM.
#pragma once

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ia/input_assembler.h"
#include "memory/memory_system.h"
#include "stats/registry.h"

namespace gfx::ia::test {

// A draw over one Float3 position stream (stride 12) and 16-bit indices.
struct MeshDraw {
  std::shared_ptr<api::VertexDeclaration> decl = std::make_shared<api::VertexDeclaration>();
  std::shared_ptr<api::Buffer> vb = std::make_shared<api::Buffer>();
  std::shared_ptr<api::IndexBuffer> ib = std::make_shared<api::IndexBuffer>();
  std::shared_ptr<func::DrawContext> ctx = std::make_shared<func::DrawContext>();

  MeshDraw(uint32_t vertices, const std::vector<uint16_t>& indices) {
    decl->elements.push_back({0, 0, api::DeclType::Float3, api::DeclUsage::Position, 0});
    vb->bytes.assign(size_t(vertices) * 12, 0);
    ib->format = api::Format::Index16;
    ib->bytes.resize(indices.size() * 2);
    // An empty draw has no index bytes: memcpy from a null data() is undefined even for 0.
    if (!indices.empty()) std::memcpy(ib->bytes.data(), indices.data(), ib->bytes.size());
    ctx->api = api::DrawApi::D3D10;
    ctx->declaration = decl;
    ctx->streams[0] = {vb.get(), 0, 12};
    ctx->indices = ib;
    ctx->indexed = true;
    ctx->count = uint32_t(indices.size());
    func::FetchPlan::Entry e;
    e.reg = 0;
    e.type = api::DeclType::Float3;
    ctx->fetch_plan.entries.push_back(e);
    ctx->where = "test.yaml: command 1";
  }
};

// Triangle-list indices of an n x n quad grid of (n+1)^2 vertices, row by row.
inline std::vector<uint16_t> grid_indices(uint32_t n) {
  std::vector<uint16_t> out;
  auto v = [n](uint32_t r, uint32_t c) { return uint16_t(r * (n + 1) + c); };
  for (uint32_t r = 0; r < n; ++r)
    for (uint32_t c = 0; c < n; ++c) {
      for (uint16_t i : {v(r, c), v(r, c + 1), v(r + 1, c)}) out.push_back(i);
      for (uint16_t i : {v(r, c + 1), v(r + 1, c + 1), v(r + 1, c)}) out.push_back(i);
    }
  return out;
}

class Rig {
 public:
  Rig(const std::string& name, const IaConfig& cfg,
      sim::QueueConfig prim_queue = sim::QueueConfig().with_capacity(64).with_width(4),
      bool setup_waits = false)
      : setup_waits_(setup_waits),
        mem_((name + "_mem").c_str(), memory::MemoryConfig{}, 1000.0),
        draws_("draws", sim::QueueConfig().with_capacity(4)),
        warps_("warps", sim::QueueConfig().with_capacity(16)),
        prims_("prims", prim_queue),
        store_(cfg.vertex_store_entries),
        ia_(name.c_str(), cfg, 16, draws_, warps_, prims_, store_, mem_),
        root_("") {
    ia_.register_stats(root_.child("ia"));
  }

  // Runs the draw to completion (`drained` says whether it got there within the guard);
  // returns the cycle the last primitive left the unit.
  Cycle run(std::shared_ptr<const func::DrawContext> ctx) {
    auto d = std::make_shared<pipe::DrawState>();
    d->ctx = std::move(ctx);
    draws_.push(now_, d);
    pipe::Marker end;
    end.draw = d;
    draws_.push_marker(end);
    bool warps_ended = false, prims_ended = false;  // the end-of-draw marker came out
    for (int guard = 0; guard < 10000000; ++guard, ++now_) {
      ia_.step(now_);
      while (!warps_ended && warps_.marker_ready()) warps_ended = warps_.pop_marker().draw == d;
      while (warps_.can_pop(now_)) {
        pipe::VertexWarp w = warps_.pop(now_);
        for (uint32_t l = 0; l < w.count; ++l) store_.set_ready(w.first_seq + l, now_);
        warp_instances.push_back(w.instance);
        warp_sizes.push_back(w.count);
        if (warps_.marker_ready()) warps_ended = warps_.pop_marker().draw == d;
      }
      while (prims_.can_pop(now_) && (!setup_waits_ || vertices_ready(prims_.front()))) {
        pipe::PrimitiveItem p = prims_.pop(now_);
        store_.release_below(p.oldest_live);
        prims.push_back(p);
        last_ = now_;
        if (prims_.marker_ready()) prims_ended = prims_.pop_marker().draw == d;
      }
      while (!prims_ended && prims_.marker_ready()) prims_ended = prims_.pop_marker().draw == d;
      if (warps_ended && prims_ended && warps_.empty() && prims_.empty() && !ia_.has_work()) {
        drained = true;
        break;
      }
    }
    counts = d->counts;
    return last_;
  }

  double stat(const std::string& name) const {
    std::map<std::string, double> m;
    root_.flatten(m);
    auto it = m.find("ia." + name);
    return it == m.end() ? -1.0 : it->second;
  }

  std::vector<pipe::PrimitiveItem> prims;
  std::vector<uint32_t> warp_instances, warp_sizes;
  func::DrawCounts counts;
  bool drained = false;

 private:
  bool vertices_ready(const pipe::PrimitiveItem& p) const {
    for (uint64_t seq : p.seq)
      if (store_.ready_at(seq) > now_) return false;
    return true;
  }

  bool setup_waits_;
  memory::MemorySystem mem_;
  pipe::Queue<pipe::DrawRef> draws_;
  pipe::Queue<pipe::VertexWarp> warps_;
  pipe::Queue<pipe::PrimitiveItem> prims_;
  pipe::VertexStore store_;
  InputAssembler ia_;
  stats::Group root_;
  Cycle now_ = 0, last_ = 0;
};

}  // namespace gfx::ia::test

#include "shader/constant_path.h"

#include "memory/memory_system.h"

namespace gfx::shader {

func::ConstantReadSink* ConstantPath::begin(const ConstantRanges& ranges,
                                            std::vector<std::pair<uint32_t, Addr>>* out) {
  bool any = false;
  for (const func::ConstantBufferRange& r : ranges) any |= r.registers != 0;
  if (!any) return nullptr;
  ranges_ = &ranges;
  out_ = out;
  first_ = out->size();
  return this;
}

void ConstantPath::instruction(unsigned issue_index, uint64_t active) {
  issue_ = issue_index;
  active_ = active;
  first_ = out_->size();
}

void ConstantPath::read(unsigned reg, uint64_t lanes) {
  if (!(lanes & active_)) return;  // lanes off the execution mask fetch nothing
  for (const func::ConstantBufferRange& r : *ranges_) {
    if (reg < r.first || reg - r.first >= r.registers) continue;
    const Addr a = memory::MemorySystem::constant_heap_address(r.offset) + 16 * Addr(reg - r.first);
    const Addr line = a & ~Addr(line_bytes_ - 1);
    // Operands of one instruction mostly share a line: check the latest first.
    for (size_t k = out_->size(); k-- > first_;)
      if ((*out_)[k].second == line) return;
    out_->push_back({uint32_t(issue_), line});
    return;
  }
}

}  // namespace gfx::shader

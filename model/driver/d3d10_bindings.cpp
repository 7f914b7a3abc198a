// D3D10 constant buffers, samplers and shader resource views on the device. The translator reads
// cbN[i] from constant register c(48N + i) (d3d10/translate.h), so the model maps constant-buffer
// slots 0..3 of each stage, 48 float4 registers each, onto the stage's 256 constant registers; a
// D3D10 draw copies the bound buffers there, and slots with no buffer keep what
// set_shader_constants wrote. Larger buffers and slots 4..13, which D3D10 has, fail where they are
// bound.
#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "d3d10/translate.h"
#include "driver/d3d10_samplers.h"
#include "driver/device.h"

namespace gfx::driver {
namespace {

constexpr unsigned kSlots = unsigned(d3d10::kConstantBufferSlots);
constexpr std::size_t kSlotBytes = 16 * std::size_t(d3d10::kConstantBufferRegisters);
static_assert(sizeof(func::Vec4) == 16, "a constant register is four packed floats");

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw Error(where + ": " + what);
}

// The device sampler slot of D3D10 slot `slot` of `stage`, or -1 past the model's slots.
int device_slot(api::ShaderStage stage, uint64_t slot) {
  if (stage == api::ShaderStage::Pixel) return slot < api::kPixelSamplers ? int(slot) : -1;
  return slot < api::kVertexSamplers ? int(api::kPixelSamplers + slot) : -1;
}

std::string slot_limit(api::ShaderStage stage) {
  return stage == api::ShaderStage::Pixel ? "the model has pixel slots 0..15"
                                          : "the model has vertex slots 0..3";
}

}  // namespace

void Device::set_samplers(const trace::SetSamplers& c, const std::string& where) {
  for (std::size_t i = 0; i < c.ids.size(); ++i) {
    const api::ResourceId id = c.ids[i];
    const int slot = device_slot(c.stage, c.start_slot + i);
    if (slot < 0) {
      if (id == 0) continue;
      fail(where, "sampler state " + std::to_string(id) + " to slot " +
                      std::to_string(c.start_slot + i) + ": " + slot_limit(c.stage));
    }
    api::SamplerDesc desc;  // id 0: D3D10's default sampler
    if (id != 0) {
      const auto found = sampler_states_.find(id);
      if (found == sampler_states_.end())
        fail(where, "no sampler state with id " + std::to_string(id));
      desc = found->second;
    }
    try {
      samplers_[slot] = d3d10_sampler(desc, "sampler state " + std::to_string(id));
      sampler_ids_bound_[slot] = id;
    } catch (const Error& e) {
      fail(where, e.what());
    }
  }
}

void Device::set_shader_resources(const trace::SetShaderResources& c, const std::string& where) {
  for (std::size_t i = 0; i < c.ids.size(); ++i) {
    const api::ResourceId id = c.ids[i];
    const int slot = device_slot(c.stage, c.start_slot + i);
    if (slot < 0) {
      if (id == 0) continue;
      fail(where, "view " + std::to_string(id) + " to slot " + std::to_string(c.start_slot + i) +
                      ": " + slot_limit(c.stage));
    }
    // One id space: the id holds a shader-resource view or a texture (its own whole view).
    std::shared_ptr<const api::Texture> texture;  // id 0 unbinds
    api::ResourceId resource = id, view_id = 0;
    if (id != 0 && views_.count(id)) {
      const trace::CreateView& v = view(id, api::ViewKind::ShaderResource, where);
      resource = v.resource;
      view_id = id;
      texture = view_texture(v, where);
    } else if (id != 0) {
      const auto found = textures_.find(id);
      if (found == textures_.end())
        fail(where,
             "no texture or view with id " + std::to_string(id) + " (never created, or released)");
      texture = found->second;
    }
    // D3D10 binds NULL instead of a resource that is bound as an output.
    if (bound_as_output(resource)) texture = nullptr, resource = 0, view_id = 0;
    textures_bound_[slot] = texture;
    texture_ids_bound_[slot] = view_id ? 0 : resource;
    resource_ids_bound_[slot] = resource;
    srv_ids_bound_[slot] = view_id;
  }
}

void Device::update_constant_buffer(const trace::UpdateConstantBuffer& c,
                                    const std::string& where) {
  const auto found = constant_buffers_.find(c.id);
  if (found == constant_buffers_.end())
    fail(where,
         "no constant buffer with id " + std::to_string(c.id) + " (never created, or released)");
  ConstantBytes& bytes = *found->second;
  if (uint64_t{c.offset} + c.bytes.size() > bytes.size())
    fail(where, "bytes " + std::to_string(c.offset) + ".." +
                    std::to_string(uint64_t{c.offset} + c.bytes.size()) +
                    " run past constant buffer " + std::to_string(c.id) + "'s " +
                    std::to_string(bytes.size()) + " bytes");
  std::copy(c.bytes.begin(), c.bytes.end(), bytes.begin() + c.offset);
}

void Device::set_constant_buffers(const trace::SetConstantBuffers& c, const std::string& where) {
  auto& bound = constant_buffers_bound_[c.stage == api::ShaderStage::Vertex ? 0 : 1];
  for (std::size_t i = 0; i < c.ids.size(); ++i) {
    const uint64_t slot = c.start_slot + i;
    const api::ResourceId id = c.ids[i];
    if (slot >= kSlots) {
      if (id == 0) continue;  // unbinding a slot the model does not have changes nothing
      fail(where, "constant buffer " + std::to_string(id) + " to slot " + std::to_string(slot) +
                      ": the model maps constant-buffer slots 0..3 (cbN at c(48N))");
    }
    if (id == 0) {
      bound[slot].reset();
      continue;
    }
    const auto found = constant_buffers_.find(id);
    if (found == constant_buffers_.end())
      fail(where,
           "no constant buffer with id " + std::to_string(id) + " (never created, or released)");
    if (found->second->size() > kSlotBytes)
      fail(where, "constant buffer " + std::to_string(id) + " holds " +
                      std::to_string(found->second->size() / 16) +
                      " registers; the model maps at most 48 per slot (cbN[i] at c(48N + i))");
    bound[slot] = found->second;
  }
}

void Device::fill_constant_buffers(func::DrawContext& d) const {
  for (unsigned stage = 0; stage < 2; ++stage) {
    std::vector<func::Vec4>& regs = stage == 0 ? d.vs_constants : d.ps_constants;
    for (unsigned slot = 0; slot < kSlots; ++slot) {
      const auto& bytes = constant_buffers_bound_[stage][slot];
      if (!bytes) continue;
      func::Vec4* first = regs.data() + slot * d3d10::kConstantBufferRegisters;
      std::memcpy(static_cast<void*>(first), bytes->data(), bytes->size());
    }
  }
}

}  // namespace gfx::driver

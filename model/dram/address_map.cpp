#include "dram/address_map.h"

namespace gfx::dram {

AddressMap::AddressMap(const DramConfig& cfg)
    : channels_(cfg.channels),
      banks_(cfg.banks),
      interleave_(cfg.interleave_bytes),
      row_bytes_(cfg.row_bytes),
      column_first_(cfg.address_map == "row_bank_column"),
      bank_xor_(cfg.bank_xor) {}

Location AddressMap::locate(Addr addr) const {
  const uint64_t chunk = addr / interleave_;
  Location l;
  l.channel = uint32_t(chunk % channels_);
  const uint64_t local_chunk = chunk / channels_;  // the channel's chunks packed together
  if (column_first_) {
    const uint64_t local = local_chunk * interleave_ + addr % interleave_;
    const uint64_t row_global = local / row_bytes_;
    l.bank = uint32_t(row_global % banks_);
    l.row = row_global / banks_;
  } else {
    l.bank = uint32_t(local_chunk % banks_);
    l.row = local_chunk / banks_ / (row_bytes_ / interleave_);
  }
  if (bank_xor_) l.bank ^= uint32_t(l.row & (banks_ - 1));
  return l;
}

}  // namespace gfx::dram

#include "dram/address_map.h"

namespace gfx::dram {

AddressMap::AddressMap(const DramConfig& cfg)
    : channels_(cfg.channels),
      banks_(cfg.banks),
      interleave_(cfg.interleave_bytes),
      row_bytes_(cfg.row_bytes),
      groups_(cfg.bank_groups),
      kind_(cfg.address_map == "row_bank_column"   ? Kind::RowBankColumn
            : cfg.address_map == "row_column_bank" ? Kind::RowColumnBank
                                                   : Kind::RowBankColumnGroup),
      bank_xor_(cfg.bank_xor) {}

Location AddressMap::locate(Addr addr) const {
  const uint64_t chunk = addr / interleave_;
  Location l;
  l.channel = uint32_t(chunk % channels_);
  const uint64_t local_chunk = chunk / channels_;  // the channel's chunks packed together
  const uint64_t columns = row_bytes_ / interleave_;  // chunks per row (map 2 and 3)
  switch (kind_) {
    case Kind::RowBankColumn: {
      const uint64_t local = local_chunk * interleave_ + addr % interleave_;
      const uint64_t row_global = local / row_bytes_;
      l.bank = uint32_t(row_global % banks_);
      l.row = row_global / banks_;
      break;
    }
    case Kind::RowColumnBank:
      l.bank = uint32_t(local_chunk % banks_);
      l.row = local_chunk / banks_ / columns;
      break;
    case Kind::RowBankColumnGroup: {
      const uint64_t group = local_chunk % groups_;
      const uint64_t rest = local_chunk / groups_ / columns;  // bank in group, then row
      const uint64_t per_group = banks_ / groups_;
      l.bank = uint32_t((rest % per_group) * groups_ + group);
      l.row = rest / per_group;
      break;
    }
  }
  if (bank_xor_) l.bank ^= uint32_t(l.row & (banks_ - 1));
  return l;
}

}  // namespace gfx::dram

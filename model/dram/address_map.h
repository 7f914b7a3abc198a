// Address map of the DRAM: which channel, bank and row a byte lives in. Low to high bits:
// offset inside an interleave chunk | channel | the rest of the channel's address, which
// `address_map` orders as row | bank | column (row_bank_column: a channel's consecutive
// chunks share a row until it is full), row | column | bank (row_column_bank: they go to
// consecutive banks) or row | bank in group | column | bank group
// (row_bank_column_group: they alternate bank groups, and one bank per group streams its
// row before the next banks take over, whose activates overlap that stream). With bank_xor the bank index is XORed with the row's low bits, so
// rows that would conflict in one bank spread over all of them. The bank group of bank b
// is b mod bank_groups, so consecutive banks alternate bank groups.
#pragma once

#include <cstdint>

#include "common/types.h"
#include "dram/dram_config.h"

namespace gfx::dram {

struct Location {
  uint32_t channel = 0;
  uint32_t bank = 0;
  uint64_t row = 0;
};

class AddressMap {
 public:
  explicit AddressMap(const DramConfig& cfg);
  Location locate(Addr addr) const;

 private:
  enum class Kind { RowBankColumn, RowColumnBank, RowBankColumnGroup };
  uint32_t channels_, banks_, interleave_, row_bytes_, groups_;
  Kind kind_;
  bool bank_xor_;
};

}  // namespace gfx::dram

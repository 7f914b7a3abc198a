#include "dram/channel.h"

#include <algorithm>

namespace gfx::dram {

Channel::Channel(const DramConfig& cfg, uint32_t index)
    : cfg_(cfg), close_page_(cfg.page_policy == "close"), banks_(cfg.banks), groups_(cfg.bank_groups) {
  cmds_.fill(kNone);
  // Channels refresh staggered over one interval, as controllers do to spread the stalls.
  if (cfg.t_refi) next_refresh_ = cfg.t_refi + uint64_t(cfg.t_refi) * index / cfg.channels;
}

uint64_t Channel::place(uint64_t t) {
  // A slot after the latest command placed is free (the common case); one at or before it
  // may be held by a recent command.
  if (placed_ && t <= frontier_) {
    for (bool moved = true; moved;) {
      moved = false;
      for (uint64_t c : cmds_)
        if (c == t) {
          ++t;
          moved = true;
        }
    }
  }
  cmds_[cmd_pos_] = t;
  cmd_pos_ = (cmd_pos_ + 1) % cmds_.size();
  frontier_ = std::max(frontier_, t);
  placed_ = true;
  return t;
}

uint64_t Channel::precharge(Bank& b, uint64_t t) {
  const uint64_t tp = place(std::max(t, b.pre_ok));
  b.act_ok = std::max(b.act_ok, tp + cfg_.t_rp);
  b.row = kNone;
  ++stats_.precharges;
  return tp;
}

uint64_t Channel::activate(uint32_t bank, uint64_t row, uint64_t t) {
  Bank& b = banks_[bank];
  Group& g = groups_[bank % cfg_.bank_groups];
  t = std::max({t, b.act_ok, g.act_ok, act_ok_});
  // tFAW: the fifth activate waits until the window of the previous four has passed.
  if (cfg_.t_faw && acts_ >= 4) t = std::max(t, faw_[faw_pos_] + cfg_.t_faw);
  const uint64_t ta = place(t);
  faw_[faw_pos_] = std::max(ta, faw_[(faw_pos_ + 3) % 4]);  // the window stays ordered
  faw_pos_ = (faw_pos_ + 1) % 4;
  ++acts_;
  b.row = row;
  b.col_ok = ta + cfg_.t_rcd;
  b.pre_ok = std::max(b.pre_ok, ta + cfg_.t_ras);
  b.act_ok = ta + cfg_.t_rc;
  act_ok_ = std::max(act_ok_, ta + cfg_.t_rrd_s);
  g.act_ok = std::max(g.act_ok, ta + cfg_.t_rrd_l);
  ++stats_.activates;
  return ta;
}

uint64_t Channel::column(uint32_t bank, bool write, uint64_t t, uint64_t* data_end) {
  Bank& b = banks_[bank];
  Group& g = groups_[bank % cfg_.bank_groups];
  const uint64_t lat = write ? cfg_.t_wl : cfg_.t_cas;
  t = std::max({t, b.col_ok, g.col_ok, col_ok_, write ? wr_ok_ : rd_ok_});
  if (bus_free_ > t + lat) t = bus_free_ - lat;  // the data follows the previous burst
  const uint64_t tc = place(t);
  const uint64_t start = std::max(tc + lat, bus_free_);
  *data_end = bus_free_ = start + cfg_.burst_cycles();
  stats_.busy += cfg_.burst_cycles();
  col_ok_ = std::max(col_ok_, tc + cfg_.t_ccd_s);
  g.col_ok = std::max(g.col_ok, tc + cfg_.t_ccd_l);
  if (write) {
    b.pre_ok = std::max(b.pre_ok, *data_end + cfg_.t_wr);
    rd_ok_ = std::max(rd_ok_, *data_end + cfg_.t_wtr);
  } else {
    b.pre_ok = std::max(b.pre_ok, tc + cfg_.t_rtp);
    // A write's data may start t_rtw after the read's data ends.
    const uint64_t w = tc + cfg_.t_cas + cfg_.burst_cycles() + cfg_.t_rtw;
    wr_ok_ = std::max(wr_ok_, w > cfg_.t_wl ? w - cfg_.t_wl : 0);
  }
  return tc;
}

void Channel::refresh(uint64_t due) {
  uint64_t ref = due;
  bool open = false;
  for (const Bank& b : banks_) {
    if (b.row != kNone) {
      open = true;
      ref = std::max(ref, b.pre_ok);
    } else {
      ref = std::max(ref, b.act_ok);
    }
  }
  if (open) {
    ref = place(ref) + cfg_.t_rp;  // one precharge-all, then the refresh
    stats_.precharges += 1;
  }
  ref = place(ref);
  const uint64_t end = ref + cfg_.t_rfc;
  for (Bank& b : banks_) {
    b.row = kNone;
    b.act_ok = std::max(b.act_ok, end);
  }
  ++stats_.refreshes;
  stats_.refresh_cycles += cfg_.t_rfc;
}

uint64_t Channel::serve(const Access& a, uint64_t start) {
  while (std::max(start, frontier_) >= next_refresh_) {
    refresh(next_refresh_);
    next_refresh_ += cfg_.t_refi;
  }
  Bank& b = banks_[a.bank];
  uint64_t first = kNone;
  if (b.row == a.row) {
    ++stats_.row_hits;
  } else {
    if (b.row == kNone) {
      ++stats_.row_empty;
    } else {
      ++stats_.row_conflicts;
      first = precharge(b, start);
    }
    first = std::min(first, activate(a.bank, a.row, start));
  }
  uint64_t end = start;
  for (uint32_t i = 0; i < a.bursts; ++i)
    first = std::min(first, column(a.bank, a.write, start, &end));
  if (close_page_) {
    // Auto-precharge: no command slot of its own, at the first cycle the bank allows.
    b.act_ok = std::max(b.act_ok, b.pre_ok + cfg_.t_rp);
    b.row = kNone;
    ++stats_.precharges;
  }
  ++(a.write ? stats_.writes : stats_.reads);
  if (!a.write) stats_.queue_latency.add(first - a.arrival);
  stats_.bank_busy += end - first;
  if (end > active_until_) {
    stats_.active += end - std::max(first, active_until_);
    active_until_ = end;
  }
  return end;
}

}  // namespace gfx::dram

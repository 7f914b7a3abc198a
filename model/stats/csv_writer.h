// A minimal CSV writer for tables such as draws.csv and interval stats: comma separated,
// one row per line ("\n"), cells quoted per RFC 4180 only when they must be (a comma,
// a double quote, a line break, or leading/trailing spaces), quotes doubled inside.
// Numbers use the same shortest round-trip form as the JSON writer; non-finite doubles
// are written nan/inf/-inf, which pandas and numpy read back.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace gfx::stats {

class CsvWriter {
 public:
  void cell(std::string_view s);
  void cell(const std::string& s) { cell(std::string_view(s)); }
  void cell(const char* s) { cell(std::string_view(s)); }
  void cell(double v);
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  void cell(T v) {
    raw(std::to_string(v));
  }
  void end_row();

  const std::string& str() const { return out_; }

  // `s` as one CSV cell, quoted if needed.
  static std::string quote(std::string_view s);

 private:
  void raw(const std::string& text);
  std::string out_;
  bool row_started_ = false;
};

}  // namespace gfx::stats

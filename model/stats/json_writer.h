// A small deterministic JSON writer for result files (stats.json, run summaries, traces
// in Chrome trace-event form). Output is byte-identical for identical input, so golden
// files can be compared as text:
//  - pretty printed with a 2-space indent, or on one line per container when asked
//    (`begin_object(true)`), which keeps stat entries readable as one line each;
//  - doubles in their shortest round-trip form (never more than 17 digits), NaN and
//    infinities as null, since JSON has no spelling for them;
//  - strings escaped per RFC 8259 (quote, backslash, control characters); UTF-8 passes
//    through unchanged and is not validated.
// A finished top-level value ends with a newline. Misuse (a value without a key inside an
// object, unbalanced ends) throws gfx::Error. No reading: results are only written here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace gfx::stats {

// Shortest decimal text that reads back to exactly `v` ("0.1", "1e+20", "-0");
// "nan", "inf" or "-inf" when not finite. Independent of the C locale.
std::string format_double(double v);

class JsonWriter {
 public:
  void begin_object(bool one_line = false);
  void end_object();
  void begin_array(bool one_line = false);
  void end_array();
  void key(std::string_view k);

  void value(std::string_view s);
  void value(const std::string& s) { value(std::string_view(s)); }
  void value(const char* s) { value(std::string_view(s)); }
  void value(bool b);
  void value(double d);
  void value(float f) { value(static_cast<double>(f)); }
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  void value(T v) {
    if constexpr (std::is_signed_v<T>)
      write_integer(static_cast<int64_t>(v));
    else
      write_unsigned(static_cast<uint64_t>(v));
  }
  void null();

  // key(k) then value(v).
  template <class T> void field(std::string_view k, const T& v) {
    key(k);
    value(v);
  }

  const std::string& str() const { return out_; }
  bool complete() const { return done_; }  // one whole top-level value written

  // `s` as a quoted, escaped JSON string, appended to `out`.
  static void append_quoted(std::string& out, std::string_view s);

 private:
  struct Level {
    bool is_object;
    bool one_line;
    bool empty = true;
    bool has_key = false;
  };
  void before_value();
  void after_value();
  void open(bool is_object, bool one_line);
  void close(bool is_object);
  void newline_indent(size_t depth);
  void write_integer(int64_t v);
  void write_unsigned(uint64_t v);

  std::vector<Level> stack_;
  std::string out_;
  bool done_ = false;
};

}  // namespace gfx::stats

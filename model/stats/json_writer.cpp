#include "stats/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "common/error.h"

namespace gfx::stats {

std::string format_double(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  // to_chars without a precision gives the shortest text that round-trips, and unlike
  // printf it ignores the locale's decimal separator.
  char buf[32];
  auto result = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, result.ptr);
}

void JsonWriter::append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void JsonWriter::newline_indent(size_t depth) {
  out_ += '\n';
  out_.append(2 * depth, ' ');
}

// Separator and indentation before an array element or an object key.
void JsonWriter::before_value() {
  if (stack_.empty()) {
    if (done_) throw Error("JsonWriter: a second top-level value");
    return;
  }
  Level& top = stack_.back();
  if (top.is_object) {
    if (!top.has_key) throw Error("JsonWriter: a value inside an object needs a key first");
    top.has_key = false;
    return;
  }
  if (!top.empty) out_ += top.one_line ? ", " : ",";
  if (!top.one_line) newline_indent(stack_.size());
  top.empty = false;
}

void JsonWriter::after_value() {
  if (!stack_.empty()) return;
  done_ = true;
  out_ += '\n';
}

void JsonWriter::key(std::string_view k) {
  if (stack_.empty() || !stack_.back().is_object || stack_.back().has_key)
    throw Error("JsonWriter: key '" + std::string(k) + "' outside an object or after a key");
  Level& top = stack_.back();
  if (!top.empty) out_ += top.one_line ? ", " : ",";
  if (!top.one_line) newline_indent(stack_.size());
  top.empty = false;
  append_quoted(out_, k);
  out_ += ": ";
  top.has_key = true;
}

void JsonWriter::open(bool is_object, bool one_line) {
  before_value();
  // Inside a one-line container everything stays on that line.
  one_line = one_line || (!stack_.empty() && stack_.back().one_line);
  out_ += is_object ? '{' : '[';
  stack_.push_back(Level{is_object, one_line});
}

void JsonWriter::close(bool is_object) {
  if (stack_.empty() || stack_.back().is_object != is_object)
    throw Error(std::string("JsonWriter: unbalanced ") + (is_object ? "end_object" : "end_array"));
  if (stack_.back().has_key) throw Error("JsonWriter: object closed after a key without value");
  Level done = stack_.back();
  stack_.pop_back();
  if (!done.empty && !done.one_line) newline_indent(stack_.size());
  out_ += is_object ? '}' : ']';
  after_value();
}

void JsonWriter::begin_object(bool one_line) { open(true, one_line); }
void JsonWriter::end_object() { close(true); }
void JsonWriter::begin_array(bool one_line) { open(false, one_line); }
void JsonWriter::end_array() { close(false); }

void JsonWriter::value(std::string_view s) {
  before_value();
  append_quoted(out_, s);
  after_value();
}

void JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  after_value();
}

void JsonWriter::value(double d) {
  before_value();
  out_ += std::isfinite(d) ? format_double(d) : "null";
  after_value();
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
  after_value();
}

void JsonWriter::write_integer(int64_t v) {
  before_value();
  out_ += std::to_string(v);
  after_value();
}

void JsonWriter::write_unsigned(uint64_t v) {
  before_value();
  out_ += std::to_string(v);
  after_value();
}

}  // namespace gfx::stats

#include "stats/csv_writer.h"

#include "stats/json_writer.h"

namespace gfx::stats {

std::string CsvWriter::quote(std::string_view s) {
  bool needs = s.find_first_of(",\"\r\n") != std::string_view::npos ||
               (!s.empty() && (s.front() == ' ' || s.back() == ' '));
  if (!needs) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void CsvWriter::raw(const std::string& text) {
  if (row_started_) out_ += ',';
  out_ += text;
  row_started_ = true;
}

void CsvWriter::cell(std::string_view s) { raw(quote(s)); }

void CsvWriter::cell(double v) { raw(format_double(v)); }

void CsvWriter::end_row() {
  out_ += '\n';
  row_started_ = false;
}

}  // namespace gfx::stats

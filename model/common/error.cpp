#include "common/error.h"

namespace gfx {

std::string located(const std::string& file, int line, int column, const std::string& message) {
  std::string s = file;
  if (line > 0) {
    s += ":" + std::to_string(line);
    if (column > 0) s += ":" + std::to_string(column);
  }
  return s + ": " + message;
}

}  // namespace gfx

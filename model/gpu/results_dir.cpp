#include "gpu/results_dir.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "common/error.h"

namespace fs = std::filesystem;

namespace gfx::gpu {

ResultsDir::ResultsDir(const std::string& target) : target_(target) {
  fs::path t = fs::absolute(target);
  std::error_code ec;
  // Remember the outermost folder this run creates, so a failed run removes it again.
  for (fs::path p = t.parent_path(); !p.empty() && !fs::exists(p); p = p.parent_path())
    created_ = p.string();
  fs::create_directories(t.parent_path(), ec);
  if (ec) throw Error(target + ": cannot create the parent folder (" + ec.message() + ")");
  tmp_ = (t.parent_path() / ("." + t.filename().string() + ".partial-" + std::to_string(getpid()))).string();
  fs::remove_all(tmp_, ec);
  if (!fs::create_directories(tmp_, ec) || ec)
    throw Error(target + ": cannot create the results folder (" + ec.message() + ")");
}

ResultsDir::~ResultsDir() {
  if (!committed_) {
    std::error_code ec;
    fs::remove_all(tmp_, ec);
    if (!created_.empty()) fs::remove_all(created_, ec);
  }
}

std::string ResultsDir::file(const std::string& relative) const {
  fs::path p = fs::path(tmp_) / relative;
  fs::create_directories(p.parent_path());
  return p.string();
}

void ResultsDir::write_text(const std::string& relative, const std::string& text) const {
  const std::string path = file(relative);
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw Error(path + ": cannot write");
}

void ResultsDir::commit() {
  std::error_code ec;
  const fs::path old = fs::path(tmp_ + ".old");
  fs::remove_all(old, ec);
  if (fs::exists(target_)) fs::rename(target_, old, ec);
  if (ec) throw Error(target_ + ": cannot replace the existing results folder (" + ec.message() + ")");
  fs::rename(tmp_, target_, ec);
  if (ec) throw Error(target_ + ": cannot move the results into place (" + ec.message() + ")");
  fs::remove_all(old, ec);
  committed_ = true;
}

}  // namespace gfx::gpu

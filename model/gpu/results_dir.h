// ResultsDir: a run's output folder, written atomically. Everything goes into a hidden
// sibling folder first; commit() replaces the target folder with it in one rename, and a
// run that fails (or is interrupted by an exception) removes the partial folder, so a
// results folder either holds a complete run or does not exist.
#pragma once

#include <string>

namespace gfx::gpu {

class ResultsDir {
 public:
  explicit ResultsDir(const std::string& target);
  ~ResultsDir();
  ResultsDir(const ResultsDir&) = delete;
  ResultsDir& operator=(const ResultsDir&) = delete;

  // Path of a file inside the (temporary) folder; creates parent folders.
  std::string file(const std::string& relative) const;
  void write_text(const std::string& relative, const std::string& text) const;
  void commit();

 private:
  std::string target_, tmp_;
  std::string created_;  // outermost parent folder made for this run ("" if none)
  bool committed_ = false;
};

}  // namespace gfx::gpu

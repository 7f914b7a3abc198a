// ResultsDir: a run's output folder, written so that nothing is lost.
//
// Everything goes into a hidden sibling work folder (.NAME.partial-HOST-PID) first;
// commit() moves it into place. A run that fails, throws or is interrupted removes its
// work folder and the parent folders it created, if they are still empty; a killed run
// leaves only the hidden folder, which the next run in that place removes.
//
// gfxsim never deletes a file it did not write. It records what it wrote in a manifest
// (.gfxsim-results) inside the results folder, and replaces an existing folder only when
// that folder holds nothing but what the manifest lists. Any other existing target is
// refused: a file always, a folder with other contents unless `force`, which adds the
// results into that folder and leaves its other files alone.
#pragma once

#include <string>
#include <vector>

namespace gfx::gpu {

class ResultsDir {
 public:
  static constexpr const char* kManifest = ".gfxsim-results";

  ResultsDir(const std::string& target, bool force = false);
  ~ResultsDir();
  ResultsDir(const ResultsDir&) = delete;
  ResultsDir& operator=(const ResultsDir&) = delete;

  // Path of a file inside the (hidden) work folder; creates its parent folders.
  std::string file(const std::string& relative) const;
  void write_text(const std::string& relative, const std::string& text) const;
  void commit();

  const std::string& work_folder() const { return tmp_; }

 private:
  enum class Kind { Fresh, Replace, Merge };

  void remove_stale_work_folders() const;
  void commit_fresh_or_replace();
  void commit_merge();

  std::string target_;  // as the user gave it, for messages
  std::string path_;    // absolute and normal
  std::string tmp_;
  Kind kind_ = Kind::Fresh;
  std::vector<std::string> old_files_;  // the manifest of the folder being replaced or merged into
  std::vector<std::string> created_;    // parent folders made for this run, innermost first
  bool committed_ = false;
};

}  // namespace gfx::gpu

#include "gpu/results_dir.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>

#include "common/error.h"

namespace fs = std::filesystem;

namespace gfx::gpu {

namespace {

constexpr const char* kManifestTitle = "gfxsim results folder; the files this run wrote:";

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || !name[0]) return "host";
  std::string s(name);
  std::replace(s.begin(), s.end(), '/', '_');
  return s;
}

bool process_alive(long pid) { return pid > 0 && (kill(pid_t(pid), 0) == 0 || errno == EPERM); }

// The files (not folders) under `root`, as sorted relative paths.
std::vector<std::string> files_under(const fs::path& root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (!it->is_directory(ec)) out.push_back(fs::relative(it->path(), root, ec).generic_string());
  if (ec) throw Error(root.string() + ": cannot list the folder (" + ec.message() + ")");
  std::sort(out.begin(), out.end());
  return out;
}

// The files listed by a folder's manifest; false if it has none.
bool read_manifest(const fs::path& folder, std::vector<std::string>& files) {
  std::ifstream in(folder / ResultsDir::kManifest);
  std::string line;
  if (!in || !std::getline(in, line) || line != kManifestTitle) return false;
  while (std::getline(in, line)) {
    const fs::path f(line);
    // Only plain paths inside the folder: a hand-edited manifest must not reach outside it.
    const bool inside =
        !line.empty() && f.is_relative() &&
        std::none_of(f.begin(), f.end(), [](const fs::path& part) { return part == ".."; });
    if (inside) files.push_back(f.lexically_normal().generic_string());
  }
  return true;
}

// The name of some entry of `folder`, or "" if it is empty.
std::string first_entry(const fs::path& folder) {
  std::error_code ec;
  const fs::directory_iterator it(folder, ec);
  if (ec) throw Error(folder.string() + ": cannot list the folder (" + ec.message() + ")");
  return it == fs::directory_iterator() ? "" : it->path().filename().string();
}

// The first file under a results folder that its manifest does not list, or "".
std::string first_unlisted(const fs::path& folder, const std::vector<std::string>& listed) {
  const std::set<std::string> known(listed.begin(), listed.end());
  for (const std::string& f : files_under(folder))
    if (f != ResultsDir::kManifest && !known.count(f)) return f;
  return "";
}

// Removes the folders under `root` (and `root`) that are empty, deepest first.
void remove_empty_folders(const fs::path& root) {
  std::error_code ec;
  std::vector<fs::path> dirs;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_directory(ec)) dirs.push_back(it->path());
  std::sort(dirs.rbegin(), dirs.rend());
  for (const fs::path& d : dirs) fs::remove(d, ec);  // fails, harmlessly, when not empty
  fs::remove(root, ec);
}

[[noreturn]] void fail(const std::string& target, const std::string& what,
                       const std::error_code& ec) {
  throw Error(target + ": " + what + " (" + ec.message() + ")");
}

}  // namespace

ResultsDir::ResultsDir(const std::string& target, bool force) : target_(target) {
  if (target.empty()) throw Error("the results folder name is empty");
  std::error_code ec;
  fs::path t = fs::absolute(target, ec).lexically_normal();
  if (ec) fail(target, "cannot resolve the results folder", ec);
  if (!t.has_filename()) t = t.parent_path();  // "out/" and "." name the folder itself
  if (t == t.root_path()) throw Error(target + ": the root folder cannot be a results folder");
  path_ = t.string();

  // What is there already decides how the results go into place.
  const fs::file_status st = fs::symlink_status(t, ec);
  if (fs::is_symlink(st))
    throw Error(target + ": is a symbolic link; give the folder it points to as -o");
  if (fs::exists(st) && !fs::is_directory(st))
    throw Error(target +
                ": exists and is not a folder; gfxsim writes a results folder and never "
                "replaces other files: give another -o");
  if (fs::is_directory(st)) {
    std::vector<std::string> listed;
    const bool ours = read_manifest(t, listed);
    // A folder without a manifest is looked at no deeper than its first entry: `-o ~` must
    // not walk a home folder to refuse it.
    const std::string foreign = ours ? first_unlisted(t, listed) : first_entry(t);
    if (ours) old_files_ = listed;
    if (foreign.empty()) {
      kind_ = ours ? Kind::Replace : Kind::Fresh;
    } else if (force) {
      kind_ = Kind::Merge;
    } else {
      throw Error(target + ": exists and is not a gfxsim results folder (it holds " + foreign +
                  "); gfxsim never deletes files it did not write: give another -o, or --force to "
                  "add the results into this folder and keep its other files");
    }
  }

  for (fs::path p = t.parent_path(); !p.empty() && !fs::exists(p, ec); p = p.parent_path())
    created_.push_back(p.string());
  fs::create_directories(t.parent_path(), ec);
  if (ec) fail(target, "cannot create the parent folder", ec);
  remove_stale_work_folders();
  tmp_ = (t.parent_path() / ("." + t.filename().string() + ".partial-" + host_name() + "-" +
                             std::to_string(getpid())))
             .string();
  fs::remove_all(tmp_, ec);
  if (!fs::create_directory(tmp_, ec) || ec) {
    if (!ec) ec = std::make_error_code(std::errc::file_exists);
    for (const std::string& p : created_) fs::remove(p, ec);
    fail(target, "cannot create the work folder " + tmp_, ec);
  }
}

// A killed run leaves .NAME.partial-HOST-PID (and, mid-replace, the .old folder beside it).
// Those of this host whose process is gone are removed. Work folders of other hosts, on a
// shared file system, are left alone: their process cannot be asked from here.
void ResultsDir::remove_stale_work_folders() const {
  const fs::path t(path_);
  const std::string prefix = "." + t.filename().string() + ".partial-";
  const std::string host = host_name() + "-";
  std::error_code ec;
  for (auto it = fs::directory_iterator(t.parent_path(), ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    name.erase(0, prefix.size());
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".old") == 0)
      name.resize(name.size() - 4);
    if (name.rfind(host, 0) == 0)
      name.erase(0, host.size());  // this host's
    else if (name.find_first_not_of("0123456789") != std::string::npos)
      continue;  // another's
    if (name.empty() || name.size() > 9 ||
        name.find_first_not_of("0123456789") != std::string::npos)
      continue;
    if (process_alive(std::stol(name))) continue;
    std::error_code rm;
    fs::remove_all(it->path(), rm);
  }
}

ResultsDir::~ResultsDir() {
  if (committed_) return;
  std::error_code ec;
  fs::remove_all(tmp_, ec);
  // Only folders still empty: another run may have written its results beside ours.
  for (const std::string& p : created_) fs::remove(p, ec);
}

std::string ResultsDir::file(const std::string& relative) const {
  const fs::path p = fs::path(tmp_) / relative;
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  if (ec) fail(p.parent_path().string(), "cannot create the folder", ec);
  return p.string();
}

void ResultsDir::write_text(const std::string& relative, const std::string& text) const {
  const std::string path = file(relative);
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw Error(path + ": cannot write (is the disk full?)");
}

void ResultsDir::commit() {
  std::string manifest = std::string(kManifestTitle) + "\n";
  for (const std::string& f : files_under(tmp_)) manifest += f + "\n";
  write_text(kManifest, manifest);
  if (kind_ == Kind::Merge)
    commit_merge();
  else
    commit_fresh_or_replace();
  committed_ = true;
}

// The whole folder moves in one rename; the folder it replaces held only files gfxsim
// wrote, and only those are deleted.
void ResultsDir::commit_fresh_or_replace() {
  std::error_code ec;
  const fs::path old = fs::path(tmp_ + ".old");
  if (kind_ == Kind::Fresh) {
    fs::remove(path_, ec);  // an empty folder, if any: remove() never deletes contents
    ec.clear();
  } else {
    fs::rename(path_, old, ec);
    if (ec) fail(target_, "cannot move the previous results aside", ec);
  }
  fs::rename(tmp_, path_, ec);
  if (ec) {
    std::error_code back;
    if (kind_ == Kind::Replace) fs::rename(old, path_, back);
    fail(target_, "cannot move the results into place", ec);
  }
  if (kind_ == Kind::Replace) {
    for (const std::string& f : old_files_) fs::remove(old / f, ec);
    fs::remove(old / kManifest, ec);
    remove_empty_folders(old);  // anything else, added meanwhile, stays in .old, not lost
  }
}

// --force into a folder gfxsim did not make: file by file. Files of the names gfxsim
// writes are replaced, the files of an earlier gfxsim run there that this run did not
// write (a frame beyond this run's last) are removed, everything else stays.
void ResultsDir::commit_merge() {
  std::error_code ec;
  const std::vector<std::string> files = files_under(tmp_);
  const std::set<std::string> now(files.begin(), files.end());
  for (const std::string& f : files) {
    const fs::path to = fs::path(path_) / f;
    fs::create_directories(to.parent_path(), ec);
    if (ec) fail(to.parent_path().string(), "cannot create the folder", ec);
    fs::rename(fs::path(tmp_) / f, to, ec);
    if (ec) fail(to.string(), "cannot move the result into place", ec);
  }
  for (const std::string& f : old_files_)
    if (!now.count(f)) fs::remove(fs::path(path_) / f, ec);
  fs::remove_all(tmp_, ec);
}

}  // namespace gfx::gpu

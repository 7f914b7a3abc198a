// Constructors of the concrete readers and writers, for reader.cpp and writer.cpp.
// Internal to gfx_trace.
#pragma once

#include <memory>
#include <string>

#include "trace/reader.h"
#include "trace/writer.h"

namespace gfx::trace {

std::unique_ptr<Reader> open_binary_reader(const std::string& path, const Limits& limits);
std::unique_ptr<Reader> open_yaml_reader(const std::string& path, const Limits& limits);
std::unique_ptr<Writer> create_binary_writer(const std::string& path, const Header& h);
std::unique_ptr<Writer> create_yaml_writer(const std::string& path, const Header& h);

// The ".tmp then rename" discipline shared by both writers.
class TmpFile {
 public:
  explicit TmpFile(std::string path);
  ~TmpFile();  // removes the .tmp file unless commit() succeeded
  TmpFile(const TmpFile&) = delete;
  TmpFile& operator=(const TmpFile&) = delete;

  const std::string& tmp_path() const { return tmp_; }
  const std::string& final_path() const { return path_; }
  void commit();  // renames .tmp onto the final path; throws gfx::Error on failure

 private:
  std::string path_, tmp_;
  bool committed_ = false;
};

}  // namespace gfx::trace

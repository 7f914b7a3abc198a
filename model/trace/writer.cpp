// Writer::create and the .tmp-then-rename discipline of both writers.
#include "trace/writer.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/error.h"
#include "trace/forms.h"

namespace gfx::trace {

TmpFile::TmpFile(std::string path) : path_(std::move(path)), tmp_(path_ + ".tmp") {}

TmpFile::~TmpFile() {
  if (!committed_) std::remove(tmp_.c_str());
}

void TmpFile::commit() {
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0)
    throw Error(path_ + ": cannot rename " + tmp_ + " onto it: " + std::strerror(errno));
  committed_ = true;
}

std::unique_ptr<Writer> Writer::create(const std::string& path, const Header& h, Form form) {
  return form == Form::Yaml ? create_yaml_writer(path, h) : create_binary_writer(path, h);
}

}  // namespace gfx::trace

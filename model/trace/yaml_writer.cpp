// The YAML trace writer: the emitter, writing into "<path>.tmp", renamed on finish().
#include <fstream>

#include "common/error.h"
#include "trace/check.h"
#include "trace/forms.h"
#include "trace/yaml_emitter.h"

namespace gfx::trace {
namespace {

class YamlWriter final : public Writer {
 public:
  YamlWriter(const std::string& path, const Header& h) : tmp_(path) {
    try {
      check_header(h);
    } catch (const FieldError& e) {
      throw Error(describe_field_error(path + ": header", e));
    }
    file_.open(tmp_.tmp_path(), std::ios::binary | std::ios::trunc);
    if (!file_) throw Error(tmp_.tmp_path() + ": cannot create");
    emitter_.header(h);
  }

  void write(const Command& c) override {
    if (finished_) throw Error(tmp_.final_path() + ": write after finish()");
    try {
      check_command(c);
    } catch (const FieldError& e) {
      throw Error(describe_field_error(tmp_.final_path() + ": cannot write command " +
                                           std::to_string(count_) + " (" + name_of(c) + ")",
                                       e));
    }
    emitter_.command(c);
    ++count_;
  }

  void finish() override {
    if (finished_) throw Error(tmp_.final_path() + ": finish() called twice");
    finished_ = true;
    emitter_.finish();
    file_.close();
    if (!file_) throw Error(tmp_.tmp_path() + ": write failed");
    tmp_.commit();
  }

 private:
  TmpFile tmp_;  // declared first: destroyed last, after the stream is closed
  std::ofstream file_;
  YamlEmitter emitter_{file_};
  uint64_t count_ = 0;
  bool finished_ = false;
};

}  // namespace

std::unique_ptr<Writer> create_yaml_writer(const std::string& path, const Header& h) {
  return std::make_unique<YamlWriter>(path, h);
}

}  // namespace gfx::trace

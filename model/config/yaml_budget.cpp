#include "config/yaml_budget.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <sstream>
#include <vector>

namespace gfx::cfg {

namespace {

// Thrown inside the event handler to stop the parser at the first problem.
struct Stop {
  YamlIssue issue;
};

struct Size {
  uint64_t nodes = 0, bytes = 0;
};

uint64_t add_capped(uint64_t a, uint64_t b) {
  constexpr uint64_t kCap = UINT64_MAX / 4;  // far above any budget, never wraps
  return a > kCap || b > kCap - a ? kCap : a + b;
}

// Counts the document as its consumers will see it: every alias a full copy.
class Counter final : public YAML::EventHandler {
 public:
  explicit Counter(const YamlBudget& budget) : budget_(budget) {}

  const YAML::Mark& document_start() const { return start_; }
  void start_document() {
    open_.clear();
    anchors_.clear();
    total_ = {};
  }

  void OnDocumentStart(const YAML::Mark& m) override { start_ = m; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t a) override { leaf(m, a, 0); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                const std::string& value) override {
    leaf(m, a, value.size());
  }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t a) override {
    for (const Open& o : open_)
      if (o.anchor == a)
        throw Stop{issue(m,
                         "an alias inside the node it names (a recursive alias) "
                         "expands without end")};
    add(m, a < anchors_.size() ? anchors_[a] : Size{1, 0});
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                       YAML::EmitterStyle::value) override {
    open(m, a);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                  YAML::EmitterStyle::value) override {
    open(m, a);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Open {
    YAML::anchor_t anchor;
    Size size;
  };

  static YamlIssue issue(const YAML::Mark& m, const std::string& message) {
    return YamlIssue{m.line >= 0 ? m.line + 1 : 0, m.column >= 0 ? m.column + 1 : 0, message};
  }

  void remember(YAML::anchor_t a, Size s) {
    if (a == 0) return;
    if (anchors_.size() <= a) anchors_.resize(a + 1, Size{1, 0});
    anchors_[a] = s;
  }

  // Adds a node's expanded size to the document and to every collection it sits in.
  void add(const YAML::Mark& m, Size s) {
    for (Open& o : open_) {
      o.size.nodes = add_capped(o.size.nodes, s.nodes);
      o.size.bytes = add_capped(o.size.bytes, s.bytes);
    }
    total_.nodes = add_capped(total_.nodes, s.nodes);
    total_.bytes = add_capped(total_.bytes, s.bytes);
    if (total_.nodes > budget_.nodes)
      throw Stop{issue(m, "the document has more than " + std::to_string(budget_.nodes) +
                              " nodes, counting each alias as a copy of what it names; " +
                              limit_text(kYamlNodesKey, budget_.nodes))};
    if (total_.bytes > budget_.expanded_bytes)
      throw Stop{issue(m, "the document's scalars hold more than " +
                              std::to_string(budget_.expanded_bytes) +
                              " bytes, counting each alias as a copy of what it names; " +
                              limit_text(kYamlExpandedBytesKey, budget_.expanded_bytes))};
  }

  void leaf(const YAML::Mark& m, YAML::anchor_t a, uint64_t bytes) {
    add(m, Size{1, bytes});
    remember(a, Size{1, bytes});
  }
  void open(const YAML::Mark& m, YAML::anchor_t a) {
    add(m, Size{1, 0});
    open_.push_back(Open{a, Size{1, 0}});
  }
  void close() {
    if (open_.empty()) return;
    const Open done = open_.back();
    open_.pop_back();
    remember(done.anchor, done.size);
  }

  const YamlBudget& budget_;
  YAML::Mark start_;           // where the current document starts
  std::vector<Open> open_;     // the collections being read, outermost first
  std::vector<Size> anchors_;  // expanded size of each finished anchored node, by id
  Size total_;
};

}  // namespace

std::string limit_text(const std::string& key, uint64_t value) {
  const std::string full = std::string(kLimitsSection) + "." + key;
  return full + " = " + std::to_string(value) + " (raise it with --set " + full + "=N)";
}

std::optional<YamlIssue> scan_yaml(const std::string& text, const YamlBudget& budget) {
  if (text.size() > budget.bytes)
    return YamlIssue{0, 0,
                     "the YAML document is " + std::to_string(text.size()) + " bytes, over " +
                         limit_text(kYamlBytesKey, budget.bytes)};
  std::istringstream in(text);
  YAML::Parser parser(in);
  Counter counter(budget);
  uint64_t documents = 0;
  int last_start = -1;
  try {
    while (true) {
      counter.start_document();
      if (!parser.HandleNextDocument(counter)) break;
      // A token no document can start with makes yaml-cpp report an empty document at
      // the same place, again and again, without consuming anything.
      const YAML::Mark& at = counter.document_start();
      if (at.pos == last_start) {
        const char c = at.pos >= 0 && size_t(at.pos) < text.size() ? text[size_t(at.pos)] : '?';
        return YamlIssue{at.line + 1, at.column + 1,
                         std::string("invalid YAML: unexpected '") + c +
                             "' (no YAML node starts "
                             "with it here)"};
      }
      last_start = at.pos;
      ++documents;
    }
  } catch (const Stop& s) {
    return s.issue;
  }
  if (documents > 1)
    return YamlIssue{0, 0, std::to_string(documents) + " YAML documents where one is expected"};
  return std::nullopt;
}

}  // namespace gfx::cfg

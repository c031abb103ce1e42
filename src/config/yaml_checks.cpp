#include "config/yaml_checks.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <sstream>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"

namespace tsfs::spec_detail {
namespace {

std::string place(const std::string& origin, const YAML::Mark& mark) {
  return fmt::format("{}:{}:{}", origin, mark.line + 1, mark.column + 1);
}

// Walks the parser's events with a stack of open collections. In a map, events alternate between
// key and value; only scalar keys are accepted, and each map remembers where each key was.
class StructureChecker : public YAML::EventHandler {
 public:
  explicit StructureChecker(std::string origin) : origin_(std::move(origin)) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1)
      throw InputError(place(origin_, mark),
                       "a second YAML document ('---'); a spec is one document");
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { value(mark, "an empty key"); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    for (const auto& frame : stack_)
      if (frame.anchor == anchor && anchor != YAML::NullAnchor)
        throw InputError(place(origin_, mark),
                         "an alias refers to a collection that contains it (a cycle)");
    value(mark, "an alias (*name) as a key");
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string& text) override {
    if (!in_key_position()) {
      if (!stack_.empty() && stack_.back().is_map) stack_.back().expect_key = true;
      return;
    }
    Frame& map = stack_.back();
    map.expect_key = false;
    if (text == "<<")
      throw InputError(place(origin_, mark),
                       "YAML merge keys ('<<: *anchor') are not supported; write the keys out "
                       "(anchors and aliases of whole values are supported)");
    auto [previous, inserted] = map.keys.try_emplace(text, mark);
    if (!inserted)
      throw InputError(place(origin_, mark),
                       fmt::format("duplicate key '{}' (first at line {}); YAML keeps one of them, "
                                   "so remove or rename the other",
                                   printable_excerpt(text), previous->second.line + 1));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor, false);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor, true);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    bool is_map = false;
    bool expect_key = true;
    YAML::anchor_t anchor = YAML::NullAnchor;
    std::map<std::string, YAML::Mark> keys;
    bool is_key = false;  // a collection used as a key: refused once it closes
    YAML::Mark start;
  };

  bool in_key_position() const {
    return !stack_.empty() && stack_.back().is_map && stack_.back().expect_key;
  }

  // A node other than a scalar or a collection: `what` when it stands as a key (refused).
  void value(const YAML::Mark& mark, const char* what) {
    if (in_key_position())
      throw InputError(place(origin_, mark),
                       fmt::format("{} is not supported: keys must be plain names", what));
    if (!stack_.empty() && stack_.back().is_map) stack_.back().expect_key = true;
  }

  // A collection as a key is refused when it closes, so that an unclosed run of brackets (which
  // yaml-cpp reads as keys) is reported as too deep rather than as a strange key.
  void open(const YAML::Mark& mark, YAML::anchor_t anchor, bool is_map) {
    bool is_key = in_key_position();
    if (!stack_.empty() && stack_.back().is_map) stack_.back().expect_key = !is_key;
    if (static_cast<int>(stack_.size()) >= kMaxYamlDepth)
      throw InputError(
          place(origin_, mark),
          fmt::format("nesting deeper than {} levels; a spec needs far fewer", kMaxYamlDepth));
    stack_.push_back({is_map, true, anchor, {}, is_key, mark});
  }

  void close() {
    Frame frame = std::move(stack_.back());
    stack_.pop_back();
    if (frame.is_key)
      throw InputError(place(origin_, frame.start),
                       fmt::format("{} as a key is not supported: keys must be plain names",
                                   frame.is_map ? "a map" : "a list"));
  }

  std::string origin_;
  int documents_ = 0;
  std::vector<Frame> stack_;
};

}  // namespace

void check_yaml_text(std::string_view text, const std::string& origin) {
  std::istringstream stream{std::string(text)};
  StructureChecker checker(origin);
  try {
    YAML::Parser parser(stream);
    while (parser.HandleNextDocument(checker)) {
    }
  } catch (const YAML::ParserException& error) {
    throw InputError(place(origin, error.mark), error.msg);
  }
}

}  // namespace tsfs::spec_detail

#pragma once
// The spec's top-level keys, declared once (spec_keys.cpp): each with its type, default and meaning
// (docs/spec.md's table of keys is spec_keys_markdown(), printed by `runner list --spec-keys`), the
// function that reads and checks it (spec_loader.cpp) and the one that writes it to
// spec.resolved.yaml (resolved_yaml.cpp). The loader accepts no other top-level key and reads them
// in this order, so a key's reader may use those before it (the selectors the distances, metrics
// the classifier, tune and curves the whole grid); spec.resolved.yaml lists them in this order.
#include <string>
#include <vector>

namespace YAML {
class Node;
class Emitter;
}  // namespace YAML

namespace tsfs {

struct Spec;

namespace spec_detail {
struct LoadContext;
using ReadSpecKey = void(const YAML::Node& root, const LoadContext& context, Spec& spec);
using WriteSpecKey = void(YAML::Emitter& out, const Spec& spec);
using SpecKeyWritten = bool(const Spec& spec);
}  // namespace spec_detail

struct SpecKey {
  const char* name;
  const char* type;           // as the documentation states it (Markdown)
  const char* default_value;  // what a spec without the key gets, or "required" (Markdown)
  const char* meaning;        // Markdown
  spec_detail::ReadSpecKey* read;
  spec_detail::WriteSpecKey* write;           // the value under the key; nullptr: never written
  spec_detail::SpecKeyWritten* written_when;  // nullptr: always written
};

const std::vector<SpecKey>& spec_keys();

// The names of spec_keys(), in order (the loader's allowed top-level keys).
std::vector<std::string> spec_key_names();

// docs/spec.md's table of every top-level key.
std::string spec_keys_markdown();

}  // namespace tsfs

#pragma once
// Checks YAML text for what yaml-cpp accepts silently or cannot survive, before it is loaded:
// duplicate keys at any level (yaml-cpp keeps both and `node[key]` sees only the first), merge
// keys `<<` (not supported by yaml-cpp: they would read as a key named "<<"), keys that are not
// plain scalars, aliases that form a cycle, more than one document, and nesting deeper than
// kMaxYamlDepth (yaml-cpp parses recursively; a deep file would overflow the stack).
#include <string>
#include <string_view>

namespace tsfs::spec_detail {

// A spec is at most about 6 levels deep; 32 leaves room and stops far below any stack limit.
inline constexpr int kMaxYamlDepth = 32;

// Throws InputError("<origin>:line:col", ...) on the first problem. `origin` is the file name,
// or "--set key.path" for an override value (whose line and column are then within the value).
void check_yaml_text(std::string_view text, const std::string& origin);

}  // namespace tsfs::spec_detail

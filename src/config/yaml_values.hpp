#pragma once
// Reading typed values out of YAML nodes, with the node's location in every error.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/params.hpp"
#include "config/spec.hpp"

namespace tsfs::spec_detail {

// Where spec nodes come from: the file, or a --set override (whose nodes carry no file mark).
struct SpecSource {
  std::string file;
  std::vector<std::pair<YAML::Node, std::string>> overridden;  // node -> "--set key.path"
};

// Limits that keep a spec's grids within memory, checked at load time with the computed size:
// values of one generator or list, combinations of one component's parameters, cells of a run.
inline constexpr long long kMaxSweepValues = 1'000'000;
inline constexpr long long kMaxGridPoints = 100'000;
inline constexpr long long kMaxSweepCells = 10'000'000;

SourceLocation location_of(const YAML::Node& node, const SpecSource& file);

[[noreturn]] void fail(const YAML::Node& node, const SpecSource& file, const std::string& message);

// A scalar's text; `what` names the key in the error ("'tune.metric' must be a string").
std::string read_word(const YAML::Node& node, const SpecSource& file, const std::string& what);

// Fails with "<message> (did you mean '<closest known>'?); known: <known...>".
[[noreturn]] void fail_unknown(const YAML::Node& node, const SpecSource& file,
                               const std::string& message, const std::string& given,
                               const std::vector<std::string>& known);

// One value of the given type from a scalar node.
ParamValue read_scalar(const YAML::Node& node, ParamType type, const SpecSource& file);

// An integer in [minimum, maximum]; `key` names it in the error ("'folds' must be >= 2").
long long read_int_in_range(const YAML::Node& node, const std::string& key, long long minimum,
                            long long maximum, const SpecSource& file);

// Counts of a protocol (folds, repeats, resamples): far beyond any use, and fit an int.
inline constexpr long long kMaxProtocolCount = 1'000'000;

// The stratified k-fold options of a protocol map, each when given: folds (>= 2), repeats (>= 1),
// seed (>= 0). `prefix` names them in errors ("" or "tune.inner.").
void read_fold_options(const YAML::Node& node, const std::string& prefix, ProtocolOptions& protocol,
                       const SpecSource& file);

// A sweepable value: a scalar, a list of scalars, or a generator map
// {logspace: {start, stop, num, base: 10}} | {linspace: {start, stop, num}} | {range: [a, b]}
// (numpy's conventions: logspace = base ** linspace; linspace ends exactly at stop; range is
// inclusive with step 1, or [a, b, step]). Every value is type-, choice- and range-checked.
std::vector<ParamValue> read_sweep(const YAML::Node& node, const ParamDeclaration& spec,
                                   const SpecSource& file);

// The numbers of a generator map (used by read_sweep and by n_features).
std::vector<double> expand_generator(const YAML::Node& node, const SpecSource& file);

// Why `name` cannot be one component of an output path (a file or folder name), or nullopt:
// empty, a path separator, "..", an absolute path, surrounding blanks, a control character, not
// UTF-8, or longer than kMaxFileNameLength bytes.
inline constexpr size_t kMaxFileNameLength = 120;
std::optional<std::string> file_name_problem(std::string_view name);

// A text scalar that becomes part of an output path (dataset, spec and plot names), checked by
// file_name_problem. `what` names it in the error ("a dataset name").
std::string read_file_name(const YAML::Node& node, const SpecSource& file, const std::string& what);

// Rejects keys outside `allowed`, suggesting the closest allowed key.
void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed,
                const SpecSource& file, const std::string& what);

}  // namespace tsfs::spec_detail

#pragma once
// manifest.json: what produced a run folder (versions, commit, threads), what it did (work unit
// counts) and how long each stage took.
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/spec.hpp"

namespace tsfs {

struct ManifestInfo {
  const Spec& spec;
  int threads = 1;
  std::string fingerprint;  // of the inputs besides the grid; checked when a run resumes
  std::chrono::system_clock::time_point started;
  std::vector<std::pair<std::string, double>> stage_seconds;
  std::vector<std::pair<std::string, size_t>> counts;
  std::string status = "finished";
  // curves.csv's digest (sweep/run/curves.hpp) when the run wrote or kept it.
  std::string curves_digest{};
};

std::string manifest_json(const ManifestInfo& info);

// The fingerprint recorded by manifest_json, or nullopt when `text` is not a manifest in that
// layout (truncated, edited, another file): the caller reports the manifest as corrupt.
std::optional<std::string> manifest_fingerprint(const std::string& text);
// The curves_digest recorded by manifest_json, or nullopt when there is none or `text` is not a
// manifest in that layout.
std::optional<std::string> manifest_curves_digest(const std::string& text);

}  // namespace tsfs

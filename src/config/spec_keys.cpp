#include "config/spec_keys.hpp"

#include <fmt/format.h>

#include "config/spec.hpp"
#include "config/spec_sections.hpp"

namespace tsfs {

using namespace spec_detail;

const std::vector<SpecKey>& spec_keys() {
  static const std::vector<SpecKey> keys = {
      {"name", "plain file name", "the spec file's stem",
       "names the run (and the default output folder); see \"Strict reading\" below", read_name_key,
       write_name_key, nullptr},
      {"description", "any", "none", "free text, ignored by the runner", read_description_key,
       nullptr, nullptr},
      {"datasets", "list of datasets, or an archive map", "required", "see \"Datasets\"",
       read_datasets_key, write_datasets_key, nullptr},
      {"features",
       "map `{extractor: NAME, ...}`, or several: `{extractor: [NAME, NAME]}` (defaults) or "
       "`[{extractor: NAME, ...}, ...]`",
       "`{extractor: raw}`",
       "the feature extractor and its parameters (one value each); several extractors' columns "
       "are put side by side in the order given, a name two of them produce prefixed with its "
       "extractor (`catch22:...`), cached as one entry; an extractor may be listed once",
       read_features_key, write_features_key, nullptr},
      {"distances", "list of maps `{kind: NAME, ...}`", "none",
       "distance matrices; needed by the selectors that use one (`laplacian`, `spec`, "
       "`constraint_sc3`, `constraint_sc4`), else refused",
       read_distances_key, write_distances_key, nullptr},
      {"selectors", "non-empty list of maps `{kind: NAME, fit_on, ...}`", "required",
       "every selector and its (swept) parameters", read_selectors_key, write_selectors_key,
       nullptr},
      {"n_features", "positive integer, `all`, a generator, or a list of these", "`all`",
       "how many of the best-ranked features the classifier gets", read_n_features_key,
       write_n_features_key, nullptr},
      {"classifier", "map `{kind: NAME, ...}`", "`{kind: svc}`",
       "the classifier and its (swept) parameters", read_classifier_key, write_classifier_key,
       nullptr},
      {"reduce", "map `{kind: NAME, ...}`", "none",
       "a reducer between selection and classifier (its parameters sweep and tune as a "
       "classifier's)",
       read_reduce_key, write_reduce_key, [](const Spec& spec) { return spec.reduce.has_value(); }},
      {"protocol", "map `{kind, folds, repeats, seed, count}`", "`{kind: holdout_half}`",
       "how rows are split into training and test rows", read_protocol_key, write_protocol_key,
       nullptr},
      {"metrics", "list of `macro_f1`, `roc_auc`, `average_precision`, `pr_auc`, `sparsity`",
       "none", "columns written after `balanced_accuracy`", read_metrics_key, write_metrics_key,
       [](const Spec& spec) { return !spec.metrics.empty(); }},
      {"duplicates", "`keep` \\| `drop` \\| `group`", "`keep`", "what to do with identical series",
       read_duplicates_key, write_duplicates_key, nullptr},
      {"output", "folder", "`results/<name>`",
       "where the run writes (see [outputs.md](outputs.md))", read_output_key, write_output_key,
       nullptr},
      {"cache", "folder", "`<output>/cache`",
       "verified caches of feature and distance matrices; several specs may share one",
       read_cache_key, write_cache_key,
       [](const Spec& spec) { return spec.cache != spec.output / "cache"; }},
      {"save_scores", "boolean", "`true`",
       "`false` skips scores.csv (every score vector; large for big sweeps)", read_save_scores_key,
       write_save_scores_key, nullptr},
      {"tune", "map `{parameters, inner, metric}`", "none",
       "nested cross-validation, see \"Tuning\"", read_tune_key, write_tune_key,
       [](const Spec& spec) { return spec.tune.has_value(); }},
      {"curves", "list of `pr`, `roc`, or map `{kinds, where}`", "none",
       "curves.csv of chosen grid cells, see \"Curves\"", read_curves_key, write_curves_key,
       [](const Spec& spec) { return spec.curves.has_value(); }},
      {"plots", "list of maps `{kind: NAME, name: FILE_NAME, ...}`", "none",
       "figures drawn from the run's CSVs", read_plots_key, write_plots_key,
       [](const Spec& spec) { return !spec.plots.empty(); }},
  };
  return keys;
}

std::vector<std::string> spec_key_names() {
  std::vector<std::string> names;
  for (const SpecKey& key : spec_keys()) names.emplace_back(key.name);
  return names;
}

std::string spec_keys_markdown() {
  std::string text = "| key | type | default | meaning |\n|---|---|---|---|\n";
  for (const SpecKey& key : spec_keys())
    text += fmt::format("| `{}` | {} | {} | {} |\n", key.name, key.type, key.default_value,
                        key.meaning);
  return text;
}

}  // namespace tsfs

#pragma once
// The reader (spec_loader.cpp) and the writer (resolved_yaml.cpp) of each top-level key of a spec,
// which spec_keys.cpp's table puts together; see spec_keys.hpp.
#include "config/spec_keys.hpp"
#include "config/yaml_values.hpp"

namespace tsfs::spec_detail {

// What every reader needs: the spec file's name and the nodes `--set` replaced.
struct LoadContext {
  SpecSource file;
};

ReadSpecKey read_name_key, read_description_key, read_datasets_key, read_features_key,
    read_distances_key, read_selectors_key, read_n_features_key, read_classifier_key,
    read_reduce_key, read_protocol_key, read_metrics_key, read_duplicates_key, read_output_key,
    read_cache_key, read_save_scores_key, read_tune_key, read_curves_key, read_plots_key;

WriteSpecKey write_name_key, write_datasets_key, write_features_key, write_distances_key,
    write_selectors_key, write_n_features_key, write_classifier_key, write_reduce_key,
    write_protocol_key, write_metrics_key, write_duplicates_key, write_output_key, write_cache_key,
    write_save_scores_key, write_tune_key, write_curves_key, write_plots_key;

}  // namespace tsfs::spec_detail

// The stages on arrays: any registered extractor, distance, selector, and the nearest-neighbour
// classifier of distances, configured from keyword arguments as a spec configures them
// (params.hpp) and run with the GIL released (interruptible.hpp).
#include <fmt/format.h>
#include <pybind11/stl.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "classify/classifier.hpp"
#include "common/configured.hpp"
#include "common/error.hpp"
#include "distance/distance.hpp"
#include "features/feature_extractor.hpp"
#include "interruptible.hpp"
#include "params.hpp"
#include "select/selector.hpp"
#include "sweep/run/scores.hpp"

namespace tsfs::python {
namespace {

// The configured component, or the InputError a spec would give ("<what> '<kind>': <problem>").
template <typename Component>
std::shared_ptr<const Component> configured(Configured<Component> one, const std::string& what,
                                            const std::string& kind) {
  if (const auto& problem = one.problem())
    throw InputError(what, fmt::format("{} '{}': {}", what, kind, problem->message));
  return one.component();
}

std::shared_ptr<const DistanceMeasure> distance_measure(const std::string& kind,
                                                        const py::handle& params) {
  auto chosen = choose<DistanceRegistration>(kind, params, "distance");
  return configured(chosen.registration->configure(chosen.params), "distance", kind);
}

void check_distance_fits(const DistanceMeasure& measure, const Dataset& dataset,
                         const std::string& kind) {
  if (auto problem = measure.check_dataset(dataset))
    throw InputError("distance", fmt::format("distance '{}': {}", kind, problem->message));
}

// Two series sets as one dataset: `first`'s rows, then `second`'s (block() takes row indices).
Dataset stacked(const Dataset& first, const Dataset& second) {
  Dataset both = first;
  const long long columns = std::max(first.values.cols(), second.values.cols());
  both.values = Eigen::MatrixXd::Constant(first.rows() + second.rows(), columns, std::nan(""));
  both.values.topLeftCorner(first.rows(), first.values.cols()) = first.values;
  both.values.bottomLeftCorner(second.rows(), second.values.cols()) = second.values;
  both.lengths.resize(first.rows() + second.rows());
  both.lengths << first.lengths, second.lengths;
  both.labels = Eigen::VectorXi::Zero(both.lengths.size());
  both.train_rows = both.merged_rows = both.rows();
  return both;
}

py::tuple features(const py::handle& series, const std::string& kind, const py::handle& params,
                   const py::handle& threads) {
  const int thread_number = thread_count(threads);
  auto chosen = choose<ExtractorRegistration>(kind, params, "extractor");
  auto extractor = configured(chosen.registration->configure(chosen.params), "extractor", kind);
  const Dataset dataset = series_dataset(series, "series");
  FeatureMatrix matrix =
      run_interruptible([&] { return extractor->extract(dataset, thread_number); });
  return py::make_tuple(to_numpy(std::move(matrix.values)), matrix.names);
}

py::array distances(const py::handle& series, const py::handle& other, const std::string& kind,
                    const py::handle& params, const py::handle& threads) {
  const int thread_number = thread_count(threads);
  auto measure = distance_measure(kind, params);
  if (measure->compares_feature_vectors())
    throw py::value_error(fmt::format(
        "distance '{}' compares the feature vectors of a selector's fit rows, not series; give the "
        "selector the features and distances computed from them",
        kind));
  const Dataset first = series_dataset(series, "series");
  if (other.is_none()) {
    check_distance_fits(*measure, first, kind);
    return to_numpy(run_interruptible([&] { return measure->pairwise(first, thread_number); }));
  }
  const Dataset both = stacked(first, series_dataset(other, "other"));
  check_distance_fits(*measure, both, kind);
  std::vector<int> rows(static_cast<size_t>(first.rows()));
  std::vector<int> columns(static_cast<size_t>(both.rows() - first.rows()));
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<int>(i);
  for (size_t j = 0; j < columns.size(); ++j) columns[j] = static_cast<int>(rows.size() + j);
  return to_numpy(
      run_interruptible([&] { return measure->block(both, rows, columns, thread_number); }));
}

// The classifier a search wrapper (sequential) fits on inner folds: a registered classifier of
// feature columns, as a spec's `classifier:` names it.
std::shared_ptr<const Classifier> wrapped_classifier(const std::string& selector,
                                                     const py::handle& kind,
                                                     const py::handle& params) {
  if (kind.is_none())
    throw py::value_error(fmt::format(
        "selector '{}' fits a classifier: give classifier (e.g. 'svc') and classifier_params",
        selector));
  const std::string name = py::cast<std::string>(kind);
  auto chosen = choose<ClassifierRegistration>(name, params, "classifier");
  if (!chosen.registration->configure)
    throw py::value_error(
        fmt::format("classifier '{}' predicts from distances between series; selector '{}' needs a "
                    "classifier of feature columns",
                    name, selector));
  return configure_classifier(*chosen.registration, chosen.params);
}

py::dict select(const py::handle& features_array, const py::handle& labels, const std::string& kind,
                const py::handle& params, const py::handle& distance_matrix,
                const py::handle& classifier_kind, const py::handle& classifier_params) {
  auto chosen = choose<SelectorRegistration>(kind, params, "selector");
  const SelectorRegistration& registration = *chosen.registration;
  auto selector = configure_selector(registration, chosen.params);
  // NaN columns are allowed: a run leaves them out of the selector's problem, as here.
  const Eigen::MatrixXd features = matrix_from(features_array, "features", true);
  const long long rows = features.rows();
  // A run always has rows; without one, labels would read as "only one class", and the selectors
  // that need no labels would score an empty matrix.
  if (rows == 0)
    throw py::value_error(
        fmt::format("features has no rows (shape 0 x {}): a selector scores the "
                    "columns over one or more rows",
                    features.cols()));
  py::dict result;
  Eigen::VectorXi classes_of_rows = Eigen::VectorXi::Zero(rows);
  int classes = 0;
  if (registration.supervised) {
    if (labels.is_none())
      throw py::value_error(fmt::format("selector '{}' is supervised: give the labels (y)", kind));
    py::object class_values;
    classes_of_rows = class_indices(labels, rows, class_values, "y");
    classes = static_cast<int>(py::len(class_values));
    if (classes < 2)
      throw InputError("y", fmt::format("only one class; selector '{}' needs two or more", kind));
    result["classes"] = class_values;
  }
  Eigen::MatrixXd distances;
  const bool uses_distance = registration.uses_distance || selector->asks_for_distances();
  if (uses_distance) {
    if (distance_matrix.is_none())
      throw py::value_error(fmt::format(
          "selector '{}' uses a distance between the rows: give distances (an n x n matrix, or a "
          "distance name with the series)",
          kind));
    // A callable computes the matrix only for a selector that uses it (which a python selector's
    // function says by its parameters, known once the selector is configured here).
    const py::object matrix = PyCallable_Check(distance_matrix.ptr())
                                  ? distance_matrix()
                                  : py::reinterpret_borrow<py::object>(distance_matrix);
    distances = matrix_from(matrix, "distances", false);
    if (distances.rows() != rows || distances.cols() != rows)
      throw py::value_error(fmt::format("distances is {} x {}; it must be {} x {} (rows x rows)",
                                        distances.rows(), distances.cols(), rows, rows));
  }
  std::shared_ptr<const Classifier> classifier;
  if (registration.uses_classifier)
    classifier = wrapped_classifier(kind, classifier_kind, classifier_params);
  if (auto problem = selector->check_fit_rows(rows))
    throw InputError("selector", fmt::format("selector '{}': {}", kind, problem->message));
  if (auto problem = selector->check_features(features.cols()))
    throw InputError("selector", fmt::format("selector '{}': {}", kind, problem->message));
  ScoreResult scored = run_interruptible([&] {
    return score_feature_matrix(*selector, registration,
                                {.features = features,
                                 .labels = &classes_of_rows,
                                 .classes = classes,
                                 .distances = uses_distance ? &distances : nullptr,
                                 .classifier = classifier.get()});
  });
  result["scores"] = to_numpy(std::move(scored.scores));
  result["ranking"] = to_numpy(scored.ranking);
  result["zero_weight_fraction"] = scored.zero_weight_fraction;
  result["usable_features"] = scored.usable_features;
  result["descending"] = selector->order() == ScoreOrder::descending;
  if (scored.std_errors.size() > 0) result["std_errors"] = to_numpy(std::move(scored.std_errors));
  return result;
}

// The class index of each training row, and the classifier's check of the training rows (knn's
// k against their number), as a run checks them.
Eigen::VectorXi training_classes(const std::string& kind, const ClassifierChecks& classifier,
                                 const py::handle& train_classes, long long rows) {
  py::array_t<int> labels = py::array_t<int, py::array::forcecast>::ensure(train_classes);
  if (!labels || labels.ndim() != 1 || labels.shape(0) != rows)
    throw py::value_error(
        fmt::format("{} training labels for {} training rows", labels ? labels.size() : 0, rows));
  if (auto problem = classifier.check_training_rows(rows))
    throw InputError("classifier", fmt::format("classifier '{}': {}", kind, problem->message));
  return Eigen::Map<const Eigen::VectorXi>(labels.data(), labels.shape(0));
}

// `nearest_neighbour` on a test x train distance block; training labels are class indices.
py::array nearest_neighbour_predict(const py::handle& test_to_train,
                                    const py::handle& train_classes, int classes,
                                    const py::handle& params) {
  auto chosen = choose<ClassifierRegistration>("nearest_neighbour", params, "classifier");
  const Eigen::MatrixXd block = matrix_from(test_to_train, "test_to_train", false);
  const auto classifier = component_or_throw(
      chosen.registration->configure_from_distances(chosen.params), "classifier");
  const Eigen::VectorXi train =
      training_classes("nearest_neighbour", *classifier, train_classes, block.cols());
  Predictions predictions =
      run_interruptible([&] { return classifier->predict(block, train, classes); });
  return py::array_t<int>(predictions.labels.size(), predictions.labels.data());
}

// A classifier of feature columns (svc, knn, logistic, ...) fitted on the training rows and
// predicting the test rows, as an evaluation of a run does it (Classifier::fit_predict).
py::array classify(const py::handle& train_features, const py::handle& train_classes, int classes,
                   const py::handle& test_features, const std::string& kind,
                   const py::handle& params) {
  auto chosen = choose<ClassifierRegistration>(kind, params, "classifier");
  if (!chosen.registration->configure)
    throw py::value_error(fmt::format(
        "classifier '{}' predicts from distances between series; use NearestNeighbourClassifier",
        kind));
  const Eigen::MatrixXd train = matrix_from(train_features, "X (training rows)", false);
  const Eigen::MatrixXd test = matrix_from(test_features, "X", false);
  if (test.cols() != train.cols())
    throw py::value_error(fmt::format("X has {} columns; the classifier was fitted on {}",
                                      test.cols(), train.cols()));
  const auto classifier = configure_classifier(*chosen.registration, chosen.params);
  const Eigen::VectorXi train_labels =
      training_classes(kind, *classifier, train_classes, train.rows());
  Eigen::VectorXi predicted = run_interruptible(
      [&] { return classifier->fit_predict(train, train_labels, classes, test); });
  return py::array_t<int>(predicted.size(), predicted.data());
}

}  // namespace

void bind_compute(py::module_& module) {
  module.def("features", &features, py::arg("series"), py::arg("extractor"), py::arg("params"),
             py::arg("threads"));
  module.def("distances", &distances, py::arg("series"), py::arg("other"), py::arg("distance"),
             py::arg("params"), py::arg("threads"));
  module.def("select", &select, py::arg("features"), py::arg("labels"), py::arg("selector"),
             py::arg("params"), py::arg("distances"), py::arg("classifier") = py::none(),
             py::arg("classifier_params") = py::none());
  module.def(
      "series_lengths",
      [](const py::handle& series) {
        const Dataset dataset = series_dataset(series, "series");
        return py::array_t<int>(dataset.lengths.size(), dataset.lengths.data());
      },
      py::arg("series"));
  module.def("classify", &classify, py::arg("train_features"), py::arg("train_classes"),
             py::arg("classes"), py::arg("test_features"), py::arg("classifier"),
             py::arg("params"));
  module.def("nearest_neighbour_predict", &nearest_neighbour_predict, py::arg("test_to_train"),
             py::arg("train_classes"), py::arg("classes"), py::arg("params"));
}

}  // namespace tsfs::python

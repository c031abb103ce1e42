// Reading UCR dataset folders (data/): the runner's reader, with its checks and messages.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "arrays.hpp"
#include "bindings.hpp"
#include "common/error.hpp"
#include "config/archive.hpp"
#include "interruptible.hpp"

namespace tsfs::python {
namespace {

Split split_named(const std::string& split) {
  if (split == "merged") return Split::merged;
  if (split == "train") return Split::train;
  if (split == "test") return Split::test;
  throw InputError("split", "unknown split '" + split + "'; known: merged, train, test");
}

MissingValues missing_named(const std::string& missing) {
  if (missing == "refuse") return MissingValues::refuse;
  if (missing == "interpolate") return MissingValues::interpolate;
  throw InputError("missing", "unknown policy '" + missing + "'; known: refuse, interpolate");
}

// The dataset as plain parts; python/tsfs/data.py assembles its Dataset from them.
py::dict dataset_parts(Dataset&& dataset) {
  py::dict parts;
  parts["name"] = dataset.name;
  parts["values"] = to_numpy(std::move(dataset.values));
  parts["lengths"] = py::array_t<int>(dataset.lengths.size(), dataset.lengths.data());
  parts["labels"] = py::array_t<int>(dataset.labels.size(), dataset.labels.data());
  parts["class_names"] = dataset.class_names;
  parts["train_rows"] = dataset.train_rows;
  parts["sources"] = dataset.sources;
  parts["filled_values"] = dataset.filled_values;
  return parts;
}

}  // namespace

void bind_data(py::module_& module) {
  module.def(
      "load_dataset",
      [](const std::filesystem::path& folder, const std::string& name, const std::string& split,
         std::optional<long long> max_samples, const std::string& missing) {
        DatasetOptions options{name, folder, split_named(split), max_samples,
                               missing_named(missing)};
        if (max_samples && *max_samples < 1) throw InputError("max_samples", "must be >= 1");
        return dataset_parts(run_interruptible([&] { return load_ucr_dataset(options); }));
      },
      py::arg("folder"), py::arg("name"), py::arg("split"), py::arg("max_samples"),
      py::arg("missing"));
  module.def("archive_dataset_names", [](const std::filesystem::path& folder) {
    if (!std::filesystem::is_directory(folder))
      throw InputError(folder.string(), "no such archive folder");
    return spec_detail::archive_dataset_names(folder);
  });
}

}  // namespace tsfs::python

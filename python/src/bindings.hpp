#pragma once
// The parts of the `tsfs._tsfs` extension, one per stage it exposes; module.cpp calls them all.
// Python-facing names and documentation live in python/tsfs/ (the package wraps these functions).
#include <pybind11/pybind11.h>

namespace tsfs::python {

void bind_data(pybind11::module_& module);     // data.cpp: UCR folders as arrays
void bind_compute(pybind11::module_& module);  // compute.cpp: features, distances, selectors, 1-NN
void bind_components(pybind11::module_& module);  // components.cpp: the registries as data
void bind_runs(pybind11::module_& module);        // runs.cpp: a spec run end to end

// The objects passed to tsfs.run(spec, components={name: object}), which a spec's Python
// component names by `name` alone, for that run (python_host.cpp); an empty dict after it.
void set_passed_components(const pybind11::dict& components);

// The thread count of a `threads` argument: None -> all hardware threads; refused below 1.
int thread_count(const pybind11::handle& threads);

}  // namespace tsfs::python

#pragma once
#include <string>

namespace tsfs {

// `runner list`: every registered extractor, distance, selector, reducer, classifier and plot
// kind with its parameters (type, default, allowed values) and documentation.
std::string component_list();

// `runner list --markdown`: the same registries as a Markdown page with a parameter table per
// component (name, type, default, allowed values and checks, sweepable, doc). docs/components.md
// is this output (`make docs`); tests/integration/component_docs_test.cpp fails when it is stale.
std::string component_list_markdown();

}  // namespace tsfs

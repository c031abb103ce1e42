#pragma once
// How one elastic distance becomes a `distances: [{kind: NAME, ...}]` entry: its Distance
// descriptor (engine.hpp), its parameters beyond `window` (which every elastic distance takes
// first), and how they fill Params. One call per distance file:
//
//   const Registrar<DistanceRegistration> kRegister{elastic_registration({...})};
#include <functional>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "distance/distance.hpp"
#include "distance/elastic/engine.hpp"

namespace tsfs::elastic {

struct Entry {
  Distance distance;
  std::string doc;
  std::vector<ParamDeclaration> params;  // after `window`, in the order of aeon's signature
  // Copies the parameters (all present, validated) into Params; window is read already.
  std::function<void(const ParamSet&, Params&)> read;
};

// Registers entry.distance in the catalogue below and returns its registration.
DistanceRegistration elastic_registration(Entry entry);

// Every elastic distance by name (the registered ones, and "dtw" in aeon's definition, which the
// tests use and which is not registered: `dtw` is dtw-python's); nullptr when unknown.
const Distance* find_distance(const std::string& name);

// Adds a distance to the catalogue without registering it (aeon's dtw, for the tests).
bool add_to_catalogue(Distance distance);

// Params from a complete parameter set of the named registered distance.
Params params_from(const std::string& name, const ParamSet& params);

// Declarations shared by several distances.
ParamDeclaration real_param(std::string name, double default_value, std::string doc,
                            ParamCheck check);
// A cost or reference value (erp's g, msm's c, twe's nu and lmbda, adtw's warp_penalty): finite, at
// least `low`, and within the bound of a series value (data/series_file.hpp's kLargestValue), so
// that the path sums of costs and values stay finite.
ParamCheck cost_check(double low);

}  // namespace tsfs::elastic

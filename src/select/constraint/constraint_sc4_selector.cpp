// Selector "constraint_sc4": constraint score 4: Laplacian score x constraint score 1, smaller
// first. Supervised, uses the distance. Definitions, label hiding (labeled_fraction, seed) and edge
// cases: select/constraint/constraint_scores.hpp.
#include "select/constraint/constraint_scores.hpp"

namespace tsfs {
namespace {

const Registrar<SelectorRegistration> constraint_sc4_registrar{
    constraint_registration(ConstraintVariant::sc4)};

}  // namespace
}  // namespace tsfs

// Selector "constraint_sc1": constraint score 1 (Zhang, Chen \& Zhou 2008): f'L^M f / f'L^C f,
// smaller first. Supervised. Definitions, label hiding (labeled_fraction, seed) and edge cases:
// select/constraint/constraint_scores.hpp.
#include "select/constraint/constraint_scores.hpp"

namespace tsfs {
namespace {

const Registrar<SelectorRegistration> constraint_sc1_registrar{
    constraint_registration(ConstraintVariant::sc1)};

}  // namespace
}  // namespace tsfs

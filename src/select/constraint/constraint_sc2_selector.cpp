// Selector "constraint_sc2": constraint score 2 (Zhang, Chen \& Zhou 2008): f'L^M f - lambda f'L^C
// f, smaller first. Supervised. Definitions, label hiding (labeled_fraction, seed) and edge cases:
// select/constraint/constraint_scores.hpp.
#include "select/constraint/constraint_scores.hpp"

namespace tsfs {
namespace {

const Registrar<SelectorRegistration> constraint_sc2_registrar{
    constraint_registration(ConstraintVariant::sc2)};

}  // namespace
}  // namespace tsfs

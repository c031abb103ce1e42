// Selector "constraint_sc3": semi-supervised constraint score 3 (weights gamma on must-links, 1 on
// kNN pairs touching an unlabelled row) over f'L^C f, smaller first. Supervised (labels needed),
// uses the distance. Definitions, label hiding (labeled_fraction, seed) and edge cases:
// select/constraint/constraint_scores.hpp.
#include "select/constraint/constraint_scores.hpp"

namespace tsfs {
namespace {

const Registrar<SelectorRegistration> constraint_sc3_registrar{
    constraint_registration(ConstraintVariant::sc3)};

}  // namespace
}  // namespace tsfs

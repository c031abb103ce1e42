#pragma once
// The comparison's figures, drawn by gnuplot from data blocks (see plot/plot.hpp's Figure).
#include "compare/collate.hpp"
#include "compare/comparison.hpp"
#include "plot/plot.hpp"

namespace tsfs::compare {

// Critical-difference diagram (Demsar 2006, figure 1): the average ranks on an axis (rank 1 on
// the left), each method's name and rank on a line from its position (the better half on the
// left, the others on the right), a thick bar under the axis joining each group of methods not
// significantly different under the comparison's clique test, named in the title; with
// `--cliques nemenyi` the Nemenyi critical difference is drawn as a bar above the axis.
Figure critical_difference_figure(const Collated& collated, const Comparison& comparison);

// Multiple-comparison matrix: one cell per (method, versus) pair, methods by average rank, the
// colour the median per-dataset difference of the metric (row minus column), the text its
// value, the wins/ties/losses of the row method and the Wilcoxon p-value (* when significant
// after Holm).
Figure comparison_matrix_figure(const Collated& collated, const Comparison& comparison);

}  // namespace tsfs::compare

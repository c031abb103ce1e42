#pragma once
// Means over folds (or resamples) that give the same double for the same result: a comparison
// of methods must not see a difference where two methods' folds agree in exact arithmetic.
// A plain sum in fold order does not: 0.7 + 0.9 and 0.8 + 0.8, or the same accuracies in
// another order, can end 1 ulp apart.
#include <optional>
#include <vector>

namespace tsfs {

// (1/F) sum_i correct_i / total_i: the exact fraction rounded once to the nearest double (ties
// to even, as Python's float(Fraction)), in any fold order. nullopt when a total is not positive, a
// count lies outside [0, total], or the exact fraction would overflow 62 bits (many large coprime
// sizes).
std::optional<double> mean_of_fractions(const std::vector<long long>& correct,
                                        const std::vector<long long>& totals);

// The mean of `values` summed in ascending order, so the same values in any order give the same
// double (NaN when any value is NaN; NaN for no values).
double order_free_mean(std::vector<double> values);

// The mean accuracy of folds with these accuracies and test sizes, from the counts they are
// (correct = accuracy * n_test, exact for the fractions a fold's accuracy is): mean_of_fractions,
// else (an accuracy that is no such fraction, or an overflow) order_free_mean. Every mean
// accuracy of tsfs, results.csv's and nested CV's inner means alike, is this one. Throws
// std::logic_error when the vectors differ in length (a bug of the caller).
double mean_accuracy(const std::vector<double>& accuracies,
                     const std::vector<long long>& test_sizes);

}  // namespace tsfs

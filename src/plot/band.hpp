#pragma once
// The error band of a mean over folds, shared by the line plots and the HTML report's charts.
#include <optional>
#include <string>

namespace tsfs {

// k of a "stratified_kfold(folds=k;...)" protocol label; nullopt for other protocols.
std::optional<double> k_fold_folds(const std::string& protocol_label);

// The half-width of the band around a mean over `folds` folds whose standard deviation is
// `spread`: the standard error s / sqrt(J) when `k` is nullopt (folds as independent), else
// Nadeau & Bengio's corrected s sqrt(1/J + n_test/n_train) (Machine Learning 52, 2003), with
// n_test/n_train = 1/(k-1) for k-fold CV: the folds of repeated k-fold share training rows, which
// the plain standard error ignores.
double standard_error_half_width(double spread, double folds, std::optional<double> k);

}  // namespace tsfs

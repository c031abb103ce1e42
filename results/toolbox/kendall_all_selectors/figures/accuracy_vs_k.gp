# accuracy_vs_k: rendered by tsfs from accuracy_vs_k.dat; re-render with `gnuplot accuracy_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,1050 font ",11" noenhanced
  } else {
    set terminal svg size 840,1050 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'accuracy_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.3571,0.7714 spacing 0.1071,0.0810 title "ECG200, TSFEL features, logistic regression: accuracy of each selector's top k\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: dataset=ECG200, distance=euclidean,\nfit_on=train, bins=10, binning=equal_width, shift=none, n_neighbors=3, seed=0, threshold=0,\nsigma_ratio=1, symmetrize=or, kernel_scale=1, stable_weights=true, arithmetic=exact, graph=knn,\nranker=phi2, n_eigen=4, spectral_function=identity, nu=2, s=1, a=3, p=1, dense_limit=2000,\nlabeled_fraction=1, lambda=1, gamma=100, max_rows=200, prototypes_per_class=3, acceptance_ratio=0.9,\nsigma=1, max_features=0, estimator=logistic, penalty=l2, C=1, tol=0.0001, class_weight=none,\nstep=0.1, C_min=0.001, C_max=1, steps=20, repeats=5, validation_fraction=0.25, permutations=5,\nmax_fits=10000, classifier=logistic, classifier_penalty=l2, classifier_C=1, classifier_tol=0.0001,\nclassifier_class_weight=none"
  set xlabel "k (features kept)"
  set ylabel "accuracy"
  set grid
  set key at screen 0.5,0.0057 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  unset label
  set title ""
  set label 1 "test majority 0.665" at graph 0.99, first 0.66500000000000004 right offset 0,0.6 font ",9" tc rgb "#555555" front
  plot \
    'accuracy_vs_k.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 1 title "selector=anova", \
    'accuracy_vs_k.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 1 title "selector=fisher", \
    'accuracy_vs_k.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 1 title "selector=chi2", \
    'accuracy_vs_k.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 1 title "selector=info_gain", \
    'accuracy_vs_k.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 1 title "selector=mutual_info", \
    'accuracy_vs_k.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 6 ps 0.9 pi 1 title "selector=variance", \
    'accuracy_vs_k.dat' index 6 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 2 pt 4 ps 0.9 pi 1 title "selector=laplacian", \
    'accuracy_vs_k.dat' index 7 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 3 pt 7 ps 0.9 pi 1 title "selector=spec", \
    'accuracy_vs_k.dat' index 8 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 4 pt 5 ps 0.9 pi 1 title "selector=constraint_sc1", \
    'accuracy_vs_k.dat' index 9 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 5 pt 9 ps 0.9 pi 1 title "selector=constraint_sc2", \
    'accuracy_vs_k.dat' index 10 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 1 pt 11 ps 0.9 pi 1 title "selector=constraint_sc3", \
    'accuracy_vs_k.dat' index 11 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 2 pt 13 ps 0.9 pi 1 title "selector=constraint_sc4", \
    'accuracy_vs_k.dat' index 12 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 3 pt 6 ps 0.9 pi 1 title "selector=similarity_constraint", \
    'accuracy_vs_k.dat' index 13 using 1:2 with linespoints lw 2 lc rgb "#000000" dt 4 pt 4 ps 0.9 pi 1 title "selector=rfe", \
    'accuracy_vs_k.dat' index 14 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 5 pt 7 ps 0.9 pi 1 title "selector=l1_path", \
    'accuracy_vs_k.dat' index 15 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 1 pt 5 ps 0.9 pi 1 title "selector=permutation_importance", \
    'accuracy_vs_k.dat' index 16 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 2 pt 9 ps 0.9 pi 1 title "selector=shapley", \
    keyentry with lines lw 1.5 dt 2 lc rgb "#555555" title "majority class of the test rows (value at the line)", \
    0.66500000000000004 with lines lw 1.5 dt 2 lc rgb "#555555" notitle
  unset key
  unset multiplot
  set output
}

# fit_seconds_vs_n_features: rendered by tsfs from fit_seconds_vs_n_features.dat; re-render with `gnuplot fit_seconds_vs_n_features.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,673 font ",11" noenhanced
  } else {
    set terminal svg size 840,673 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'fit_seconds_vs_n_features'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.1530,0.7994 spacing 0.1071,0.1263 title "Earthquakes, svc: fit time vs number of features\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: dataset=Earthquakes, fit_on=train,\nthreshold=0 (variance), classifier=svc, classifier_C=1, classifier_gamma=scale,\nclassifier_tol=0.001, classifier_shrinking=true"
  set xlabel "number of features kept"
  set ylabel "fit seconds (sum over 5 folds)"
  set grid
  set key at screen 0.5,0.0089 center bottom horizontal maxcols 3 font ",9" samplen 3
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  plot \
    'fit_seconds_vs_n_features.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 4 title "selector=anova", \
    'fit_seconds_vs_n_features.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 4 title "selector=variance"
  unset key
  unset multiplot
  set output
}

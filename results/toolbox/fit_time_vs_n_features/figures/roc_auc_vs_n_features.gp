# roc_auc_vs_n_features: rendered by tsfs from roc_auc_vs_n_features.dat; re-render with `gnuplot roc_auc_vs_n_features.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,705 font ",11" noenhanced
  } else {
    set terminal svg size 840,705 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'roc_auc_vs_n_features'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.1915,0.8085 spacing 0.1071,0.1206 title "Earthquakes, svc: ROC AUC vs number of features\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: dataset=Earthquakes, fit_on=train,\nthreshold=0 (variance), classifier=svc, classifier_C=1, classifier_gamma=scale,\nclassifier_tol=0.001, classifier_shrinking=true"
  set xlabel "number of features kept"
  set ylabel "roc_auc"
  set grid
  set key at screen 0.5,0.0085 center bottom horizontal maxcols 1 font ",9" samplen 3
  set yrange [*:*]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  plot \
    'roc_auc_vs_n_features.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#0072B2" notitle, \
    'roc_auc_vs_n_features.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 4 title "selector=anova", \
    'roc_auc_vs_n_features.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.12 noborder lc rgb "#D55E00" notitle, \
    'roc_auc_vs_n_features.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 4 title "selector=variance", \
    keyentry with filledcurves fs transparent solid 0.12 noborder lc rgb "#888888" title "band: +-1 s.e., Nadeau-Bengio corrected"
  unset key
  unset multiplot
  set output
}

# roc_folds: rendered by tsfs from roc_folds.dat; re-render with `gnuplot roc_folds.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 720,869 font ",11" noenhanced
  } else {
    set terminal svg size 720,869 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'roc_folds'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.1111,0.9583,0.2290,0.8446 spacing 0.1250,0.0978 title "GunPoint, logistic, 10 ANOVA features: ROC per fold and pooled\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: fit_on=train,\nn_features=10, classifier=logistic, classifier_penalty=l2, classifier_C=1,\nclassifier_tol=0.0001, classifier_class_weight=none"
  set xlabel "false positive rate"
  set ylabel "true positive rate"
  set grid
  set key at screen 0.5,0.0069 center bottom horizontal maxcols 1 font ",9" samplen 3
  set xrange [0:1]
  set yrange [0:1.02]
  set size ratio -1
  set title "dataset=GunPoint"
  plot \
    'roc_folds.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 2 title "selector=anova, repeat 0, fold 0", \
    'roc_folds.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 2 title "selector=anova, repeat 0, fold 1", \
    'roc_folds.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 2 title "selector=anova, repeat 0, fold 2", \
    'roc_folds.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 2 title "selector=anova, repeat 0, fold 3", \
    'roc_folds.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 2 title "selector=anova, repeat 0, fold 4", \
    'roc_folds.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 5 title "selector=anova, pooled", \
    x with lines dt 2 lc rgb "#999999" title "chance"
  unset key
  unset multiplot
  set output
}

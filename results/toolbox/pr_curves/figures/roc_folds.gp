# roc_folds: rendered by tsfs from roc_folds.dat; re-render with `gnuplot roc_folds.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,740 font ",11" noenhanced
  } else {
    set terminal svg size 800,740 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'roc_folds'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "GunPoint, logistic, 10 ANOVA features: ROC per fold and pooled"
  set xlabel "false positive rate"
  set ylabel "true positive rate"
  set key below font ",9"
  set grid
  set xrange [0:1]
  set yrange [0:1.02]
  set size ratio -1
  set title "dataset=GunPoint"
  plot \
    'roc_folds.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=anova, fold 0.0", \
    'roc_folds.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=anova, fold 0.1", \
    'roc_folds.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "selector=anova, fold 0.2", \
    'roc_folds.dat' index 3 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "selector=anova, fold 0.3", \
    'roc_folds.dat' index 4 using 1:2 with lines lw 2 lc rgb "#E69F00" dt 1 title "selector=anova, fold 0.4", \
    'roc_folds.dat' index 5 using 1:2 with lines lw 2 lc rgb "#56B4E9" dt 1 title "selector=anova, pooled", \
    x with lines dt 2 lc rgb "#999999" title "chance"
  unset multiplot
  set output
}

# pr_pooled: rendered by tsfs from pr_pooled.dat; re-render with `gnuplot pr_pooled.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 720,773 font ",11" noenhanced
  } else {
    set terminal svg size 720,773 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'pr_pooled'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.1111,0.9583,0.1332,0.8254 spacing 0.1250,0.1100 title "GunPoint, logistic, 10 features: precision-recall (pooled over folds)\nprotocol: stratified_kfold(folds=5;repeats=1;seed=0); fixed: fit_on=train,\nthreshold=0 (variance), n_features=10, classifier=logistic, classifier_penalty=l2,\nclassifier_C=1, classifier_tol=0.0001, classifier_class_weight=none"
  set xlabel "recall"
  set ylabel "precision"
  set grid
  set key at screen 0.5,0.0078 center bottom horizontal maxcols 3 font ",9" samplen 3
  set xrange [0:1]
  set yrange [0:1.02]
  set size ratio -1
  set title "dataset=GunPoint"
  plot \
    'pr_pooled.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 26 title "selector=anova", \
    'pr_pooled.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 26 title "selector=variance"
  unset key
  unset multiplot
  set output
}

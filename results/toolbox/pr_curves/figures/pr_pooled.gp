# pr_pooled: rendered by tsfs from pr_pooled.dat; re-render with `gnuplot pr_pooled.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,740 font ",11" noenhanced
  } else {
    set terminal svg size 800,740 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'pr_pooled'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "GunPoint, logistic, 10 features: precision-recall (pooled over folds)"
  set xlabel "recall"
  set ylabel "precision"
  set key below font ",9"
  set grid
  set xrange [0:1]
  set yrange [0:1.02]
  set size ratio -1
  set title "dataset=GunPoint"
  plot \
    'pr_pooled.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "selector=anova", \
    'pr_pooled.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "selector=variance"
  unset multiplot
  set output
}

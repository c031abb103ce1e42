# components_vs_k: rendered by tsfs from components_vs_k.dat; re-render with `gnuplot components_vs_k.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,640 font ",11" noenhanced
  } else {
    set terminal svg size 800,640 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'components_vs_k'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "Principal components reaching 90% of the variance of the top-k TSFEL features"
  set xlabel "k (ANOVA features kept)"
  set ylabel "PCA components for 90% of the variance"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title ""
  plot \
    'components_vs_k.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=ECG200", \
    'components_vs_k.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=SonyAIBORobotSurface1"
  unset multiplot
  set output
}

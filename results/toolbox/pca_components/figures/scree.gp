# scree: rendered by tsfs from scree.dat; re-render with `gnuplot scree.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1120,460 font ",11" noenhanced
  } else {
    set terminal svg size 1120,460 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'scree'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 title "Scree plot of all usable TSFEL features (z-scored), before any selection"
  set xlabel "principal component"
  set ylabel "share of the variance"
  set key below font ",9"
  set grid
  set yrange [0:1.05]
  set style fill solid 0.5
  set title "ECG200 (170 features)"
  plot 'scree.dat' index 0 using 1:2 with boxes lc rgb "#0072B2" title "share", '' index 0 using 1:3 with linespoints pt 7 ps 0.6 lc rgb "#D55E00" title "running total", 0.90000000000000002 with lines dt (8,6) lc rgb "#555555" title "90% of the variance: 33 components"
  set title "SonyAIBORobotSurface1 (158 features)"
  plot 'scree.dat' index 1 using 1:2 with boxes lc rgb "#0072B2" title "share", '' index 1 using 1:3 with linespoints pt 7 ps 0.6 lc rgb "#D55E00" title "running total", 0.90000000000000002 with lines dt (8,6) lc rgb "#555555" title "90% of the variance: 44 components"
  unset multiplot
  set output
}

# lle_euclidean: rendered by tsfs from lle_euclidean.dat; re-render with `gnuplot lle_euclidean.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1680,520 font ",11" noenhanced
  } else {
    set terminal svg size 1680,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'lle_euclidean'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 title "Locally linear embedding (10 neighbours) of the Euclidean distances"
  set xlabel "axis 1"
  set ylabel "axis 2"
  set key below font ",9"
  set grid
  set title "ECG200 (distance: euclidean, 200 series)"
  plot 'lle_euclidean.dat' index 0 using 1:2 with points pt 7 ps 0.7 lc rgb "#0072B2" title "class -1", 'lle_euclidean.dat' index 1 using 1:2 with points pt 5 ps 0.7 lc rgb "#D55E00" title "class 1"
  set title "SonyAIBORobotSurface1 (distance: euclidean, 621 series)"
  plot 'lle_euclidean.dat' index 2 using 1:2 with points pt 7 ps 0.7 lc rgb "#0072B2" title "class 1", 'lle_euclidean.dat' index 3 using 1:2 with points pt 5 ps 0.7 lc rgb "#D55E00" title "class 2"
  set title "TwoLeadECG (distance: euclidean, 1162 series)"
  plot 'lle_euclidean.dat' index 4 using 1:2 with points pt 7 ps 0.7 lc rgb "#0072B2" title "class 1", 'lle_euclidean.dat' index 5 using 1:2 with points pt 5 ps 0.7 lc rgb "#D55E00" title "class 2"
  unset multiplot
  set output
}

# biplot: rendered by tsfs from biplot.dat; re-render with `gnuplot biplot.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1120,520 font ",11" noenhanced
  } else {
    set terminal svg size 1120,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'biplot'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 title "First two principal components of all usable TSFEL features, with the 5 largest loadings"
  set xlabel "PC 1"
  set ylabel "PC 2"
  set key below font ",9"
  set grid
  set title "ECG200 (PC 1 28.2%, PC 2 13.6% of the variance)"
  plot 'biplot.dat' index 0 using 1:2 with points pt 7 ps 0.6 lc rgb "#0072B2" title "class -1", 'biplot.dat' index 1 using 1:2 with points pt 5 ps 0.6 lc rgb "#D55E00" title "class 1", 'biplot.dat' index 2 using 1:2:3:4 with vectors head filled lc rgb "#333333" title "loadings x 161 (top 5)", '' index 2 using ($1+$3):($2+$4):5 with labels font ",8" offset 0,0.6 notitle
  set title "SonyAIBORobotSurface1 (PC 1 29.3%, PC 2 7.9% of the variance)"
  plot 'biplot.dat' index 3 using 1:2 with points pt 7 ps 0.6 lc rgb "#0072B2" title "class 1", 'biplot.dat' index 4 using 1:2 with points pt 5 ps 0.6 lc rgb "#D55E00" title "class 2", 'biplot.dat' index 5 using 1:2:3:4 with vectors head filled lc rgb "#333333" title "loadings x 83.4 (top 5)", '' index 5 using ($1+$3):($2+$4):5 with labels font ",8" offset 0,0.6 notitle
  unset multiplot
  set output
}

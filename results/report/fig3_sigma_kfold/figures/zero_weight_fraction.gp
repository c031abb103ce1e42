# zero_weight_fraction: rendered by tsfs from zero_weight_fraction.dat; re-render with `gnuplot zero_weight_fraction.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 800,640 font ",11" noenhanced
  } else {
    set terminal svg size 800,640 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'zero_weight_fraction'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 title "Fraction of kNN-graph edges with weight exactly 0"
  set xlabel "sigma / M-bar"
  set ylabel "zero_weight_fraction"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [0:1]
  set title ""
  plot \
    'zero_weight_fraction.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "dataset=Earthquakes, variant=report2023", \
    'zero_weight_fraction.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "dataset=Earthquakes, variant=he2005", \
    'zero_weight_fraction.dat' index 2 using 1:2 with lines lw 2 lc rgb "#009E73" dt 1 title "dataset=Wafer, variant=report2023", \
    'zero_weight_fraction.dat' index 3 using 1:2 with lines lw 2 lc rgb "#CC79A7" dt 1 title "dataset=Wafer, variant=he2005", \
    'zero_weight_fraction.dat' index 4 using 1:2 with lines lw 2 lc rgb "#E69F00" dt 1 title "dataset=WormsTwoClass, variant=report2023", \
    'zero_weight_fraction.dat' index 5 using 1:2 with lines lw 2 lc rgb "#56B4E9" dt 1 title "dataset=WormsTwoClass, variant=he2005"
  unset multiplot
  set output
}

# autocovariance: rendered by tsfs from autocovariance.dat; re-render with `gnuplot autocovariance.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1560,440 font ",11" noenhanced
  } else {
    set terminal svg size 1560,440 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'autocovariance'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 title "Average autocovariance function"
  set grid
  set key top right font ",9"
  set xlabel "lag"
  set ylabel "autocovariance"
  set title "Earthquakes"
  plot 'autocovariance.dat' index 0 using 1:2 with lines lw 2 notitle
  set title "Wafer"
  plot 'autocovariance.dat' index 1 using 1:2 with lines lw 2 notitle
  set title "WormsTwoClass"
  plot 'autocovariance.dat' index 2 using 1:2 with lines lw 2 notitle
  unset multiplot
  set output
}

# zero_weight_fraction: rendered by tsfs from zero_weight_fraction.dat; re-render with `gnuplot zero_weight_fraction.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 840,753 font ",11" noenhanced
  } else {
    set terminal svg size 840,753 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'zero_weight_fraction'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,1 margins 0.0952,0.9643,0.2430,0.8207 spacing 0.1071,0.1129 title "Fraction of kNN-graph edges with weight exactly 0\nprotocol: holdout_half; fixed: distance=dtw-w100-if500, selector=laplacian, fit_on=all, k=10,\nn_features=30, classifier=svc, classifier_C=1, classifier_gamma=scale, classifier_tol=0.001,\nclassifier_shrinking=true"
  set xlabel "sigma / M-bar"
  set ylabel "zero_weight_fraction"
  set grid
  set key at screen 0.5,0.0080 center bottom horizontal maxcols 1 font ",9" samplen 3
  set logscale x
  set format x "1e%L"
  set yrange [0:1]
  set offsets 0, 0, graph 0.03, graph 0.03
  unset label
  set title ""
  plot \
    'zero_weight_fraction.dat' index 0 using 1:2 with linespoints lw 2 lc rgb "#0072B2" dt 1 pt 7 ps 0.9 pi 13 title "dataset=Earthquakes, variant=report2023", \
    'zero_weight_fraction.dat' index 1 using 1:2 with linespoints lw 2 lc rgb "#D55E00" dt 2 pt 5 ps 0.9 pi 13 title "dataset=Earthquakes, variant=he2005", \
    'zero_weight_fraction.dat' index 2 using 1:2 with linespoints lw 2 lc rgb "#009E73" dt 3 pt 9 ps 0.9 pi 13 title "dataset=Wafer, variant=report2023", \
    'zero_weight_fraction.dat' index 3 using 1:2 with linespoints lw 2 lc rgb "#CC79A7" dt 4 pt 11 ps 0.9 pi 13 title "dataset=Wafer, variant=he2005", \
    'zero_weight_fraction.dat' index 4 using 1:2 with linespoints lw 2 lc rgb "#E69F00" dt 5 pt 13 ps 0.9 pi 13 title "dataset=WormsTwoClass, variant=report2023", \
    'zero_weight_fraction.dat' index 5 using 1:2 with linespoints lw 2 lc rgb "#56B4E9" dt 1 pt 1 ps 0.9 pi 13 title "dataset=WormsTwoClass, variant=he2005"
  unset key
  unset multiplot
  set output
}

# sparsity_vs_C: rendered by tsfs from sparsity_vs_C.dat; re-render with `gnuplot sparsity_vs_C.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1120,520 font ",11" noenhanced
  } else {
    set terminal svg size 1120,520 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'sparsity_vs_C'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,2 title "Logistic regression, L1 vs L2: sparsity vs C"
  set xlabel "C (inverse regularisation strength)"
  set ylabel "share of zero coefficients"
  set key below font ",9"
  set grid
  set logscale x
  set format x "1e%L"
  set yrange [*:*]
  set title "dataset=ECG200"
  plot \
    'sparsity_vs_C.dat' index 0 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "classifier_penalty=l1", \
    'sparsity_vs_C.dat' index 1 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "classifier_penalty=l2"
  set title "dataset=SonyAIBORobotSurface1"
  plot \
    'sparsity_vs_C.dat' index 2 using 1:2 with lines lw 2 lc rgb "#0072B2" dt 1 title "classifier_penalty=l1", \
    'sparsity_vs_C.dat' index 3 using 1:2 with lines lw 2 lc rgb "#D55E00" dt 1 title "classifier_penalty=l2"
  unset multiplot
  set output
}

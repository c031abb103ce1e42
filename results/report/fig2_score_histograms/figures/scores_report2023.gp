# scores_report2023: rendered by tsfs from scores_report2023.dat; re-render with `gnuplot scores_report2023.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1440,760 font ",11" noenhanced
  } else {
    set terminal svg size 1440,760 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'scores_report2023'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 2,3 title "Laplacian scores, Wafer, DTW, k = 20, fitted on all rows (report2023: literal weights)"
  set style fill solid 0.6 border -1
  set xlabel "score"
  set ylabel "count"
  set grid ytics
  set title "sigma_ratio=1e-06: 200 of 200 exactly 0 (orange line at 0)"
  set xrange [-0.036626030447657679:1.9607913536934403]
  set boxwidth 0.058940185105802886
  plot 'scores_report2023.dat' index 0 using 1:2 with boxes lc rgb "#0072B2" notitle, 'scores_report2023.dat' index 1 using 1:2 with impulses lw 4 lc rgb "#D55E00" notitle
  set title "sigma_ratio=0.0001: 13 of 200 exactly 0 (orange line at 0)"
  set xrange [-0.036626030447657679:1.9607913536934403]
  set boxwidth 0.058940185105802886
  plot 'scores_report2023.dat' index 2 using 1:2 with boxes lc rgb "#0072B2" notitle, 'scores_report2023.dat' index 3 using 1:2 with impulses lw 4 lc rgb "#D55E00" notitle
  set title "sigma_ratio=0.01: 0 of 200 exactly 0"
  set xrange [-0.0038814831666560755:1.9607913536934403]
  set boxwidth 0.058940185105802886
  plot 'scores_report2023.dat' index 4 using 1:2 with boxes lc rgb "#0072B2" notitle
  set title "sigma_ratio=1: 0 of 200 exactly 0"
  set xrange [-0.0038814831666560755:1.9607913536934403]
  set boxwidth 0.058940185105802886
  plot 'scores_report2023.dat' index 6 using 1:2 with boxes lc rgb "#0072B2" notitle
  set title "sigma_ratio=100: 0 of 200 exactly 0"
  set xrange [-0.0038814831666560755:1.9607913536934403]
  set boxwidth 0.058940185105802886
  plot 'scores_report2023.dat' index 8 using 1:2 with boxes lc rgb "#0072B2" notitle
  unset multiplot
  set output
}

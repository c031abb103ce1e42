# datasets: rendered by tsfs from datasets.dat; re-render with `gnuplot datasets.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1580,545 font ",11" noenhanced
  } else {
    set terminal svg size 1580,545 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'datasets'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 margins 0.0506,0.9810,0.2477,0.8624 spacing 0.0570,0.1560 title "Mean +/- std per time step and an example series"
  set xlabel "time step"
  set ylabel "value"
  set grid
  set key at screen 0.5,0.0110 center bottom horizontal maxcols 1 font ",9" samplen 3
  set title "Earthquakes (461 series; row 0 of class 1)"
  plot 'datasets.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.25 noborder lc 1 title "mean ± std", '' index 0 using 1:2 with lines lw 2 lc 1 title "mean", '' index 0 using 1:4 with lines lw 1 lc 2 dt 2 title "row 0 (its class: panel title)"
  unset key
  set title "Wafer (1000 series; row 0 of class 1)"
  plot 'datasets.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.25 noborder lc 1 title "mean ± std", '' index 1 using 1:2 with lines lw 2 lc 1 title "mean", '' index 1 using 1:4 with lines lw 1 lc 2 dt 2 title "row 0 (its class: panel title)"
  set title "WormsTwoClass (258 series; row 0 of class 1)"
  plot 'datasets.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.25 noborder lc 1 title "mean ± std", '' index 2 using 1:2 with lines lw 2 lc 1 title "mean", '' index 2 using 1:4 with lines lw 1 lc 2 dt 2 title "row 0 (its class: panel title)"
  unset multiplot
  set output
}

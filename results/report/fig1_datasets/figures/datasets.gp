# datasets: rendered by tsfs from datasets.dat; re-render with `gnuplot datasets.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1560,440 font ",11" noenhanced
  } else {
    set terminal svg size 1560,440 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'datasets'.".".format)
  reset
  set datafile separator "\t"
  set multiplot layout 1,3 title "Mean +/- std per time step and an example series"
  set grid
  set key top right font ",9"
  set xlabel "time step"
  set ylabel "value"
  set title "Earthquakes (461 series)"
  plot 'datasets.dat' index 0 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.25 noborder lc 1 title "mean ± std", '' index 0 using 1:2 with lines lw 2 lc 1 title "mean", '' index 0 using 1:4 with lines lw 1 lc 2 title "example (row 0, class 1)"
  set title "Wafer (1000 series)"
  plot 'datasets.dat' index 1 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.25 noborder lc 1 title "mean ± std", '' index 1 using 1:2 with lines lw 2 lc 1 title "mean", '' index 1 using 1:4 with lines lw 1 lc 2 title "example (row 0, class 1)"
  set title "WormsTwoClass (258 series)"
  plot 'datasets.dat' index 2 using 1:($2-$3):($2+$3) with filledcurves fs transparent solid 0.25 noborder lc 1 title "mean ± std", '' index 2 using 1:2 with lines lw 2 lc 1 title "mean", '' index 2 using 1:4 with lines lw 1 lc 2 title "example (row 0, class 1)"
  unset multiplot
  set output
}

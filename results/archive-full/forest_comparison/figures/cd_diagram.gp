# cd_diagram: rendered by tsfs from cd_diagram.dat; re-render with `gnuplot cd_diagram.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 2116,296 font ",11" noenhanced
  } else {
    set terminal svg size 2116,296 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'cd_diagram'.".".format)
  reset
  set datafile separator "\t"
  set title "cliques: Wilcoxon signed-rank tests, Holm-adjusted (10 tests), alpha = 0.05"
  unset border
  unset xtics
  unset ytics
  unset key
  set lmargin 87
  set rmargin 71
  set tmargin 2
  set bmargin 1
  set xrange [0.82000000000000006:5.1799999999999997]
  set yrange [-2.6500000000000004:1.15]
  plot 'cd_diagram.dat' index 0 using 1:2 with lines lc rgb 'black' lw 1.5, \
       '' index 1 using 1:2 with lines lc rgb '#404040' lw 1, \
       '' index 2 using 1:2 with lines lc rgb 'black' lw 5, \
       '' index 3 using 1:2 with lines lc rgb '#b2182b' lw 2, \
       '' index 4 using 1:2:3 with labels center, \
       '' index 5 using 1:2:3 with labels right offset -0.5,0, \
       '' index 6 using 1:2:3 with labels left offset 0.5,0, \
       '' index 7 using 1:2:3 with labels center tc rgb '#b2182b'
  unset multiplot
  set output
}

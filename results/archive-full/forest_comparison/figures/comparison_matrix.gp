# comparison_matrix: rendered by tsfs from comparison_matrix.dat; re-render with `gnuplot comparison_matrix.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 1626,1112 font ",11" noenhanced
  } else {
    set terminal svg size 1626,1112 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'comparison_matrix'.".".format)
  reset
  set datafile separator "\t"
  set title "row method minus column method: median per-dataset difference, wins/ties/losses, Wilcoxon p (* significant after Holm)"
  unset key
  set size ratio -1
  set xrange [-0.5:4.5]
  set yrange [4.5:-0.5]
  set xtics ("sklearn, run=forest_catch22_official" 0, "nearest_neighbour, distance=dtw-symmetric1-sq-learned, run=official_baselines" 1, "nearest_neighbour, distance=dtw-symmetric1-sq, run=official_baselines" 2, "nearest_neighbour, distance=euclidean, run=official_baselines" 3, "svc, run=svc_catch22_official" 4) rotate by 30 right nomirror
  set ytics ("sklearn, run=forest_catch22_official" 0, "nearest_neighbour, distance=dtw-symmetric1-sq-learned, run=official_baselines" 1, "nearest_neighbour, distance=dtw-symmetric1-sq, run=official_baselines" 2, "nearest_neighbour, distance=euclidean, run=official_baselines" 3, "svc, run=svc_catch22_official" 4) nomirror
  set palette defined (-1 '#b2182b', 0 'white', 1 '#2166ac')
  set cbrange [-0.045700245700245723:0.045700245700245723]
  set cblabel "median difference"
  set style fill solid 1.0 border lc rgb 'grey'
  plot 'comparison_matrix.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \
       '' using 1:2:4 with labels offset 0,1 font ",10", \
       '' using 1:2:5 with labels font ",10", \
       '' using 1:2:6 with labels offset 0,-1 font ",10"
  unset multiplot
  set output
}

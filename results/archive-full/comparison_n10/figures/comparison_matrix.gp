# comparison_matrix: rendered by tsfs from comparison_matrix.dat; re-render with `gnuplot comparison_matrix.gp` in this folder.
do for [format in "png svg"] {
  if (format eq "png") {
    set terminal pngcairo size 2762,1784 font ",11" noenhanced
  } else {
    set terminal svg size 2762,1784 font ",11" dynamic noenhanced
  }
  set output (exists("tsfs_temporary") ? sprintf(tsfs_temporary, format) : 'comparison_matrix'.".".format)
  reset
  set datafile separator "\t"
  set title "row method minus column method: median per-dataset difference, wins/ties/losses, Wilcoxon p (* significant after Holm)"
  unset key
  set size ratio -1
  set xrange [-0.5:12.5]
  set yrange [12.5:-0.5]
  set xtics ("none, run=svc_tsfel" 0, "mutual_info, run=selection" 1, "anova, run=selection" 2, "none, distance=euclidean, run=nearest_neighbour" 3, "none, run=svc_catch22" 4, "laplacian, variant=he2005, distance=ned, run=selection" 5, "none, run=selection" 6, "laplacian, variant=he2005, distance=dtw-w100-if500, run=selection" 7, "laplacian, variant=report2023, distance=ned, run=selection" 8, "laplacian, variant=report2023, distance=dtw-w100-if500, run=selection" 9, "variance, run=selection" 10, "spec, distance=ned, run=selection" 11, "spec, distance=dtw-w100-if500, run=selection" 12) rotate by 30 right nomirror
  set ytics ("none, run=svc_tsfel" 0, "mutual_info, run=selection" 1, "anova, run=selection" 2, "none, distance=euclidean, run=nearest_neighbour" 3, "none, run=svc_catch22" 4, "laplacian, variant=he2005, distance=ned, run=selection" 5, "none, run=selection" 6, "laplacian, variant=he2005, distance=dtw-w100-if500, run=selection" 7, "laplacian, variant=report2023, distance=ned, run=selection" 8, "laplacian, variant=report2023, distance=dtw-w100-if500, run=selection" 9, "variance, run=selection" 10, "spec, distance=ned, run=selection" 11, "spec, distance=dtw-w100-if500, run=selection" 12) nomirror
  set palette defined (-1 '#b2182b', 0 'white', 1 '#2166ac')
  set cbrange [-0.11463209876543207:0.11463209876543207]
  set cblabel "median difference"
  set style fill solid 1.0 border lc rgb 'grey'
  plot 'comparison_matrix.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fc palette, \
       '' using 1:2:4 with labels offset 0,1 font ",10", \
       '' using 1:2:5 with labels font ",10", \
       '' using 1:2:6 with labels offset 0,-1 font ",10"
  unset multiplot
  set output
}

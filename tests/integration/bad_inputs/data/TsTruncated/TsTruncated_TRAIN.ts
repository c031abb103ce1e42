@problemName X
@univariate true
@equalLength true
@seriesLength 3
@classLabel true a b
@data
1,2,3:a
4,5,6:b
7,8,9:a
1,2,3:b

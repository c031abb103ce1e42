@problemName TsMultivariate
@univariate false
@dimensions 2
@equalLength true
@seriesLength 2
@classLabel true a b
@data
1,2:3,4:a
5,6:7,8:b

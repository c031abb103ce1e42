0#GunPoint-like
@problemName Toy
@timeStamps false
@missing false
@univariate true
@equalLength true
@seriesLength 3
@classLabel true 1 2
@data
1.5,2,-3e-1:2
4,5,6:1

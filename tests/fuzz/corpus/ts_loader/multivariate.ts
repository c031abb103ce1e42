0@univariate false
@dimensions 2
@classLabel true a b
@data
1,2:3,4:a

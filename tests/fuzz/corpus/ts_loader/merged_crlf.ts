0@classLabel true a b
@data
1,2:a
3,4:b
%TEST
@classLabel true a b
@data
5,6:b
7,8:a

1@problemName Toy
@missing true
@equalLength false
@classLabel true a b
@data
1,?,3:a
?,2:b
5,NaN,7,8,?:a

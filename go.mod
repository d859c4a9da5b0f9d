module github.com/godtable/godtable

go 1.26

require (
	github.com/bits-and-blooms/bitset v1.29.0
	github.com/klauspost/compress v1.20.4
)

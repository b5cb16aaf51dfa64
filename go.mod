module github.com/pgnlint/pgnlint

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/alecthomas/repr v0.5.4
)

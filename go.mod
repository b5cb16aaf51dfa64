module github.com/pgnlint/pgnlint

go 1.26.0

require (
	github.com/alecthomas/kong v1.17.0
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/alecthomas/repr v0.5.4
)

require golang.org/x/text v0.43.0

module github.com/pgnlint/pgnlint

go 1.26.0

require (
	github.com/alecthomas/kong v1.17.0
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/alecthomas/repr v0.5.4
)

require (
	github.com/klauspost/compress v1.20.3
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.51.0 // indirect
)

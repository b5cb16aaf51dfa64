// Package corpus is the regression corpus: PGN cases under testdata/, each
// with the golden diagnostics pgnlint prints for it (`.diag`), and the walk
// over the shared corpus of real files that checks pgnlint reads every one
// of them whole. `go test ./corpus/ -update` rewrites the goldens.
package corpus

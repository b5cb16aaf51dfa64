// Command gen generates the production PGN parser, package parser, from the
// grammar in package grammar: a scanner whose per-state DFAs are derived from
// the lexer rules' regexps, and a recursive-descent parser derived from the
// participle struct tags. Run it with `go generate ./grammar/...`.
//
// It reads the grammar by reflection at generation time so that the
// generated code needs none; it refuses grammars whose participle semantics
// (errors, backtracking, zero-width matches) it could not reproduce exactly.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/pgnlint/pgnlint/grammar"
)

// Output files, relative to -o.
const (
	scannerFile = "scanner_gen.go"
	parserFile  = "parser_gen.go"
)

func main() {
	out := flag.String("o", "../parser", "directory of package parser")
	flag.Parse()
	files, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(*out, name), src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}

// generate returns the generated files by name.
func generate() (map[string][]byte, error) {
	spec, g, roots, err := load()
	if err != nil {
		return nil, err
	}
	scan, err := emitScanner(spec)
	if err != nil {
		return nil, err
	}
	parse, err := emitParser(spec, g, roots)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{scannerFile: scan, parserFile: parse}, nil
}

// load reads the lexer and the grammar.
func load() (*lexSpec, *grammarReader, []*structInfo, error) {
	spec, err := buildLexer(grammar.Lexer.Rules(), grammar.Elided)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("lexer: %w", err)
	}
	g := &grammarReader{lex: spec, structs: map[reflect.Type]*structInfo{}}
	var roots []*structInfo
	for _, r := range grammar.Roots() {
		s, err := g.structFor(reflect.TypeOf(r))
		if err != nil {
			return nil, nil, nil, fmt.Errorf("grammar: %w", err)
		}
		s.root = true
		roots = append(roots, s)
	}
	if err := g.analyze(); err != nil {
		return nil, nil, nil, fmt.Errorf("grammar: %w", err)
	}
	return spec, g, roots, nil
}

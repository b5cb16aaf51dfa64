package main

import (
	"fmt"
	"math/bits"
	"reflect"
	"strings"
	"text/scanner"

	"github.com/alecthomas/participle/v2/lexer"
)

// This file reads the grammar from the participle struct tags, building the
// same expression shapes participle's grammar builder does (so that the
// EBNF printed from them equals participle's), and checks that the grammar
// stays inside the class the generated parser handles exactly.
//
// That class is the one where participle can never report an error or
// backtrack past a token: every alternative, optional and repeated part
// decides on its first token and, once it has that token, always matches.
// Then participle's ordered choice, greedy repetition and lookahead reduce to
// one-token decisions: switch on the kind of the next token.

// node is an expression of the tag grammar.
type node interface{}

type (
	// disjNode is `a | b | ...`: the first alternative that matches.
	disjNode struct{ alts []node }
	// seqNode is `a b ...`.
	seqNode struct{ items []node }
	// groupNode is `(x)`, `x?`, `x*` or `x+` (mode 0, '?', '*', '+').
	groupNode struct {
		x    node
		mode byte
	}
	// captureNode is `@x` into a field.
	captureNode struct {
		field *fieldInfo
		x     node
	}
	// refNode is a token kind.
	refNode struct{ kind string }
	// structNode is a sub-structure (`@@`).
	structNode struct{ s *structInfo }
)

type fieldKind int

const (
	fieldString fieldKind = iota // captures one token's text
	fieldPtr                     // *T, captures one T
	fieldSlice                   // []*T, captures any number of T
)

type fieldInfo struct {
	Name string
	Kind fieldKind
	Elem *structInfo // for fieldPtr and fieldSlice
	Tag  string
	typ  reflect.Type
}

// structInfo is one grammar struct: a production.
type structInfo struct {
	typ         reflect.Type
	Name        string
	Fields      []*fieldInfo
	Pos, EndPos bool
	expr        node
	root        bool

	nullable bool
	first    kindSet
}

// kindSet is a set of token kinds by number.
type kindSet uint64

func (k kindSet) count() int { return bits.OnesCount64(uint64(k)) }

var positionType = reflect.TypeFor[lexer.Position]()

// grammarReader builds structInfos from Go types.
type grammarReader struct {
	lex     *lexSpec
	structs map[reflect.Type]*structInfo
	order   []*structInfo
}

func (g *grammarReader) structFor(t reflect.Type) (*structInfo, error) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if s, ok := g.structs[t]; ok {
		return s, nil
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s is not a struct", t)
	}
	s := &structInfo{typ: t, Name: t.Name()}
	g.structs[t] = s
	g.order = append(g.order, s)
	var toks []tagToken
	for i := range t.NumField() {
		f := t.Field(i)
		tag, tagged := f.Tag.Lookup("parser")
		if !tagged && f.Tag != "" {
			tag, tagged = string(f.Tag), true
		}
		switch {
		case f.Anonymous:
			return nil, fmt.Errorf("%s.%s: embedded fields are not supported", s.Name, f.Name)
		case !f.IsExported():
			continue
		case !tagged || tag == "":
			if f.Type == positionType && f.Name == "Pos" {
				s.Pos = true
			} else if f.Type == positionType && f.Name == "EndPos" {
				s.EndPos = true
			} else if f.Name == "Tokens" || f.Name == "Pos" || f.Name == "EndPos" {
				return nil, fmt.Errorf("%s.%s: unsupported special field", s.Name, f.Name)
			}
			continue
		}
		fi := &fieldInfo{Name: f.Name, Tag: tag, typ: f.Type}
		switch {
		case f.Type.Kind() == reflect.String && f.Type.Name() == "string":
			fi.Kind = fieldString
		case f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct:
			fi.Kind = fieldPtr
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Pointer &&
			f.Type.Elem().Elem().Kind() == reflect.Struct:
			fi.Kind = fieldSlice
		default:
			return nil, fmt.Errorf("%s.%s: field type %s is not supported (string, *Struct and []*Struct are)", s.Name, f.Name, f.Type)
		}
		s.Fields = append(s.Fields, fi)
		ft, err := tagTokens(tag, fi)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", s.Name, f.Name, err)
		}
		toks = append(toks, ft...)
	}
	if len(s.Fields) == 0 {
		return nil, fmt.Errorf("%s has no grammar", s.Name)
	}
	p := &tagParser{g: g, toks: toks}
	e, err := p.disjunction()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("%s: unexpected %q in grammar", s.Name, p.toks[p.i].text)
	}
	s.expr = e
	return s, nil
}

// tagToken is one token of a struct tag, with the field it belongs to.
type tagToken struct {
	typ   rune // text/scanner token type or the character
	text  string
	field *fieldInfo
}

// tagTokens splits a tag with text/scanner, as participle does.
func tagTokens(tag string, f *fieldInfo) ([]tagToken, error) {
	var s scanner.Scanner
	s.Init(strings.NewReader(tag))
	var err error
	s.Error = func(_ *scanner.Scanner, msg string) { err = fmt.Errorf("%s", msg) }
	var out []tagToken
	for {
		t := s.Scan()
		if err != nil {
			return nil, err
		}
		if t == scanner.EOF {
			return out, nil
		}
		out = append(out, tagToken{typ: t, text: s.TokenText(), field: f})
	}
}

// tagParser parses the concatenated tags of one struct, following
// participle's grammar builder.
type tagParser struct {
	g    *grammarReader
	toks []tagToken
	i    int
}

func (p *tagParser) peek() rune {
	if p.i < len(p.toks) {
		return p.toks[p.i].typ
	}
	return scanner.EOF
}

func (p *tagParser) disjunction() (node, error) {
	var alts []node
	for {
		n, err := p.sequence()
		if err != nil {
			return nil, err
		}
		if n == nil {
			return nil, fmt.Errorf("alternative %d is empty", len(alts)+1)
		}
		alts = append(alts, n)
		if p.peek() != '|' {
			break
		}
		p.i++
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &disjNode{alts: alts}, nil
}

func (p *tagParser) sequence() (node, error) {
	var items []node
	for p.peek() != scanner.EOF {
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		if t == nil {
			break
		}
		items = append(items, t)
	}
	switch len(items) {
	case 0:
		return nil, nil
	case 1:
		return items[0], nil
	}
	return &seqNode{items: items}, nil
}

func (p *tagParser) term() (node, error) {
	n, err := p.termNoModifiers(true)
	if err != nil || n == nil {
		return n, err
	}
	switch m := p.peek(); m {
	case '?', '*', '+':
		p.i++
		return &groupNode{x: n, mode: byte(m)}, nil
	case '!':
		return nil, fmt.Errorf("the ! (non-empty) modifier is not supported")
	}
	return n, nil
}

func (p *tagParser) termNoModifiers(allowUnknown bool) (node, error) {
	switch p.peek() {
	case '@':
		tok := p.toks[p.i]
		p.i++
		if p.peek() == '@' {
			p.i++
			f := tok.field
			if f.Kind == fieldString {
				return nil, fmt.Errorf("field %s: @@ needs a struct field", f.Name)
			}
			s, err := p.g.structFor(f.typ)
			if err != nil {
				return nil, err
			}
			f.Elem = s
			return &captureNode{field: f, x: &structNode{s: s}}, nil
		}
		x, err := p.termNoModifiers(false)
		if err != nil {
			return nil, err
		}
		return &captureNode{field: tok.field, x: x}, nil
	case scanner.Ident:
		name := p.toks[p.i].text
		p.i++
		if p.g.lex.kind(name) == 0 {
			return nil, fmt.Errorf("unknown token type %q", name)
		}
		if p.g.lex.Elided[name] {
			return nil, fmt.Errorf("token %s is elided and cannot be referenced", name)
		}
		return &refNode{kind: name}, nil
	case '(':
		p.i++
		if p.peek() == '?' {
			return nil, fmt.Errorf("lookahead groups are not supported")
		}
		return p.closeGroup(')', 0)
	case '[':
		p.i++
		return p.closeGroup(']', '?')
	case '{':
		p.i++
		return p.closeGroup('}', '*')
	case scanner.String, scanner.RawString, scanner.Char:
		return nil, fmt.Errorf("literal %s: literals are not supported", p.toks[p.i].text)
	case '!', '~':
		return nil, fmt.Errorf("negation is not supported")
	}
	if allowUnknown {
		return nil, nil
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("unexpected %q", p.toks[p.i].text)
	}
	return nil, fmt.Errorf("unexpected end of grammar")
}

func (p *tagParser) closeGroup(end rune, mode byte) (node, error) {
	x, err := p.disjunction()
	if err != nil {
		return nil, err
	}
	if p.peek() != end {
		return nil, fmt.Errorf("expected %c", end)
	}
	p.i++
	return &groupNode{x: x, mode: mode}, nil
}

// analyze computes nullability and first sets to a fixed point (the grammar
// is recursive), then checks the grammar is in the supported class.
func (g *grammarReader) analyze() error {
	for changed := true; changed; {
		changed = false
		for _, s := range g.order {
			nl, fs := g.nullable(s.expr), g.first(s.expr)
			if nl != s.nullable || fs != s.first {
				s.nullable, s.first, changed = nl, fs, true
			}
		}
	}
	for _, s := range g.order {
		if s.nullable && !s.root {
			return fmt.Errorf("%s can match no tokens; only a root production may", s.Name)
		}
		if err := g.check(s, s.expr); err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
		counts := map[*fieldInfo]int{}
		g.countCaptures(s.expr, counts)
		for f, n := range counts {
			if n > 1 && f.Kind != fieldSlice {
				return fmt.Errorf("%s.%s: captured more than once in a match; only slice fields may be", s.Name, f.Name)
			}
		}
	}
	return nil
}

func (g *grammarReader) nullable(n node) bool {
	switch n := n.(type) {
	case *refNode:
		return false
	case *structNode:
		return n.s.nullable
	case *captureNode:
		return g.nullable(n.x)
	case *groupNode:
		return n.mode == '?' || n.mode == '*' || g.nullable(n.x)
	case *seqNode:
		for _, it := range n.items {
			if !g.nullable(it) {
				return false
			}
		}
		return true
	case *disjNode:
		for _, a := range n.alts {
			if g.nullable(a) {
				return true
			}
		}
		return false
	}
	panic(fmt.Sprintf("node %T", n))
}

func (g *grammarReader) first(n node) kindSet {
	switch n := n.(type) {
	case *refNode:
		return 1 << g.lex.kind(n.kind)
	case *structNode:
		return n.s.first
	case *captureNode:
		return g.first(n.x)
	case *groupNode:
		return g.first(n.x)
	case *seqNode:
		var k kindSet
		for _, it := range n.items {
			k |= g.first(it)
			if !g.nullable(it) {
				break
			}
		}
		return k
	case *disjNode:
		var k kindSet
		for _, a := range n.alts {
			k |= g.first(a)
		}
		return k
	}
	panic(fmt.Sprintf("node %T", n))
}

// check enforces the supported class: nothing that could fail after
// consuming a token, and nothing that could match without consuming one
// where participle would loop or panic.
func (g *grammarReader) check(s *structInfo, n node) error {
	switch n := n.(type) {
	case *refNode, *structNode:
		return nil
	case *captureNode:
		if st, ok := n.x.(*structNode); ok {
			if n.field.Kind == fieldString || n.field.Elem != st.s {
				return fmt.Errorf("field %s: @@ into a field of another type", n.field.Name)
			}
			return nil
		}
		if n.field.Kind != fieldString {
			return fmt.Errorf("field %s: tokens can only be captured into string fields", n.field.Name)
		}
		if !g.tokenSet(n.x) {
			return fmt.Errorf("field %s: a capture into a string must be one token (@Kind or @(A | B ...))", n.field.Name)
		}
		return nil
	case *groupNode:
		if n.mode != 0 && g.nullable(n.x) {
			return fmt.Errorf("%c applied to an expression that can match no tokens", n.mode)
		}
		return g.check(s, n.x)
	case *seqNode:
		for i, it := range n.items {
			if i > 0 && !g.nullable(it) {
				return fmt.Errorf("a mandatory element after the first of a sequence could fail after tokens were consumed, where participle reports an error; make it optional")
			}
			if err := g.check(s, it); err != nil {
				return err
			}
		}
		return nil
	case *disjNode:
		for _, a := range n.alts {
			if g.nullable(a) {
				return fmt.Errorf("an alternative can match no tokens")
			}
			if err := g.check(s, a); err != nil {
				return err
			}
		}
		return nil
	}
	panic(fmt.Sprintf("node %T", n))
}

// tokenSet reports whether n matches exactly one token of a set of kinds.
func (g *grammarReader) tokenSet(n node) bool {
	switch n := n.(type) {
	case *refNode:
		return true
	case *groupNode:
		return n.mode == 0 && g.tokenSet(n.x)
	case *disjNode:
		for _, a := range n.alts {
			if !g.tokenSet(a) {
				return false
			}
		}
		return true
	}
	return false
}

// countCaptures counts, per field, the most captures one match can make
// (2 standing for "more than one").
func (g *grammarReader) countCaptures(n node, counts map[*fieldInfo]int) {
	switch n := n.(type) {
	case *captureNode:
		counts[n.field]++
	case *groupNode:
		sub := map[*fieldInfo]int{}
		g.countCaptures(n.x, sub)
		for f, c := range sub {
			if n.mode == '*' || n.mode == '+' {
				c = 2
			}
			counts[f] += c
		}
	case *seqNode:
		for _, it := range n.items {
			g.countCaptures(it, counts)
		}
	case *disjNode:
		most := map[*fieldInfo]int{}
		for _, a := range n.alts {
			sub := map[*fieldInfo]int{}
			g.countCaptures(a, sub)
			for f, c := range sub {
				most[f] = max(most[f], c)
			}
		}
		for f, c := range most {
			counts[f] += c
		}
	}
}

// ebnf prints the productions reachable from root as participle's
// Parser.String does.
func ebnf(root *structInfo) string {
	var prods []*strings.Builder
	var names []string
	seen := map[*structInfo]bool{}
	var build func(root bool, n node, p *strings.Builder)
	build = func(root bool, n node, p *strings.Builder) {
		switch n := n.(type) {
		case *disjNode:
			if !root {
				p.WriteString("(")
			}
			for i, a := range n.alts {
				if i > 0 {
					p.WriteString(" | ")
				}
				build(false, a, p)
			}
			if !root {
				p.WriteString(")")
			}
		case *structNode:
			name := strings.ToUpper(n.s.Name[:1]) + n.s.Name[1:]
			if p != nil {
				p.WriteString(name)
			}
			if seen[n.s] {
				return
			}
			seen[n.s] = true
			np := &strings.Builder{}
			prods = append(prods, np)
			names = append(names, name)
			build(true, n.s.expr, np)
		case *seqNode:
			group := !root
			if group {
				p.WriteString("(")
			}
			for i, it := range n.items {
				if i > 0 {
					p.WriteString(" ")
				}
				build(false, it, p)
			}
			if group {
				p.WriteString(")")
			}
		case *captureNode:
			build(false, n.x, p)
		case *refNode:
			p.WriteString("<" + strings.ToLower(n.kind) + ">")
		case *groupNode:
			if child, ok := n.x.(*groupNode); ok && child.mode == 0 {
				build(false, child.x, p)
			} else if child, ok := n.x.(*captureNode); ok {
				if gc, ok := child.x.(*groupNode); ok && gc.mode == 0 {
					build(false, gc.x, p)
				} else {
					build(false, n.x, p)
				}
			} else {
				build(false, n.x, p)
			}
			if n.mode != 0 {
				p.WriteByte(n.mode)
			}
		}
	}
	build(true, &structNode{s: root}, nil)
	var out []string
	for i, p := range prods {
		out = append(out, fmt.Sprintf("%s = %s .", names[i], p.String()))
	}
	return strings.Join(out, "\n")
}

package main

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/grammar"
)

// interesting are the runes the random inputs are drawn from: every
// boundary of every rule's classes, a neighbour of each, and invalid UTF-8.
func interesting(a *alphabet) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, r := range a.lo {
		for _, q := range []rune{r - 1, r, r + 1} {
			if q >= 0 && q <= maxRune {
				add(string(q))
			}
		}
	}
	for _, s := range []string{"\xff", "\xc3", "\xe3\x80", "\xed\xa0\x80", "\ufffd", "\r\n", " ", "e4", "1-0", "1/2-1/2"} {
		add(s)
	}
	return out
}

// lexerRule is one rule with participle's compiled regexp.
type lexerRule struct {
	r   *lexRule
	re  *regexp.Regexp
	dfa *ruleDFA
}

func rulesOf(t testing.TB) (*lexSpec, map[string][]lexerRule) {
	spec, err := buildLexer(grammar.Lexer.Rules(), grammar.Elided)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]lexerRule{}
	for _, st := range spec.States {
		for _, r := range st.Rules {
			d, err := buildRuleDFA(r.prog, spec.classes)
			if err != nil {
				t.Fatal(err)
			}
			out[st.Name] = append(out[st.Name], lexerRule{r, regexp.MustCompile("^(?:" + r.Pattern + ")"), d})
		}
	}
	return spec, out
}

// checkInput compares, at the start of s, each rule's DFA with its regexp
// and each state's combined DFA with participle's rule-by-rule search.
func checkInput(t testing.TB, spec *lexSpec, rules map[string][]lexerRule, s string) {
	for _, st := range spec.States {
		wantRule, wantLen := -1, 0
		for i, lr := range rules[st.Name] {
			loc := lr.re.FindStringIndex(s)
			n := -1
			if loc != nil {
				n = loc[1]
			}
			if got := lr.dfa.match(spec.classes, s); got != n && !(n == 0 && got == -1) {
				t.Fatalf("rule %s on %q: DFA matches %d bytes, regexp %d", lr.r.Name, s, got, n)
			}
			if n > 0 && wantRule < 0 {
				wantRule, wantLen = i, n
			}
		}
		rule, n := st.dfa.match(spec.classes, s)
		if rule != wantRule || (rule >= 0 && n != wantLen) {
			t.Fatalf("state %s on %q: combined DFA gives rule %d length %d, participle rule %d length %d",
				st.Name, s, rule, n, wantRule, wantLen)
		}
	}
}

// TestRuleDFAs compares the DFAs with package regexp on random strings of
// interesting runes.
func TestRuleDFAs(t *testing.T) {
	spec, rules := rulesOf(t)
	pieces := interesting(spec.classes)
	rng := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		checkInput(t, spec, rules, b.String())
	}
}

// FuzzRuleDFAs does the same on arbitrary bytes.
func FuzzRuleDFAs(f *testing.F) {
	spec, rules := rulesOf(f)
	for _, s := range []string{"e4", "exd6e.p.", "1/2-1/2", "{a}", "\"a\\\"b\"", "<br />", "\xff", "１－０"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkInput(t, spec, rules, s)
	})
}

// TestEBNF checks that the grammar read from the struct tags prints as
// participle's own parsers print it, so both read the same grammar.
func TestEBNF(t *testing.T) {
	_, _, roots, err := load()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{grammar.TagParser.String(), grammar.MovetextParser.String()}
	if len(roots) != len(want) {
		t.Fatalf("%d roots, want %d", len(roots), len(want))
	}
	for i, r := range roots {
		if got := ebnf(r); got != want[i] {
			t.Errorf("EBNF of %s:\n got %s\nwant %s", r.Name, got, want[i])
		}
	}
}

// TestUnsupported checks that grammars outside the supported class are
// refused rather than mistranslated.
func TestUnsupported(t *testing.T) {
	spec, _ := rulesOf(t)
	type (
		Tok struct {
			Text string `parser:"@Symbol"`
		}
		Seq struct {
			A, B string `parser:"@Symbol"`
		}
		Opt struct {
			A *Tok `parser:"@@?"`
		}
		Lit struct {
			A string `parser:"@\"x\""`
		}
		Twice struct {
			A string `parser:"@Symbol"`
			B string `parser:"@Integer"`
			C string `parser:"| @Period"`
		}
		Rep struct {
			A string `parser:"@Symbol+"`
		}
	)
	for _, x := range []any{Seq{}, Opt{}, Lit{}, Rep{}, Twice{}} {
		g := &grammarReader{lex: spec, structs: map[reflect.Type]*structInfo{}}
		s, err := g.structFor(reflect.TypeOf(x))
		if err == nil {
			err = g.analyze()
		}
		if err == nil {
			t.Errorf("%T (%s) was accepted", x, ebnf(s))
		}
	}
}

// TestLeftmostFirst checks the DFA construction on patterns where
// leftmost-first and leftmost-longest matching differ, with non-greedy
// repetition, case folding and Unicode classes, which the grammar's own
// rules do not exercise.
func TestLeftmostFirst(t *testing.T) {
	patterns := []string{
		`a|ab`, `ab|a`, `(?:a|ab)(?:c|bcd)`, `a+?`, `a(?:b|bc)*?c`, `(?:ab|a)(?:bc)?`,
		`a.*?b`, `a(?:b*?)c?`, `(?:a|ab)*c?b`, `(?i)k+`, `(?i:é)x?`, `\p{Greek}+a?`,
		`[[:alpha:]]+?b`, `(?s:.)+?c|a`, `a{2,3}?b?`, `(?U)a+b?`, `.+\x{FFFD}`,
	}
	alpha := []string{"a", "b", "c", "d", "K", "\u212a", "É", "é", "α", "\n", "\xff", "\ufffd"}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range patterns {
		prog, err := compileRule(p)
		if err != nil {
			t.Fatal(err)
		}
		a := newAlphabet([]*syntax.Prog{prog})
		d, err := buildRuleDFA(prog, a)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		re := regexp.MustCompile("^(?:" + p + ")")
		for range 3000 {
			var b strings.Builder
			for range rng.IntN(8) {
				b.WriteString(alpha[rng.IntN(len(alpha))])
			}
			s := b.String()
			want := -1
			if loc := re.FindStringIndex(s); loc != nil {
				want = loc[1]
			}
			if got := d.match(a, s); got != want {
				t.Fatalf("%s on %q: DFA %d, regexp %d", p, s, got, want)
			}
		}
	}
}

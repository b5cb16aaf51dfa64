package main

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// This file turns the lexer's rules into deterministic automata.
//
// participle's stateful lexer tries the rules of the current state in order
// and takes the first that matches at the cursor, with Go's leftmost-first
// regexp semantics deciding the length. Each rule's pattern is parsed,
// simplified and compiled with regexp/syntax exactly as package regexp does,
// and its program is determinised the way RE2's DFA does leftmost-first
// matching: a DFA state is the ordered list of the program's threads, and a
// thread reaching Match cuts every lower-priority thread after it, just as
// the Pike VM does. Running such a DFA and remembering the last accepting
// position gives the length the regexp package returns.
//
// The rules of one lexer state are then combined into one product DFA whose
// states are tuples of rule states; once rule i has matched, every rule after
// it is dropped, since it can no longer win. The product is minimised, and
// its input alphabet is the set of rune classes no rule tells apart.

// maxRune bounds the alphabet: runes the decoder can produce are
// 0..utf8.MaxRune (an invalid byte decodes to utf8.RuneError, width 1, as in
// package regexp).
const maxRune = utf8.MaxRune

// lexRule is one rule of one lexer state.
type lexRule struct {
	Name    string
	Pattern string
	Push    string // state pushed on a match, "" for none
	Pop     bool   // pop the state on a match
	prog    *syntax.Prog
}

// lexState is one state of the stateful lexer and its combined automaton.
type lexState struct {
	Name  string
	Rules []*lexRule
	dfa   *dfa
}

// lexSpec is the whole lexer: its states (Root first), the token kinds in
// order of first appearance, and the alphabet shared by all states.
type lexSpec struct {
	States  []*lexState
	Kinds   []string // token kind names; index+1 is the kind's number (0 is EOF)
	Elided  map[string]bool
	classes *alphabet
}

// kind returns the number of a token kind.
func (l *lexSpec) kind(name string) int {
	return slices.Index(l.Kinds, name) + 1
}

// buildLexer reads participle's stateful rules.
func buildLexer(rules lexer.Rules, elided []string) (*lexSpec, error) {
	spec := &lexSpec{Elided: map[string]bool{}}
	if _, ok := rules["Root"]; !ok {
		return nil, fmt.Errorf("lexer has no Root state")
	}
	names := []string{"Root"}
	for name := range rules {
		if name != "Root" {
			names = append(names, name)
		}
	}
	sort.Strings(names[1:])
	patterns := map[string]string{}
	for _, name := range names {
		st := &lexState{Name: name}
		for _, r := range rules[name] {
			if r == lexer.ReturnRule || r.Name == "" {
				return nil, fmt.Errorf("state %s: Return() and Include() rules are not supported", name)
			}
			if unicode.IsLower(rune(r.Name[0])) {
				return nil, fmt.Errorf("rule %s: lower-case (ignored) rules are not supported", r.Name)
			}
			lr := &lexRule{Name: r.Name, Pattern: r.Pattern}
			switch a := r.Action.(type) {
			case nil:
			case lexer.ActionPush:
				if _, ok := rules[a.State]; !ok {
					return nil, fmt.Errorf("rule %s pushes unknown state %s", r.Name, a.State)
				}
				lr.Push = a.State
			case lexer.ActionPop:
				lr.Pop = true
			default:
				return nil, fmt.Errorf("rule %s: unsupported action %T", r.Name, r.Action)
			}
			prog, err := compileRule(r.Pattern)
			if err != nil {
				return nil, fmt.Errorf("rule %s.%s: %w", name, r.Name, err)
			}
			lr.prog = prog
			if p, ok := patterns[r.Name]; ok && p != r.Pattern {
				return nil, fmt.Errorf("rule %s has different patterns in different states", r.Name)
			}
			if _, ok := patterns[r.Name]; !ok {
				patterns[r.Name] = r.Pattern
				spec.Kinds = append(spec.Kinds, r.Name)
			}
			st.Rules = append(st.Rules, lr)
		}
		spec.States = append(spec.States, st)
	}
	for _, e := range elided {
		if _, ok := patterns[e]; !ok {
			return nil, fmt.Errorf("elided token %s is not a rule", e)
		}
		spec.Elided[e] = true
	}
	var progs []*syntax.Prog
	for _, st := range spec.States {
		for _, r := range st.Rules {
			progs = append(progs, r.prog)
		}
	}
	spec.classes = newAlphabet(progs)
	for _, st := range spec.States {
		d, err := productDFA(st.Rules, spec.classes)
		if err != nil {
			return nil, fmt.Errorf("state %s: %w", st.Name, err)
		}
		st.dfa = d.minimize()
		// Totality: every rune starts some token, so the lexer never fails.
		for c := range spec.classes.n {
			if t := st.dfa.trans[st.dfa.start][c]; st.dfa.accept[t] < 0 {
				return nil, fmt.Errorf("state %s: no rule matches the rune %U; the generated scanner needs a total lexer (add a catch-all rule)",
					st.Name, spec.classes.rep[c])
			}
		}
	}
	if len(spec.Kinds) >= 64 {
		return nil, fmt.Errorf("%d token kinds; the generated parser's kind sets hold 63", len(spec.Kinds))
	}
	return spec, nil
}

// compileRule compiles a pattern as package regexp does for participle's
// `^(?:pattern)`; the anchoring is implicit in how the DFA is run.
func compileRule(pattern string) (*syntax.Prog, error) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, err
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil, err
	}
	for _, in := range prog.Inst {
		if in.Op == syntax.InstEmptyWidth {
			return nil, fmt.Errorf("empty-width assertions (^ $ \\b \\A \\z) are not supported")
		}
	}
	return prog, nil
}

// consumes reports whether an instruction consumes a rune.
func consumes(op syntax.InstOp) bool {
	switch op {
	case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		return true
	}
	return false
}

// matchRune reports whether a consuming instruction matches r.
func matchRune(in *syntax.Inst, r rune) bool {
	switch in.Op {
	case syntax.InstRune:
		return in.MatchRune(r)
	case syntax.InstRune1:
		return r == in.Rune[0]
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return r != '\n'
	}
	panic("not a consuming instruction")
}

// alphabet partitions the runes into classes that no instruction of any
// rule tells apart.
type alphabet struct {
	n     int
	rep   []rune // a representative rune of each class
	lo    []rune // sorted starts of maximal runs of runes in one class
	class []int  // class of the run starting at lo[i]
}

func newAlphabet(progs []*syntax.Prog) *alphabet {
	cuts := map[rune]bool{0: true, maxRune + 1: true}
	cut := func(lo, hi rune) {
		cuts[lo] = true
		cuts[hi+1] = true
	}
	var insts []*syntax.Inst
	for _, p := range progs {
		for i := range p.Inst {
			in := &p.Inst[i]
			if !consumes(in.Op) {
				continue
			}
			insts = append(insts, in)
			switch in.Op {
			case syntax.InstRune:
				if len(in.Rune) == 1 && syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
					r0 := in.Rune[0]
					cut(r0, r0)
					for r := unicode.SimpleFold(r0); r != r0; r = unicode.SimpleFold(r) {
						cut(r, r)
					}
					continue
				}
				if len(in.Rune) == 1 {
					cut(in.Rune[0], in.Rune[0])
					continue
				}
				for j := 0; j+1 < len(in.Rune); j += 2 {
					cut(in.Rune[j], in.Rune[j+1])
				}
			case syntax.InstRune1:
				cut(in.Rune[0], in.Rune[0])
			case syntax.InstRuneAnyNotNL:
				cut('\n', '\n')
			}
		}
	}
	var bounds []rune
	for r := range cuts {
		bounds = append(bounds, r)
	}
	slices.Sort(bounds)
	a := &alphabet{}
	ids := map[string]int{}
	for i := 0; i+1 < len(bounds); i++ {
		lo := bounds[i]
		var sig strings.Builder
		for _, in := range insts {
			if matchRune(in, lo) {
				sig.WriteByte('1')
			} else {
				sig.WriteByte('0')
			}
		}
		id, ok := ids[sig.String()]
		if !ok {
			id = a.n
			ids[sig.String()] = id
			a.rep = append(a.rep, lo)
			a.n++
		}
		if len(a.class) > 0 && a.class[len(a.class)-1] == id {
			continue
		}
		a.lo = append(a.lo, lo)
		a.class = append(a.class, id)
	}
	return a
}

// classOf returns the class of r.
func (a *alphabet) classOf(r rune) int {
	i := sort.Search(len(a.lo), func(i int) bool { return a.lo[i] > r }) - 1
	return a.class[i]
}

// ruleDFA is the leftmost-first DFA of one rule. State 0 is dead.
type ruleDFA struct {
	start  int
	trans  [][]int
	accept []bool
}

// threads is an ordered thread list of a program, cut after Match.
type threads []uint32

func (t threads) key() string {
	var b strings.Builder
	for _, pc := range t {
		b.WriteString(strconv.Itoa(int(pc)))
		b.WriteByte(',')
	}
	return b.String()
}

// addThread appends pc's epsilon closure to t in priority order, as the Pike
// VM's add does.
func addThread(p *syntax.Prog, t threads, seen map[uint32]bool, pc uint32) threads {
	if seen[pc] {
		return t
	}
	seen[pc] = true
	in := &p.Inst[pc]
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		t = addThread(p, t, seen, in.Out)
		t = addThread(p, t, seen, in.Arg)
	case syntax.InstCapture, syntax.InstNop:
		t = addThread(p, t, seen, in.Out)
	case syntax.InstFail:
	default: // Match and the consuming instructions
		t = append(t, pc)
	}
	return t
}

// cut drops the threads after the first Match: leftmost-first priority.
func cut(p *syntax.Prog, t threads) (threads, bool) {
	for i, pc := range t {
		if p.Inst[pc].Op == syntax.InstMatch {
			return t[:i+1], true
		}
	}
	return t, false
}

func buildRuleDFA(p *syntax.Prog, a *alphabet) (*ruleDFA, error) {
	d := &ruleDFA{trans: [][]int{make([]int, a.n)}, accept: []bool{false}}
	ids := map[string]int{"": 0}
	var queue []threads
	state := func(t threads) int {
		t, acc := cut(p, t)
		k := t.key()
		if id, ok := ids[k]; ok {
			return id
		}
		id := len(d.trans)
		ids[k] = id
		d.trans = append(d.trans, make([]int, a.n))
		d.accept = append(d.accept, acc)
		queue = append(queue, t)
		return id
	}
	d.start = state(addThread(p, nil, map[uint32]bool{}, uint32(p.Start)))
	if d.accept[d.start] {
		return nil, fmt.Errorf("pattern matches the empty string; participle's lexer fails on such a match")
	}
	for done := 0; done < len(queue); done++ {
		t, from := queue[done], done+1
		for c := range a.n {
			r := a.rep[c]
			var next threads
			seen := map[uint32]bool{}
			for _, pc := range t {
				in := &p.Inst[pc]
				if in.Op == syntax.InstMatch {
					break
				}
				if matchRune(in, r) {
					next = addThread(p, next, seen, in.Out)
				}
			}
			d.trans[from][c] = state(next)
		}
		if len(d.trans) > 1<<12 {
			return nil, fmt.Errorf("DFA has more than %d states", 1<<12)
		}
	}
	return d, nil
}

// match runs the DFA over s from its start and returns the length of the
// match, or -1.
func (d *ruleDFA) match(a *alphabet, s string) int {
	st, n := d.start, -1
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		st = d.trans[st][a.classOf(r)]
		if st == 0 {
			break
		}
		i += w
		if d.accept[st] {
			n = i
		}
	}
	return n
}

// dfa is the combined automaton of one lexer state. State 0 is dead;
// accept[s] is the index of the rule that matches in state s, or -1.
type dfa struct {
	start  int
	trans  [][]int
	accept []int
}

func productDFA(rules []*lexRule, a *alphabet) (*dfa, error) {
	rds := make([]*ruleDFA, len(rules))
	for i, r := range rules {
		d, err := buildRuleDFA(r.prog, a)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", r.Name, err)
		}
		rds[i] = d
	}
	d := &dfa{trans: [][]int{make([]int, a.n)}, accept: []int{-1}}
	ids := map[string]int{}
	var queue [][]int
	state := func(comps []int) int {
		acc := -1
		for i, s := range comps {
			if s != 0 && rds[i].accept[s] {
				acc = i
				break
			}
		}
		if acc >= 0 { // rules after the one that matched can no longer win
			for j := acc + 1; j < len(comps); j++ {
				comps[j] = 0
			}
		}
		var b strings.Builder
		live := false
		for _, s := range comps {
			live = live || s != 0
			b.WriteString(strconv.Itoa(s))
			b.WriteByte(',')
		}
		if !live {
			return 0
		}
		if id, ok := ids[b.String()]; ok {
			return id
		}
		id := len(d.trans)
		ids[b.String()] = id
		d.trans = append(d.trans, make([]int, a.n))
		d.accept = append(d.accept, acc)
		queue = append(queue, comps)
		return id
	}
	start := make([]int, len(rds))
	for i, rd := range rds {
		start[i] = rd.start
	}
	d.start = state(start)
	for done := 0; done < len(queue); done++ {
		comps, from := queue[done], done+1
		for c := range a.n {
			next := make([]int, len(comps))
			for i, s := range comps {
				if s != 0 {
					next[i] = rds[i].trans[s][c]
				}
			}
			d.trans[from][c] = state(next)
		}
		if len(d.trans) > 1<<14 {
			return nil, fmt.Errorf("combined DFA has more than %d states", 1<<14)
		}
	}
	return d, nil
}

// minimize merges equivalent states by partition refinement, keeping the
// dead state 0 and numbering the start state 1.
func (d *dfa) minimize() *dfa {
	n := len(d.trans)
	block := make([]int, n)
	for s := range n {
		block[s] = d.accept[s] + 1
	}
	for {
		ids := map[string]int{}
		next := make([]int, n)
		for s := range n {
			var b strings.Builder
			b.WriteString(strconv.Itoa(block[s]))
			for _, t := range d.trans[s] {
				b.WriteByte(',')
				b.WriteString(strconv.Itoa(block[t]))
			}
			id, ok := ids[b.String()]
			if !ok {
				id = len(ids)
				ids[b.String()] = id
			}
			next[s] = id
		}
		same := countDistinct(next) == countDistinct(block)
		block = next
		if same {
			break
		}
	}
	// Renumber: the dead state's block is 0, the start's 1, the rest in
	// breadth-first order from the start so the tables read naturally.
	num := map[int]int{block[0]: 0}
	order := []int{0}
	if _, ok := num[block[d.start]]; !ok {
		num[block[d.start]] = len(order)
		order = append(order, d.start)
	}
	for i := 1; i < len(order); i++ {
		for _, t := range d.trans[order[i]] {
			if _, ok := num[block[t]]; !ok {
				num[block[t]] = len(order)
				order = append(order, t)
			}
		}
	}
	m := &dfa{start: num[block[d.start]]}
	for _, s := range order {
		row := make([]int, len(d.trans[s]))
		for c, t := range d.trans[s] {
			row[c] = num[block[t]]
		}
		m.trans = append(m.trans, row)
		m.accept = append(m.accept, d.accept[s])
	}
	return m
}

func countDistinct(xs []int) int {
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	return len(seen)
}

// match runs the combined DFA at the start of s and returns the index of
// the winning rule and the match length; -1, 0 if no rule matches.
func (d *dfa) match(a *alphabet, s string) (rule, n int) {
	st, rule := d.start, -1
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		st = d.trans[st][a.classOf(r)]
		if st == 0 {
			break
		}
		i += w
		if d.accept[st] >= 0 {
			rule, n = d.accept[st], i
		}
	}
	return rule, n
}

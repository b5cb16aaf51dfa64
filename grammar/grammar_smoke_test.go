package grammar

import (
	"testing"

	"github.com/alecthomas/repr"
)

func TestSmoke(t *testing.T) {
	m, err := MovetextParser.ParseString("", "1.e4 e5 {c}\n%esc\n 2. Nf3?! $1 (2. Nc3 (2. f4 ) ; x\n) 1-0 {after}")
	if err != nil {
		t.Fatal(err)
	}
	repr.Println(m)
	tg, err := TagParser.ParseString("", `[Event "x" junk] [Site "a\"b"`+"\n"+`[Date`)
	if err != nil {
		t.Fatal(err)
	}
	repr.Println(tg)
	t.Log(MovetextParser.String())
}

package astcheck

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
)

// FormatOnce returns the export format of data as `pgnlint fmt` writes it.
func FormatOnce(data []byte, opt formatter.Options) ([]byte, lint.FormatResult, error) {
	var out bytes.Buffer
	res, err := lint.Format("", bytes.NewReader(data), &out, opt, func(lint.Finding) {}, nil)
	return out.Bytes(), res, err
}

// FormatProperties checks the export printer on data: formatting twice
// gives what formatting once gives; every game keeps its meaning (printed
// games against the game repaired by its fixes, kept games unchanged); and
// a printed game has no diagnostic left that has a fix.
func FormatProperties(data []byte) error {
	once, res, err := FormatOnce(data, formatter.Options{})
	if err != nil {
		return err
	}
	twice, _, err := FormatOnce(once, formatter.Options{})
	if err != nil {
		return err
	}
	if !bytes.Equal(once, twice) {
		return fmt.Errorf("not idempotent:\n--- once\n%s\n--- twice\n%s", head(once), head(twice))
	}
	before, err := games(data)
	if err != nil {
		return err
	}
	after, err := games(once)
	if err != nil {
		return err
	}
	if len(before) != len(after) || len(before) != res.Games {
		return fmt.Errorf("%d games became %d", len(before), len(after))
	}
	for i, pg := range before {
		want := Summarize(pg.Game)
		if !semantic.IsGame(pg.Game) {
			// A preamble (comments, escape lines) is written as it is.
		} else if repaired, ok := lint.Repair(pg, lint.Check(pg)); ok {
			want = Summarize(repaired.Game)
			for _, d := range lint.Check(after[i]) {
				if len(d.Fixes) > 0 {
					return fmt.Errorf("game %d: printed game still has %s: %s", i+1, d.Rule, d.Message)
				}
			}
		}
		if diff := Compare(want, Summarize(after[i].Game)); diff != "" {
			return fmt.Errorf("game %d changed meaning:\n%s", i+1, diff)
		}
	}
	return nil
}

func games(data []byte) ([]*lint.ParsedGame, error) {
	rd := lint.NewReader(bytes.NewReader(data))
	var out []*lint.ParsedGame
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pg)
	}
}

func head(b []byte) []byte {
	if len(b) > 3000 {
		return b[:3000]
	}
	return b
}

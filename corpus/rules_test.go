package corpus

import (
	"github.com/pgnlint/pgnlint/semantic"
)

func allRules() []string {
	var ids []string
	for _, r := range semantic.Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}

package xiangqi

import (
	"fmt"
	"strings"
)

// IssueKind classifies what ParseMove found wrong with a move token.
type IssueKind uint8

const (
	// Errors: the token does not denote exactly one legal move.
	IssueUnparseable IssueKind = iota + 1 // not a move in any notation
	IssueIllegal                          // well formed, but no legal move matches
	IssueAmbiguous                        // more than one legal move matches

	// Non-canonical spellings of a resolved move; Resolution.Canonical is
	// the fix.
	IssueMissingQualifier    // file number where 前/后 (WXF +/-) is needed: 炮四退二 for 前炮退二
	IssueTandemStyle         // tandem pawns in another convention: 前兵七平八, 前七平八, 前兵 where xqbase uses 一兵, 17=8, Pa.5
	IssueMixedScript         // traditional and simplified characters in one move
	IssueVariantChar         // piece-character variant: 俥 傌 伡 硨 砲 包
	IssueWrongSidePiece      // the other side's character: 士 for a Red advisor
	IssueWrongSideNumber     // Chinese numerals in a Black move or digits in a Red move
	IssueCharWidth           // ASCII digit where xqbase writes full-width (Black, Chinese), or full-width in WXF/ICCS
	IssueQualifierAfterPiece // 车前平三 instead of 前车平三
	IssueLenientAction       // 上/下 for 进/退
	IssueWXFPrefixTandem     // +C-2 instead of C+-2
	IssueWXFEquals           // = for sideways instead of .
	IssueWXFNoOperator       // C25 instead of C2.5
	IssueWXFLetter           // lower-case letter, or B/N instead of E/H
	IssueICCSForm            // h2e2 / H2E2 instead of the spec form H2-E2
	IssueNonCanonical        // differs from the canonical text in some other way (spacing)

	// The token is in another notation than the one requested (PGN Format tag).
	IssueNotationMismatch
)

var issueNames = [...]string{
	IssueUnparseable:         "unparseable",
	IssueIllegal:             "illegal",
	IssueAmbiguous:           "ambiguous",
	IssueMissingQualifier:    "missing-qualifier",
	IssueTandemStyle:         "tandem-style",
	IssueMixedScript:         "mixed-script",
	IssueVariantChar:         "variant-char",
	IssueWrongSidePiece:      "wrong-side-piece",
	IssueWrongSideNumber:     "wrong-side-number",
	IssueCharWidth:           "char-width",
	IssueQualifierAfterPiece: "qualifier-after-piece",
	IssueLenientAction:       "lenient-action",
	IssueWXFPrefixTandem:     "wxf-prefix-tandem",
	IssueWXFEquals:           "wxf-equals",
	IssueWXFNoOperator:       "wxf-no-operator",
	IssueWXFLetter:           "wxf-letter",
	IssueICCSForm:            "iccs-form",
	IssueNonCanonical:        "non-canonical",
	IssueNotationMismatch:    "notation-mismatch",
}

// String returns a stable identifier such as "missing-qualifier".
func (k IssueKind) String() string {
	if int(k) < len(issueNames) && issueNames[k] != "" {
		return issueNames[k]
	}
	return fmt.Sprintf("issue(%d)", k)
}

var issueDescriptions = [...]string{
	IssueUnparseable:         "not a move in Chinese, WXF or ICCS notation",
	IssueIllegal:             "no legal move fits this move text",
	IssueAmbiguous:           "more than one legal move fits this move text",
	IssueMissingQualifier:    "two pieces of this kind share the file: the move needs 前/后 (WXF +/-) instead of the file number",
	IssueTandemStyle:         "pieces sharing a file are named in another convention than the xqbase/WXF standard",
	IssueMixedScript:         "traditional and simplified characters are mixed in one move",
	IssueVariantChar:         "uncommon variant of a piece character",
	IssueWrongSidePiece:      "piece character of the other side",
	IssueWrongSideNumber:     "numbers in the other side's style (Red: Chinese numerals, Black: digits)",
	IssueCharWidth:           "digit or letter width differs from the canonical form",
	IssueQualifierAfterPiece: "前/中/后 belongs before the piece character",
	IssueLenientAction:       "上/下 used for 进/退",
	IssueWXFPrefixTandem:     "WXF tandem sign belongs after the piece letter",
	IssueWXFEquals:           "WXF sideways moves use '.', not '='",
	IssueWXFNoOperator:       "WXF move without operator",
	IssueWXFLetter:           "WXF piece letters are upper case K A E H R C P",
	IssueICCSForm:            "ICCS moves in PGN are written like H2-E2",
	IssueNonCanonical:        "move text differs from the canonical form",
	IssueNotationMismatch:    "move is not in the notation the game declares",
}

// Description returns a one-line English explanation of the kind.
func (k IssueKind) Description() string {
	if int(k) < len(issueDescriptions) {
		return issueDescriptions[k]
	}
	return ""
}

// IsError reports whether the issue means the move could not be resolved.
func (k IssueKind) IsError() bool {
	return k == IssueUnparseable || k == IssueIllegal || k == IssueAmbiguous
}

// Issue is one finding about a move token.
type Issue struct {
	Kind IssueKind
	// For IssueAmbiguous: the legal moves the token fits. For IssueIllegal:
	// moves the token fits that break only the king-safety rule (they would
	// leave the own king attacked, e.g. by the facing general); empty when
	// no piece can make such a move at all.
	Candidates []Move
	// For IssueNotationMismatch: the requested and the detected notation.
	Want, Got Notation
	Detail    string // human-readable specifics
}

func (i Issue) String() string {
	var sb strings.Builder
	sb.WriteString(i.Kind.String())
	if i.Detail != "" {
		sb.WriteString(": ")
		sb.WriteString(i.Detail)
	}
	if i.Kind == IssueNotationMismatch {
		fmt.Fprintf(&sb, ": %s move where %s is required", i.Got, i.Want)
	}
	if len(i.Candidates) > 0 {
		sb.WriteString(" [")
		for j, m := range i.Candidates {
			if j > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(m.String())
		}
		sb.WriteByte(']')
	}
	return sb.String()
}

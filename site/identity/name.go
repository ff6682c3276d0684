// Package identity checks the display names players choose. A name is
// shown beside the board, in the lobby and in My games, to strangers: it
// must not carry markup or control characters, pass for the site's AI, or
// pass for another player by look-alike letters.
package identity

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The length of a name, in characters (after normalization).
const (
	MinNameLen = 3
	MaxNameLen = 20
)

// Errors of CheckName, for the page to translate.
var (
	ErrNameLength     = errors.New("a name has 3 to 20 characters")
	ErrNameCharacters = errors.New("a name has letters and digits, with single spaces, - or _ between them")
	ErrNameScripts    = errors.New("a name's letters are of one script")
	ErrNameReserved   = errors.New("that name is the site's or its AI's")
)

// reserved are skeletons no player may take: the site's, its AI's (the AI is
// shown as "AI · Dog, level 3"), and the AI levels' animal names.
var reserved = map[string]bool{
	"ai": true, "bot": true, "robot": true, "computer": true, "engine": true, "cpu": true,
	"admin": true, "administrator": true, "moderator": true, "mod": true, "system": true, "server": true,
	"doushouqi": true, "anonymous": true, "guest": true, "nobody": true,
	"rat": true, "cat": true, "dog": true, "wolf": true, "leopard": true, "tiger": true, "lion": true, "elephant": true,
	"red": true, "blue": true,
}

// CheckName returns the name as it is stored and shown (Unicode NFKC, runs of
// spaces folded to one, trimmed), or an error saying why it is refused.
func CheckName(name string) (string, error) {
	if !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return r != ' ' && unicode.IsSpace(r) }) {
		return "", ErrNameCharacters // tabs, line breaks, other spaces
	}
	name = strings.Join(strings.Fields(norm.NFKC.String(name)), " ")
	n := utf8.RuneCountInString(name)
	if n < MinNameLen || n > MaxNameLen {
		return "", ErrNameLength
	}
	var script *unicode.RangeTable
	prevSep := true // a name starts with a letter or a digit
	for _, r := range name {
		switch {
		case r == ' ' || r == '-' || r == '_':
			if prevSep {
				return "", ErrNameCharacters
			}
			prevSep = true
			continue
		case unicode.IsDigit(r) && r < utf8.RuneSelf:
		case unicode.IsLetter(r):
			s := scriptOf(r)
			if s == nil {
				return "", ErrNameCharacters
			}
			if script != nil && s != script {
				return "", ErrNameScripts
			}
			script = s
		default:
			return "", ErrNameCharacters // markup, controls, symbols, marks, other digits
		}
		prevSep = false
	}
	if prevSep {
		return "", ErrNameCharacters // ends with a separator
	}
	if isReserved(Skeleton(name)) {
		return "", ErrNameReserved
	}
	return name, nil
}

// scripts a name's letters may come from; all of one script.
var scripts = []*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Han,
	unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Arabic, unicode.Hebrew, unicode.Thai, unicode.Devanagari}

func scriptOf(r rune) *unicode.RangeTable {
	for _, s := range scripts {
		if unicode.Is(s, r) {
			if s == unicode.Hiragana { // Japanese names mix kana: one script
				return unicode.Katakana
			}
			return s
		}
	}
	return nil
}

// confusable maps letters and digits to the Latin letter they pass for, so
// that two names that look alike have one skeleton.
var confusable = map[rune]rune{
	'0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', 'i': 'l', '|': 'l',
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'һ': 'h', 'і': 'l', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ɡ': 'g',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'ι': 'l', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
}

// Skeleton is what a name looks like, for comparing names: lower case, its
// accents and separators dropped, look-alike letters and digits mapped to
// one. Two names with one skeleton are one name.
func Skeleton(name string) string {
	var sb strings.Builder
	for _, r := range norm.NFKD.String(strings.ToLower(name)) {
		if unicode.Is(unicode.Mn, r) || r == ' ' || r == '-' || r == '_' {
			continue
		}
		if c, ok := confusable[r]; ok {
			r = c
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// isReserved reports whether a skeleton is reserved, or starts or ends with
// "al" (the skeleton of "AI") beside a reserved word, as "AI Dog" or
// "Tiger-AI" would.
func isReserved(skel string) bool {
	s := func(w string) string { return Skeleton(w) }
	if reserved[skel] {
		return true
	}
	for w := range reserved {
		if skel == s(w) || skel == s("ai")+s(w) || skel == s(w)+s("ai") || skel == s(w)+s("bot") {
			return true
		}
	}
	return strings.HasPrefix(skel, s("ai")+s("level")) || strings.HasPrefix(skel, s("level"))
}

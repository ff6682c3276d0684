package doushouqi

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/doushouqi/doushouqi/internal/recordtext"
)

// ErrTag is the error of a tag a record cannot hold: a name that is not 1 to
// 64 letters, digits or underscores, one of the names the record writes
// itself (Start, Result, Rules, DrawOffer) in any case ("result" too, which
// a reader would take for Result), or a value that is not one line of
// printable text (see [Game.SetTag]).
var ErrTag = errors.New("invalid tag")

// Tag returns the value of the tag name, such as "Red", "Blue", "Date" or
// "Event", and whether it is set.
func (g Game) Tag(name string) (string, bool) {
	v, ok := g.tags[name]
	return v, ok
}

// Tags returns the game's tags in a new map (nil if there are none).
func (g Game) Tags() map[string]string { return cloneTags(g.tags) }

// SetTag sets the tag name to value, for the game's record. A name the text
// record cannot hold or a reserved name is refused, and so is a value that a
// page could not show as it is: invalid UTF-8, a control character (tab,
// newline, NUL, ESC, DEL and the C1 controls included), a line or paragraph
// separator (U+2028, U+2029), or a bidirectional embedding, override or
// isolate control (U+202A..U+202E, U+2066..U+2069), which would reorder the
// text around it. The error wraps ErrTag and nothing changes: a tag that is
// set is never dropped by Record or JSON. ParseRecord and ParseRecordJSON
// check their tags with the same rules.
func (g *Game) SetTag(name, value string) error {
	if err := checkTag(name, value); err != nil {
		return err
	}
	tags := make(map[string]string, len(g.tags)+1) // copies may share g.tags: never write it
	maps.Copy(tags, g.tags)
	tags[name] = value
	g.tags = tags
	return nil
}

// DeleteTag removes the tag name, if set.
func (g *Game) DeleteTag(name string) {
	if _, ok := g.tags[name]; !ok {
		return
	}
	tags := cloneTags(g.tags) // copies may share g.tags: never write it
	delete(tags, name)
	if len(tags) == 0 {
		tags = nil
	}
	g.tags = tags
}

// checkTag is the one check of a tag, on every path a tag takes into a
// Game: SetTag, ParseRecord and ParseRecordJSON (Record and MarshalJSON
// write only tags that passed it).
func checkTag(name, value string) error {
	if !recordtext.ValidTagName(name) {
		return fmt.Errorf("doushouqi: tag %q: %w: a name is 1 to 64 letters, digits or underscores", cutInput(name), ErrTag)
	}
	if i := slices.IndexFunc(recordtext.ReservedTags[:], func(r string) bool { return strings.EqualFold(r, name) }); i >= 0 {
		return fmt.Errorf("doushouqi: tag %q: %w: %s is written from the game itself, in any case", name, ErrTag, recordtext.ReservedTags[i])
	}
	if !utf8.ValidString(value) {
		return fmt.Errorf("doushouqi: tag %q: %w: value %q is not valid UTF-8", name, ErrTag, cutInput(value))
	}
	for _, r := range value {
		if unprintableInTag(r) {
			return fmt.Errorf("doushouqi: tag %q: %w: value %q holds the control character %U", name, ErrTag, cutInput(value), r)
		}
	}
	return nil
}

// unprintableInTag reports the characters a tag value may not hold: those
// that are not one line of text to show as it is.
func unprintableInTag(r rune) bool {
	switch {
	case unicode.IsControl(r): // C0 (tab and newline included), DEL, C1
		return true
	case r == '\u2028' || r == '\u2029': // line and paragraph separators
		return true
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069': // bidi embeddings, overrides, isolates
		return true
	}
	return false
}

// checkTags checks the tags of a parsed record with checkTag, in name order
// so that the first fault reported is always the same, and returns them as
// a game's tags: nil if there are none.
func checkTags(tags map[string]string) (map[string]string, error) {
	for _, name := range slices.Sorted(maps.Keys(tags)) {
		if err := checkTag(name, tags[name]); err != nil {
			return nil, err
		}
	}
	if len(tags) == 0 {
		return nil, nil
	}
	return tags, nil
}

func cloneTags(tags map[string]string) map[string]string {
	if len(tags) == 0 {
		return nil
	}
	return maps.Clone(tags)
}

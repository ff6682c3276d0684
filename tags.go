package doushouqi

import (
	"errors"
	"fmt"
	"maps"
	"unicode/utf8"
)

// ErrTag is the error of a tag a record cannot hold: a name that is not 1 to
// 64 letters, digits or underscores, one of the names the record writes
// itself (Start, Result, Rules), or a value that is not valid UTF-8.
var ErrTag = errors.New("invalid tag")

// reservedTags are written from the game itself, never from its tags.
var reservedTags = [...]string{"Start", "Result", "Rules"}

// Tag returns the value of the tag name, such as "Red", "Blue", "Date" or
// "Event", and whether it is set.
func (g Game) Tag(name string) (string, bool) {
	v, ok := g.tags[name]
	return v, ok
}

// Tags returns the game's tags in a new map (nil if there are none).
func (g Game) Tags() map[string]string { return cloneTags(g.tags) }

// SetTag sets the tag name to value, for the game's record. A name the text
// record cannot hold, a reserved name, or a value that is not valid UTF-8
// (JSON could not carry it) is refused with an error wrapping ErrTag, and
// nothing changes: a tag that is set is never dropped by Record or JSON.
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

func checkTag(name, value string) error {
	if !validTagName(name) {
		return fmt.Errorf("doushouqi: tag %q: %w: a name is 1 to 64 letters, digits or underscores", cutInput(name), ErrTag)
	}
	for _, r := range reservedTags {
		if name == r {
			return fmt.Errorf("doushouqi: tag %q: %w: written from the game itself", name, ErrTag)
		}
	}
	if !utf8.ValidString(value) {
		return fmt.Errorf("doushouqi: tag %q: %w: value %q is not valid UTF-8", name, ErrTag, cutInput(value))
	}
	return nil
}

func validTagName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

func cloneTags(tags map[string]string) map[string]string {
	if len(tags) == 0 {
		return nil
	}
	return maps.Clone(tags)
}

package uci

import (
	"fmt"
	"strings"
)

// Option is an option an engine declares in its handshake ("option name
// Hash type spin default 16 min 1 max 4096").
type Option struct {
	Name, Type, Default string
	Min, Max            string   // for type spin; "" if not given
	Vars                []string // for type combo
}

// String writes the option's line: "option name NAME type TYPE", then
// default, min, max and each var that is set.
func (o Option) String() string {
	var b strings.Builder
	b.WriteString("option name " + o.Name + " type " + o.Type)
	for _, f := range []struct{ key, value string }{{"default", o.Default}, {"min", o.Min}, {"max", o.Max}} {
		if f.value != "" {
			b.WriteString(" " + f.key + " " + f.value)
		}
	}
	for _, v := range o.Vars {
		b.WriteString(" var " + v)
	}
	return b.String()
}

// ParseOption reads an option line ("option name NAME type TYPE ..."); a
// line without a name or a type is an error wrapping ErrProtocol.
func ParseOption(line string) (Option, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "option ")
	if !ok {
		return Option{}, fmt.Errorf("%w: want option, got %q", ErrProtocol, line)
	}
	return parseOption(rest)
}

// parseOption reads the part of an option line after "option".
func parseOption(text string) (Option, error) {
	var o Option
	key := ""
	var value []string
	flush := func() {
		v := strings.Join(value, " ")
		switch key {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		case "min":
			o.Min = v
		case "max":
			o.Max = v
		case "var":
			o.Vars = append(o.Vars, v)
		}
		value = value[:0]
	}
	for _, f := range strings.Fields(text) {
		switch f {
		case "name", "type", "default", "min", "max", "var":
			if key != "name" || f == "type" {
				flush()
				key = f
				continue
			}
		}
		if key == "" {
			return Option{}, fmt.Errorf("%w: option: want name first", ErrProtocol)
		}
		value = append(value, f)
	}
	flush()
	if o.Name == "" || o.Type == "" {
		return Option{}, fmt.Errorf("%w: option: want a name and a type", ErrProtocol)
	}
	return o, nil
}

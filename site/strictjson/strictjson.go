// Package strictjson decodes request bodies the strict way: one flat JSON
// object whose keys are the target struct's JSON names exactly (case and
// all), each at most once, and whose every value passes the range rule of
// its key. encoding/json is lenient on each point (it matches keys without
// regard to case, lets the last of two equal keys win and has no ranges),
// which lets a client send what no page sends and what a proxy or a second
// parser may read differently.
//
// A Decoder holds the rules of every key the API takes; a struct field
// without a rule cannot be decoded at all (ErrNoRule), so no field goes
// unchecked by oversight.
package strictjson

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The kinds of refusal, for errors.Is.
var (
	ErrSyntax    = errors.New("not one JSON object")
	ErrUnknown   = errors.New("unknown key")
	ErrDuplicate = errors.New("duplicate key")
	ErrType      = errors.New("wrong type")
	ErrRange     = errors.New("out of range")
	// ErrNoRule is a programming error: the target has a field that no
	// rule covers.
	ErrNoRule = errors.New("no rule for this field")
)

// Error is a refused body: the key at fault ("" for the whole body), the
// kind of refusal (one of the Err values) and a message for the client.
type Error struct {
	Key string
	Err error
	Msg string
}

func (e *Error) Error() string {
	if e.Key == "" {
		return "strictjson: " + e.Msg
	}
	return fmt.Sprintf("strictjson: %q: %s", e.Key, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// Rule is the range of one key's value. The value's JSON type comes from
// the struct field it is decoded into: a string field takes a JSON string,
// an integer field (or pointer to one) a whole number, a bool field true
// or false, and a field of a type whose pointer is an
// encoding.TextUnmarshaler a JSON string read by its UnmarshalText (so
// that a value is parsed once, where it is decoded). null is never a
// value.
type Rule struct {
	// Min and Max bound an integer (inclusive).
	Min, Max int64
	// Values, if not empty, are the strings allowed.
	Values []string
	// MaxLen bounds a string's length in bytes when Values is empty
	// (0: 64).
	MaxLen int
	// Check, if not nil, is a further test of a string (after MaxLen); its
	// error's text is shown to the client.
	Check func(string) error
	// Invalid is what the client is told of a string the field's
	// UnmarshalText refuses ("" : "is not valid"); never the error's own
	// text.
	Invalid string
}

// Rules maps each JSON key the API takes to its rule.
type Rules map[string]Rule

// Decoder decodes bodies by one set of rules; it is safe for concurrent
// use.
type Decoder struct {
	rules Rules
	types sync.Map // reflect.Type -> *plan
}

// New returns a decoder for rules.
func New(rules Rules) *Decoder { return &Decoder{rules: rules} }

// plan is how one struct type is decoded: its fields by exact JSON name.
type plan struct {
	fields map[string]field
	err    error // ErrNoRule, or an unsupported field type
}

type field struct {
	index []int
	kind  reflect.Kind // String, Int (any size), Bool
	text  bool         // a string read by the field's UnmarshalText
	ptr   bool         // the field is a pointer to its kind
	rule  Rule
}

// Decode reads data, one JSON object, into v, a pointer to a struct whose
// exported fields are strings, integers, pointers to integers or bools,
// named by their json tags as encoding/json names them. Each key of data
// must be the JSON name of one of v's fields, exactly, and appear once; its
// value must have the field's type and be within the key's rule. Fields
// whose key is absent are left as they are. Nothing may follow the object.
// On an error, v may be partly filled.
func (d *Decoder) Decode(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return &Error{Err: ErrNoRule, Msg: fmt.Sprintf("cannot decode into %T", v)}
	}
	p := d.plan(rv.Elem().Type())
	if p.err != nil {
		return p.err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return &Error{Err: ErrSyntax, Msg: "the body must be one JSON object"}
	}
	seen := make(map[string]bool, len(p.fields))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return &Error{Err: ErrSyntax, Msg: "the body is not valid JSON"}
		}
		key := tok.(string) // the decoder checks that keys are strings
		f, ok := p.fields[key]
		if !ok {
			return unknown(key, p)
		}
		if seen[key] {
			return &Error{Key: key, Err: ErrDuplicate, Msg: "appears more than once"}
		}
		seen[key] = true
		val, err := dec.Token()
		if err != nil {
			return &Error{Err: ErrSyntax, Msg: "the body is not valid JSON"}
		}
		if err := f.set(rv.Elem().FieldByIndex(f.index), key, val); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return &Error{Err: ErrSyntax, Msg: "the body is not valid JSON"}
	}
	if _, err := dec.Token(); err != io.EOF {
		return &Error{Err: ErrSyntax, Msg: "the body holds more than one JSON value"}
	}
	return nil
}

// unknown is the error for a key v has no field for, naming the field a
// client may have meant when only the case differs.
func unknown(key string, p *plan) error {
	for name := range p.fields {
		if strings.EqualFold(name, key) {
			return &Error{Key: key, Err: ErrUnknown, Msg: fmt.Sprintf("unknown key: keys are case-sensitive, this one is %q", name)}
		}
	}
	names := make([]string, 0, len(p.fields))
	for name := range p.fields {
		names = append(names, name)
	}
	slices.Sort(names)
	if len(names) == 0 {
		return &Error{Key: key, Err: ErrUnknown, Msg: "unknown key: this call takes an empty object"}
	}
	return &Error{Key: key, Err: ErrUnknown, Msg: "unknown key: this call takes " + strings.Join(names, ", ")}
}

// set checks val (a token) against f and stores it in dst.
func (f field) set(dst reflect.Value, key string, val json.Token) error {
	switch x := val.(type) {
	case json.Delim:
		return &Error{Key: key, Err: ErrType, Msg: "must be a " + kindName(f.kind) + ", not an object or array"}
	case nil:
		return &Error{Key: key, Err: ErrType, Msg: "must be a " + kindName(f.kind) + ", not null"}
	case string:
		if f.kind != reflect.String {
			return &Error{Key: key, Err: ErrType, Msg: "must be a " + kindName(f.kind)}
		}
		if err := f.rule.checkString(key, x); err != nil {
			return err
		}
		if f.text {
			if err := dst.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(x)); err != nil {
				msg := f.rule.Invalid
				if msg == "" {
					msg = "is not valid"
				}
				return &Error{Key: key, Err: ErrRange, Msg: msg}
			}
			return nil
		}
		dst.SetString(x)
	case json.Number:
		if f.kind != reflect.Int {
			return &Error{Key: key, Err: ErrType, Msg: "must be a " + kindName(f.kind)}
		}
		n, err := strconv.ParseInt(string(x), 10, 64)
		if err != nil || n < f.rule.Min || n > f.rule.Max {
			return &Error{Key: key, Err: ErrRange, Msg: fmt.Sprintf("must be a whole number from %d to %d", f.rule.Min, f.rule.Max)}
		}
		if f.ptr {
			p := reflect.New(dst.Type().Elem())
			p.Elem().SetInt(n)
			dst.Set(p)
		} else {
			dst.SetInt(n)
		}
	case bool:
		if f.kind != reflect.Bool {
			return &Error{Key: key, Err: ErrType, Msg: "must be a " + kindName(f.kind)}
		}
		dst.SetBool(x)
	}
	return nil
}

func (r Rule) checkString(key, s string) error {
	if len(r.Values) > 0 {
		if !slices.Contains(r.Values, s) {
			return &Error{Key: key, Err: ErrRange, Msg: "must be one of " + strings.Join(r.Values, ", ")}
		}
		return nil
	}
	maxLen := r.MaxLen
	if maxLen == 0 {
		maxLen = 64
	}
	if len(s) > maxLen || !utf8.ValidString(s) {
		return &Error{Key: key, Err: ErrRange, Msg: fmt.Sprintf("must be text of at most %d bytes", maxLen)}
	}
	if r.Check != nil {
		if err := r.Check(s); err != nil {
			return &Error{Key: key, Err: ErrRange, Msg: err.Error()}
		}
	}
	return nil
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "string"
	case reflect.Int:
		return "whole number"
	}
	return "true or false"
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// plan returns (and caches) how type t is decoded.
func (d *Decoder) plan(t reflect.Type) *plan {
	if p, ok := d.types.Load(t); ok {
		return p.(*plan)
	}
	p := &plan{fields: map[string]field{}}
	for _, sf := range reflect.VisibleFields(t) {
		if !sf.IsExported() || sf.Anonymous {
			continue
		}
		name := sf.Name
		if tag, ok := sf.Tag.Lookup("json"); ok {
			tagName, _, _ := strings.Cut(tag, ",")
			if tagName == "-" {
				continue
			}
			if tagName != "" {
				name = tagName
			}
		}
		f := field{index: sf.Index}
		ft := sf.Type
		if ft.Kind() == reflect.Pointer {
			f.ptr, ft = true, ft.Elem()
		}
		switch k := ft.Kind(); {
		case !f.ptr && reflect.PointerTo(ft).Implements(textUnmarshaler):
			f.kind, f.text = reflect.String, true
		case k == reflect.String:
			f.kind = reflect.String
		case k == reflect.Int, k == reflect.Int8, k == reflect.Int16, k == reflect.Int32, k == reflect.Int64:
			f.kind = reflect.Int
		case k == reflect.Bool:
			f.kind = reflect.Bool
		}
		if f.kind == 0 || (f.ptr && f.kind != reflect.Int) {
			p.err = &Error{Key: name, Err: ErrNoRule, Msg: fmt.Sprintf("field %s.%s: type %s is not decoded", t, sf.Name, sf.Type)}
			break
		}
		rule, ok := d.rules[name]
		if !ok {
			p.err = &Error{Key: name, Err: ErrNoRule, Msg: fmt.Sprintf("field %s.%s has no rule", t, sf.Name)}
			break
		}
		if f.kind == reflect.Int {
			// The rule may not reach beyond what the field holds.
			bits := ft.Bits()
			lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
			if rule.Min < lo || rule.Max > hi || rule.Min > rule.Max {
				p.err = &Error{Key: name, Err: ErrNoRule, Msg: fmt.Sprintf("field %s.%s: rule %d..%d does not fit %s", t, sf.Name, rule.Min, rule.Max, ft)}
				break
			}
		}
		f.rule = rule
		p.fields[name] = f
	}
	actual, _ := d.types.LoadOrStore(t, p)
	return actual.(*plan)
}

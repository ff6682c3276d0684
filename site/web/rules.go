package web

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"testing/fstest"

	dsq "github.com/doushouqi/doushouqi"
)

// pageFiles returns the page's files: static/ as embedded, and rules.js,
// written from the library. They are held in a MapFS, the standard
// library's file system in memory, so that rules.js is one of the page's
// files for every reader of Static (the handler, the tests), as if it were
// on disk.
func pageFiles() fs.FS {
	static, _ := fs.Sub(files, "static") // "static" is a valid path
	page := fstest.MapFS{}
	_ = fs.WalkDir(static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(static, name) // embedded files do not fail to read
		page[name] = &fstest.MapFile{Data: data, Mode: 0o444}
		return err
	})
	page["rules.js"] = &fstest.MapFile{Data: rulesJS(), Mode: 0o444}
	return page
}

// rulesJS writes rules.js, the module that gives the page the board and
// the rules as the library has them, so that the page restates none of
// them: the files' letters, the animals by notation letter and their
// ranks (lowest first), the water, the traps and dens by side, the start
// position, and each refusal's English sentence by its code (the German
// and Spanish ones are in i18n.js).
func rulesJS() []byte {
	var b bytes.Buffer
	b.WriteString("// The board and the rules, as the rules library has them: written by the\n" +
		"// server (site/web/rules.go), not a file to edit.\n")
	export := func(name string, value any) {
		data, err := json.Marshal(value)
		if err != nil {
			panic(err) // strings, numbers and ordered objects always encode
		}
		b.WriteString("export const " + name + " = ")
		b.Write(data)
		b.WriteString(";\n")
	}
	var files []byte
	for f := range 7 {
		files = append(files, dsq.SquareAt(f, 0).String()[0])
	}
	export("FILES", string(files))
	var animals, ranks object
	for a := range dsq.Animal(dsq.NumAnimals) {
		animals.add(string(dsq.NewPiece(dsq.Blue, a).Letter()), a.String())
		ranks.add(a.String(), a.Rank())
	}
	export("ANIMALS", animals)
	export("RANKS", ranks)
	var water []string
	for sq := range dsq.Water.Squares() {
		water = append(water, sq.String())
	}
	export("WATER", water)
	var traps, dens object
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		for sq := range dsq.TrapsOf(c).Squares() {
			traps.add(sq.String(), c.String())
		}
		for sq := range dsq.DenOf(c).Squares() {
			dens.add(sq.String(), c.String())
		}
	}
	export("TRAPS", traps)
	export("DENS", dens)
	export("START", dsq.StartNotation)
	var refusals object
	for r := range dsq.Refusals() {
		refusals.add(r.Code(), r.String())
	}
	export("REFUSALS", refusals)
	return b.Bytes()
}

// object is a JSON object whose keys keep the order they were added in
// (a Go map's would be sorted): the page lists the ranks in this order.
type object struct {
	keys   []string
	values []any
}

func (o *object) add(key string, value any) {
	o.keys = append(o.keys, key)
	o.values = append(o.values, value)
}

func (o object) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range o.keys {
		if i > 0 {
			b = append(b, ',')
		}
		key, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(o.values[i])
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, key...), ':'), value...)
	}
	return append(b, '}'), nil
}

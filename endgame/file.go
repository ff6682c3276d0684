package endgame

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// The file format of one table (all numbers little-endian):
//
//	offset size  field
//	0      8     magic "DSQEGTB\n"
//	8      2     format version, 1
//	10     1     bytes per entry, 1 or 2
//	11     1     rule options: bit 0 trapped capture, bit 1 dog and wolf swapped
//	12     4     no-capture limit in half-moves (int32), -1 for none
//	16     1     Red's animals (bit 0 rat .. bit 7 elephant)
//	17     1     Blue's animals
//	18     2     zero
//	20     4     CRC-32 (Castagnoli) of the entries
//	24     8     number of entries: 2 * the product of the pieces' square counts
//	32     4     CRC-32 (Castagnoli) of bytes 0..31
//	36     28    zero
//	64     ...   the entries in index order, each an entry code (see value.go)
//
// A file is read whole and its entries are used where they lie, with no
// per-entry decoding; the checksums are checked once on loading.

const (
	fileMagic   = "DSQEGTB\n"
	fileVersion = 1
	headerSize  = 64
	// FileExt is the extension of table files, after the material's name.
	FileExt = ".egtb"
)

// ErrFormat is the sentinel of a table file that cannot be read.
var ErrFormat = errors.New("invalid endgame table file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FileName returns the name of the file of material m, such as "Evcr.egtb".
func FileName(m Material) string { return m.String() + FileExt }

func (t *Table) header() []byte {
	h := make([]byte, headerSize)
	copy(h, fileMagic)
	binary.LittleEndian.PutUint16(h[8:], fileVersion)
	h[10] = byte(t.width)
	if t.rules.TrappedCapture {
		h[11] |= 1
	}
	if t.rules.SwapDogWolf {
		h[11] |= 2
	}
	binary.LittleEndian.PutUint32(h[12:], uint32(int32(t.limit)))
	h[16], h[17] = t.mat.Red, t.mat.Blue
	binary.LittleEndian.PutUint32(h[20:], crc32.Checksum(t.data, castagnoli))
	binary.LittleEndian.PutUint64(h[24:], uint64(t.lay.size()))
	binary.LittleEndian.PutUint32(h[32:], crc32.Checksum(h[:32], castagnoli))
	return h
}

// WriteTo writes the table in the file format.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	if t.lay == nil {
		return 0, errZeroTable
	}
	n, err := w.Write(t.header())
	if err != nil {
		return int64(n), err
	}
	m, err := w.Write(t.data)
	return int64(n + m), err
}

// errZeroTable is the error of writing the zero Table, which holds no
// table.
var errZeroTable = errors.New("endgame: the zero Table holds no table to write")

// WriteFile writes the table into dir as FileName(material), through a
// temporary file renamed into place.
func (t *Table) WriteFile(dir string) error {
	if t.lay == nil {
		return errZeroTable
	}
	f, err := os.CreateTemp(dir, FileName(t.mat)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := t.WriteTo(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, FileName(t.mat)))
}

// ReadTable reads a table from the bytes of a file, which it keeps: the
// caller must not change them afterwards. Any fault (magic, version, rules,
// material, size, checksum) is an error wrapping ErrFormat.
func ReadTable(b []byte) (*Table, error) {
	bad := func(format string, args ...any) (*Table, error) {
		return nil, fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
	}
	if len(b) < headerSize || string(b[:8]) != fileMagic {
		return bad("not a table file")
	}
	h := b[:headerSize]
	if crc32.Checksum(h[:32], castagnoli) != binary.LittleEndian.Uint32(h[32:]) {
		return bad("header checksum mismatch")
	}
	if v := binary.LittleEndian.Uint16(h[8:]); v != fileVersion {
		return bad("version %d, want %d", v, fileVersion)
	}
	width := int(h[10])
	if width != 1 && width != 2 {
		return bad("entry width %d", width)
	}
	if h[11]&^3 != 0 {
		return bad("unknown rule options %#x", h[11])
	}
	rules := dsq.Rules{TrappedCapture: h[11]&1 != 0, SwapDogWolf: h[11]&2 != 0}
	switch limit := int32(binary.LittleEndian.Uint32(h[12:])); {
	case limit == -1:
		rules.MoveLimit = dsq.NoMoveLimit
	case limit == dsq.DrawHalfMoves:
	case limit >= 1 && limit <= dsq.MaxMoveLimit:
		rules.MoveLimit = int(limit)
	default:
		return bad("move limit %d", limit)
	}
	m := Material{Red: h[16], Blue: h[17]}
	if !m.Solvable() {
		return bad("material %v", m)
	}
	lay := newLayout(m)
	n := binary.LittleEndian.Uint64(h[24:])
	if n != uint64(lay.size()) || uint64(len(b)-headerSize) != n*uint64(width) {
		return bad("%v: %d entries and %d bytes, want %d entries", m, n, len(b)-headerSize, lay.size())
	}
	data := b[headerSize:]
	if crc32.Checksum(data, castagnoli) != binary.LittleEndian.Uint32(h[20:]) {
		return bad("%v: entries checksum mismatch", m)
	}
	return &Table{mat: m, rules: rules, limit: moveLimit(rules), lay: lay, width: width, data: data}, nil
}

// ReadFile reads the table file at path.
func ReadFile(path string) (*Table, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := ReadTable(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Open returns the tables for rules stored in dir by WriteFile (or the egtb
// command).
func Open(dir string, rules dsq.Rules) (*Tables, error) {
	ts, err := NewTables(rules)
	if err != nil {
		return nil, err
	}
	if err := ts.LoadDir(dir); err != nil {
		return nil, err
	}
	return ts, nil
}

// Load adds to ts the tables of ms that dir holds (FileName of each);
// those it does not hold are skipped. A file for other rules, or one that
// fails its checks, is an error and nothing is added.
func (ts *Tables) Load(dir string, ms ...Material) error {
	var read []*Table
	for _, m := range ms {
		t, err := ReadFile(filepath.Join(dir, FileName(m)))
		switch {
		case errors.Is(err, os.ErrNotExist):
			continue
		case err != nil:
			return err
		case t.mat != m:
			return fmt.Errorf("%s: %w: holds %v", FileName(m), ErrFormat, t.mat)
		case !sameRules(t.rules, ts.rules):
			return fmt.Errorf("%s: %w: tables for rules %v, not %v", FileName(m), ErrFormat, t.rules, ts.rules)
		}
		read = append(read, t)
	}
	for _, t := range read {
		ts.byMat[t.mat] = t
	}
	return nil
}

// LoadDir adds to ts every table file (*.egtb) of dir. A file for other
// rules, or one that fails its checks, is an error and nothing is added.
func (ts *Tables) LoadDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var read []*Table
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), FileExt) {
			continue
		}
		t, err := ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		if !sameRules(t.rules, ts.rules) {
			return fmt.Errorf("%s: %w: tables for rules %v, not %v", e.Name(), ErrFormat, t.rules, ts.rules)
		}
		if e.Name() != FileName(t.mat) {
			return fmt.Errorf("%s: %w: holds %v", e.Name(), ErrFormat, t.mat)
		}
		read = append(read, t)
	}
	for _, t := range read {
		ts.byMat[t.mat] = t
	}
	return nil
}

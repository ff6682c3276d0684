package endgame

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

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
// A file is mapped into memory (or read whole where it cannot be) and its
// entries are used where they lie, with no per-entry decoding; the
// checksums are checked once on loading.

const (
	fileMagic   = "DSQEGTB\n"
	fileVersion = 1
	headerSize  = 64
	// FileExt is the extension of table files, after the material's name.
	FileExt = ".egtb"
)

// ErrFormat is the sentinel of a table file that cannot be read.
var ErrFormat = errors.New("invalid endgame table file")

// ErrClosed is the sentinel of a table used after Close.
var ErrClosed = errors.New("endgame table closed")

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
	if t == nil || t.lay == nil {
		return 0, errZeroTable
	}
	if t.data == nil {
		return 0, fmt.Errorf("%w: %v", ErrClosed, t.mat)
	}
	n, err := w.Write(t.header())
	if err != nil {
		return int64(n), err
	}
	m, err := w.Write(t.data)
	runtime.KeepAlive(t) // t's cleanup would unmap data
	return int64(n + m), err
}

// errZeroTable is the error of writing the zero Table or a nil *Table,
// which hold no table.
var errZeroTable = errors.New("endgame: no table to write (nil or the zero Table)")

// WriteFile writes the table into dir as FileName(material), through a
// temporary file renamed into place.
func (t *Table) WriteFile(dir string) error {
	if t == nil || t.lay == nil {
		return errZeroTable
	}
	if t.data == nil {
		return fmt.Errorf("%w: %v", ErrClosed, t.mat)
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

// fileHeader is what a file's header says, checked.
type fileHeader struct {
	mat   Material
	rules dsq.Rules
	lay   *layout
	width int
	crc   uint32 // of the entries
}

// badFormat returns an error wrapping ErrFormat.
func badFormat(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
}

// parseHeader checks the header h of a file of size bytes (h may be shorter
// than headerSize if the file is): everything but the entries' checksum.
func parseHeader(h []byte, size int64) (fileHeader, error) {
	if len(h) < headerSize || string(h[:8]) != fileMagic {
		return fileHeader{}, badFormat("not a table file")
	}
	h = h[:headerSize]
	if crc32.Checksum(h[:32], castagnoli) != binary.LittleEndian.Uint32(h[32:]) {
		return fileHeader{}, badFormat("header checksum mismatch")
	}
	if v := binary.LittleEndian.Uint16(h[8:]); v != fileVersion {
		return fileHeader{}, badFormat("version %d, want %d", v, fileVersion)
	}
	width := int(h[10])
	if width != 1 && width != 2 {
		return fileHeader{}, badFormat("entry width %d", width)
	}
	if h[11]&^3 != 0 {
		return fileHeader{}, badFormat("unknown rule options %#x", h[11])
	}
	rules := dsq.Rules{TrappedCapture: h[11]&1 != 0, SwapDogWolf: h[11]&2 != 0}
	switch limit := int32(binary.LittleEndian.Uint32(h[12:])); {
	case limit == -1:
		rules.MoveLimit = dsq.NoMoveLimit
	case limit == dsq.DrawHalfMoves:
	case limit >= 1 && limit <= dsq.MaxMoveLimit:
		rules.MoveLimit = int(limit)
	default:
		return fileHeader{}, badFormat("move limit %d", limit)
	}
	m := Material{Red: h[16], Blue: h[17]}
	if !m.Solvable() {
		return fileHeader{}, badFormat("material %v", m)
	}
	lay := newLayout(m)
	n := binary.LittleEndian.Uint64(h[24:])
	if n != uint64(lay.size()) || size-headerSize != int64(n)*int64(width) {
		return fileHeader{}, badFormat("%v: %d entries and %d bytes, want %d entries", m, n, size-headerSize, lay.size())
	}
	return fileHeader{mat: m, rules: rules, lay: lay, width: width, crc: binary.LittleEndian.Uint32(h[20:])}, nil
}

// table returns the table of the header with its entries in data.
func (hd *fileHeader) table(data []byte) *Table {
	return &Table{mat: hd.mat, rules: hd.rules, limit: hd.rules.DrawLimit(), lay: hd.lay, width: hd.width, data: data}
}

// ReadTable reads a table from the bytes of a file, which it keeps: the
// caller must not change them afterwards. Any fault (magic, version, rules,
// material, size, checksum) is an error wrapping ErrFormat.
func ReadTable(b []byte) (*Table, error) {
	hd, err := parseHeader(b, int64(len(b)))
	if err != nil {
		return nil, err
	}
	data := b[headerSize:]
	if crc32.Checksum(data, castagnoli) != hd.crc {
		return nil, badFormat("%v: entries checksum mismatch", hd.mat)
	}
	return hd.table(data), nil
}

// mapFiles says whether ReadFile maps files where the system can; the tests
// turn it off to run the heap reading on every system.
var mapFiles = true

// entryCheck says how ReadFile checks the entries' checksum of a mapped
// file: by reading the file through a small buffer (checkRead, the default,
// which leaves the mapping untouched so that only probed pages count in the
// process's memory), over the mapping itself (checkMapping), or not at all
// (checkNone). Only the benchmarks change it, to measure what each costs.
var entryCheck = checkRead

const (
	checkRead = iota
	checkMapping
	checkNone
)

// ReadFile reads the table file at path, checking its header and the
// checksum of its entries (any fault is an error wrapping ErrFormat).
//
// On unix systems the file is mapped read-only into memory instead of read
// into the heap: its pages stay in the kernel's page cache, shared by every
// table and every process that opens the same file, read from disk when a
// probe first touches them and reclaimable by the kernel under memory
// pressure. Elsewhere, or if mapping fails, the entries are read into the
// heap. Close releases either (the table is also released when it becomes
// unreachable). A mapped file must not be rewritten in place while it is
// open: replace it by renaming a new file over it, as WriteFile and the
// egtb command do, and the open table keeps the old file's entries. A file
// rewritten in place changes what the open table answers, and one
// truncated in place leaves it without the lost pages: Probe then returns
// false for them, while Verify, Stats and solving from the table would
// crash the process (the system's bus error).
func ReadFile(path string) (*Table, error) {
	t, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func readFile(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, badFormat("not a regular file")
	}
	var h [headerSize]byte
	n, err := io.ReadFull(f, h[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	hd, err := parseHeader(h[:n], fi.Size())
	if err != nil {
		return nil, err
	}
	size := int(fi.Size()) // parseHeader checked it against the layout's size, an int
	var b []byte
	mapped := false
	if mapFiles {
		b, mapped, err = mapFile(f, size)
	}
	if err != nil || !mapped {
		return readHeap(f, &hd, size)
	}
	var sum uint32
	switch entryCheck {
	case checkRead:
		sum, err = checksumFile(f, size)
	case checkMapping:
		sum = crc32.Checksum(b[headerSize:], castagnoli)
	default:
		sum = hd.crc
	}
	if err == nil && sum != hd.crc {
		err = badFormat("%v: entries checksum mismatch", hd.mat)
	}
	if err != nil {
		unmapFile(b)
		return nil, err
	}
	t := hd.table(b[headerSize:])
	t.mapped = b
	t.cleanup = runtime.AddCleanup(t, func(b []byte) { unmapFile(b) }, b)
	return t, nil
}

// readHeap reads the entries of f into the heap and checks their checksum.
func readHeap(f *os.File, hd *fileHeader, size int) (*Table, error) {
	data := make([]byte, size-headerSize)
	if _, err := f.ReadAt(data, headerSize); err != nil {
		if err == io.EOF {
			return nil, badFormat("%v: file shorter than its header says", hd.mat)
		}
		return nil, err
	}
	if crc32.Checksum(data, castagnoli) != hd.crc {
		return nil, badFormat("%v: entries checksum mismatch", hd.mat)
	}
	return hd.table(data), nil
}

// checkBuffers holds the buffers checksumFile reads through, so that opening
// hundreds of files does not make hundreds of them.
var checkBuffers = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// checksumFile returns the checksum of the entries of f, a file of size
// bytes, read through a small buffer.
func checksumFile(f *os.File, size int) (uint32, error) {
	h := crc32.New(castagnoli)
	buf := checkBuffers.Get().(*[]byte)
	defer checkBuffers.Put(buf)
	n, err := io.CopyBuffer(h, io.NewSectionReader(f, headerSize, int64(size-headerSize)), *buf)
	if err != nil {
		return 0, err
	}
	if n != int64(size-headerSize) {
		return 0, badFormat("file shorter than its header says")
	}
	return h.Sum32(), nil
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
// fails its checks, is an error and nothing is added. Tables.Close
// releases what it read.
func (ts *Tables) Load(dir string, ms ...Material) error {
	if ts == nil {
		return ErrNoTables
	}
	var read []*Table
	fail := func(err error) error {
		closeAll(read)
		return err
	}
	for _, m := range ms {
		t, err := ReadFile(filepath.Join(dir, FileName(m)))
		switch {
		case errors.Is(err, os.ErrNotExist):
			continue
		case err != nil:
			return fail(err)
		}
		read = append(read, t)
		switch {
		case t.mat != m:
			return fail(fmt.Errorf("%s: %w: holds %v", FileName(m), ErrFormat, t.mat))
		case !sameRules(t.rules, ts.rules):
			return fail(fmt.Errorf("%s: %w: tables for rules %v, not %v", FileName(m), ErrFormat, t.rules, ts.rules))
		}
	}
	ts.add(read)
	return nil
}

// LoadDir adds to ts every table file (*.egtb) of dir. A file for other
// rules, or one that fails its checks, is an error and nothing is added.
// Tables.Close releases what it read.
func (ts *Tables) LoadDir(dir string) error {
	if ts == nil {
		return ErrNoTables
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var read []*Table
	fail := func(err error) error {
		closeAll(read)
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), FileExt) {
			continue
		}
		t, err := ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return fail(err)
		}
		read = append(read, t)
		if !sameRules(t.rules, ts.rules) {
			return fail(fmt.Errorf("%s: %w: tables for rules %v, not %v", e.Name(), ErrFormat, t.rules, ts.rules))
		}
		if e.Name() != FileName(t.mat) {
			return fail(fmt.Errorf("%s: %w: holds %v", e.Name(), ErrFormat, t.mat))
		}
	}
	ts.add(read)
	return nil
}

// add adds tables read from files, already checked against ts's rules.
func (ts *Tables) add(read []*Table) {
	if ts.byMat == nil { // the zero Tables: standard rules, no table yet
		ts.byMat = map[Material]*Table{}
	}
	for _, t := range read {
		ts.byMat[t.mat] = t
	}
}

// closeAll closes the tables read before a failure.
func closeAll(ts []*Table) {
	for _, t := range ts {
		t.Close()
	}
}

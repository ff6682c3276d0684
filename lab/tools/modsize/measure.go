package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os/exec"
	"strings"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// rootModule is the module path whose zip is measured.
const rootModule = "github.com/doushouqi/doushouqi"

// File is one file of the module zip, its name relative to the module root.
type File struct {
	Name string
	Size uint64
}

// Zip is a module zip's size.
type Zip struct {
	Files        []File
	Uncompressed uint64 // the sum of the files' sizes
	Zipped       int    // the zip's own size
}

// measure builds the zip of the root module (the top of the git repository
// that holds the working directory) as of rev, the way the module proxy
// does, and returns its size.
func measure(rev string) (Zip, error) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return Zip{}, fmt.Errorf("finding the repository: %w", err)
	}
	root := strings.TrimSpace(string(top))
	var buf bytes.Buffer
	// v0.0.0 stands for any version: the version only names the zip's folder.
	mv := module.Version{Path: rootModule, Version: "v0.0.0"}
	if err := modzip.CreateFromVCS(&buf, mv, root, rev, ""); err != nil {
		return Zip{}, fmt.Errorf("zipping %s at %s: %w", rootModule, rev, err)
	}
	r, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		return Zip{}, err
	}
	z := Zip{Zipped: buf.Len()}
	prefix := mv.Path + "@" + mv.Version + "/"
	for _, f := range r.File {
		z.Files = append(z.Files, File{strings.TrimPrefix(f.Name, prefix), f.UncompressedSize64})
		z.Uncompressed += f.UncompressedSize64
	}
	return z, nil
}

// Command modzip writes the root module's zip as `go get
// github.com/doushouqi/doushouqi` downloads it (golang.org/x/mod/zip, which
// leaves out the nested modules cmd/, examples/, lab/ and site/), and
// unpacks it into an empty directory, so that the module's tests can be run
// where nothing of the repository around it is at hand:
//
//	dir=$(mktemp -d) && go -C lab run ./tools/modzip -dir "$dir" && (cd "$dir" && go test -short ./...)
//
// -rev names the git revision to zip (HEAD by default, as the proxy zips a
// tagged revision); -rev . zips the working tree instead, uncommitted
// changes and untracked files included. -zip also keeps the zip file.
package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

// rootModule is the module path of the zip.
const rootModule = "github.com/doushouqi/doushouqi"

func main() {
	rev := flag.String("rev", "HEAD", "the git revision to zip; . for the working tree")
	dir := flag.String("dir", "", "an empty (or missing) directory to unpack the module into")
	zipFile := flag.String("zip", "", "a file to write the zip to")
	flag.Parse()
	if err := run(os.Stdout, *rev, *dir, *zipFile); err != nil {
		fmt.Fprintln(os.Stderr, "modzip:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, rev, dir, zipFile string) error {
	if dir == "" && zipFile == "" {
		return errors.New("nothing to do: give -dir, -zip or both")
	}
	var buf bytes.Buffer
	if err := create(&buf, rev); err != nil {
		return err
	}
	if zipFile != "" {
		if err := os.WriteFile(zipFile, buf.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s at %s: %d bytes zipped, written to %s\n", rootModule, rev, buf.Len(), zipFile)
	}
	if dir != "" {
		if err := unpack(dir, buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s at %s: unpacked into %s\n", rootModule, rev, dir)
	}
	return nil
}

// create writes the zip of the root module (the top of the git repository
// that holds the working directory) at rev, or of its working tree for ".".
func create(w io.Writer, rev string) error {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return fmt.Errorf("finding the repository: %w", err)
	}
	root := strings.TrimSpace(string(top))
	// v0.0.0 stands for any version: the version only names the zip's folder.
	mv := module.Version{Path: rootModule, Version: "v0.0.0"}
	if rev != "." {
		// The revision's files, from git archive, as the proxy takes them
		// (modzip.CreateFromVCS does the same, but not in a git worktree,
		// whose .git is a file).
		tree, err := os.MkdirTemp("", "modzip-tree-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tree)
		if err := archive(root, rev, tree); err != nil {
			return fmt.Errorf("git archive %s: %w", rev, err)
		}
		root = tree
	}
	if err := modzip.CreateFromDir(w, mv, root); err != nil {
		return fmt.Errorf("zipping %s at %s: %w", rootModule, rev, err)
	}
	return nil
}

// archive writes the files of the repository at root as of rev into dir.
func archive(root, rev, dir string) error {
	cmd := exec.Command("git", "-C", root, "archive", "--format=tar", rev)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("%w: %s", err, strings.TrimSpace(stderr.String()))
	}
	tr := tar.NewReader(bytes.NewReader(out))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(name, filepath.Clean(dir)+string(filepath.Separator)) {
			return fmt.Errorf("%q leaves the tree", h.Name)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(name, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
			data, err := io.ReadAll(tr)
			if err != nil {
				return err
			}
			if err := os.WriteFile(name, data, os.FileMode(h.Mode)&0o777); err != nil {
				return err
			}
		}
	}
}

// unpack extracts the module zip into dir, which must be empty or missing.
func unpack(dir string, zipData []byte) error {
	f, err := os.CreateTemp("", "modzip-*.zip")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(zipData); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	mv := module.Version{Path: rootModule, Version: "v0.0.0"}
	if err := modzip.Unzip(abs, mv, f.Name()); err != nil {
		return fmt.Errorf("unpacking into %s: %w", dir, err)
	}
	return nil
}

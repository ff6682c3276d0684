// Command modsize measures what `go get github.com/doushouqi/doushouqi`
// downloads: the root module's zip, as the module proxy builds it from the
// repository (golang.org/x/mod/zip, which leaves out nested modules such as
// lab/ and site/), made from a committed revision.
//
//	go -C lab run ./tools/modsize [-rev HEAD] [-files]
//
// It prints the number of files, the uncompressed and compressed sizes and,
// with -files, every file with its size, largest first.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

func main() {
	rev := flag.String("rev", "HEAD", "the git revision to zip")
	files := flag.Bool("files", false, "list every file with its size, largest first")
	flag.Parse()
	if err := run(os.Stdout, *rev, *files); err != nil {
		fmt.Fprintln(os.Stderr, "modsize:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, rev string, list bool) error {
	z, err := measure(rev)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "root module at %s: %d files, %d bytes uncompressed, %d bytes zipped\n", rev, len(z.Files), z.Uncompressed, z.Zipped)
	if list {
		sort.Slice(z.Files, func(i, j int) bool { return z.Files[i].Size > z.Files[j].Size })
		for _, f := range z.Files {
			fmt.Fprintf(w, "%9d %s\n", f.Size, f.Name)
		}
	}
	return nil
}
